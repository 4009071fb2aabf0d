// ps_texture_alpha_atlas_nearest.frag.glsl: Paint.textureAlpha of a coverage
// mask in the mask atlas (Sources/GLES/TextureAtlas.swift), nearest, for items
// without coverage math: ps_texture_atlas.frag.glsl's nearest texel of the
// mask, alpha × premultiplied colour (ATLAS_ALPHA: the slot in v_shapeRect.xy),
// the same bits as ps_texture_alpha_flat.frag.glsl on the mask's own texture.
#define ATLAS_ALPHA 1
#define ATLAS_NEAREST 1
#include "ps_texture_atlas.frag.glsl"
