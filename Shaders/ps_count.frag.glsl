// ps_count.frag.glsl: overdraw counting (GLES/OverdrawCounter.swift). Runs the
// shared coverage twin and keeps the fragments whose coverage exceeds
// COUNT_THRESHOLD (= Overdraw.coverageThreshold in Sources/Plan/
// Overdraw.swift, which says why not 0; NaN is discarded too); each adds
// u_increment (1/255 in one channel) under glBlendFunc(GL_ONE, GL_ONE) into
// an RGBA8 target, i.e. +1 in that channel's 8-bit counter.
#define COV_BLURRED_RECT 1
#define COV_BLURRED_RRECT 1
#include "ps_common.frag.glsl"

#define COUNT_THRESHOLD 0.001

uniform vec4 u_increment;

void main() {
    float c = ps_coverage();
    if (!(c > COUNT_THRESHOLD)) { discard; }
    gl_FragColor = u_increment;
}
