// Layers: a layer whose backing image is drawn in software — UIView's
// draw(_:) / CALayer's drawLayer(_:in:) — through a cairo DrawingContext
// (Sources/Drawing). The content comes from a closure (`drawsContent`), a
// delegate, or a declarative operation list (scene files). The backing
// store and its pending dirty rects live in a `DisplayState` that
// presentation copies share with their model layer, so a frame redraws
// only what `setNeedsDisplay(in:)` marked, and the store survives frames.

import Drawing
import Geometry

/// Draws a drawing layer's content (CALayerDelegate's drawLayer(_:in:)).
public protocol DrawingLayerDelegate: AnyObject {
    func draw(_ layer: DrawingLayer, in context: DrawingContext)
}

/// A layer that draws its own content into a backing image of bounds × contentsScale pixels.
public final class DrawingLayer: Layer {
    public override var kind: LayerKind { .drawing }

    /// Draws the content (UIView's draw(_:)); called with the context clipped to the dirty rects.
    public var drawsContent: ((DrawingContext) -> Void)? { didSet { setNeedsDisplay() } }
    /// Draws the content when `drawsContent` is nil.
    public weak var delegate: DrawingLayerDelegate? { didSet { setNeedsDisplay() } }
    /// The declarative content (scene files): run after `drawsContent`/the delegate.
    /// Operations with a time appear at that time of the layer timeline.
    public var operations: [TimedDrawingOperation] = [] { didSet { setNeedsDisplay() } }
    /// Whether any change of the bounds redraws everything (a size change in pixels always does).
    public var needsDisplayOnBoundsChange = false { didSet { touch() } }
    /// The backing store and pending redraws, shared by the model layer and its presentation copies.
    public internal(set) var display = DisplayState()
    /// The time this copy shows (set on presentation copies; nil: every operation is drawn).
    public internal(set) var presentationTime: Double?

    public required init() { super.init() }

    /// Marks the whole content as needing a redraw at the next frame.
    public func setNeedsDisplay() {
        display.needsFullDisplay = true
        display.version &+= 1
        touch()
    }

    /// Marks `rect` (bounds coordinates) as needing a redraw at the next frame.
    public func setNeedsDisplay(in rect: Rect) {
        guard !rect.isEmpty else { return }
        display.dirty.append(rect)
        display.version &+= 1
        touch()
    }

    override func copyState(from o: Layer) {
        super.copyState(from: o)
        guard let d = o as? DrawingLayer else { return }
        drawsContent = d.drawsContent; delegate = d.delegate; operations = d.operations
        needsDisplayOnBoundsChange = d.needsDisplayOnBoundsChange
        display = d.display
        presentationTime = d.presentationTime
    }

    /// Whether each operation is drawn at this copy's time.
    public var activeOperations: [Bool] { operations.map { $0.isActive(at: presentationTime) } }
}

/// A drawing layer's backing store, what is waiting to be redrawn, and counters.
public final class DisplayState {
    /// Everything is to be redrawn (a new layer, `setNeedsDisplay()`, a new content closure).
    public internal(set) var needsFullDisplay = true
    /// Rects (bounds coordinates) marked by `setNeedsDisplay(in:)` since the last redraw.
    public internal(set) var dirty: [Rect] = []
    /// Bumped by every request to redraw (for fingerprints; a redraw itself does not bump it).
    public internal(set) var version: UInt64 = 0
    /// The store, once drawn.
    public internal(set) var store: BackingStore?
    /// Which operations the store shows.
    var drawnOperations: [Bool] = []
    /// Redraws so far and pixels they covered.
    public internal(set) var redraws = 0, pixelsRedrawn = 0
    init() {}
}
