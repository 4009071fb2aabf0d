// Text: one paragraph shaped — split into items of one style, one bidi
// level, one font and one script, each shaped by HarfBuzz (with the whole
// paragraph as context, so Arabic letters join across items), and the
// glyphs grouped into clusters: the units line breaking, truncation and
// justification work on, so none of them can split a ligature, a base from
// its marks or a syllable. A character the style's font lacks takes the
// fallback font (FontFallback) that has it; combining marks stay with their
// base's font when it has them.

import CHarfBuzz

/// One glyph as HarfBuzz positioned it, in pixels.
struct ShapedGlyph: Equatable {
    /// Index into the layout's font table.
    var font: Int
    var id: UInt32
    var advance: Double
    /// Offset from the pen (dy up).
    var dx: Double, dy: Double
}

/// A cluster: the characters HarfBuzz shaped together and their glyphs in visual order.
struct TextUnit {
    var glyphs: [ShapedGlyph]
    /// Pen advance: the glyphs' advances plus the run's kerning attribute.
    var advance: Double
    /// Index into the layout's styles.
    var style: Int
    var level: UInt8
    var isSpace: Bool
    /// A line may break before this unit (after spaces, beside ideographs unless LineBreakProhibitions
    /// forbids it, anywhere for charWrapping).
    var breaksBefore: Bool
    /// The cluster's characters.
    var scalars: ArraySlice<Unicode.Scalar>
    /// Font used (for line metrics): the first glyph's.
    var font: Int
}

/// The fonts a layout uses, each at its pixel size, by index.
final class FontTable {
    private(set) var fonts: [ScaledFont] = []
    private var byKey: [String: Int] = [:]
    private let open: (FontLocation, Double) throws -> ScaledFont

    init(open: @escaping (FontLocation, Double) throws -> ScaledFont) { self.open = open }

    func index(_ l: FontLocation, pixelSize: Double) throws -> Int {
        let key = "\(pixelSize.bitPattern) \(l.index) \(l.path)"
        if let i = byKey[key] { return i }
        fonts.append(try open(l, pixelSize))
        byKey[key] = fonts.count - 1
        return fonts.count - 1
    }

    subscript(i: Int) -> ScaledFont { fonts[i] }
}

enum TextShaper {
    static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" }

