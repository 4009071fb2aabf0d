// ps_texture_atlas_nearest.frag.glsl: ps_texture_atlas.frag.glsl for nearest
// items (the texel ps_sampleCoord picks, clamped to the image, fetched at its
// centre in the page).
#define ATLAS_NEAREST 1
#include "ps_texture_atlas.frag.glsl"
