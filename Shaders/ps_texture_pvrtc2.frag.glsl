// ps_texture_pvrtc2.frag.glsl: ps_texture_pvrtc.frag.glsl for PVRTC1 2bpp blocks (linear).
#define PVRTC_2BPP
#include "ps_texture_pvrtc.frag.glsl"
