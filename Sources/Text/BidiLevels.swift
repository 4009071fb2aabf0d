// Text: the Unicode Bidirectional Algorithm, by GNU FriBidi — each
// character's embedding level in a paragraph (even: left to right, odd:
// right to left) and the paragraph's own direction, taken from its first
// strong character (rule P2) unless the paragraph style says; and rule L2,
// the visual order of a line's pieces from their levels.

import CFriBidi

/// Bidi levels of one paragraph.
struct BidiLevels {
    /// One level per scalar of the paragraph.
    var levels: [UInt8]
    /// The paragraph's level: 0 left to right, 1 right to left.
    var paragraphLevel: UInt8

    /// Whether `s` may need the bidi algorithm (a right-to-left letter or an explicit bidi control).
    static func mayBeRightToLeft(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
            || (0x200E...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
    }

    init(_ p: [Unicode.Scalar], direction: WritingDirection) {
        let n = p.count
        let explicit: UInt8? = direction == .leftToRight ? 0 : direction == .rightToLeft ? 1 : nil
        // Text without right-to-left characters is all level 0 in a left-to-right paragraph.
        guard n > 0, explicit == 1 || p.contains(where: Self.mayBeRightToLeft) else {
            levels = [UInt8](repeating: explicit ?? 0, count: n)
            paragraphLevel = explicit ?? 0
            if explicit == 1 { levels = [UInt8](repeating: 1, count: n) }
            return
        }
        let chars = p.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var out = [FriBidiLevel](repeating: 0, count: n)
        var base: FriBidiParType = explicit == 0 ? cfribidi_par_ltr() : explicit == 1 ? cfribidi_par_rtl() : cfribidi_par_on()
        fribidi_get_bidi_types(chars, FriBidiStrIndex(n), &types)
        fribidi_get_bracket_types(chars, FriBidiStrIndex(n), types, &brackets)
        let maxLevel = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &out)
        let rtl = base == cfribidi_par_rtl()
        if maxLevel == 0 {  // FriBidi failed (memory): fall back to one direction
            levels = [UInt8](repeating: rtl ? 1 : 0, count: n)
        } else {
            levels = out.map { UInt8(clamping: max(0, Int($0))) }
        }
        paragraphLevel = rtl ? 1 : 0
    }

    /// Rule L2: the visual order of items with `levels` (indices, left to right).
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let high = levels.max(), high > 0 else { return order }
        let lowestOdd = (levels.min() ?? 0) | 1
        var level = high
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
