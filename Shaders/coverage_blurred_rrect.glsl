// coverage_blurred_rrect.glsl: the twin of Sources/Plan/Coverage+BlurredRoundedRect.swift
// (a rounded rect convolved with a Gaussian: the blurred rect less four
// blurred corner pieces, each a closed-form square plus two slivers
// integrated with 8-point Gauss–Legendre). Included by coverage.glsl where
// COV_BLURRED_RRECT is defined (ps_blurred_rrect, ps_count), after the
// blurred-rect functions it uses.

// Coverage.gaussExp: e^x on [−8, 0], a degree-6 Taylor polynomial of e^(x/16) squared four times.
float cov_gaussExp(float x) {
    float y = x * 0.0625;
    float p = (((((y * 0.0013888889 + 0.0083333333) * y + 0.041666667) * y + 0.16666667) * y + 0.5) * y + 1.0) * y + 1.0;
    float p2 = p * p;
    float p4 = p2 * p2;
    float p8 = p4 * p4;
    return p8 * p8;
}

// Coverage.sliverSample
float cov_sliverSample(float t, float a, float b, float r, float k, float e0, float q) {
    float d = r - t;
    float col = r - sqrt(max(r * r - d * d, 0.0));
    float z = a - t;
    return cov_gaussExp(-(z * z) * q) * (cov_erf((col - b) * k) + e0);
}

// Coverage.blurredSliver
float cov_blurredSliver(float a, float b, float r, float ss, float s) {
    float lo = max(ss, a - 4.0 * s);
    float hi = min(r, a + 4.0 * s);
    if (hi <= lo) { return 0.0; }
    float h = 0.5 * (hi - lo);
    float c = 0.5 * (hi + lo);
    float k = 0.70710678 / s;
    float e0 = cov_erf(b * k);
    float q = 0.5 / (s * s);
    float acc = 0.0;
    acc += 0.36268378 * (cov_sliverSample(c - h * 0.18343464, a, b, r, k, e0, q)
                         + cov_sliverSample(c + h * 0.18343464, a, b, r, k, e0, q));
    acc += 0.31370665 * (cov_sliverSample(c - h * 0.52553241, a, b, r, k, e0, q)
                         + cov_sliverSample(c + h * 0.52553241, a, b, r, k, e0, q));
    acc += 0.22238103 * (cov_sliverSample(c - h * 0.79666648, a, b, r, k, e0, q)
                         + cov_sliverSample(c + h * 0.79666648, a, b, r, k, e0, q));
    acc += 0.10122854 * (cov_sliverSample(c - h * 0.96028986, a, b, r, k, e0, q)
                         + cov_sliverSample(c + h * 0.96028986, a, b, r, k, e0, q));
    return acc * h * 0.5 * (0.39894228 / s);
}

// Coverage.blurredCorner
float cov_blurredCorner(float u, float v, float r, float s) {
    float ss = r * 0.29289322;
    float square = cov_blurredSpan(u, 0.0, ss, s) * cov_blurredSpan(v, 0.0, ss, s);
    return square + cov_blurredSliver(u, v, r, ss, s) + cov_blurredSliver(v, u, r, ss, s);
}

// Coverage.blurredRoundedRectCoverage
float cov_blurredRoundedRectCoverage(float lx, float ly, vec4 rect, float sigma, float radius) {
    float s = max(sigma, 1e-6);
    float whole = cov_blurredSpan(lx, rect.x, rect.z, s) * cov_blurredSpan(ly, rect.y, rect.w, s);
    float u = min(lx - rect.x, rect.z - lx);
    float v = min(ly - rect.y, rect.w - ly);
    return cov_clamp01(whole - cov_blurredCorner(u, v, radius, s));
}
