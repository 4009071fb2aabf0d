// Layers: CAGradientLayer's model — colours and stop locations along an
// axial, radial or conic gradient, evaluated per pixel by both backends.

import Geometry

/// The geometry of a gradient (CAGradientLayer's type).
public enum GradientType: String, Sendable, CaseIterable {
    case axial, radial, conic
}

/// A layer that fills its bounds with a gradient (CAGradientLayer).
public final class GradientLayer: Layer {
    public override var kind: LayerKind { .gradient }

    public var colors: [Color] = [] { didSet { changed("colors", from: .colors(oldValue)) } }
    /// Stop locations in 0...1, one per colour; nil: evenly spaced.
    public var locations: [Double]? { didSet { touch() } }
    /// Unit coordinates of the bounds.
    public var startPoint = Vec2(0.5, 0) { didSet { changed("startPoint", from: .point(oldValue)) } }
    public var endPoint = Vec2(0.5, 1) { didSet { changed("endPoint", from: .point(oldValue)) } }
    public var type: GradientType = .axial { didSet { touch() } }

    public required init() { super.init() }

    override func copyState(from o: Layer) {
        super.copyState(from: o)
        guard let g = o as? GradientLayer else { return }
        colors = g.colors; locations = g.locations; startPoint = g.startPoint; endPoint = g.endPoint; type = g.type
    }
}
