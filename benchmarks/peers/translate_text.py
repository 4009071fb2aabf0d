"""Text layers (CATextLayer) for translate.py: the format's text rules re-implemented outside the compositor.

docs/scene-format.md, "Text layers" and "Rich text", read as a recipe. The string (plain, or a list of
runs) is split into paragraphs at "\\n"; each paragraph gets its bidi levels (python-bidi's UAX #9,
the paragraph's direction from its first strong character or baseWritingDirection), a font per
character (the run's, or the fallback font fontconfig sorts first for the character's language),
and is cut into items of one style, level, font and script, each shaped by HarfBuzz (uharfbuzz, with
FreeType's hinted advances from freetype-py, the whole paragraph as context). The clusters are
broken into lines greedily at spaces and between ideographs, but for the CJK prohibitions (no line
starting with "。" or "ー", none ending with "「"; inside a word only when it alone is too wide;
anywhere for charWrapping), truncated with "…", put in visual order (rule L2), aligned or
justified, and drawn at whole pixels into the layer's backing image of ceil(w × contentsScale) ×
ceil(h × contentsScale) pixels, one coverage layer per colour, with underline and strikethrough
bars. A line's ascent is the largest ascender of the fonts on it and its depth the largest
(line height − ascender); spacing comes from its paragraph's style. Only HarfBuzz, FreeType and
fontconfig's sorting are shared with the compositor; none of its layout code is.

The glyph coverage is drawn by Skia (a TextBlob of the glyph ids at their positions, hinting
normal, grayscale antialiasing, no subpixel positioning: the glyphs FreeType's default load renders)
into an A8 mask, and each colour applied once over its mask, as the format says glyphs of one colour
combine. Skia adjusts a glyph mask's contrast and gamma by the paint colour's luminance (a black or
white paint moves edge pixels by up to 73 levels); the mask is drawn with a grey
(GREY_FOR_LINEAR_MASK) whose adjustment leaves it within 3 levels of FreeType's own rendering
(measured on both DejaVu faces at 8–120 pixels), so the check compares where glyphs are, not two
gamma curves. Accented composite glyphs (Ü, é, ï) are the exception: Skia's FreeType build draws
their accents differently (docs/reliability.md). backing_pixels(..., rasterizer="freetype") draws
with freetype-py's own bitmaps instead, for the pixel-for-pixel check of the layout.

Fonts: the families FONT_FILES names and the Noto CJK families fontconfig lists, or font files;
contentsScale is taken as given (the compositor's lowering of it for huge backing images is not
translated).
"""
import math
import os
import subprocess
import unicodedata

TEXT_KEYS = {"string", "font", "fontSize", "foregroundColor", "alignmentMode", "isWrapped", "truncationMode"}
FONT_DIR = "/usr/share/fonts/truetype/dejavu"
FONT_FILES = {"dejavu sans": "DejaVuSans.ttf", "dejavu serif": "DejaVuSerif.ttf",
              "dejavu sans:style=bold": "DejaVuSans-Bold.ttf", "dejavu serif:style=bold": "DejaVuSerif-Bold.ttf",
              "dejavu sans mono": "DejaVuSansMono.ttf"}
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".pfb", ".pfa", ".woff", ".woff2")
ALIGNMENTS = {"natural", "left", "right", "center", "justified"}
TRUNCATIONS = {"none", "start", "middle", "end"}
LINE_STYLES = {"none", "single", "thick", "double"}
BREAK_MODES = {"wordWrapping", "charWrapping", "clipping", "truncatingHead", "truncatingTail", "truncatingMiddle"}
DIRECTIONS = {"natural", "leftToRight", "rightToLeft"}
RUN_KEYS = {"text", "font", "fontSize", "foregroundColor", "kerning", "underlineStyle", "strikethroughStyle",
            "baselineOffset", "paragraphStyle"}
PARAGRAPH_KEYS = {"alignment", "lineSpacing", "lineHeightMultiple", "paragraphSpacing", "lineBreakMode",
                  "baseWritingDirection"}
ELLIPSIS = "\u2026"
GREY_FOR_LINEAR_MASK = 0x6C
MAX_PIXEL_SIZE = 4096.0


class UnsupportedText(Exception):
    pass


