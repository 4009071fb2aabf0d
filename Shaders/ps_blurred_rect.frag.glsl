// ps_blurred_rect.frag.glsl: Paint.solid with Shape.blurredRect (closed-form
// rect shadows): the premultiplied colour × the blurred-rect coverage of
// coverage.glsl, called directly. Only items of that shape use this program
// (GLESExecutor), and for them cov_evaluate would return exactly this call
// (kind 4), so the bits are the same; but llvmpipe runs every side of a
// per-fragment branch, so going through cov_evaluate also ran the edge
// and two rounded-rect coverages on every fragment. Other
// programs leave the error functions out altogether.
#define COV_BLURRED_RECT 1
#include "ps_common.frag.glsl"

void main() {
    float lx = v_local.x / v_local.z;
    float ly = v_local.y / v_local.z;
    float c = cov_blurredRectCoverage(lx, ly, v_shapeRect, v_shapeParams.x, v_shapeParams.y);
    gl_FragColor = v_color * c;
}
