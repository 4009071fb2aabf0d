// Text: rich text laid out in a box, the way the text layer draws it —
// paragraphs split at '\n', each shaped (TextShaper) in bidi order
// (BidiLevels), wrapped at cluster boundaries (ShapedLineBreaker: spaces,
// between ideographs, anywhere for charWrapping), truncated with an
// ellipsis, aligned or justified per paragraph, and every glyph given a
// position. Lines start at the top of the box: a line's baseline is its
// tallest font's ascender down from its top; the next line starts one line
// height lower (× lineHeightMultiple) plus lineSpacing, plus
// paragraphSpacing after a paragraph's last line. Units are pixels.

import Geometry

/// A glyph placed in the box.
public struct PlacedGlyph: Equatable {
    /// Index into ``ShapedTextLayout/fonts``.
    public var font: Int
    /// The glyph id in that font (0 is .notdef: the font has no glyph for the character).
    public var id: UInt32
    /// Pen position (x) and baseline (y, down from the top), in pixels.
    public var x: Double, y: Double
    /// Index into ``ShapedTextLayout/colors``.
    public var color: Int
}

/// An underline or strikethrough bar.
public struct DecorationBar: Equatable {
    public var x0: Double, x1: Double, y: Double, thickness: Double
    public var color: Int
}

/// One laid-out line.
public struct ShapedLine: Equatable {
    /// The characters shown, in logical order (ellipsis included).
    public var text: String
    public var baseline: Double
    /// Where the line starts (its alignment offset) and its width.
    public var originX: Double, width: Double
    /// The characters in visual (left to right) order: right-to-left clusters reversed.
    public var visualText: String
    /// Glyph ids in visual (left to right) order, spaces included.
    public var glyphIDs: [UInt32]
    /// The x of each glyph in `glyphIDs`.
    public var glyphX: [Double]
}

/// Rich text laid out: lines, placed glyphs, bars and the colours they use.
public struct ShapedTextLayout {
    public var lines: [ShapedLine] = []
    public var glyphs: [PlacedGlyph] = []
    public var bars: [DecorationBar] = []
    public var colors: [Color] = []
    /// The fonts glyphs refer to.
    public var fonts: [ScaledFont] = []
}

/// A run's attributes resolved to pixels and fonts.
struct ResolvedStyle {
    var font: Int
    var color: Int
    var kerning: Double
    var underline: TextLineStyle, strikethrough: TextLineStyle
    var baselineOffset: Double
    var paragraph: ParagraphStyle?
}

extension ShapedTextLayout {
    /// What a layout needs besides the text: the layer's defaults and the box.
    public struct Defaults {
        public var font: FontLocation
        public var fontSize: Double
        public var color: Color
        public var options: TextLayoutOptions
        /// Pixels per point.
        public var scale: Double
        public init(font: FontLocation, fontSize: Double, color: Color, options: TextLayoutOptions, scale: Double) {
            self.font = font; self.fontSize = fontSize; self.color = color; self.options = options; self.scale = scale
        }
    }