# ---------------------------------------------------------------- reading the layer
def _noto_families():
    """{lower-case family: (file, index)} of the regular Noto CJK faces fontconfig lists."""
    out = {}
    try:
        listing = subprocess.run(["fc-list", "--format", "%{family}\t%{style}\t%{file}\t%{index}\n"],
                                 capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return out
    for line in listing.splitlines():
        fams, style, path, index = line.split("\t")
        if "CJK" in fams and style.split(",")[0] == "Regular":
            for fam in fams.split(","):
                out.setdefault(fam.lower(), (path, int(index)))
    return out


_NOTO = None


def font_file(value, base, where):
    """(file, face index) a `font` value names (null: DejaVu Sans)."""
    global _NOTO
    if value is None:
        return os.path.join(FONT_DIR, FONT_FILES["dejavu sans"]), 0
    if "/" in value or value.lower().endswith(FONT_SUFFIXES):
        return (value if os.path.isabs(value) else os.path.normpath(os.path.join(base, value))), 0
    name = FONT_FILES.get(value.lower())
    if name is not None:
        return os.path.join(FONT_DIR, name), 0
    if _NOTO is None:
        _NOTO = _noto_families()
    if value.lower() in _NOTO:
        return _NOTO[value.lower()]
    raise UnsupportedText(f"{where}.font: {value!r} is not one of the families translated ({sorted(FONT_FILES)}, Noto CJK)")


def parse(L, where, base, parse_color):
    """A text layer's keys as read, or None for other layers: the layer's defaults and its runs
    (a plain string is one run without attributes)."""
    if L.get("type") != "text":
        return None
    color = (1.0, 1.0, 1.0, 1.0)
    if "foregroundColor" in L:
        color = parse_color(L["foregroundColor"]) if L["foregroundColor"] is not None else None
    alignment = L.get("alignmentMode", "natural")
    truncation = L.get("truncationMode", "none")
    if alignment not in ALIGNMENTS or truncation not in TRUNCATIONS:
        raise SystemExit(f"{where}: alignmentMode {alignment!r} or truncationMode {truncation!r} unknown")
    t = {"font": font_file(L.get("font"), base, where), "size": float(L.get("fontSize", 36)),
         "color": color or (0.0, 0.0, 0.0, 0.0), "alignment": alignment, "wrapped": bool(L.get("isWrapped", False)),
         "truncation": truncation, "scale": float(L.get("contentsScale", 1)) or 1.0}
    string = L.get("string", "")
    if isinstance(string, str):
        t["runs"] = [{"text": string}]
    elif isinstance(string, list):
        t["runs"] = [_parse_run(r, f"{where}.string[{i}]", base, parse_color) for i, r in enumerate(string)]
    else:
        raise SystemExit(f"{where}.string: expected a string or a list of runs")
    t["string"] = "".join(r["text"] for r in t["runs"])
    return t


def _parse_run(r, where, base, parse_color):
    if not isinstance(r, dict) or "text" not in r or set(r) - RUN_KEYS:
        raise SystemExit(f"{where}: a run object with 'text' and keys from {sorted(RUN_KEYS)}")
    out = {"text": r["text"]}
    if r.get("font") is not None:
        out["font"] = font_file(r["font"], base, where)
    if "fontSize" in r:
        out["size"] = float(r["fontSize"])
    if "foregroundColor" in r:
        out["color"] = parse_color(r["foregroundColor"]) if r["foregroundColor"] is not None else (0.0, 0.0, 0.0, 0.0)
    for key in ("kerning", "baselineOffset"):
        out[key] = float(r.get(key, 0))
    for key in ("underlineStyle", "strikethroughStyle"):
        out[key] = r.get(key, "none")
        if out[key] not in LINE_STYLES:
            raise SystemExit(f"{where}.{key}: {out[key]!r}")
    if "paragraphStyle" in r:
        p = r["paragraphStyle"]
        if set(p) - PARAGRAPH_KEYS or p.get("alignment", "natural") not in ALIGNMENTS \
                or p.get("lineBreakMode", "wordWrapping") not in BREAK_MODES \
                or p.get("baseWritingDirection", "natural") not in DIRECTIONS:
            raise SystemExit(f"{where}.paragraphStyle: {p!r}")
        out["paragraph"] = dict(p)
    return out


# ---------------------------------------------------------------- fonts
class SizedFont:
    """A font file at a pixel size: FreeType's face (hinted advances, design metrics) and a HarfBuzz
    font whose horizontal advances are FreeType's hinted ones, everything else HarfBuzz's own."""
    _cache = {}

    @classmethod
    def get(cls, location, pixels):
        key = (location, pixels)
        if key not in cls._cache:
            cls._cache[key] = cls(location, pixels)
        return cls._cache[key]

    def __init__(self, location, pixels):
        import freetype
        import uharfbuzz as hb
        self.path, self.index = location
        self.location, self.pixels = location, pixels
        self.ft = freetype.Face(self.path, self.index)
        # FreeType takes the size in 26.6 points at 72 dpi: pixels, to 1/64.
        self.ft.set_char_size(0, int(math.floor(pixels * 64 + 0.5)), 72, 72)
        upem = self.ft.units_per_EM
        k = pixels / upem
        asc, desc, height = self.ft.ascender, self.ft.descender, self.ft.height
        self.ascender = asc * k
        self.line_height = max(height, asc - desc) * k  # ascender − descender + line gap
        thickness = self.ft.underline_thickness or upem / 14
        position = self.ft.underline_position or -upem / 10
        self.underline_thickness = max(1.0, thickness * k)
        self.underline_position = max(1.0, -position * k)  # down from the baseline
        with open(self.path, "rb") as f:
            face = hb.Face(hb.Blob(f.read()), self.index)
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

    def has(self, ch):
        return self.ft.get_char_index(ord(ch)) != 0


def language(ch):
    """The language fontconfig is asked to prefer for a character the font lacks."""
    v = ord(ch)
    if 0xAC00 <= v <= 0xD7AF or 0x1100 <= v <= 0x11FF or 0x3130 <= v <= 0x318F:
        return "ko"
    if 0x3040 <= v <= 0x30FF or 0x31F0 <= v <= 0x31FF:
        return "ja"
    if any(a <= v <= b for a, b in ((0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
                                     (0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x20000, 0x2FFFF))):
        return "zh-cn"
    if 0x0600 <= v <= 0x06FF or 0x0750 <= v <= 0x077F or 0xFB50 <= v <= 0xFDFF or 0xFE70 <= v <= 0xFEFF:
        return "ar"
    if 0x0590 <= v <= 0x05FF or 0xFB1D <= v <= 0xFB4F:
        return "he"
    return ""


_SORTED = {}


def fallback_location(ch):
    """The font fontconfig sorts first for `ch`'s language (from sans-serif) that has it, or None."""
    import freetype
    lang = language(ch)
    if lang not in _SORTED:
        pattern = "sans-serif" + (f":lang={lang}" if lang else "")
        listing = subprocess.run(["fc-match", "-s", pattern, "--format", "%{file}\t%{index}\n"],
                                 capture_output=True, text=True, check=True).stdout
        faces = []
        for line in listing.splitlines():
            path, index = line.split("\t")
            try:
                faces.append(((path, int(index)), freetype.Face(path, int(index))))
            except freetype.FT_Exception:
                continue
        _SORTED[lang] = faces
    for location, face in _SORTED[lang]:
        if face.get_char_index(ord(ch)):
            return location
    return None


def is_space(ch):
    return ch in " \t"


def breaks_around(ch):
    """Ideographs and kana: a line may break before and after them."""
    v = ord(ch)
    return any(a <= v <= b for a, b in ((0x2E80, 0x2FDF), (0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
                                         (0xF900, 0xFAFF), (0x20000, 0x2FFFF)))


# docs/scene-format.md, "Layout": beside an ideograph or kana a line never breaks before these (UAX #14
# CL, CP, EX, IS, NS, small kana and the prolonged sound mark) nor after the opening punctuation below.
KEPT_OFF_LINE_START = frozenset(
    "!),.:;?]}" "、。々〉》」』】〕〗〙〛〜〞〟〻〼" "ぁぃぅぇぉっゃゅょゎゕゖ" "゛゜ゝゞ゠" "ァィゥェォッャュョヮヵヶ"
    "・ーヽヾ" "﹐﹒﹔﹕﹖﹗﹚﹜﹞" "！），．：；？］｝｠" "｡｣､･" "ﾞﾟ"
    + "".join(map(chr, range(0x31F0, 0x3200))) + "".join(map(chr, range(0xFF67, 0xFF71))))
KEPT_OFF_LINE_END = frozenset("([{" "〈《「『【〔〖〘〚〝" "﹙﹛﹝" "（［｛｟" "｢")


def break_beside_ideograph(before, after):
    """Whether a line may break between the non-space clusters `before` and `after` (their texts):
    beside an ideograph or kana, unless the prohibitions above keep them together."""
    left, right = before[-1], after[0]
    if not (breaks_around(left) or breaks_around(right)):
        return False
    return right not in KEPT_OFF_LINE_START and left not in KEPT_OFF_LINE_END


def script(ch):
    """A coarse Unicode script: the ones the generator uses, None for common and inherited."""
    v = ord(ch)
    if 0x0590 <= v <= 0x05FF or 0xFB1D <= v <= 0xFB4F:
        return "Hebr"
    if 0x0600 <= v <= 0x06FF or 0x0750 <= v <= 0x077F or 0xFB50 <= v <= 0xFDFF or 0xFE70 <= v <= 0xFEFF:
        return "Arab"
    if 0x3040 <= v <= 0x309F:
        return "Hira"
    if 0x30A0 <= v <= 0x30FF:
        return "Kana"
    if 0xAC00 <= v <= 0xD7AF or 0x1100 <= v <= 0x11FF or 0x3130 <= v <= 0x318F:
        return "Hang"
    if any(a <= v <= b for a, b in ((0x2E80, 0x2FDF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF),
                                     (0x20000, 0x2FFFF))):
        return "Hani"
    if unicodedata.category(ch).startswith("L") and unicodedata.name(ch, "").startswith("LATIN"):
        return "Latn"
    return None


def bidi_levels(text, direction):
    """(levels per character, paragraph level) by python-bidi's UAX #9 (rules P2–P3, X1–X10,
    W1–W7, N1–N2, I1–I2); `direction` natural, leftToRight or rightToLeft."""
    if not any(0x0590 <= ord(c) <= 0x08FF or 0xFB1D <= ord(c) <= 0xFEFF for c in text) \
            and direction != "rightToLeft":
        return [0] * len(text), 0
    from bidi import algorithm as b
    storage = b.get_empty_storage()
    level = {"leftToRight": 0, "rightToLeft": 1}.get(direction)
    if level is None:
        level = b.get_base_level(text)
    storage["base_level"], storage["base_dir"] = level, ("L", "R")[level]
    b.get_embedding_levels(text, storage)
    b.explicit_embed_and_overrides(storage)
    b.resolve_weak_types(storage, False)
    _resolve_brackets(storage)
    b.resolve_neutral_types(storage, False)
    b.resolve_implicit_levels(storage, False)
    levels = [c["level"] for c in storage["chars"]]
    if len(levels) != len(text):
        raise UnsupportedText("bidi controls are not translated")
    return levels, level


# Bidi_Paired_Bracket pairs (Unicode's BidiBrackets.txt) of the characters the generator uses and
# their neighbours: ASCII, CJK corner and angle brackets, fullwidth forms.
BRACKETS = {"(": ")", "[": "]", "{": "}", "\u3008": "\u3009", "\u300a": "\u300b", "\u300c": "\u300d",
            "\u300e": "\u300f", "\u3010": "\u3011", "\uff08": "\uff09", "\uff3b": "\uff3d", "\uff5b": "\uff5d"}


def _resolve_brackets(storage):
    """Rule N0 (UAX #9 since Unicode 6.3; python-bidi 0.4.2 predates it), for text without explicit
    embeddings: bracket pairs (BD16) take the embedding direction when they hold a strong character of
    it, else the opposite direction when they hold one of that and the strong context before the
    opening bracket is that direction too, else the embedding direction; EN and AN count as R."""
    chars = storage["chars"]
    for run in storage["runs"]:
        start, end = run["start"], run["start"] + run["length"]
        e = "R" if chars[start]["level"] % 2 else "L"
        stack, pairs = [], []
        for i in range(start, end):
            ch = chars[i]
            if ch["type"] != "ON":
                continue
            if ch["ch"] in BRACKETS:
                if len(stack) == 63:
                    break
                stack.append((BRACKETS[ch["ch"]], i))
            else:
                for k in range(len(stack) - 1, -1, -1):
                    if stack[k][0] == ch["ch"]:
                        pairs.append((stack[k][1], i))
                        del stack[k:]
                        break
        pairs.sort()

        def strong(t):
            return "L" if t == "L" else "R" if t in ("R", "AL", "EN", "AN") else None
        for o, c in pairs:
            inside = {strong(chars[i]["type"]) for i in range(o + 1, c)} - {None}
            if not inside:
                continue
            if e in inside:
                d = e
            else:
                before = run["sor"]
                for i in range(o - 1, start - 1, -1):
                    if strong(chars[i]["type"]):
                        before = strong(chars[i]["type"])
                        break
                d = before if before != e else e
            chars[o]["type"] = chars[c]["type"] = d


def visual_order(levels):
    """Rule L2: indices in left-to-right order, from each item's level."""
    order = list(range(len(levels)))
    if not levels or max(levels) == 0:
        return order
    lowest_odd = min(levels) | 1
    for level in range(max(levels), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and levels[order[j]] >= level:
                j += 1
            order[i:j] = order[i:j][::-1]
            i = j
    return order


# ---------------------------------------------------------------- shaping
class Cluster:
    """Characters HarfBuzz shaped together: glyphs [(font, id, x offset, y offset up, advance)] in visual
    order, the style they belong to, their bidi level; advance includes the style's kerning."""
    __slots__ = ("text", "glyphs", "advance", "space", "style", "level", "font", "breaks_before")

    def __init__(self, text, glyphs, style, level, kerning, font):
        self.text, self.glyphs, self.style, self.level = text, glyphs, style, level
        self.advance = sum(g[4] for g in glyphs) + kerning
        self.space = all(is_space(c) for c in text)
        self.font = glyphs[0][0] if glyphs else font
        self.breaks_before = False


def shape_paragraph(chars, style_of, levels, styles, char_wrapping):
    """A paragraph's clusters in logical order."""
    import uharfbuzz as hb
    n = len(chars)
    if n == 0:
        return []
    font_of = []
    for i, ch in enumerate(chars):
        f = styles[style_of[i]]["font"]
        if is_space(ch) or ord(ch) < 0x20 or f.has(ch):
            font_of.append(f)
        elif i and unicodedata.category(ch) in ("Mn", "Me", "Mc", "Cf"):
            prev = font_of[i - 1]
            font_of.append(prev if prev.has(ch) or unicodedata.category(ch) == "Cf" else _fallback(ch, f))
        else:
            font_of.append(_fallback(ch, f))
    scripts = [script(c) for c in chars]
    last = None
    for i in range(n):
        if scripts[i] is None:
            scripts[i] = last
        else:
            last = scripts[i]
    first = next((s for s in scripts if s is not None), None)
    scripts = [s or first for s in scripts]
    codepoints = [ord(c) for c in chars]
    out = []
    start = 0
    while start < n:
        end = start + 1
        while end < n and style_of[end] == style_of[start] and levels[end] == levels[start] \
                and font_of[end] is font_of[start] and scripts[end] == scripts[start]:
            end += 1
        font = font_of[start]
        rtl = levels[start] % 2 == 1
        buf = hb.Buffer()
        buf.add_codepoints(codepoints, start, end - start)
        buf.direction = "rtl" if rtl else "ltr"
        if scripts[start]:
            buf.script = scripts[start]
        buf.guess_segment_properties()
        # HarfBuzz 10 (uharfbuzz's) applies 'calt' in Hangul, where Noto CJK swaps the space after a
        # syllable for a wider glyph; HarfBuzz 6 (Debian's, the compositor's) does not: shaped
        # without it, as the compositor's library shapes (docs/reliability.md).
        hb.shape(font.hb, buf, {"calt": False} if scripts[start] == "Hang" else {})
        groups = []
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
            g = (font, info.codepoint, pos.x_offset / 64, pos.y_offset / 64, pos.x_advance / 64)
            if groups and groups[-1][0] == info.cluster:
                groups[-1][1].append(g)
            else:
                groups.append((info.cluster, [g]))
        if rtl:
            groups.reverse()
        merged = []
        for c, gs in groups:
            if merged and c <= merged[-1][0]:
                merged[-1][1].extend(gs)
            else:
                merged.append((c, list(gs)))
        for k, (c, gs) in enumerate(merged):
            c_end = merged[k + 1][0] if k + 1 < len(merged) else end
            st = styles[style_of[c]]
            out.append(Cluster("".join(chars[c:c_end]), gs, style_of[c], levels[c], st["kerning"], font))
        start = end
    for k in range(1, len(out)):
        a, b = out[k - 1], out[k]
        if char_wrapping:
            b.breaks_before = True
        else:
            b.breaks_before = (not b.space and a.space) or (
                not a.space and not b.space and break_beside_ideograph(a.text, b.text))
    return out


_FALLBACKS = {}


def _fallback(ch, font):
    location = fallback_location(ch)
    if location is None:
        return font
    return SizedFont.get(location, font.pixels)


def single(ch, style, level, styles):
    """One character shaped alone in `style` (the ellipsis, a joining space)."""
    cs = shape_paragraph([ch], [style], [level], styles, False)
    return cs[0]


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
    """A paragraph's lines as (clusters, broke_at_spaces): greedy, each line as many segments (the
    text between two break opportunities) as fit, the spaces between them included and the spaces
    where it breaks dropped; a segment that alone is wider than the box is split between clusters,
    each piece as long as fits (at least one cluster)."""
    segments, i = [], 0
    while i < len(clusters):
        j = i
        while j < len(clusters) and clusters[j].space:
            j += 1
        if j == len(clusters):
            break  # spaces at the paragraph's end: dropped
        k = j + 1
        while k < len(clusters) and not clusters[k].space and not clusters[k].breaks_before:
            k += 1
        segments.append((clusters[i:j], clusters[j:k]))
        i = k
    lines, line = [], None
    for spaces, word in segments:
        if line is not None and width(line) + width(spaces) + width(word) <= box:
            line = line + spaces + word
            continue
        if line is not None:
            lines.append((line, bool(spaces)))
            piece = list(word)
        else:
            piece = list(spaces) + list(word)  # the paragraph's first segment keeps the spaces before it
        lead = len(piece) - len(word)
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


def ellipsis_level(before, after, paragraph_level):
    """The ellipsis' bidi level: a neutral between the clusters beside it (None: the line's edge,
    which counts as the paragraph's direction), as rules N1 and N2 resolve one: when both sides run
    against the paragraph's direction it takes the lower of their levels, else the paragraph's."""
    against = [c.level for c in (before, after) if c is not None and c.level % 2 != paragraph_level]
    if before is not None and after is not None and len(against) == 2:
        return min(against)
    return paragraph_level


def truncate(line, box, mode, force, ellipsis, paragraph_level):
    """`line` cut to fit `box` with an ellipsis at the start, middle or end, keeping as many clusters
    as fit (in the middle, the start keeps the odd one); spaces beside the ellipsis dropped; the
    ellipsis in the style of the cluster beside it (before it; after it at the start) and the level
    ellipsis_level gives. With `force` the ellipsis comes even when the whole line fits. When nothing
    fits, the ellipsis alone."""
    if not line or (not force and width(line) <= box):
        return line
    n = len(line)

    def mark(beside, before, after):
        return ellipsis(beside.style, ellipsis_level(before, after, paragraph_level))

    def candidate(k):
        if mode == "end":
            head = _trim_end(line[:k])
            return head + [mark(head[-1] if head else line[0], head[-1] if head else None, None)]
        if mode == "start":
            tail = _trim_start(line[n - k:] if k else [])
            return [mark(tail[0] if tail else line[-1], None, tail[0] if tail else None)] + tail
        head = _trim_end(line[:(k + 1) // 2])
        tail = _trim_start(line[n - k // 2:] if k // 2 else [])
        return head + [mark(head[-1] if head else line[0], head[-1] if head else None, tail[0] if tail else None)] + tail
    for k in range(n if force else n - 1, -1, -1):
        c = candidate(k)
        if width(c) <= box:
            return c
    return candidate(0)


def _paragraphs(t):
    """[(characters, style per character, the paragraph's style)] and the styles: each style the
    run's attributes, the layer's where the run has none, in pixels."""
    scale = t["scale"]
    runs = []
    for r in t["runs"]:
        if not r["text"]:
            continue
        key = {k: v for k, v in r.items() if k != "text"}
        if runs and runs[-1][1] == key:
            runs[-1][0] += r["text"]
        else:
            runs.append([r["text"], key])
    styles = []
    for _, r in runs or [["", {}]]:
        size = min(MAX_PIXEL_SIZE, r.get("size", t["size"]) * scale)
        styles.append({"font": SizedFont.get(r.get("font", t["font"]), size), "color": r.get("color", t["color"]),
                       "kerning": r.get("kerning", 0.0) * scale, "underline": r.get("underlineStyle", "none"),
                       "strike": r.get("strikethroughStyle", "none"),
                       "offset": r.get("baselineOffset", 0.0) * scale, "paragraph": r.get("paragraph")})
    paragraphs = [[[], [], 0]]  # characters, styles, the style of the "\n" that ends it (or the one before)
    for si, (text, _) in enumerate(runs):
        for ch in text:
            if ch == "\n":
                paragraphs[-1][2] = si
                paragraphs.append([[], [], si])
            elif ch != "\r":
                paragraphs[-1][0].append(ch)
                paragraphs[-1][1].append(si)
    if not paragraphs[0][0]:
        paragraphs[0][2] = 0
    return [(c, s, s[0] if s else e) for c, s, e in paragraphs], styles


def layout(t, stats=None):
    """Text layer `t` laid out in its backing image's pixels: glyphs [(font, id, x, y, colour)] (pen
    positions on baselines), bars [(x0, x1, y centre, thickness, colour)], colours. `stats`, a dict,
    counts what the layout did (for the campaign's figures)."""
    stats = {} if stats is None else stats

    def count(key, n=1):
        stats[key] = stats.get(key, 0) + n
    box_w, box_h = t["w"] * t["scale"], t["h"] * t["scale"]
    paragraphs, styles = _paragraphs(t)
    wrapped, mode, char_wrapping = t["wrapped"], t["truncation"], False
    first = styles[paragraphs[0][2]]["paragraph"] or {}
    lbm = first.get("lineBreakMode")
    if lbm in ("wordWrapping", "charWrapping"):
        wrapped, mode, char_wrapping = True, "none", lbm == "charWrapping"
    elif lbm == "clipping":
        mode = "none"
    elif lbm:
        mode = {"truncatingHead": "start", "truncatingTail": "end", "truncatingMiddle": "middle"}[lbm]
    lines = []  # [clusters, paragraph, ends paragraph, broke at spaces, paragraph level]
    for pi, (chars, style_of, pstyle) in enumerate(paragraphs):
        direction = (styles[pstyle]["paragraph"] or {}).get("baseWritingDirection", "natural")
        levels, plevel = bidi_levels("".join(chars), direction)
        clusters = shape_paragraph(chars, style_of, levels, styles, char_wrapping)
        pieces = wrap(clusters, box_w) if wrapped else [(_trim_end(clusters), False)]
        count("paragraphs")
        count("right-to-left paragraphs", plevel)
        count("paragraphs mixing directions", len({lv % 2 for lv in levels}) > 1)
        count("paragraphs wrapped onto two lines or more", len(pieces) > 1)
        count("lines broken beside an ideograph", sum(1 for c, _ in pieces[1:] if c and (
            breaks_around(c[0].text[0]) or breaks_around(c[0].text[-1]))))
        count("clusters in a fallback font", sum(1 for c in clusters if c.font is not styles[c.style]["font"]))
        for k, (c, spaced) in enumerate(pieces):
            lines.append([c, pi, k == len(pieces) - 1, spaced, plevel])

    def metrics(line):
        clusters, pi = line[0], line[1]
        pstyle = paragraphs[pi][2]
        fonts = [c.font for c in clusters] if clusters else [styles[pstyle]["font"]]
        ascent = max(f.ascender for f in fonts)
        height = ascent + max(f.line_height - f.ascender for f in fonts)
        p = styles[pstyle]["paragraph"] or {}
        multiple = p.get("lineHeightMultiple", 0)
        if multiple > 0:
            extra = height * multiple - height
            ascent, height = ascent + extra, height + extra
        advance = height + p.get("lineSpacing", 0) * t["scale"]
        if line[2]:
            advance += p.get("paragraphSpacing", 0) * t["scale"]
        return ascent, height, advance

    def ellipsis(style, level):
        return single(ELLIPSIS, style, level, styles)

    truncated = set()
    if mode != "none":
        if wrapped:
            top, fit = 0.0, len(lines)
            for i, line in enumerate(lines):
                _, height, advance = metrics(line)
                if i > 0 and top + height > box_h + 1e-9:
                    fit = i
                    break
                top += advance
            if len(lines) > fit:
                rest = list(lines[fit - 1][0])
                for i in range(fit, len(lines)):
                    prev = lines[i - 1]
                    beside = lines[i][0][0] if lines[i][0] else (rest[-1] if rest else None)
                    if (prev[2] or prev[3]) and beside is not None:
                        rest.append(single(" ", beside.style, lines[i][4], styles))
                    rest += lines[i][0]
                lines = lines[:fit]
                lines[-1][0] = truncate(rest, box_w, mode, True, ellipsis, lines[-1][4])
                truncated.add(fit - 1)
        else:
            for i, line in enumerate(lines):
                if width(line[0]) > box_w:
                    line[0] = truncate(line[0], box_w, mode, False, ellipsis, line[4])
                    truncated.add(i)
    glyphs, bars = [], []
    top = 0.0
    for i, line in enumerate(lines):
        ascent, _, advance = metrics(line)
        clusters, pi, ends = line[0], line[1], line[2]
        align = (styles[paragraphs[pi][2]]["paragraph"] or {}).get("alignment", t["alignment"])
        if align == "natural":
            align = "right" if line[4] == 1 else "left"
        gaps = set()
        if align == "justified" and wrapped and not ends and i not in truncated:
            seen_word = False
            for k, c in enumerate(clusters):
                if not c.space:
                    if seen_word and clusters[k - 1].space:
                        gaps.add(k - 1)  # the gap's width goes after its last space
                    seen_word = True
        natural = width(clusters)
        extra = max(0.0, box_w - natural) / len(gaps) if gaps else 0.0
        line_w = natural + extra * len(gaps)
        if align == "justified" and not gaps:
            align = "right" if line[4] == 1 else "left"  # unstretched lines of a justified paragraph: natural
        x = {"right": box_w - line_w, "center": (box_w - line_w) / 2}.get(align, 0.0)
        baseline = top + ascent
        if top < box_h:
            count("visible lines")
            count("visible lines cut with an ellipsis", i in truncated)
            count("visible lines justified", bool(gaps))
            count("visible lines in two directions", len({c.level % 2 for c in clusters}) > 1)
            count("visible lines with several fonts", len({id(c.font) for c in clusters}) > 1)
        for k in visual_order([c.level for c in clusters]):
            c = clusters[k]
            st = styles[c.style]
            y = baseline - st["offset"]
            start = x
            for font, gid, dx, dy, adv in c.glyphs:
                if not c.space:
                    glyphs.append((font, gid, x + dx, y - dy, st["color"]))
                x += adv
            x += st["kerning"]
            if k in gaps:
                x += extra
            f = st["font"]
            for kind, position in ((st["underline"], f.underline_position), (st["strike"], -f.pixels * 0.3)):
                if kind == "none":
                    continue
                th = f.underline_thickness * (2 if kind == "thick" else 1)
                bars.append((start, x, y + position, th, st["color"]))
                if kind == "double":
                    bars.append((start, x, y + position + 2 * th, th, st["color"]))
        top += advance
    count("bars", len(bars))
    count("colours", len({g[4] for g in glyphs} | {b[4] for b in bars}))
    colors = []
    for c in [g[4] for g in glyphs] + [b[4] for b in bars]:
        if c not in colors:
            colors.append(c)
    return glyphs, bars, colors


def backing_image(t, w, h):
    """The layer's backing image (backing_pixels) as a skia.Image, or None."""
    import skia
    rgba = backing_pixels(t, w, h)
    if rgba is None:
        return None
    return skia.Image.fromarray(rgba, colorType=skia.ColorType.kRGBA_8888_ColorType,
                                alphaType=skia.AlphaType.kPremul_AlphaType)


def _mul255(x, y):
    return (x * y + 127) // 255


def backing_pixels(t, w, h, rasterizer="skia"):
    """The layer's backing image: premultiplied RGBA bytes of ceil(w × scale) × ceil(h × scale) pixels
    (a numpy array, rows first), or None when it has no pixels or draws nothing. The glyph coverage
    comes from Skia (`rasterizer` "skia") or from freetype-py's own FT_LOAD_RENDER bitmaps
    ("freetype": the rasterizer the compositor uses, so that only the layout can differ). Each colour
    is one coverage layer (glyphs and bars combined like source-over), coloured once and composited
    source-over in the order the colours first appear (glyphs line by line, left to right, then bars)."""
    import numpy as np
    t = dict(t, w=w, h=h)
    pw, ph = math.ceil(w * t["scale"] - 1e-9), math.ceil(h * t["scale"] - 1e-9)
    if pw <= 0 or ph <= 0 or not t["string"]:
        return None
    glyphs, bars, colors = layout(t)
    image = None
    for color in colors:
        cov = (_coverage_skia if rasterizer == "skia" else _coverage_freetype)(
            [g for g in glyphs if g[4] == color], pw, ph)
        for b in bars:
            if b[4] == color:
                _fill_bar(b, cov)
        r, g, b_, a = color
        premul = [int(min(1.0, max(0.0, v)) * 255 + 0.5) for v in (r * a, g * a, b_ * a, a)]
        layer = np.stack([_mul255(cov, v) for v in premul], axis=-1)
        if image is None:
            image = layer
        else:
            alpha = layer[..., 3:4]
            image = np.minimum(255, layer + _mul255(image, 255 - alpha))
    if image is None:
        return None
    return image.astype(np.uint8)


def _round(v):
    return math.floor(v + 0.5)


def _fill_bar(b, cov):
    """A bar's whole pixels at full coverage: its thickness rounded (at least 1 pixel), its top row
    the one nearest its top edge, its ends at the pixel edges nearest its ends."""
    x0, x1, y, th, _ = b
    rows = max(1, _round(th))
    top = _round(y - th / 2)
    ph, pw = cov.shape
    ya, yb = max(0, top), min(ph, top + rows)
    xa, xb = max(0, _round(x0)), min(pw, _round(x1))
    if xa < xb and ya < yb:
        cov[ya:yb, xa:xb] = 255


def _coverage_freetype(glyphs, pw, ph):
    """Glyph coverage (0…255, int64 array) from FreeType's grayscale bitmaps, each glyph's origin on
    the nearest whole pixel, glyphs combined like source-over."""
    import freetype
    import numpy as np
    cov = np.zeros((ph, pw), dtype=np.int64)
    for font, gid, x, y, _ in glyphs:
        font.ft.load_glyph(gid, freetype.FT_LOAD_RENDER)
        slot = font.ft.glyph
        bm = slot.bitmap
        if bm.rows == 0 or bm.width == 0:
            continue
        a = np.array(bm.buffer, dtype=np.int64).reshape(bm.rows, bm.pitch)[:, :bm.width]
        left = _round(x) + slot.bitmap_left
        top = _round(y) - slot.bitmap_top
        x0, y0 = max(0, left), max(0, top)
        x1, y1 = min(pw, left + bm.width), min(ph, top + bm.rows)
        if x0 >= x1 or y0 >= y1:
            continue
        src = a[y0 - top:y1 - top, x0 - left:x1 - left]
        dst = cov[y0:y1, x0:x1]
        cov[y0:y1, x0:x1] = dst + src - (dst * src + 127) // 255
    return cov


def _coverage_skia(glyphs, pw, ph):
    """Glyph coverage (0…255, int64 array) drawn by Skia: text blobs (one per font) into an A8 mask."""
    import numpy as np
    import skia
    mask = skia.Surface.MakeRaster(skia.ImageInfo.Make(pw, ph, skia.ColorType.kAlpha_8_ColorType,
                                                       skia.AlphaType.kPremul_AlphaType))
    c = mask.getCanvas()
    c.clear(skia.Color4f(0, 0, 0, 0))
    grey = 0xFF000000 | GREY_FOR_LINEAR_MASK * 0x010101
    fonts = []
    for g in glyphs:
        if g[0] not in fonts:
            fonts.append(g[0])
    for font in fonts:
        f = skia.Font(skia.Typeface.MakeFromFile(font.path, font.index), font.pixels)
        f.setHinting(skia.FontHinting.kNormal)
        f.setEdging(skia.Font.Edging.kAntiAlias)
        f.setSubpixel(False)
        builder = skia.TextBlobBuilder()
        mine = [g for g in glyphs if g[0] is font]
        # Each glyph's origin on the nearest whole pixel.
        builder.allocRunPos(f, [g[1] for g in mine], [skia.Point(_round(x), _round(y)) for _, _, x, y, _ in mine])
        c.drawTextBlob(builder.make(), 0, 0, skia.Paint(AntiAlias=True, Color=grey))
    return np.array(mask.makeImageSnapshot().toarray()).reshape(ph, pw).astype(np.int64)
