// cs_blur_rgba.frag.glsl: one separable Gaussian step over all four
// premultiplied channels of a source pass (BlurStep with channels .rgba).
// Same taps, order and arithmetic as cs_blur.frag.glsl's Gaussian branch,
// per channel; the CPU twin is Raster/BlurPassRGBA.swift:
//   s = 0;  for k = −R … R: s += w[|k|]·c(p + k·axis)
// and writes s (each channel blurred on its own). R is BLUR_RADIUS, a
// compile-time constant per radius bucket (BlurRenderer); weights past the
// step's own radius are 0 and leave the sums bit-identical.

#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
#error "the compositor needs highp floats in fragment shaders"
#endif

#ifndef BLUR_RADIUS
#define BLUR_RADIUS 4
#endif

uniform highp sampler2D u_source;
uniform vec2 u_sourceSize;          // source pass size in pixels
uniform vec2 u_direction;           // (1, 0) horizontal, (0, 1) vertical
uniform float u_weights[BLUR_RADIUS + 1];

vec4 cs_texelAt(vec2 uv) {
    return texture2D(u_source, uv);
}

void main() {
    vec2 uv = gl_FragCoord.xy / u_sourceSize;   // pixel centre; window row = pass row
    vec2 du = u_direction / u_sourceSize;
    vec4 s = vec4(0.0);
    // k = −R … −1 (ascending k = descending j)
    for (int j = BLUR_RADIUS; j >= 1; j--) {
        s += u_weights[j] * cs_texelAt(uv - du * float(j));
    }
    s += u_weights[0] * cs_texelAt(uv);
    // k = 1 … R
    for (int j = 1; j <= BLUR_RADIUS; j++) {
        s += u_weights[j] * cs_texelAt(uv + du * float(j));
    }
    gl_FragColor = s;
}
