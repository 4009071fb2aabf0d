// Text: how a string is laid out in a box — the box size in pixels, line
// alignment, wrapping and truncation (CATextLayer's alignmentMode, isWrapped
// and truncationMode, with `natural` already mapped to left).

/// Layout settings for one text box.
public struct TextLayoutOptions: Hashable, Sendable {
    /// Horizontal placement of each line.
    /// `natural` is left in a left-to-right paragraph and right in a right-to-left one
    /// (the attributed layout; the plain scalar layout treats it as left).
    public enum Alignment: String, Hashable, Sendable { case left, right, center, justified, natural }
    /// Where an over-long line loses characters to an ellipsis.
    public enum Truncation: String, Hashable, Sendable { case none, start, middle, end }

    /// Box width and height in pixels.
    public var width: Double
    public var height: Double
    public var alignment: Alignment
    /// Break lines at word boundaries (and inside words too long for a line).
    public var wrapped: Bool
    public var truncation: Truncation

    public init(width: Double, height: Double, alignment: Alignment = .left, wrapped: Bool = false,
                truncation: Truncation = .none) {
        self.width = width; self.height = height; self.alignment = alignment
        self.wrapped = wrapped; self.truncation = truncation
    }
}
