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
    static func lines(_ p: [Unicode.Scalar], width: Double, metrics m: GlyphMetrics) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0       // first character of the line being built
        var end = 0         // end of its last word (trailing spaces excluded)
        var hasWord = false
        var i = 0
        while i < p.count {
            // Next word: spaces [i, ws), characters [ws, we).
            var ws = i
            while ws < p.count, isSpace(p[ws]) { ws += 1 }
            if ws == p.count { break }
            var we = ws
            while we < p.count, !isSpace(p[we]) { we += 1 }
            if hasWord, measure(p[start..<we], m) > width {
                out.append(start..<end)
                start = ws; hasWord = false
            }
            if !hasWord {
                // The word opens a line: split it while it is too wide on its own.
                while measure(p[start..<we], m) > width {
                    var k = start + 1
                    while k < we, measure(p[start..<(k + 1)], m) <= width { k += 1 }
                    if k == we { break }
                    out.append(start..<k)
                    start = k
                }
            }
            end = we; hasWord = true
            i = we
        }
        out.append(start..<(hasWord ? end : start))
        return out
    }
}
