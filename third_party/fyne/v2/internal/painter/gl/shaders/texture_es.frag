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

// Draws a texture as it is (see texture.frag).
uniform sampler2D tex;

varying vec2 fragTexCoord;
varying float fragAlpha;

void main() {
    gl_FragColor = texture2D(tex, fragTexCoord) * fragAlpha;
}
