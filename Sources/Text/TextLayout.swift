// Text: a string laid out in a box — paragraphs split at '\n', wrapped
// (LineBreaker) or not, truncated (LineTruncation), aligned, and each
// character given a pen position. Lines start at the top of the box: the
// first baseline is one ascender down, then one line height per line. All
// units are pixels of the backing image. Justified lines stretch the gaps
// between words so the line spans the box, except a paragraph's last line.

import Geometry

/// One positioned line.
public struct TextLine: Equatable {
    /// The characters drawn, ellipsis included.
    public var scalars: [Unicode.Scalar]
    /// The pen x of each character (alignment and justification included).
    public var x: [Double]
    /// The baseline's y, down from the box's top.
    public var baseline: Double
    /// Where the line starts (its alignment offset).
    public var originX: Double
    /// From originX to the end of the last character's advance.
    public var width: Double

    /// The line's characters as a String.
    public var text: String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }
}

/// A laid-out string.
public struct TextLayout: Equatable {
    public var lines: [TextLine]

    /// Lays out `string` with `metrics` in the box of `options`.
    public init(_ string: String, metrics m: GlyphMetrics, ascender: Double, lineHeight: Double,
                options o: TextLayoutOptions) {
        var raw: [(scalars: [Unicode.Scalar], endsParagraph: Bool)] = []
        let paragraphs = Self.paragraphs(string)
        for p in paragraphs {
            if o.wrapped {
                let ranges = LineBreaker.lines(p, width: o.width, metrics: m)
                for (i, r) in ranges.enumerated() {
                    raw.append((Array(p[r]), i == ranges.count - 1))
                }
            } else {
                raw.append((LineTruncation.trimTrailing(p[...]), true))
            }
        }
        var truncated = Set<Int>()
        if o.truncation != .none {
            if o.wrapped {
                // Keep the lines that fit vertically; the last kept one carries the rest, cut.
                let fit = Int(clamping: (o.height / max(lineHeight, 1e-9)) + 1e-9, to: 1...Int.max)
                if raw.count > fit {
                    var rest = raw[fit - 1].scalars
                    for r in raw[fit...] { rest += [" "] + r.scalars }
                    raw.removeSubrange(fit...)
                    raw[fit - 1].scalars = LineTruncation.truncate(rest, width: o.width, mode: o.truncation,
                                                                   force: true, metrics: m)
                    truncated.insert(fit - 1)
                }
            } else {
                for i in raw.indices where LineBreaker.measure(raw[i].scalars, m) > o.width {
                    raw[i].scalars = LineTruncation.truncate(raw[i].scalars, width: o.width,
                                                             mode: o.truncation, metrics: m)
                    truncated.insert(i)
                }
            }
        }
        lines = raw.enumerated().map { i, r in
            let justify = o.alignment == .justified && o.wrapped && !r.endsParagraph && !truncated.contains(i)
            return Self.position(r.scalars, metrics: m, options: o, justify: justify,
                                 baseline: ascender + Double(i) * lineHeight)
        }
    }

    /// The paragraphs of `string`: split at "\n" ("\r\n" counts as one break).
    static func paragraphs(_ string: String) -> [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = [[]]
        for s in string.unicodeScalars {
            if s == "\n" { out.append([]) } else if s != "\r" { out[out.count - 1].append(s) }
        }
        return out
    }

    /// Pen positions for one line, aligned (and justified when asked).
    static func position(_ s: [Unicode.Scalar], metrics m: GlyphMetrics, options o: TextLayoutOptions,
                         justify: Bool, baseline: Double) -> TextLine {
        let natural = LineBreaker.measure(s, m)
        // Gaps between words: space runs with a word on both sides.
        var gapStarts: [Int] = []  // index of the first character after each gap
        if justify {
            var seenWord = false
            for i in s.indices where !LineBreaker.isSpace(s[i]) {
                if seenWord, i > 0, LineBreaker.isSpace(s[i - 1]) { gapStarts.append(i) }
                seenWord = true
            }
        }
        let extra = gapStarts.isEmpty ? 0 : max(0, o.width - natural) / Double(gapStarts.count)
        let width = gapStarts.isEmpty ? natural : natural + extra * Double(gapStarts.count)
        let origin: Double
        switch o.alignment {
        case .left, .natural, .justified: origin = 0
        case .right: origin = o.width - width
        case .center: origin = (o.width - width) / 2
        }
        var xs: [Double] = []
        xs.reserveCapacity(s.count)
        var pen = 0.0, gaps = 0, nextGap = gapStarts.first
        for i in s.indices {
            if i > 0 { pen += m.advance(s[i - 1]) + m.kerning(s[i - 1], s[i]) }
            if i == nextGap {
                gaps += 1
                nextGap = gaps < gapStarts.count ? gapStarts[gaps] : nil
            }
            xs.append(origin + pen + extra * Double(gaps))
        }
        return TextLine(scalars: s, x: xs, baseline: baseline, originX: origin, width: width)
    }
}
