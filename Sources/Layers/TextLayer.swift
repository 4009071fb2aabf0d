// Layers: CATextLayer's model — a string laid out in the layer's bounds and
// drawn into the layer's backing image at contentsScale, which both
// backends then composite like any contents.

import Geometry
import Text

/// Horizontal alignment of text lines (CATextLayer's alignmentMode).
public enum TextAlignment: String, Sendable, CaseIterable {
    case natural, left, right, center, justified
}

/// Where an over-long line is cut and an ellipsis put (CATextLayer's truncationMode).
public enum TextTruncation: String, Sendable, CaseIterable {
    case none, start, middle, end
}

/// A layer that draws a string (CATextLayer).
public final class TextLayer: Layer {
    public override var kind: LayerKind { .text }

    /// The plain string; setting it to other characters than `attributedString`'s clears that.
    public var string: String = "" {
        didSet {
            if let a = attributedString, a.string != string { attributedString = nil }
            touch()
        }
    }
    /// Rich text (runs with their own font, size, colour…); when set, drawn
    /// instead of a plain string, and `string` holds its characters.
    public var attributedString: AttributedText? {
        didSet {
            if let a = attributedString, a.string != string { string = a.string }
            touch()
        }
    }
    /// A font family name ("DejaVu Sans") or a font file path; nil: the default font.
    public var font: String? { didSet { touch() } }
    public var fontSize: Double = 36 { didSet { changed("fontSize", from: .number(oldValue)) } }
    public var foregroundColor: Color? = .white {
        didSet { changed("foregroundColor", from: .color(oldValue)) }
    }
    public var alignmentMode: TextAlignment = .natural { didSet { touch() } }
    public var isWrapped = false { didSet { touch() } }
    public var truncationMode: TextTruncation = .none { didSet { touch() } }

    /// Whether the layer draws any text: characters, and a visible colour for some of them.
    public var hasVisibleText: Bool {
        guard !string.isEmpty else { return false }
        if (foregroundColor?.a ?? 0) > 0 { return true }
        return attributedString?.runs.contains { ($0.foregroundColor?.a ?? 0) > 0 && !$0.text.isEmpty } ?? false
    }

    public required init() { super.init() }

    override func copyState(from o: Layer) {
        super.copyState(from: o)
        guard let t = o as? TextLayer else { return }
        string = t.string; attributedString = t.attributedString; font = t.font; fontSize = t.fontSize; foregroundColor = t.foregroundColor
        alignmentMode = t.alignmentMode; isWrapped = t.isWrapped; truncationMode = t.truncationMode
    }
}
