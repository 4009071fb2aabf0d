// ps_texture_alpha.frag.glsl: Paint.textureAlpha (shadows) —
// (texel alpha × premultiplied colour) × coverage. With PS_NO_COVERAGE
// (ps_texture_alpha_flat.frag.glsl) the coverage is the constant 1: for
// plain quads without antialiased edges, whose coverage is exactly 1 on
// every pixel they draw, so × 1 writes the same bits without the coverage
// function (which llvmpipe runs whole, every branch, on every fragment).
#include "ps_common.frag.glsl"

uniform highp sampler2D u_texture;
uniform vec2 u_textureSize;

void main() {
#ifdef PS_NO_COVERAGE
    float c = 1.0;
#else
    float c = ps_coverage();
#endif
    float a = texture2D(u_texture, ps_sampleCoord(ps_uv(), u_textureSize)).a;
    gl_FragColor = a * v_color * c;
}
