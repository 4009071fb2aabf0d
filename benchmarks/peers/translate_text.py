"""Text layers (CATextLayer) for translate.py: the format's text rules re-implemented outside the compositor.

docs/scene-format.md, "Text layers", read as a recipe: each paragraph (split at
"\\n") is shaped by HarfBuzz (uharfbuzz, with FreeType's hinted advances from
freetype-py, as the format says characters advance), cut into clusters, broken
into lines greedily at spaces (inside a word, between clusters, only when the word
alone is too wide), truncated with "…", aligned or justified, and drawn at whole
pixels into the layer's backing image of ceil(w × contentsScale) × ceil(h ×
contentsScale) pixels. Line i's baseline is i line heights + the ascender down
from the top (the font's ascender − descender + line gap at fontSize ×
contentsScale pixels). Only the shaping library (HarfBuzz) and FreeType are shared
with the compositor; none of its layout code is.

The glyph coverage is drawn by Skia (a TextBlob of the glyph ids at their
positions, hinting normal, grayscale antialiasing, no subpixel positioning: the
glyphs FreeType's default load renders) into an A8 mask, and the colour applied
once over it, as the format says glyphs of one colour combine. Skia adjusts a
glyph mask's contrast and gamma by the paint colour's luminance (a black or white
paint moves edge pixels by up to 73 levels); the mask is drawn with a grey
(GREY_FOR_LINEAR_MASK) whose adjustment leaves it within 3 levels of FreeType's
own rendering (measured on both DejaVu faces at 8–120 pixels), so the check
compares where glyphs are, not two gamma curves. Accented composite glyphs (Ü, é,
ï) are the exception: Skia's FreeType build draws their accents differently
(docs/reliability.md). backing_pixels(..., rasterizer="freetype") draws with
freetype-py's own bitmaps instead, for the pixel-for-pixel check of the layout.

Plain strings only (rich text, a list of runs, is refused), left-to-right Latin
text in the fonts FONT_FILES names or given as font files; contentsScale is taken
as given (the compositor's lowering of it for huge backing images is not translated).
"""
import math
import os

TEXT_KEYS = {"string", "font", "fontSize", "foregroundColor", "alignmentMode", "isWrapped", "truncationMode"}
FONT_DIR = "/usr/share/fonts/truetype/dejavu"
FONT_FILES = {"dejavu sans": "DejaVuSans.ttf", "dejavu serif": "DejaVuSerif.ttf",
              "dejavu sans:style=bold": "DejaVuSans-Bold.ttf", "dejavu serif:style=bold": "DejaVuSerif-Bold.ttf",
              "dejavu sans mono": "DejaVuSansMono.ttf"}
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".pfb", ".pfa", ".woff", ".woff2")
ALIGNMENTS = {"natural", "left", "right", "center", "justified"}
TRUNCATIONS = {"none", "start", "middle", "end"}
ELLIPSIS = "\u2026"
GREY_FOR_LINEAR_MASK = 0x6C


class UnsupportedText(Exception):
    pass


def font_file(value, base, where):
    """The font file a `font` value names (null: DejaVu Sans)."""
    if value is None:
        return os.path.join(FONT_DIR, FONT_FILES["dejavu sans"])
    if "/" in value or value.lower().endswith(FONT_SUFFIXES):
        return value if os.path.isabs(value) else os.path.normpath(os.path.join(base, value))
    name = FONT_FILES.get(value.lower())
    if name is None:
        raise UnsupportedText(f"{where}.font: {value!r} is not one of the families translated ({sorted(FONT_FILES)})")
    return os.path.join(FONT_DIR, name)


def parse(L, where, base, parse_color):
    """A text layer's keys as read, or None for other layers."""
    if L.get("type") != "text":
        return None
    string = L.get("string", "")
    if not isinstance(string, str):
        raise UnsupportedText(f"{where}.string: rich text (a list of runs) is not translated")
    if any(ord(c) >= 0x590 and not 0x2000 <= ord(c) < 0x2070 for c in string):
        raise UnsupportedText(f"{where}.string: only left-to-right Latin text is translated")
    color = parse_color(L["foregroundColor"]) if "foregroundColor" in L else (1.0, 1.0, 1.0, 1.0)
    alignment = L.get("alignmentMode", "natural")
    truncation = L.get("truncationMode", "none")
    if alignment not in ALIGNMENTS or truncation not in TRUNCATIONS:
        raise SystemExit(f"{where}: alignmentMode {alignment!r} or truncationMode {truncation!r} unknown")
    return {"string": string, "file": font_file(L.get("font"), base, where), "size": float(L.get("fontSize", 36)),
            "color": color, "alignment": alignment, "wrapped": bool(L.get("isWrapped", False)),
            "truncation": truncation, "scale": float(L.get("contentsScale", 1)) or 1.0}


