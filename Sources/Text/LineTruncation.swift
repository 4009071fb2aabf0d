// Text: fits one line into a width by replacing characters with an
// ellipsis (U+2026) at its start, middle or end, as CATextLayer's
// truncationMode does. Spaces next to the ellipsis are dropped. When not
// even the ellipsis fits, the line is the ellipsis alone (clipped).

/// Truncation of a single line.
enum LineTruncation {
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// `line` cut to fit `width` with an ellipsis at `mode`'s place; `force`
    /// adds the ellipsis even when the line fits (text was dropped after it).
    static func truncate(_ line: [Unicode.Scalar], width: Double, mode: TextLayoutOptions.Truncation,
                         force: Bool = false, metrics m: GlyphMetrics) -> [Unicode.Scalar] {
        if mode == .none { return line }
        if !force, LineBreaker.measure(line, m) <= width { return line }
        let n = line.count
        // The line keeping k of its characters around the ellipsis.
        func candidate(_ k: Int) -> [Unicode.Scalar] {
            switch mode {
            case .none: return line
            case .end:
                return trimTrailing(line[0..<k]) + [ellipsis]
            case .start:
                return [ellipsis] + trimLeading(line[(n - k)..<n])
            case .middle:
                let head = (k + 1) / 2, tail = k / 2
                return trimTrailing(line[0..<head]) + [ellipsis] + trimLeading(line[(n - tail)..<n])
            }
        }
        // Keep at most n characters when forced (the ellipsis marks text dropped after the line), else fewer than n.
        var lo = 0, hi = force ? n : n - 1
        guard hi >= 0 else { return [ellipsis] }
        if LineBreaker.measure(candidate(lo), m) > width { return [ellipsis] }
        // Largest k whose candidate fits (widths grow with k, kerning aside).
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if LineBreaker.measure(candidate(mid), m) <= width { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }

    static func trimTrailing(_ s: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        var e = s.endIndex
        while e > s.startIndex, LineBreaker.isSpace(s[e - 1]) { e -= 1 }
        return Array(s[s.startIndex..<e])
    }

    static func trimLeading(_ s: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        var b = s.startIndex
        while b < s.endIndex, LineBreaker.isSpace(s[b]) { b += 1 }
        return Array(s[b..<s.endIndex])
    }
}
