// cs_blur.frag.glsl: one separable Gaussian step over the ALPHA of a source
// pass (BlurStep). Samples texel centres with NEAREST (exact texel values,
// clamp to edge outside), sums in ascending k order exactly like the CPU
// executor (Raster/BlurPass.swift):
//   s = 0;  for k = −radius … radius: s += w[|k|]·a(p + k·axis)
// and writes vec4(s) (a premultiplied grey-alpha mask).

#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
#error "the compositor needs highp floats in fragment shaders"
#endif

#define MAX_RADIUS 127

uniform highp sampler2D u_source;
uniform vec2 u_sourceSize;          // pass size in pixels
uniform vec2 u_direction;           // (1, 0) horizontal, (0, 1) vertical
uniform int u_radius;               // ≤ MAX_RADIUS
uniform float u_weights[MAX_RADIUS + 1];

float cs_alphaAt(vec2 pixelCentre) {
    return texture2D(u_source, pixelCentre / u_sourceSize).a;
}

void main() {
    vec2 p = gl_FragCoord.xy;   // pixel centre; window row = pass row
    float s = 0.0;
    // k = −radius … −1 (ascending k = descending j)
    for (int j = MAX_RADIUS; j >= 1; j--) {
        if (j <= u_radius) { s += u_weights[j] * cs_alphaAt(p - u_direction * float(j)); }
    }
    s += u_weights[0] * cs_alphaAt(p);
    // k = 1 … radius
    for (int j = 1; j <= MAX_RADIUS; j++) {
        if (j > u_radius) { break; }
        s += u_weights[j] * cs_alphaAt(p + u_direction * float(j));
    }
    gl_FragColor = vec4(s);
}
