// ps_texture_pvrtc.frag.glsl: Paint.texture of a PVRTC1 4bpp texture decoded
// in the shader (no GL_IMG_texture_compression_pvrtc) — (texel × opacity) ×
// coverage, with the texel filtered exactly as ps_texture.frag.glsl's sampler
// would filter the CPU-decoded RGBA8 image on llvmpipe: nearest (with the
// project's bias) or the integer bilinear recipe, clamp to edge, then the
// byte → Float(x)·Float(1/255) conversion. This file is the linear program;
// ps_texture_pvrtc_nearest.frag.glsl defines PVRTC_NEAREST and includes it
// (one program per filter: llvmpipe runs both sides of a uniform branch).
// ps_texture_pvrtc2{,_nearest}.frag.glsl define PVRTC_2BPP as well: 2bpp blocks.
#include "ps_common.frag.glsl"
#include "pvrtc_decode.glsl"

uniform vec2 u_textureSize;          // the decoded texture's size in texels

#define RECIP255 0.0039215688593685627

#ifdef PVRTC_2BPP
#define PVR_TEXEL pvr2_texel
#else
#define PVR_TEXEL pvr_texel
#endif

void main() {
    float c = ps_coverage();
    vec2 uv = ps_uv();
    vec2 last = u_textureSize - 1.0;
    vec4 texel;
#ifdef PVRTC_NEAREST
    texel = PVR_TEXEL(clamp(floor(uv * u_textureSize + NEAREST_BIAS), vec2(0.0), last), u_textureSize);
#else
    vec3 tx = pvr_taps(uv.x, u_textureSize.x);
    vec3 ty = pvr_taps(uv.y, u_textureSize.y);
#ifndef PVRTC_2BPP
    texel = pvr_bilinear4(tx, ty, u_textureSize);    // the footprint decoded once
#else
    texel = pvr2_bilinear(tx, ty, u_textureSize);
#endif
#endif
    vec4 t = texel * RECIP255;
    gl_FragColor = t * v_color * c;
}
