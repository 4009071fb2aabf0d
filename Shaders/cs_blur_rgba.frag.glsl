// cs_blur_rgba.frag.glsl: one separable Gaussian step over all four
// premultiplied channels of a source pass (BlurStep with channels .rgba).
// Same taps, order and arithmetic as cs_blur.frag.glsl, per channel; the
// CPU twin is Raster/BlurPassRGBA.swift:
//   s = 0;  for k = −radius … radius: s += w[|k|]·c(p + k·axis)
// and writes s (each channel blurred on its own).

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

vec4 cs_texelAt(vec2 pixelCentre) {
    return texture2D(u_source, pixelCentre / u_sourceSize);
}

void main() {
    vec2 p = gl_FragCoord.xy;   // pixel centre; window row = pass row
    vec4 s = vec4(0.0);
    // k = −radius … −1 (ascending k = descending j)
    for (int j = MAX_RADIUS; j >= 1; j--) {
        if (j <= u_radius) { s += u_weights[j] * cs_texelAt(p - u_direction * float(j)); }
    }
    s += u_weights[0] * cs_texelAt(p);
    // k = 1 … radius
    for (int j = 1; j <= MAX_RADIUS; j++) {
        if (j > u_radius) { break; }
        s += u_weights[j] * cs_texelAt(p + u_direction * float(j));
    }
    gl_FragColor = s;
}
