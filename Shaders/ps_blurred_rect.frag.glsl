// ps_blurred_rect.frag.glsl: Paint.solid with Shape.blurredRect (closed-form
// rect shadows) — ps_solid.frag.glsl with the blurred-rect branch of
// coverage.glsl compiled in. Other programs leave it out: llvmpipe runs both
// sides of a per-fragment branch, so every fragment of every item would pay
// for its error functions.
#define COV_BLURRED_RECT 1
#include "ps_solid.frag.glsl"
