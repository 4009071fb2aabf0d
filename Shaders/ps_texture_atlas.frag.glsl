// ps_texture_atlas.frag.glsl: Paint.texture of a small image that lives in a
// shared atlas page (Sources/GLES/TextureAtlas.swift), drawn to the same
// bytes as ps_texture.frag.glsl on the image's own texture.
//
// Mapping uv into the page in floating point (o/W + u·w/W) would add a
// rounding that llvmpipe's 8-bit filter weights can see. llvmpipe filters
// with s = roundEven(u·(w·256)) − 128 per axis (GLConventions.bilinearTaps):
// the shader computes that very integer for the image itself, clamps it as
// CLAMP_TO_EDGE would, adds the image's origin in the page in the same
// 1/256-texel units and hands the page the exact fraction
// (origin·256 + n) / (W·256). W is a power of two, so the page turns it
// back into origin·256 + n without any rounding, and reads the same texels
// with the same weights as the single texture.
//
// Linear items only; ps_texture_atlas_nearest.frag.glsl defines ATLAS_NEAREST
// for nearest ones (a program each, so neither runs the other's arithmetic:
// llvmpipe runs both sides of an `if`).
//
// v_color = (opacity, origin.x·512 + width, origin.y·512 + height, opacity):
// constant over the item, so the interpolated values are exact integers.
//
// With ATLAS_ALPHA (ps_texture_alpha_atlas_nearest.frag.glsl, nearest only)
// it draws Paint.textureAlpha items without coverage math from the mask
// atlas instead: v_color is the premultiplied colour, the slot comes in
// v_shapeRect.xy (which such an item's coverage would read), and the
// fragment is texel alpha × colour, as ps_texture_alpha_flat writes it.
#include "ps_common.frag.glsl"

uniform highp sampler2D u_texture;  // the atlas page
uniform vec2 u_textureSize;         // the page size in texels (powers of two)

void main() {
#ifdef ATLAS_ALPHA
#ifndef ATLAS_NEAREST
#error "the mask atlas is sampled nearest only"
#endif
    vec2 place = v_shapeRect.xy;
#else
    float c = ps_coverage();
    vec2 place = v_color.yz;
#endif
    vec2 origin = floor(place / 512.0);
    vec2 size = place - origin * 512.0;
    vec2 uv = ps_uv();
    vec2 coord;
#ifdef ATLAS_NEAREST
    // ps_sampleCoord's texel, clamped to the image, fetched at its centre in the page.
    vec2 texel = clamp(floor(uv * size + NEAREST_BIAS), vec2(0.0), size - 1.0);
    coord = (origin + texel + 0.5) / u_textureSize;
#else
    {
        // The clamp only keeps far-outside coordinates finite; the texels are clamped below.
        vec2 s = clamp(uv, -4.0, 5.0) * (size * 256.0);
        // roundEven(s): floor(s + 0.5) is exact here and rounds ties up; an odd result of a tie steps down.
        vec2 n = floor(s + 0.5);
        n -= step(0.5, n - s) * (n - 2.0 * floor(n * 0.5));
        // CLAMP_TO_EDGE: texel i0 = (n − 128) >> 8 within 0…w−1 gives the same sample as clamping
        // both taps (past an edge both read the edge texel; at the clamp the weight is 0).
        n = clamp(n, vec2(128.0), size * 256.0 - 128.0);
        coord = (origin * 256.0 + n) / (u_textureSize * 256.0);
    }
#endif
    vec4 t = texture2D(u_texture, coord);
#ifdef ATLAS_ALPHA
    gl_FragColor = t.a * v_color;
#else
    gl_FragColor = t * v_color.x * c;
#endif
}