    /// Ideographs and kana: a line may break before and after them (LineBreakProhibitions aside).
    static func breaksAround(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            return true
        default: return false
        }
    }

    /// Characters that never need a glyph of their own font (controls, joiners, marks handled with their base).
    static func isMarkOrJoiner(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format: return true
        default: return s.properties.isVariationSelector
        }
    }

    /// The script HarfBuzz should shape `s` with (Common and Inherited resolved by the caller).
    static func script(_ s: Unicode.Scalar) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), hb_codepoint_t(s.value))
    }

    /// Shapes paragraph `p` whose characters have styles `styleOf` (indices
    /// into `primary`, each style's font index, and `kerning`, each style's
    /// extra advance in pixels); returns its units in logical order.
    static func shape(_ p: [Unicode.Scalar], styleOf: [Int], levels: [UInt8], primary: [Int], kerning: [Double],
                      charWrapping: Bool, fonts: FontTable, fallback: (Unicode.Scalar, Int) throws -> Int) throws -> [TextUnit] {
        let n = p.count
        guard n > 0 else { return [] }
        // Font per character.
        var fontOf = [Int](repeating: 0, count: n)
        for i in 0..<n {
            let s = p[i], f = primary[styleOf[i]]
            if isSpace(s) || s.value < 0x20 || fonts[f].hasGlyph(s) { fontOf[i] = f; continue }
            if isMarkOrJoiner(s), i > 0 {
                fontOf[i] = fonts[fontOf[i - 1]].hasGlyph(s) || s.properties.generalCategory == .format
                    ? fontOf[i - 1] : try fallback(s, styleOf[i])
                continue
            }
            fontOf[i] = try fallback(s, styleOf[i])
        }
        // Script per character: Common and Inherited take the script before them (or after, at the start).
        let common = HB_SCRIPT_COMMON, inherited = HB_SCRIPT_INHERITED,
            unknown = HB_SCRIPT_UNKNOWN
        var scripts = p.map(script)
        var last: hb_script_t?
        for i in 0..<n {
            if scripts[i] == common || scripts[i] == inherited || scripts[i] == unknown {
                if let l = last { scripts[i] = l }
            } else { last = scripts[i] }
        }
        if let firstReal = scripts.first(where: { $0 != common && $0 != inherited && $0 != unknown }) {
            for i in 0..<n where scripts[i] == common || scripts[i] == inherited || scripts[i] == unknown {
                scripts[i] = firstReal
            }
        }
        let codepoints = p.map { hb_codepoint_t($0.value) }
        var units: [TextUnit] = []
        units.reserveCapacity(n)
        var start = 0
        while start < n {
            var end = start + 1
            while end < n, styleOf[end] == styleOf[start], levels[end] == levels[start], fontOf[end] == fontOf[start],
                  scripts[end] == scripts[start] { end += 1 }
            let rtl = levels[start] & 1 == 1
            let glyphs = try shapeItem(codepoints, start..<end, font: fontOf[start], fonts: fonts, rtl: rtl,
                                       script: scripts[start])
            // Group glyphs by cluster: HarfBuzz's clusters are monotone (rising left to right,
            // falling right to left), so a cluster is a run of equal values in output order, whose
            // glyphs are in visual order; groups reversed for right to left are in logical order.
            var groups: [(cluster: Int, glyphs: [ShapedGlyph])] = []
            for (c, g) in glyphs {
                if let last = groups.last, last.cluster == c { groups[groups.count - 1].glyphs.append(g) } else { groups.append((c, [g])) }
            }
            if rtl { groups.reverse() }
            // A non-monotone answer (not expected) is merged into monotone clusters rather than trusted.
            var k = 1
            while k < groups.count {
                if groups[k].cluster <= groups[k - 1].cluster {
                    groups[k - 1].glyphs += groups[k].glyphs
                    groups.remove(at: k)
                } else { k += 1 }
            }
            for (k, group) in groups.enumerated() {
                let c = group.cluster
                let cEnd = k + 1 < groups.count ? groups[k + 1].cluster : end
                let gs = group.glyphs
                let style = styleOf[c]
                let chars = p[c..<cEnd]
                let space = chars.allSatisfy(isSpace)
                units.append(TextUnit(glyphs: gs, advance: gs.reduce(0) { $0 + $1.advance } + kerning[style],
                                      style: style, level: levels[c], isSpace: space, breaksBefore: false,
                                      scalars: chars, font: gs.first?.font ?? fontOf[c]))
            }
            start = end
        }
        for k in units.indices.dropFirst() {
            let a = units[k - 1], b = units[k]
            if charWrapping { units[k].breaksBefore = true; continue }
            let after = a.scalars.last!, before = b.scalars.first!
            units[k].breaksBefore = (!b.isSpace && a.isSpace)
                || (!a.isSpace && !b.isSpace && (breaksAround(after) || breaksAround(before))
                    && !LineBreakProhibitions.noBreakBefore(before) && !LineBreakProhibitions.noBreakAfter(after))
        }
        return units
    }

    /// HarfBuzz's glyphs for `range` of `codepoints` (cluster = index into codepoints).
    static func shapeItem(_ codepoints: [hb_codepoint_t], _ range: Range<Int>, font: Int, fonts: FontTable,
                          rtl: Bool, script: hb_script_t) throws -> [(Int, ShapedGlyph)] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_codepoints(buffer, codepoints, Int32(codepoints.count), UInt32(range.lowerBound),
                                 Int32(range.count))
        hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        return try fonts[font].withHarfBuzzFont { hb -> [(Int, ShapedGlyph)] in
            hb_shape(hb, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
            var out: [(Int, ShapedGlyph)] = []
            out.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                let info = infos[i], pos = positions[i]
                out.append((Int(info.cluster), ShapedGlyph(font: font, id: info.codepoint,
                                                           advance: Double(pos.x_advance) / 64,
                                                           dx: Double(pos.x_offset) / 64, dy: Double(pos.y_offset) / 64)))
            }
            return out
        }
    }
}
