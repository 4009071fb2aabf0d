// ps_texture.frag.glsl: Paint.texture — (texel × opacity) × coverage.
// v_color holds the opacity in all four channels. With PS_NO_COVERAGE
// (ps_texture_flat.frag.glsl) the coverage is the constant 1, for plain
// quads without antialiased edges (see ps_texture_alpha.frag.glsl).
#include "ps_common.frag.glsl"

uniform highp sampler2D u_texture;
uniform vec2 u_textureSize;

void main() {
#ifdef PS_NO_COVERAGE
    float c = 1.0;
#else
    float c = ps_coverage();
#endif
    vec4 t = texture2D(u_texture, ps_sampleCoord(ps_uv(), u_textureSize));
    gl_FragColor = t * v_color * c;
}