# ---------------------------------------------------------------- fonts and shaping
class Cluster:
    """Characters HarfBuzz shaped together and their glyphs: [(id, x offset, y offset up, advance)]."""
    __slots__ = ("text", "glyphs", "advance", "space")

    def __init__(self, text, glyphs):
        self.text, self.glyphs = text, glyphs
        self.advance = sum(g[3] for g in glyphs)
        self.space = all(c in " \t" for c in text)


class SizedFont:
    """A font file at a pixel size: FreeType's face (hinted advances, design metrics) and a HarfBuzz
    font whose horizontal advances are FreeType's hinted ones, everything else HarfBuzz's own."""
    _cache = {}

    @classmethod
    def get(cls, path, pixels):
        key = (path, pixels)
        if key not in cls._cache:
            cls._cache[key] = cls(path, pixels)
        return cls._cache[key]

    def __init__(self, path, pixels):
        import freetype
        import uharfbuzz as hb
        self.path, self.pixels = path, pixels
        self.ft = freetype.Face(path)
        # FreeType takes the size in 26.6 points at 72 dpi: pixels, to 1/64.
        self.ft.set_char_size(0, int(math.floor(pixels * 64 + 0.5)), 72, 72)
        upem = self.ft.units_per_EM
        k = pixels / upem
        self.ascender = self.ft.ascender * k
        self.line_height = self.ft.height * k  # ascender − descender + line gap
        with open(path, "rb") as f:
            face = hb.Face(hb.Blob(f.read()))
        parent = hb.Font(face)
        # HarfBuzz's scale is FreeType's (x_scale · units per em, in 26.6), so GPOS values match its size.
        scale = (self.ft.size.x_scale * upem + (1 << 15)) >> 16
        parent.scale = (scale, scale)
        self.hb = hb.Font(parent)
        funcs = hb.FontFuncs()
        funcs.set_glyph_h_advance_func(self._advance, None)
        self.hb.funcs = funcs
        self.hb.scale = (scale, scale)
        self._advances = {}

    def _advance(self, font, gid, data):
        """FreeType's hinted advance of glyph `gid` (FT_LOAD_DEFAULT), in 26.6."""
        if gid not in self._advances:
            import freetype
            self.ft.load_glyph(gid, freetype.FT_LOAD_DEFAULT)
            self._advances[gid] = self.ft.glyph.advance.x
        return self._advances[gid]

    def shape(self, text):
        """`text` (one paragraph, left to right) as clusters in order."""
        import uharfbuzz as hb
        if not text:
            return []
        buf = hb.Buffer()
        buf.add_codepoints([ord(c) for c in text])  # cluster values: character indices
        buf.direction = "ltr"
        buf.guess_segment_properties()
        hb.shape(self.hb, buf, {})
        starts, glyphs = [], []
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
            g = (info.codepoint, pos.x_offset / 64, pos.y_offset / 64, pos.x_advance / 64)
            if starts and starts[-1] == info.cluster:
                glyphs[-1].append(g)
            else:
                starts.append(info.cluster)
                glyphs.append([g])
        ends = starts[1:] + [len(text)]
        return [Cluster(text[a:b], g) for a, b, g in zip(starts, ends, glyphs)]


# ---------------------------------------------------------------- layout
def width(clusters):
    return sum(c.advance for c in clusters)


def _trim_end(clusters):
    n = len(clusters)
    while n and clusters[n - 1].space:
        n -= 1
    return clusters[:n]


def _trim_start(clusters):
    i = 0
    while i < len(clusters) and clusters[i].space:
        i += 1
    return clusters[i:]


