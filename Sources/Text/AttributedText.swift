// Text: rich text — a list of runs, each a piece of text with its own
// attributes, named as NSAttributedString names them (font, fontSize,
// foregroundColor, kerning, underlineStyle, strikethroughStyle,
// baselineOffset) and an optional paragraph style (lineSpacing,
// lineHeightMultiple, paragraphSpacing, alignment, lineBreakMode,
// baseWritingDirection). An attribute left nil takes the layer's value
// (its font, fontSize, foregroundColor, alignmentMode…), so a one-run list
// with no attributes draws exactly what the plain string draws.

import Geometry

/// How a run's underline or strikethrough is drawn (NSUnderlineStyle's common cases).
public enum TextLineStyle: String, Hashable, Sendable, CaseIterable {
    case none, single, thick, double
}

/// How lines break and where they are cut (NSLineBreakMode).
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    case wordWrapping, charWrapping, clipping, truncatingHead, truncatingTail, truncatingMiddle
}

/// The paragraph direction (NSWritingDirection): natural takes it from the
/// first strong character (rule P2 of the bidi algorithm), left-to-right when none.
public enum WritingDirection: String, Hashable, Sendable, CaseIterable {
    case natural, leftToRight, rightToLeft
}

/// The paragraph settings of a run (NSParagraphStyle); the style of a
/// paragraph is that of the run holding its first character.
public struct ParagraphStyle: Hashable, Sendable {
    /// nil: the layer's alignmentMode.
    public var alignment: TextLayoutOptions.Alignment?
    /// Extra points between lines (leading).
    public var lineSpacing: Double = 0
    /// Line height × this (0: unchanged).
    public var lineHeightMultiple: Double = 0
    /// Extra points after the paragraph's last line.
    public var paragraphSpacing: Double = 0
    /// nil: the layer's isWrapped and truncationMode. Only the first paragraph's counts (for the whole text).
    public var lineBreakMode: LineBreakMode?
    public var baseWritingDirection: WritingDirection = .natural

    public init(alignment: TextLayoutOptions.Alignment? = nil, lineSpacing: Double = 0,
                lineHeightMultiple: Double = 0, paragraphSpacing: Double = 0,
                lineBreakMode: LineBreakMode? = nil, baseWritingDirection: WritingDirection = .natural) {
        self.alignment = alignment; self.lineSpacing = lineSpacing; self.lineHeightMultiple = lineHeightMultiple
        self.paragraphSpacing = paragraphSpacing; self.lineBreakMode = lineBreakMode
        self.baseWritingDirection = baseWritingDirection
    }
}

/// One run of rich text.
public struct TextRun: Hashable, Sendable {
    public var text: String
    /// A family ("DejaVu Sans", "DejaVu Sans:style=Bold") or a font file; nil: the layer's.
    public var font: String?
    /// Points; nil: the layer's.
    public var fontSize: Double?
    /// nil: the layer's foregroundColor.
    public var foregroundColor: Color?
    /// Extra points after each character (NSKernAttributeName).
    public var kerning: Double = 0
    public var underlineStyle: TextLineStyle = .none
    public var strikethroughStyle: TextLineStyle = .none
    /// Points the run is raised above the baseline (negative: lowered).
    public var baselineOffset: Double = 0
    public var paragraphStyle: ParagraphStyle?

    public init(_ text: String, font: String? = nil, fontSize: Double? = nil, foregroundColor: Color? = nil,
                kerning: Double = 0, underlineStyle: TextLineStyle = .none,
                strikethroughStyle: TextLineStyle = .none, baselineOffset: Double = 0,
                paragraphStyle: ParagraphStyle? = nil) {
        self.text = text; self.font = font; self.fontSize = fontSize; self.foregroundColor = foregroundColor
        self.kerning = kerning; self.underlineStyle = underlineStyle; self.strikethroughStyle = strikethroughStyle
        self.baselineOffset = baselineOffset; self.paragraphStyle = paragraphStyle
    }

    /// The run's text attributes with the same values (text aside).
    func sameAttributes(as o: TextRun) -> Bool {
        var a = self; a.text = o.text
        return a == o
    }
}

/// Rich text: runs in reading (logical) order (NSAttributedString).
public struct AttributedText: Hashable, Sendable {
    public var runs: [TextRun]

    public init(_ runs: [TextRun]) { self.runs = runs }

    /// One run of `string` with the layer's attributes.
    public init(plain string: String) { runs = [TextRun(string)] }

    /// The characters of every run, concatenated.
    public var string: String { runs.map(\.text).joined() }

    /// The same text with neighbouring runs of equal attributes merged and
    /// empty runs dropped (what layout works on).
    public var normalized: AttributedText {
        var out: [TextRun] = []
        for r in runs where !r.text.isEmpty {
            if let last = out.last, last.sameAttributes(as: r) { out[out.count - 1].text += r.text } else { out.append(r) }
        }
        return AttributedText(out)
    }
}
