// ps_gradient.frag.glsl: Paint.gradient — (gradient colour at the local
// point × v_color) × coverage. The uv attribute carries the local point
// (identity map), so ps_uv() is the perspective-correct local point;
// v_color holds the opacity in all four channels.
#include "ps_common.frag.glsl"
#include "gradient.glsl"

void main() {
    float c = ps_coverage();
    vec2 p = ps_uv();
    gl_FragColor = grad_shade(p.x, p.y) * v_color * c;
}
