// ps_blurred_rrect.frag.glsl: Paint.solid with Shape.blurredRoundedRect
// (rounded-rect shadows evaluated per pixel) — ps_solid.frag.glsl with the
// blurred rect and blurred rounded rect branches of coverage.glsl compiled
// in; other programs leave them out (see ps_blurred_rect.frag.glsl).
#define COV_BLURRED_RECT 1
#define COV_BLURRED_RRECT 1
#include "ps_solid.frag.glsl"
