// ps_texture_flat.frag.glsl: ps_texture.frag.glsl without the coverage
// function, for Paint.texture items that are plain quads without
// antialiased edges (coverage exactly 1 on every pixel drawn): offscreen
// passes and shadow bodies drawn back. Same bits, less fragment work.
#define PS_NO_COVERAGE 1
#include "ps_texture.frag.glsl"
