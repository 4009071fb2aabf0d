// ps_texture_pvrtc_nearest.frag.glsl: the GL_NEAREST twin of
// ps_texture_pvrtc.frag.glsl (one decoded texel per pixel instead of four).
#define PVRTC_NEAREST
#include "ps_texture_pvrtc.frag.glsl"
