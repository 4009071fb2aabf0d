// ps_flat.frag.glsl: the interior of a translucent rounded rect
// (DrawItem.flatInterior) — the premultiplied colour alone, no coverage
// math: the plan proves the whole item's coverage is exactly 1 on every
// pixel this piece draws, so colour × 1 is what ps_solid would write there.
#include "ps_common.frag.glsl"

void main() {
    gl_FragColor = v_color;
}
