#version 110

// Draws a texture as it is: simple.frag without the rounded-corner mask and
// the discard, for the textures that have no corner radius (all text).
uniform sampler2D tex;

varying vec2 fragTexCoord;
varying float fragAlpha;

void main() {
    gl_FragColor = texture2D(tex, fragTexCoord) * fragAlpha;
}
