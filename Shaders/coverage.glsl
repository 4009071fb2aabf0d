// coverage.glsl: the GLSL ES 1.00 twin of Sources/Plan/Coverage.swift.
// Same functions, same Float (highp) operations in the same order, so the
// GPU and the CPU reference agree to the last bit in all but rare cases.
// GLSL ES 1.00 has no integer bit operations: the AA edge mask bits are
// tested with floor/mod on exact small integers instead of `&`.

float cov_clamp01(float v) { return min(max(v, 0.0), 1.0); }

// True when bit `bitValue` (1, 2, 4 or 8) is set in the integer-valued `mask`.
bool cov_hasBit(float mask, float bitValue) {
    return mod(floor(mask / bitValue), 2.0) == 1.0;
}

// Coverage.edgeCoverage
float cov_edgeCoverage(float lx, float ly, vec4 jac, vec4 rect, float mask) {
    float gx = max(sqrt(jac.x * jac.x + jac.z * jac.z), 1e-6);
    float gy = max(sqrt(jac.y * jac.y + jac.w * jac.w), 1e-6);
    float c = 1.0;
    if (cov_hasBit(mask, 1.0)) { c *= cov_clamp01(0.5 + (lx - rect.x) / gx); }
    if (cov_hasBit(mask, 2.0)) { c *= cov_clamp01(0.5 + (ly - rect.y) / gy); }
    if (cov_hasBit(mask, 4.0)) { c *= cov_clamp01(0.5 + (rect.z - lx) / gx); }
    if (cov_hasBit(mask, 8.0)) { c *= cov_clamp01(0.5 + (rect.w - ly) / gy); }
    return c;
}

// Coverage.roundedRectCoverage: each pair of straight sides' factor (the
// nearer side's half-plane coverage less the share past the farther side),
// the two multiplied, capped in a corner's square by the arc's coverage.
float cov_roundedRectCoverage(float lx, float ly, vec4 jac,
                              float x0, float y0, float x1, float y1, float r) {
    if (x1 <= x0 || y1 <= y0) { return 0.0; }
    float cx = (x0 + x1) * 0.5;
    float cy = (y0 + y1) * 0.5;
    float hx = (x1 - x0) * 0.5;
    float hy = (y1 - y0) * 0.5;
    float px = lx - cx;
    float py = ly - cy;
    float qx = abs(px) - hx + r;
    float qy = abs(py) - hy + r;
    float gx = max(sqrt(jac.x * jac.x + jac.z * jac.z), 1e-6);
    float gy = max(sqrt(jac.y * jac.y + jac.w * jac.w), 1e-6);
    float fx = cov_clamp01(0.5 - (qx - r) / gx) - cov_clamp01(0.5 - (abs(px) + hx) / gx);
    float fy = cov_clamp01(0.5 - (qy - r) / gy) - cov_clamp01(0.5 - (abs(py) + hy) / gy);
    float c = fx * fy;
    if (qx > 0.0 && qy > 0.0) {
        float sx = px < 0.0 ? -1.0 : 1.0;
        float sy = py < 0.0 ? -1.0 : 1.0;
        float len = sqrt(qx * qx + qy * qy);
        float d = len - r;
        float nx = sx * qx / len;
        float ny = sy * qy / len;
        // Gradient of d on screen: n · ∂local/∂screen.
        float gsx = nx * jac.x + ny * jac.y;
        float gsy = nx * jac.z + ny * jac.w;
        float g = max(sqrt(gsx * gsx + gsy * gsy), 1e-6);
        c = min(c, cov_clamp01(0.5 - d / g));
    }
    return c;
}

