// ps_masked.frag.glsl: Paint.masked — ((texel × mask alpha) × opacity) × coverage,
// both textures sampled at the same uv with the item's filter.
#include "ps_common.frag.glsl"

uniform highp sampler2D u_texture;
uniform highp sampler2D u_mask;
uniform vec2 u_textureSize;
uniform vec2 u_maskSize;

void main() {
    float c = ps_coverage();
    vec2 uv = ps_uv();
    vec4 t = texture2D(u_texture, ps_sampleCoord(uv, u_textureSize));
    float m = texture2D(u_mask, ps_sampleCoord(uv, u_maskSize)).a;
    gl_FragColor = t * m * v_color * c;
}