    /// Lays out `text` (runs without a value take `d`'s); fonts open through `open`.
    public init(_ text: AttributedText, defaults d: Defaults,
                open: @escaping (FontLocation, Double) throws -> ScaledFont) throws {
        let fonts = FontTable(open: open)
        let runs = text.normalized.runs
        var styles: [ResolvedStyle] = []
        var colorIndex: [Color: Int] = [:]
        for r in runs {
            let location = try r.font.map { try FontResolver.location($0) } ?? d.font
            let size = min(ScaledFont.maximumPixelSize, (r.fontSize ?? d.fontSize) * d.scale)
            let c = r.foregroundColor ?? d.color
            let ci: Int
            if let i = colorIndex[c] { ci = i } else { ci = colors.count; colorIndex[c] = ci; colors.append(c) }
            styles.append(ResolvedStyle(font: try fonts.index(location, pixelSize: size), color: ci,
                                        kerning: r.kerning * d.scale, underline: r.underlineStyle,
                                        strikethrough: r.strikethroughStyle, baselineOffset: r.baselineOffset * d.scale,
                                        paragraph: r.paragraphStyle))
        }
        if styles.isEmpty {
            colors = [d.color]
            styles.append(ResolvedStyle(font: try fonts.index(d.font, pixelSize: d.fontSize * d.scale), color: 0,
                                        kerning: 0, underline: .none, strikethrough: .none, baselineOffset: 0,
                                        paragraph: nil))
        }
        // Paragraphs: characters and their styles.
        var paragraphs: [(scalars: [Unicode.Scalar], styles: [Int], breakStyle: Int)] = [([], [], 0)]
        for (si, r) in runs.enumerated() {
            for s in r.text.unicodeScalars {
                if s == "\n" {
                    paragraphs[paragraphs.count - 1].breakStyle = si
                    paragraphs.append(([], [], si))
                } else if s != "\r" {
                    paragraphs[paragraphs.count - 1].scalars.append(s)
                    paragraphs[paragraphs.count - 1].styles.append(si)
                }
            }
        }
        if let firstRun = runs.first, paragraphs[0].scalars.isEmpty { paragraphs[0].breakStyle = 0; _ = firstRun }
        // Wrapping and truncation: the layer's, unless the first paragraph's style says.
        var o = d.options
        var charWrapping = false
        let firstStyle = paragraphs[0].styles.first ?? paragraphs[0].breakStyle
        switch styles[firstStyle].paragraph?.lineBreakMode {
        case nil: break
        case .wordWrapping?: o.wrapped = true; o.truncation = .none
        case .charWrapping?: o.wrapped = true; o.truncation = .none; charWrapping = true
        case .clipping?: o.truncation = .none
        case .truncatingHead?: o.truncation = .start
        case .truncatingTail?: o.truncation = .end
        case .truncatingMiddle?: o.truncation = .middle
        }
        let primary = styles.map(\.font), kerning = styles.map(\.kerning)
        var fallbackFonts: [String: Int] = [:]
        func fallback(_ s: Unicode.Scalar, _ style: Int) throws -> Int {
            let size = fonts[styles[style].font].pixelSize
            guard let l = FontFallback.font(for: s) else { return styles[style].font }
            let key = "\(size.bitPattern) \(l.index) \(l.path)"
            if let f = fallbackFonts[key] { return f }
            let f = (try? fonts.index(l, pixelSize: size)) ?? styles[style].font
            fallbackFonts[key] = f
            return f
        }
        // Lines of units, in logical order.
        var raw: [LaidLine] = []
        for (pi, p) in paragraphs.enumerated() {
            let pstyle = styles[p.styles.first ?? p.breakStyle].paragraph
            let bidi = BidiLevels(p.scalars, direction: pstyle?.baseWritingDirection ?? .natural)
            let units = try TextShaper.shape(p.scalars, styleOf: p.styles, levels: bidi.levels, primary: primary,
                                             kerning: kerning, charWrapping: charWrapping, fonts: fonts,
                                             fallback: fallback)
            let ranges = o.wrapped ? ShapedLineBreaker.lines(units, width: o.width)
                : [0..<ShapedLineBreaker.trimmedEnd(units, 0..<units.count)]
            for (k, r) in ranges.enumerated() {
                let next = k + 1 < ranges.count ? ranges[k + 1].lowerBound : units.count
                raw.append(LaidLine(units: Array(units[r]), paragraph: pi, endsParagraph: k == ranges.count - 1,
                                    spaceAfter: r.upperBound < next, emptyStyle: p.styles.first ?? p.breakStyle,
                                    paragraphLevel: bidi.paragraphLevel))
            }
        }
        // Truncation.
        func ellipsis(_ style: Int, _ level: UInt8) throws -> TextUnit {
            try ShapedLineBreaker.single(LineTruncation.ellipsis, style: style, level: level, styles: styles,
                                         fonts: fonts, fallback: fallback)
        }
        var truncated = Set<Int>()
        if o.truncation != .none {
            if o.wrapped {
                var top = 0.0, fit = raw.count
                for (i, l) in raw.enumerated() {
                    let m = lineMetrics(l, styles: styles, fonts: fonts, scale: d.scale)
                    if i > 0, top + m.height > o.height + 1e-9 { fit = i; break }
                    top += m.advance
                }
                if raw.count > fit {
                    var rest = raw[fit - 1].units
                    for i in fit..<raw.count {
                        if raw[i - 1].endsParagraph || raw[i - 1].spaceAfter, let u = raw[i].units.first ?? rest.last {
                            rest.append(try ShapedLineBreaker.single(" ", style: u.style, level: raw[i].paragraphLevel,
                                                                     styles: styles, fonts: fonts, fallback: fallback))
                        }
                        rest += raw[i].units
                    }
                    raw.removeSubrange(fit...)
                    raw[fit - 1].units = try LineTruncation.truncate(rest, width: o.width, mode: o.truncation,
                                                                     force: true, paragraphLevel: raw[fit - 1].paragraphLevel,
                                                                     ellipsis: ellipsis)
                    truncated.insert(fit - 1)
                }
            } else {
                for i in raw.indices where ShapedLineBreaker.width(raw[i].units) > o.width {
                    raw[i].units = try LineTruncation.truncate(raw[i].units, width: o.width, mode: o.truncation,
                                                               force: false, paragraphLevel: raw[i].paragraphLevel,
                                                               ellipsis: ellipsis)
                    truncated.insert(i)
                }
            }
        }
        // Positions.
        var top = 0.0
        for (i, l) in raw.enumerated() {
            let m = lineMetrics(l, styles: styles, fonts: fonts, scale: d.scale)
            var alignment = styles[paragraphs[l.paragraph].styles.first ?? l.emptyStyle].paragraph?.alignment
                ?? o.alignment
            if alignment == .natural { alignment = l.paragraphLevel == 1 ? .right : .left }
            let justify = alignment == .justified && o.wrapped && !l.endsParagraph && !truncated.contains(i)
            place(l, baseline: top + m.ascent, alignment: alignment, justify: justify, width: o.width,
                  styles: styles, fonts: fonts)
            top += m.advance
        }
        self.fonts = fonts.fonts
    }

