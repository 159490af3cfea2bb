#version 110

// Fills a rectangle with one colour. The rectangle shader handles strokes,
// shadows and its own clipping per pixel; a plain filled rectangle needs
// none of that, and software GL (llvmpipe) pays for every instruction of
// every pixel.
uniform vec4 fillColor;

void main() {
    gl_FragColor = fillColor;
}
