// Rendering: gradient layers. The gradient is the layer's contents: one quad
// over the bounds (rounded only through a masksToBounds clip, as in Core
// Animation), painted with Paint.gradient so both executors evaluate it per
// pixel — no ramp texture to bake, upload or filter. Unit start/end points
// become local points here; one colour, or a degenerate geometry (an axial
// gradient whose end is its start, a radial one with a zero radius), is a
// solid fill of the last colour; no colours draw nothing.

import Geometry
import Layers

extension PlanBuilder {
    func emitGradient(_ n: LayerDraw, opacity: Double) {
        guard let g = n.layer as? GradientLayer, !g.colors.isEmpty, !g.bounds.isEmpty, opacity > 0 else { return }
        let b = g.bounds
        // Scene files reject more than maximumStops colours; the API keeps the first ones.
        let colors = Array(g.colors.prefix(GradientPaint.maximumStops))
        let given = g.locations.flatMap { $0.count == g.colors.count ? Array($0.prefix(colors.count)) : nil }
        let paint = GradientPaint(kind: GradientKind(g.type),
                                  start: Vec2(b.minX + g.startPoint.x * b.width, b.minY + g.startPoint.y * b.height),
                                  end: Vec2(b.minX + g.endPoint.x * b.width, b.minY + g.endPoint.y * b.height),
                                  colors: colors,
                                  locations: GradientStops.normalized(given, count: colors.count),
                                  opacity: opacity)
        let aa: EdgeMask = g.allowsEdgeAntialiasing ? .all : []
        // Blending off when every pixel is certainly opaque (as emitBackground decides).
        var opaque = paint.isOpaque && opacity >= 1 && aa.isEmpty
        let item: Paint
        if colors.count > 1, GradientUniforms(paint) != nil {
            item = .gradient(paint)
        } else {
            let last = colors[colors.count - 1]
            guard last.a > 0 else { return }
            item = .solid(last.premultiplied.scaled(opacity))
            opaque = last.a >= 1 && opacity >= 1 && aa.isEmpty
        }
        add(DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: b, paint: item,
                     aaEdges: aa, blend: opaque ? .copy : .sourceOver, clip: n.clip))
    }
}

extension PlanBuilder {
    /// What a gradient layer draws into: its bounds, unless it has no colours.
    func gradientBounds(_ l: Layer) -> Rect? {
        guard let g = l as? GradientLayer, !g.colors.isEmpty, !g.bounds.isEmpty else { return nil }
        return g.bounds
    }
}

extension GradientKind {
    /// The paint geometry of a layer's gradient type.
    init(_ type: GradientType) {
        switch type {
        case .axial: self = .axial
        case .radial: self = .radial
        case .conic: self = .conic
        }
    }
}