def wrap(clusters, box):
    """A paragraph's lines as (clusters, broke_at_spaces): greedy, each line as many words as fit
    (the spaces between them included, the spaces where it breaks dropped); a word that alone is
    wider than the box is split between clusters, each piece as long as fits (at least one cluster)."""
    # Words, each with the spaces before it.
    words, i = [], 0
    while i < len(clusters):
        j = i
        while j < len(clusters) and clusters[j].space:
            j += 1
        if j == len(clusters):
            break  # spaces at the paragraph's end: dropped
        k = j
        while k < len(clusters) and not clusters[k].space:
            k += 1
        words.append((clusters[i:j], clusters[j:k]))
        i = k
    lines, line = [], None
    for spaces, word in words:
        if line is not None and width(line) + width(spaces) + width(word) <= box:
            line = line + spaces + word
            continue
        if line is not None:
            lines.append((line, True))
            piece = list(word)
        else:
            piece = list(spaces) + list(word)  # the paragraph's first word keeps the spaces before it
        lead = len(piece) - len(word)
        # Split while the piece is too wide on its own, never inside the leading spaces.
        while width(piece) > box:
            n = lead + 1
            while n < len(piece) and width(piece[:n + 1]) <= box:
                n += 1
            if n >= len(piece):
                break
            lines.append((piece[:n], False))
            piece, lead = piece[n:], 0
        line = piece
    lines.append((line or [], False))
    return lines


def truncate(line, box, mode, force, ellipsis):
    """`line` cut to fit `box` with an ellipsis at the start, middle or end, keeping as many clusters
    as fit (in the middle, the start keeps the odd one); spaces beside the ellipsis dropped. With
    `force` the ellipsis comes even when the whole line fits. When nothing fits, the ellipsis alone."""
    if not force and width(line) <= box:
        return line
    n = len(line)

    def candidate(k):
        if mode == "end":
            return _trim_end(line[:k]) + [ellipsis]
        if mode == "start":
            return [ellipsis] + _trim_start(line[n - k:] if k else [])
        head, tail = (k + 1) // 2, k // 2
        return _trim_end(line[:head]) + [ellipsis] + _trim_start(line[n - tail:] if tail else [])
    for k in range(n if force else n - 1, -1, -1):
        c = candidate(k)
        if width(c) <= box:
            return c
    return candidate(0)


def layout(t):
    """The glyphs of text layer `t` in its backing image's pixels: [(id, x, y)] pen positions on
    baselines, and the font. Pixel box: width × scale by height × scale."""
    font = SizedFont.get(t["file"], t["size"] * t["scale"])
    box_w, box_h = t["w"] * t["scale"], t["h"] * t["scale"]
    lines = []  # (clusters, last of its paragraph, broke at spaces)
    for paragraph in t["string"].replace("\r", "").split("\n"):
        clusters = font.shape(paragraph)
        if t["wrapped"]:
            pieces = wrap(clusters, box_w)
        else:
            pieces = [(_trim_end(clusters), False)]
        for i, (c, spaced) in enumerate(pieces):
            lines.append([c, i == len(pieces) - 1, spaced])
    lh = font.line_height
    truncated = set()
    mode = t["truncation"]
    if mode != "none":
        ellipsis = font.shape(ELLIPSIS)[0]
        if t["wrapped"]:
            fit = max(1, sum(1 for i in range(len(lines)) if (i + 1) * lh <= box_h + 1e-9))
            if len(lines) > fit:
                space = font.shape(" ")[0]
                rest = list(lines[fit - 1][0])
                for i in range(fit, len(lines)):
                    if lines[i - 1][1] or lines[i - 1][2]:
                        rest.append(space)  # where the text broke at spaces or a paragraph ended
                    rest += lines[i][0]
                lines = lines[:fit]
                lines[-1][0] = truncate(rest, box_w, mode, True, ellipsis)
                lines[-1][1] = True
                truncated.add(fit - 1)
        else:
            for i, l in enumerate(lines):
                if width(l[0]) > box_w:
                    l[0] = truncate(l[0], box_w, mode, False, ellipsis)
                    truncated.add(i)
    glyphs = []
    for i, (clusters, last, _) in enumerate(lines):
        baseline = i * lh + font.ascender
        natural = width(clusters)
        align = t["alignment"]
        gaps = []
        if align == "justified" and t["wrapped"] and not last and i not in truncated:
            # A gap: a run of spaces with a word on both sides.
            seen_word = False
            for k, c in enumerate(clusters):
                if not c.space:
                    if seen_word and clusters[k - 1].space:
                        gaps.append(k)
                    seen_word = True
        extra = max(0.0, box_w - natural) / len(gaps) if gaps else 0.0
        line_w = natural + extra * len(gaps)
        x = {"right": box_w - line_w, "center": (box_w - line_w) / 2}.get(align, 0.0)
        gapset = set(gaps)
        for k, c in enumerate(clusters):
            if k in gapset:
                x += extra  # the word after a gap moves by the gap's share
            for gid, dx, dy, adv in c.glyphs:
                if not c.space:
                    glyphs.append((gid, x + dx, baseline - dy))
                x += adv
    return glyphs, font


