// ps_solid.frag.glsl: Paint.solid — premultiplied colour × coverage.
#include "ps_common.frag.glsl"

void main() {
    float c = ps_coverage();
    gl_FragColor = v_color * c;
}
