// ps_texture.frag.glsl: Paint.texture — (texel × opacity) × coverage.
// v_color holds the opacity in all four channels.
#include "ps_common.frag.glsl"

uniform highp sampler2D u_texture;
uniform vec2 u_textureSize;

void main() {
    float c = ps_coverage();
    vec4 t = texture2D(u_texture, ps_sampleCoord(ps_uv(), u_textureSize));
    gl_FragColor = t * v_color * c;
}