def backing_image(t, w, h):
    """The layer's backing image (backing_pixels) as a skia.Image, or None."""
    import skia
    rgba = backing_pixels(t, w, h)
    if rgba is None:
        return None
    return skia.Image.fromarray(rgba, colorType=skia.ColorType.kRGBA_8888_ColorType,
                                alphaType=skia.AlphaType.kPremul_AlphaType)


def backing_pixels(t, w, h, rasterizer="skia"):
    """The layer's backing image: premultiplied RGBA bytes of ceil(w × scale) × ceil(h × scale) pixels
    (a numpy array, rows first), or None when it has no pixels or draws nothing. The glyph coverage
    comes from Skia (`rasterizer` "skia") or from freetype-py's own FT_LOAD_RENDER bitmaps
    ("freetype": the rasterizer the compositor uses, so that only the layout can differ)."""
    import numpy as np
    t = dict(t, w=w, h=h)
    pw, ph = math.ceil(w * t["scale"] - 1e-9), math.ceil(h * t["scale"] - 1e-9)
    if pw <= 0 or ph <= 0 or t["color"] is None or not t["string"]:
        return None
    glyphs, font = layout(t)
    cov = (_coverage_skia if rasterizer == "skia" else _coverage_freetype)(glyphs, font, pw, ph)
    r, g, b, a = t["color"]
    premul = [int(min(1.0, max(0.0, v)) * 255 + 0.5) for v in (r * a, g * a, b * a, a)]
    return np.stack([(cov * v + 127) // 255 for v in premul], axis=-1).astype(np.uint8)


def _coverage_freetype(glyphs, font, pw, ph):
    """Glyph coverage (0…255, int64 array) from FreeType's grayscale bitmaps, each glyph's origin on
    the nearest whole pixel, glyphs combined like source-over."""
    import freetype
    import numpy as np
    cov = np.zeros((ph, pw), dtype=np.int64)
    for gid, x, y in glyphs:
        font.ft.load_glyph(gid, freetype.FT_LOAD_RENDER)
        slot = font.ft.glyph
        bm = slot.bitmap
        if bm.rows == 0 or bm.width == 0:
            continue
        a = np.array(bm.buffer, dtype=np.int64).reshape(bm.rows, bm.pitch)[:, :bm.width]
        left = math.floor(x + 0.5) + slot.bitmap_left
        top = math.floor(y + 0.5) - slot.bitmap_top
        x0, y0 = max(0, left), max(0, top)
        x1, y1 = min(pw, left + bm.width), min(ph, top + bm.rows)
        if x0 >= x1 or y0 >= y1:
            continue
        src = a[y0 - top:y1 - top, x0 - left:x1 - left]
        dst = cov[y0:y1, x0:x1]
        cov[y0:y1, x0:x1] = dst + src - (dst * src + 127) // 255
    return cov


def _coverage_skia(glyphs, font, pw, ph):
    """Glyph coverage (0…255, int64 array) drawn by Skia: a text blob into an A8 mask."""
    import numpy as np
    import skia
    mask = skia.Surface.MakeRaster(skia.ImageInfo.Make(pw, ph, skia.ColorType.kAlpha_8_ColorType,
                                                       skia.AlphaType.kPremul_AlphaType))
    c = mask.getCanvas()
    c.clear(skia.Color4f(0, 0, 0, 0))
    if glyphs:
        f = skia.Font(skia.Typeface.MakeFromFile(font.path), font.pixels)
        f.setHinting(skia.FontHinting.kNormal)
        f.setEdging(skia.Font.Edging.kAntiAlias)
        f.setSubpixel(False)
        builder = skia.TextBlobBuilder()
        # Each glyph's origin on the nearest whole pixel.
        builder.allocRunPos(f, [g[0] for g in glyphs],
                            [skia.Point(math.floor(x + 0.5), math.floor(y + 0.5)) for _, x, y in glyphs])
        grey = 0xFF000000 | GREY_FOR_LINEAR_MASK * 0x010101
        c.drawTextBlob(builder.make(), 0, 0, skia.Paint(AntiAlias=True, Color=grey))
    return np.array(mask.makeImageSnapshot().toarray()).reshape(ph, pw).astype(np.int64)
