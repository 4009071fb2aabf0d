// cs_blur.frag.glsl: one separable Gaussian step over the ALPHA of a source
// pass (BlurStep). Samples texel centres with NEAREST (exact texel values,
// clamp to edge outside), sums in ascending k order exactly like the CPU
// executor (Raster/BlurPass.swift):
//   s = 0;  for k = −R … R: s += w[|k|]·a(p + k·axis)
// and writes vec4(s) (a premultiplied grey-alpha mask). Compiled with
// BLUR_BOX = d instead, it is a downsampling step along the axis (the pass
// is 1/d of its source along it):
//   s = 0;  for j = 0 … d−1: s += w[j]·a(d·i + j)      (w[j] = 1/d)
//
// R is BLUR_RADIUS, a compile-time constant: BlurRenderer compiles one
// variant per radius bucket (BlurStep.radiusBucket) by prefixing a #define,
// so a pixel costs 2R + 1 texture reads, never a fixed 255. Weights past the
// step's own radius are 0 and add +0.0, which leaves the sum bit-identical.
// Tap coordinates are uv + k·du (no division per tap): they differ from
// (p + k)/size by far less than the half texel that separates a texel
// centre from the next NEAREST boundary, so every tap reads the same texel.

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

float cs_alphaAt(vec2 uv) {
    return texture2D(u_source, uv).a;
}

#ifdef BLUR_BOX
uniform float u_weights[BLUR_BOX];

void main() {
    vec2 p = gl_FragCoord.xy;   // pixel centre (i + ½ along the axis)
    // The centre of source pixel d·i: p moved along the axis by (d − 1)·i.
    vec2 q = (p + u_direction * (float(BLUR_BOX - 1) * (dot(p, u_direction) - 0.5))) / u_sourceSize;
    vec2 du = u_direction / u_sourceSize;
    float s = 0.0;
    for (int j = 0; j < BLUR_BOX; j++) {
        s += u_weights[j] * cs_alphaAt(q + du * float(j));
    }
    gl_FragColor = vec4(s);
}
#else
uniform float u_weights[BLUR_RADIUS + 1];

void main() {
    vec2 uv = gl_FragCoord.xy / u_sourceSize;   // pixel centre; window row = pass row
    vec2 du = u_direction / u_sourceSize;
    float s = 0.0;
    // k = −R … −1 (ascending k = descending j)
    for (int j = BLUR_RADIUS; j >= 1; j--) {
        s += u_weights[j] * cs_alphaAt(uv - du * float(j));
    }
    s += u_weights[0] * cs_alphaAt(uv);
    // k = 1 … R
    for (int j = 1; j <= BLUR_RADIUS; j++) {
        s += u_weights[j] * cs_alphaAt(uv + du * float(j));
    }
    gl_FragColor = vec4(s);
}
#endif
