// HarfBuzz (Debian libharfbuzz-dev), for the Text target's shaping:
// ligatures, GPOS kerning and mark placement, with hb-ft reading the
// FreeType face the glyphs are drawn from.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
