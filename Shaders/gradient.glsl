// gradient.glsl: the GLSL ES 1.00 twin of Sources/Plan/GradientShading.swift.
// Same functions, same Float (highp) operations in the same order, so the
// GPU and the CPU reference agree to the last bit in all but rare cases.
// The uniforms are GradientUniforms; arrays hold GRAD_MAX_STOPS entries
// (GradientPaint.maximumStops), of which u_stopCount are used. mix() and
// atan() are avoided on purpose: their rounding is the driver's.

#define GRAD_MAX_STOPS 16
uniform vec4 u_stopColors[GRAD_MAX_STOPS];     // straight-alpha (r, g, b, a)
uniform float u_stopLocations[GRAD_MAX_STOPS];
uniform float u_stopCount;
uniform vec4 u_gradientGeometry;
uniform float u_gradientType;                  // 0 axial, 1 radial, 2 conic

// GradientShading.atan2 (A&S 4.4.49 on [0, 1], extended by symmetry).
float grad_atan2(float y, float x) {
    float ax = abs(x);
    float ay = abs(y);
    float hi = max(ax, ay);
    float lo = min(ax, ay);
    if (hi == 0.0) { return 0.0; }
    float a = lo / hi;
    float s = a * a;
    float r = ((((0.0208351 * s + -0.085133) * s + 0.180141) * s + -0.3302995) * s + 0.999866) * a;
    if (ay > ax) { r = 1.5707964 - r; }
    if (x < 0.0) { r = 3.1415927 - r; }
    if (y < 0.0) { r = -r; }
    return r;
}

// GradientShading.parameter
float grad_parameter(float x, float y) {
    vec4 g = u_gradientGeometry;
    float dx = x - g.x;
    float dy = y - g.y;
    if (u_gradientType < 0.5) { return dx * g.z + dy * g.w; }
    if (u_gradientType < 1.5) {
        float a = dx * g.z;
        float b = dy * g.w;
        return sqrt(a * a + b * b);
    }
    float rx = dx * g.z + dy * g.w;
    float ry = dy * g.z - dx * g.w;
    float t = grad_atan2(ry, rx) * 0.15915494;
    return t < 0.0 ? t + 1.0 : t;
}

// GradientShading.color: clamp, find the segment, interpolate straight colours, premultiply.
vec4 grad_color(float t) {
    float tc = min(max(t, 0.0), 1.0);
    vec4 c = u_stopColors[0];
    if (tc > u_stopLocations[0]) {
        for (int i = 1; i < GRAD_MAX_STOPS; i++) {
            if (float(i) >= u_stopCount) { break; }
            c = u_stopColors[i];
            if (tc <= u_stopLocations[i]) {
                float l0 = u_stopLocations[i - 1];
                float f = (tc - l0) / (u_stopLocations[i] - l0);
                c = u_stopColors[i - 1] + (u_stopColors[i] - u_stopColors[i - 1]) * f;
                break;
            }
        }
    }
    return vec4(c.r * c.a, c.g * c.a, c.b * c.a, c.a);
}

// GradientShading.shade
vec4 grad_shade(float x, float y) {
    return grad_color(grad_parameter(x, y));
}