    /// A line's ascent, height (ascent + descent, × lineHeightMultiple) and advance to the next line's top.
    /// The spacing comes from its paragraph's style (the run holding the paragraph's first character),
    /// whichever run the line itself starts in.
    func lineMetrics(_ l: LaidLine, styles: [ResolvedStyle], fonts: FontTable, scale: Double)
        -> (ascent: Double, height: Double, advance: Double) {
        var ascent = 0.0, below = 0.0
        let used = l.units.isEmpty ? [styles[l.emptyStyle].font] : l.units.map(\.font)
        var seen = Set<Int>()
        for f in used where seen.insert(f).inserted {
            ascent = max(ascent, fonts[f].ascender)
            below = max(below, fonts[f].lineHeight - fonts[f].ascender)
        }
        var height = ascent + below
        let p = styles[l.emptyStyle].paragraph
        let multiple = p?.lineHeightMultiple ?? 0
        if multiple > 0 {
            let extra = height * multiple - height
            ascent += extra; height += extra
        }
        var advance = height + (p?.lineSpacing ?? 0) * scale
        if l.endsParagraph { advance += (p?.paragraphSpacing ?? 0) * scale }
        return (ascent, height, advance)
    }

    /// Adds a bar, extending the one it continues (same line, colour and thickness) instead.
    mutating func addBar(_ b: DecorationBar) {
        for i in bars.indices.suffix(4) where bars[i].x1 == b.x0 && bars[i].y == b.y && bars[i].thickness == b.thickness
            && bars[i].color == b.color {
            bars[i].x1 = b.x1
            return
        }
        bars.append(b)
    }

    /// Places one line's glyphs and bars (visual order from the units' bidi levels).
    mutating func place(_ l: LaidLine, baseline: Double, alignment: TextLayoutOptions.Alignment, justify: Bool,
                        width boxWidth: Double, styles: [ResolvedStyle], fonts: FontTable) {
        let units = l.units
        let natural = ShapedLineBreaker.width(units)
        // Gaps: the last space unit of each space run with a non-space unit on both sides.
        var gapUnits = Set<Int>()
        if justify {
            var seenWord = false
            for k in units.indices where !units[k].isSpace {
                if seenWord, k > 0, units[k - 1].isSpace { gapUnits.insert(k - 1) }
                seenWord = true
            }
        }
        let extra = gapUnits.isEmpty ? 0 : max(0, boxWidth - natural) / Double(gapUnits.count)
        let width = natural + extra * Double(gapUnits.count)
        let origin: Double
        switch alignment {
        case .left, .natural: origin = 0
        // A justified paragraph's lines that are not stretched (its last, a cut one, one without a
        // gap, any unwrapped) are natural-aligned, as NSTextAlignment.justified's last line is:
        // right in a right-to-left paragraph.
        case .justified: origin = gapUnits.isEmpty && l.paragraphLevel & 1 == 1 ? boxWidth - width : 0
        case .right: origin = boxWidth - width
        case .center: origin = (boxWidth - width) / 2
        }
        var line = ShapedLine(text: "", baseline: baseline, originX: origin, width: width, visualText: "", glyphIDs: [], glyphX: [])
        var text = String.UnicodeScalarView()
        for u in units { text.append(contentsOf: u.scalars) }
        line.text = String(text)
        var pen = origin
        var visual = String.UnicodeScalarView()
        for k in BidiLevels.visualOrder(units.map(\.level)) {
            let u = units[k], st = styles[u.style]
            if u.level & 1 == 1 { visual.append(contentsOf: u.scalars.reversed()) } else { visual.append(contentsOf: u.scalars) }
            let startX = pen
            let y = baseline - st.baselineOffset
            for g in u.glyphs {
                line.glyphIDs.append(g.id); line.glyphX.append(pen + g.dx)
                if !u.isSpace {
                    glyphs.append(PlacedGlyph(font: g.font, id: g.id, x: pen + g.dx, y: y - g.dy, color: st.color))
                }
                pen += g.advance
            }
            pen += st.kerning
            if gapUnits.contains(k) { pen += extra }
            let f = fonts[st.font]
            for (style, position) in [(st.underline, f.underlinePosition), (st.strikethrough, -f.pixelSize * 0.3)]
                where style != .none {
                let t = style == .thick ? f.underlineThickness * 2 : f.underlineThickness
                addBar(DecorationBar(x0: startX, x1: pen, y: y + position, thickness: t, color: st.color))
                if style == .double {
                    addBar(DecorationBar(x0: startX, x1: pen, y: y + position + 2 * t, thickness: t, color: st.color))
                }
            }
        }
        line.visualText = String(visual)
        lines.append(line)
    }
}

/// A line before placement: its units in logical order.
struct LaidLine {
    var units: [TextUnit]
    var paragraph: Int
    var endsParagraph: Bool
    /// The line broke at spaces (dropped).
    var spaceAfter: Bool
    /// The paragraph's style (the run holding its first character, or its break's): its font gives
    /// an empty line its height, and its paragraph style the line's spacing.
    var emptyStyle: Int
    var paragraphLevel: UInt8
}
