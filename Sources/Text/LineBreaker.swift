// Text: splits a paragraph into lines that fit a width — greedy, at word
// boundaries (runs of spaces), breaking a word between characters only when
// it alone is wider than the line. Spaces where a line breaks are dropped;
// spaces at a paragraph's start are kept, at its end dropped.

/// Line breaking for one paragraph.
enum LineBreaker {
    /// Space characters that separate words.
    static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" }

    /// Width of `s` with kerning between neighbours.
    static func measure<C: Collection>(_ s: C, _ m: GlyphMetrics) -> Double where C.Element == Unicode.Scalar {
        var w = 0.0
        var previous: Unicode.Scalar?
        for c in s {
            if let p = previous { w += m.kerning(p, c) }
            w += m.advance(c)
            previous = c
        }
        return w
    }

    /// The lines of `paragraph` (ranges into it) no wider than `width`.
    /// Widths grow word by word, so a paragraph costs time linear in its length.
    static func lines(_ p: [Unicode.Scalar], width: Double, metrics m: GlyphMetrics) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0       // first character of the line being built
        var end = 0         // end of its last word (trailing spaces excluded)
        var lineWidth = 0.0 // width of p[start..<end]
        var hasWord = false
        var i = 0
        // Width of p[a..<b] appended to a run ending at a (kerning with p[a − 1] when a > from).
        func extent(_ a: Int, _ b: Int, after from: Int) -> Double {
            var w = 0.0
            for k in a..<b {
                if k > from { w += m.kerning(p[k - 1], p[k]) }
                w += m.advance(p[k])
            }
            return w
        }
        while i < p.count {
            // Next word: spaces [i, ws), characters [ws, we).
            var ws = i
            while ws < p.count, isSpace(p[ws]) { ws += 1 }
            if ws == p.count { break }
            var we = ws
            while we < p.count, !isSpace(p[we]) { we += 1 }
            if hasWord {
                let candidate = lineWidth + extent(end, we, after: start)
                if candidate <= width {
                    end = we; lineWidth = candidate; i = we
                    continue
                }
                out.append(start..<end)
                start = ws
            }
            // The word opens a line (after any leading spaces of the paragraph):
            // split it between characters while it is too wide on its own.
            var w = 0.0
            for k in start..<we {
                let add = (k > start ? m.kerning(p[k - 1], p[k]) : 0) + m.advance(p[k])
                if w + add > width, k > start, k > ws {
                    out.append(start..<k)
                    start = k
                    w = m.advance(p[k])
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
}
