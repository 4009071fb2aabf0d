// ps_common.frag.glsl: the prelude of every ps_* fragment shader: precision,
// the varyings of ps_quad.vert.glsl, the coverage twin, and the per-pixel
// perspective division shared by all paints.

#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
#error "the compositor needs highp floats in fragment shaders"
#endif
// Samplers default to lowp in fragment shaders, and Mesa then returns texels
// as fp16 truncated toward zero (x/255 with 11 significant bits): every
// sampler of the compositor is declared highp so texel values are Floats.

varying vec3 v_local;
varying vec3 v_uv;
varying vec4 v_color;
varying vec4 v_jacobian;
varying vec4 v_shapeRect;
varying vec4 v_shapeParams;

#include "coverage.glsl"

// Coverage of this pixel: local point = (X/W, Y/W).
float ps_coverage() {
    float lx = v_local.x / v_local.z;
    float ly = v_local.y / v_local.z;
    return cov_evaluate(lx, ly, v_jacobian, v_shapeRect, v_shapeParams);
}

// Texture coordinates of this pixel: (U/Q, V/Q).
vec2 ps_uv() {
    return vec2(v_uv.x / v_uv.z, v_uv.y / v_uv.z);
}

// Nearest filtering, made deterministic: the texel is ⌊uv·size + 1/2048⌋ and
// is fetched at its centre (the sampler itself is GL_NEAREST). Without the
// 1/2048-texel bias, a pixel centre landing exactly on a texel boundary (2×
// minification, half-pixel offsets) picks its side by the last ulp of the
// interpolator, which no CPU twin can reproduce; with it both executors pick
// the same texel (GLConventions.nearestBias, Raster's NearestFilter).
uniform float u_nearest;            // 1 for GL_NEAREST items, 0 for GL_LINEAR
#define NEAREST_BIAS 0.00048828125

vec2 ps_sampleCoord(vec2 uv, vec2 size) {
    if (u_nearest > 0.5) {
        return (floor(uv * size + NEAREST_BIAS) + 0.5) / size;
    }
    return uv;
}
