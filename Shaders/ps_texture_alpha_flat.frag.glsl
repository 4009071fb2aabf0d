// ps_texture_alpha_flat.frag.glsl: ps_texture_alpha.frag.glsl without the
// coverage function, for Paint.textureAlpha items that are plain quads
// without antialiased edges (coverage exactly 1 on every pixel drawn): the
// shadow composites. Same bits, a fraction of the fragment work on llvmpipe.
#define PS_NO_COVERAGE 1
#include "ps_texture_alpha.frag.glsl"
