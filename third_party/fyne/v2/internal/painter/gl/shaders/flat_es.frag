#version 100

#ifdef GL_ES
# ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
# else
precision mediump float;
#endif
precision mediump int;
precision lowp sampler2D;
#endif

// Fills a rectangle with one colour (see flat.frag).
uniform vec4 fillColor;

void main() {
    gl_FragColor = fillColor;
}
