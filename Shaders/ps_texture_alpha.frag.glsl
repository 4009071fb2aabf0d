// ps_texture_alpha.frag.glsl: Paint.textureAlpha (shadows) —
// (texel alpha × premultiplied colour) × coverage.
#include "ps_common.frag.glsl"

uniform highp sampler2D u_texture;
uniform vec2 u_textureSize;

void main() {
    float c = ps_coverage();
    float a = texture2D(u_texture, ps_sampleCoord(ps_uv(), u_textureSize)).a;
    gl_FragColor = a * v_color * c;
}
