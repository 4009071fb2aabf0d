// Layers: CAShapeLayer's model — a vector path filled and stroked, drawn as
// the layer's content (above the background, below sublayers), not clipped
// to bounds.

import Geometry

/// A layer that draws a path (CAShapeLayer).
public final class ShapeLayer: Layer {
    public override var kind: LayerKind { .shape }

    /// The path, in the layer's bounds coordinates; nil draws nothing.
    public var path: Path? { didSet { changed("path", from: .path(oldValue)) } }
    /// nil: no fill.
    public var fillColor: Color? = .black { didSet { changed("fillColor", from: .color(oldValue)) } }
    public var fillRule: FillRule = .nonZero { didSet { touch() } }
    /// nil (the default): no stroke.
    public var strokeColor: Color? { didSet { changed("strokeColor", from: .color(oldValue)) } }
    public var lineWidth: Double = 1 { didSet { changed("lineWidth", from: .number(oldValue)) } }
    public var lineCap: LineCap = .butt { didSet { touch() } }
    public var lineJoin: LineJoin = .miter { didSet { touch() } }
    public var miterLimit: Double = 10 { didSet { changed("miterLimit", from: .number(oldValue)) } }
    /// Alternating dash and gap lengths; nil or empty: solid.
    public var lineDashPattern: [Double]? { didSet { touch() } }
    public var lineDashPhase: Double = 0 { didSet { changed("lineDashPhase", from: .number(oldValue)) } }
    /// Fractions of the path's whole length where the stroke starts and ends.
    public var strokeStart: Double = 0 { didSet { changed("strokeStart", from: .number(oldValue)) } }
    public var strokeEnd: Double = 1 { didSet { changed("strokeEnd", from: .number(oldValue)) } }

    public required init() { super.init() }

    override func copyState(from o: Layer) {
        super.copyState(from: o)
        guard let s = o as? ShapeLayer else { return }
        path = s.path; fillColor = s.fillColor; fillRule = s.fillRule; strokeColor = s.strokeColor
        lineWidth = s.lineWidth; lineCap = s.lineCap; lineJoin = s.lineJoin; miterLimit = s.miterLimit
        lineDashPattern = s.lineDashPattern; lineDashPhase = s.lineDashPhase
        strokeStart = s.strokeStart; strokeEnd = s.strokeEnd
    }
}
