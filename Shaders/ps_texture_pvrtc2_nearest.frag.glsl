// ps_texture_pvrtc2_nearest.frag.glsl: ps_texture_pvrtc.frag.glsl for PVRTC1 2bpp blocks, GL_NEAREST.
#define PVRTC_2BPP
#define PVRTC_NEAREST
#include "ps_texture_pvrtc.frag.glsl"