// Compiled in only where COV_BLURRED_RECT is defined (ps_blurred_rect, ps_count): see ps_blurred_rect.frag.glsl.
#ifdef COV_BLURRED_RECT
// Coverage.erf (Abramowitz & Stegun 7.1.28: 1 − 1/p(|x|)^16)
float cov_erf(float x) {
    float a = abs(x);
    float p = ((((((0.0000430638 * a + 0.0002765672) * a + 0.0001520143) * a + 0.0092705272) * a
                 + 0.0422820123) * a + 0.0705230784) * a + 1.0);
    float p2 = p * p;
    float p4 = p2 * p2;
    float p8 = p4 * p4;
    float p16 = p8 * p8;
    float y = 1.0 - 1.0 / p16;
    return x < 0.0 ? -y : y;
}

// Coverage.blurredSpan: the interval [lo, hi] blurred (σ), at v; exactly 1 from 6σ inside both ends.
float cov_blurredSpan(float v, float lo, float hi, float sigma) {
    float s = max(sigma, 1e-6);
    if (v - lo >= 6.0 * s && hi - v >= 6.0 * s) { return 1.0; }
    float k = 0.70710678 / s;
    return 0.5 * (cov_erf((hi - v) * k) - cov_erf((lo - v) * k));
}

// Coverage.blurredRectCoverage: a rect convolved with a Gaussian (σx, σy), in closed form.
float cov_blurredRectCoverage(float lx, float ly, vec4 rect, float sigmaX, float sigmaY) {
    float fx = cov_blurredSpan(lx, rect.x, rect.z, sigmaX);
    float fy = cov_blurredSpan(ly, rect.y, rect.w, sigmaY);
    return cov_clamp01(fx * fy);
}
#endif

#ifdef COV_BLURRED_RRECT
#include "coverage_blurred_rrect.glsl"
#endif

// Specialisation: COV_KINDS, when defined, is the set of shape kinds one
// draw call's pieces use (Sources/GLES/CoverageKinds.swift): 1 quad without
// antialiased edges, 2 quad with antialiased edges, 4 rounded rect, 8 ring
// (16 was the trapezoid of shape layers' items, now gone). Only their code
// is compiled in: llvmpipe runs every side of a per-fragment branch on
// every fragment (benchmarks/llvmpipe/branch_bench.c),
// so each kind's code costs every fragment of the program. A kind left out
// must never reach the program (its pieces would get another kind's coverage).
// The kinds compiled in run the very same operations as without COV_KINDS.
#ifndef COV_KINDS
#define COV_KINDS 15
#endif

// Coverage.evaluate: coverage in 0...1 of the pixel whose centre has local
// coordinates (lx, ly). `code` is rounded first: it is an exact integer on
// every vertex, but a perspective-correct interpolator (not llvmpipe's) may
// perturb it by an ulp.
float cov_evaluate(float lx, float ly, vec4 jac, vec4 rect, vec4 params) {
    float code = floor(params.w + 0.5);
    float kind = floor(code / 16.0);
    float mask = code - kind * 16.0;
#ifdef COV_BLURRED_RECT
    if (kind == 4.0) { return cov_blurredRectCoverage(lx, ly, rect, params.x, params.y); }
#endif
#ifdef COV_BLURRED_RRECT
    if (kind == 5.0) { return cov_blurredRoundedRectCoverage(lx, ly, rect, params.x, params.y); }
#endif
#if COV_KINDS & 3
    if (kind == 0.0) {
        if (mask == 0.0) { return 1.0; }
#if COV_KINDS & 2
        return cov_edgeCoverage(lx, ly, jac, rect, mask);
#endif
    }
#endif
#if COV_KINDS & 12
    float outer = cov_roundedRectCoverage(lx, ly, jac, rect.x, rect.y, rect.z, rect.w, params.x);
#if COV_KINDS & 8
    if (kind == 1.0) { return outer; }
    float w = params.y;
    float inner = cov_roundedRectCoverage(lx, ly, jac, rect.x + w, rect.y + w, rect.z - w, rect.w - w,
                                          params.z);
    return cov_clamp01(outer - inner);
#else
    return outer;
#endif
#else
    return 1.0;
#endif
}
