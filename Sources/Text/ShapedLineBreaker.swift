// Text: line breaking over shaped clusters (TextUnit) — greedy, at break
// opportunities (after spaces, beside ideographs but for the CJK
// prohibitions of LineBreakProhibitions, anywhere in
// charWrapping), breaking between clusters only when a word alone is wider
// than the line, never inside a cluster. Spaces where a line breaks are
// dropped; spaces at a paragraph's start are kept, at its end dropped. The
// same rules as LineBreaker's for plain scalars, on widths HarfBuzz gave.

enum ShapedLineBreaker {
    /// Width of `units` (kerning and ligatures are inside each unit's advance).
    static func width<C: Collection>(_ units: C) -> Double where C.Element == TextUnit {
        units.reduce(0) { $0 + $1.advance }
    }

    /// The end of `r` with trailing spaces removed.
    static func trimmedEnd(_ u: [TextUnit], _ r: Range<Int>) -> Int {
        var e = r.upperBound
        while e > r.lowerBound, u[e - 1].isSpace { e -= 1 }
        return e
    }

    /// The lines of a paragraph's units (ranges into them) no wider than `width`.
    static func lines(_ u: [TextUnit], width: Double) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0, end = 0, lineWidth = 0.0, hasWord = false, i = 0
        while i < u.count {
            // Next segment: spaces [i, ws), content [ws, we) up to the next break opportunity.
            var ws = i
            while ws < u.count, u[ws].isSpace { ws += 1 }
            if ws == u.count { break }
            var we = ws + 1
            while we < u.count, !u[we].isSpace, !u[we].breaksBefore { we += 1 }
            if hasWord {
                let candidate = lineWidth + Self.width(u[end..<we])
                if candidate <= width {
                    end = we; lineWidth = candidate; i = we
                    continue
                }
                out.append(start..<end)
                start = ws
            }
            // The segment opens a line: split it between clusters while it is too wide on its own.
            var w = 0.0
            for k in start..<we {
                let add = u[k].advance
                if w + add > width, k > start, k > ws {
                    out.append(start..<k)
                    start = k
                    w = add
                } else {
                    w += add
                }
            }
            end = we; lineWidth = w; hasWord = true
            i = we
        }
        out.append(start..<(hasWord ? end : start))
        return out
    }

    /// One character shaped alone in `style` (the ellipsis, a joining space).
    static func single(_ s: Unicode.Scalar, style: Int, level: UInt8, styles: [ResolvedStyle], fonts: FontTable,
                       fallback: (Unicode.Scalar, Int) throws -> Int) throws -> TextUnit {
        let units = try TextShaper.shape([s], styleOf: [0], levels: [level], primary: [styles[style].font],
                                         kerning: [styles[style].kerning], charWrapping: false, fonts: fonts,
                                         fallback: { c, _ in try fallback(c, style) })
        // HarfBuzz gives every cluster a glyph (the ellipsis and the space are never removed
        // as default-ignorable), but an empty answer must not trap.
        guard var u = units.first else {
            return TextUnit(glyphs: [], advance: 0, style: style, level: level, isSpace: s == " ",
                            breaksBefore: false, scalars: [s][...], font: styles[style].font)
        }
        u.style = style
        return u
    }
}

extension LineTruncation {
    /// `line` cut to fit `width` with an ellipsis at `mode`'s place, never
    /// inside a cluster; `force` adds the ellipsis even when the line fits.
    /// The ellipsis takes the style of the text beside it.
    /// The ellipsis' bidi level: a neutral between the clusters `before` and `after` it (nil: the
    /// line's edge, which counts as the paragraph's direction), as rules N1 and N2 resolve one —
    /// when both sides run against the paragraph's direction it takes the lower of their levels,
    /// else the paragraph's level. So a cut at the end of a right-to-left paragraph puts the
    /// ellipsis at the line's left end even after a left-to-right word.
    static func ellipsisLevel(before: TextUnit?, after: TextUnit?, paragraphLevel: UInt8) -> UInt8 {
        guard let b = before, let a = after, b.level & 1 != paragraphLevel & 1, a.level & 1 != paragraphLevel & 1
        else { return paragraphLevel }
        return min(b.level, a.level)
    }

    /// `line` cut to fit `width` with an ellipsis at `mode`'s place, keeping as many clusters as
    /// fit (the largest count whose line fits: the ellipsis takes the style of its neighbour, so
    /// keeping one more cluster can make the line narrower, and a binary search over the count
    /// could stop short); never inside a cluster; `force` adds the ellipsis even when the line fits.
    static func truncate(_ line: [TextUnit], width: Double, mode: TextLayoutOptions.Truncation, force: Bool,
                         paragraphLevel: UInt8, ellipsis: (Int, UInt8) throws -> TextUnit) throws -> [TextUnit] {
        if mode == .none || line.isEmpty { return line }
        if !force, ShapedLineBreaker.width(line) <= width { return line }
        let n = line.count
        // prefix[i]: width of line[0..<i]. headEnd[i]: end of line[0..<i] without trailing spaces;
        // tailStart[i]: start of line[i..<n] without leading spaces.
        var prefix = [0.0], headEnd = [0], tailStart = [Int](repeating: n, count: n + 1)
        for (i, u) in line.enumerated() {
            prefix.append(prefix[i] + u.advance)
            headEnd.append(u.isSpace ? headEnd[i] : i + 1)
        }
        for i in stride(from: n - 1, through: 0, by: -1) { tailStart[i] = line[i].isSpace ? tailStart[i + 1] : i }
        // Ellipses shaped once per (style, level) the candidates ask for.
        var marks: [Int: TextUnit] = [:]
        func mark(beside u: TextUnit, before: TextUnit?, after: TextUnit?) throws -> TextUnit {
            let level = ellipsisLevel(before: before, after: after, paragraphLevel: paragraphLevel)
            let key = u.style * 256 + Int(level)
            if let m = marks[key] { return m }
            let m = try ellipsis(u.style, level)
            marks[key] = m
            return m
        }
        /// Keeping k clusters: the head line[0..<h] and tail line[t..<n] (spaces beside the ellipsis dropped) and the ellipsis.
        func candidate(_ k: Int) throws -> (head: Int, tail: Int, mark: TextUnit) {
            let h: Int, t: Int
            switch mode {
            case .none, .end: h = headEnd[k]; t = n
            case .start: h = 0; t = tailStart[n - k]
            case .middle: h = headEnd[(k + 1) / 2]; t = tailStart[n - k / 2]
            }
            let before = h > 0 ? line[h - 1] : nil, after = t < n ? line[t] : nil
            let beside = mode == .start ? (after ?? line[n - 1]) : (before ?? line[0])
            return (h, t, try mark(beside: beside, before: before, after: after))
        }
        var keep = 0
        for k in stride(from: force ? n : n - 1, through: 0, by: -1) {
            let c = try candidate(k)
            if prefix[c.head] + c.mark.advance + (prefix[n] - prefix[c.tail]) <= width { keep = k; break }
        }
        let c = try candidate(keep)
        return Array(line[0..<c.head]) + [c.mark] + Array(line[c.tail..<n])
    }
}
