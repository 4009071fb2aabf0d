// FreeType 2 (Debian libfreetype-dev), for the Text target's glyphs.
#include <ft2build.h>
#include FT_FREETYPE_H

// FT_HAS_KERNING is a function-like macro, which Swift cannot import.
static inline int cfreetype_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
