// Rendering: shape layers (CAShapeLayer) as draw items. A fill that is a
// rect, a rounded rect with one radius or a circle is one analytic item
// (the rounded-rect coverage backgrounds use), and so is the whole solid
// stroke of such a path (a ring). Any other path is flattened with a
// tolerance chosen in pixels (through the layer → pixel scale, so curves
// are smooth at any zoom) and stroked into polygons, which are drawn from
// their exact coverage in target pixels (PlanBuilder+ShapeMask), under a
// 2D map or under perspective. Fill first,
// then the stroke, both above the contents and below the sublayers; not
// clipped to the bounds (only by masksToBounds through `n.clip`). Below
// opacity 1 an overlapping fill and stroke are faded as one part
// (PlanBuilder+ShapeComposite).

import Foundation
import Geometry
import Layers

extension PlanBuilder {
    /// Flattening tolerance in pixels: a chord inside its curve, cap or
    /// join loses up to this much of a pixel's width, so 0.05 keeps that
    /// under 13 levels.
    static let shapeMaskTolerancePixels = 0.05

    func emitShape(_ n: LayerDraw, opacity: Double) {
        guard let parts = shapeParts(n) else { return }
        // Fill and stroke are one part: faded together (PlanBuilder+ShapeComposite),
        // by the opacity or by a replicator instance colour's alpha.
        let fades = opacity < 1 || (replication.tint?.a ?? 1) < 1
        if fades, parts.overlap, emitShapeComposited(parts, n, opacity: opacity) { return }
        emitShapeParts(parts, n, opacity: opacity)
    }

    /// What a shape layer draws, in its own plane: the fill and the stroke
    /// (each one analytic item or polygons for an exact coverage mask), each
    /// with its colour; nil when it draws nothing.
    func shapeParts(_ n: LayerDraw) -> ShapeParts? {
        guard let s = n.layer as? ShapeLayer, let path = s.path, !path.elements.isEmpty else { return nil }
        let fill = s.fillColor.flatMap { $0.a > 0 ? $0 : nil }
        let stroke = s.strokeColor.flatMap { $0.a > 0 && s.lineWidth > 0 ? $0 : nil }
        guard fill != nil || stroke != nil else { return nil }
        // Quantized (steps of 2^(1/8)), so layers at about the same scale share polygons.
        let scale = exp2((log2(pixelsPerUnit(n.toTarget, around: path.controlBounds)) * 8).rounded() / 8)
        let tol = Self.shapeMaskTolerancePixels / scale
        var parts = ShapeParts(pixel: 1 / scale)
        // A part that is not one analytic item: its polygons, drawn through
        // their exact coverage (PlanBuilder+ShapeMask). `polygons` runs only
        // when the cache does not have the part.
        func general(_ part: String, stroke: StrokeStyle?, rule: FillRule,
                     _ polygons: () throws -> [[Vec2]]) -> ShapeParts.Part {
            let key = ShapePartKey(path: path, stroke: stroke, fillRule: rule, tolerance: tol)
            do {
                return .polygons(try shapePolygonCache.value(for: key) {
                    ShapePolygons(try polygons(), rule: rule, source: key)
                })
            } catch {
                problem(s, "\(part): \(error)")
                return .none
            }
        }
        if let c = fill {
            if let prim = path.roundedRectPrimitive {
                // A rect, rounded rect or circle fills as one analytic item (the
                // rounded-rect distance function backgrounds use), with no mask.
                parts.fill = .primitive(prim.rect, radius: prim.radius)
            } else {
                parts.fill = general("fill", stroke: nil, rule: s.fillRule) { path.subpaths(tolerance: tol).map(\.points) }
            }
            parts.fillColor = c
        }
        if let c = stroke {
            let style = strokeStyle(s)
            if let ring = strokeRing(of: path, style: style) {
                // The stroke of a rect, rounded rect or circle is a ring between two
                // rounded rects: one analytic item, like a border (see strokeRing).
                parts.stroke = .ring(ring)
            } else {
                parts.stroke = general("stroke", stroke: style, rule: .nonZero) {
                    try Stroker.outlineChecked(path.subpaths(tolerance: tol, tangentEnds: true), style: style, tolerance: tol)
                }
            }
            parts.strokeColor = c
        }
        return parts
    }

    /// The fill, then the stroke, as items at `opacity` each.
    func emitShapeParts(_ parts: ShapeParts, _ n: LayerDraw, opacity: Double) {
        let t = n.toTarget.transform3D
        func emit(_ part: ShapeParts.Part, _ c: Color, what: String) {
            let color = c.premultiplied.scaled(opacity)
            switch part {
            case .primitive(let rect, let radius):
                let shape: Shape = radius > 0 ? .roundedRect(rect, radius: radius) : .quad
                add(DrawItem(layer: n.nameIndex, transform: t, rect: rect, paint: .solid(color),
                             shape: shape, aaEdges: .all, clip: n.clip))
            case .ring(let r):
                add(DrawItem(layer: n.nameIndex, transform: t, rect: r.outer, paint: .solid(color),
                             shape: .ring(r.outer, radius: r.radius, width: r.width, innerRadius: r.innerRadius),
                             aaEdges: .all, clip: n.clip))
            case .polygons(let p):
                emitShapeMask(p, c, n, opacity: opacity, what: what)
            case .none:
                break
            }
        }
        if let c = parts.fillColor { emit(parts.fill, c, what: "fill") }
        if let c = parts.strokeColor { emit(parts.stroke, c, what: "stroke") }
    }

    /// The stroke of `path` as a ring when that is exact: a closed rect,
    /// rounded rect or circle (`roundedRectPrimitive`) stroked whole and
    /// solid (no dashes, strokeStart 0, strokeEnd 1). Offsetting its outline
    /// by half the line width h either way gives the rounded rect grown by h
    /// with radius r + h and the one shrunk by h with radius r − h, exactly
    /// when r ≥ h; a plain rect (r = 0) has square outer corners only with
    /// miter joins that the limit keeps (√2 at a right angle). Otherwise nil,
    /// and the stroke is outlined and drawn from its exact coverage.
    func strokeRing(of path: Path, style: StrokeStyle) -> ShapeParts.Ring? {
        guard let prim = path.roundedRectPrimitive, style.dashPattern.allSatisfy({ $0 == 0 }),
              style.strokeStart <= 0, style.strokeEnd >= 1, style.lineWidth.isFinite, style.lineWidth > 0 else { return nil }
        let h = style.lineWidth / 2, r = prim.radius
        guard r >= h || (r == 0 && style.lineJoin == .miter && style.miterLimit >= 2.0.squareRoot()) else { return nil }
        let outer = prim.rect.insetBy(-h, -h)
        return ShapeParts.Ring(outer: outer, radius: r > 0 ? r + h : 0, width: style.lineWidth, innerRadius: max(0, r - h))
    }

    func strokeStyle(_ s: ShapeLayer) -> StrokeStyle {
        StrokeStyle(lineWidth: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin, miterLimit: s.miterLimit,
                    dashPattern: s.lineDashPattern ?? [], dashPhase: s.lineDashPhase,
                    strokeStart: s.strokeStart, strokeEnd: s.strokeEnd)
    }

    /// The largest local → pixel stretch of `h` at the corners and centre
    /// of `r` (finite differences), clamped to a sane range.
    func pixelsPerUnit(_ h: Homography, around r: Rect) -> Double {
        var best = 0.0
        let d = max(1e-3, max(r.width, r.height) * 1e-3)
        for p in r.corners + [Vec2(r.midX, r.midY)] {
            let (_, _, w) = h.applyHomogeneous(p.x, p.y)
            guard w > Tessellator.nearW else { continue }
            let o = h.apply(p)
            let ex = (h.apply(p + Vec2(d, 0)) - o).length / d
            let ey = (h.apply(p + Vec2(0, d)) - o).length / d
            if ex.isFinite { best = max(best, ex) }
            if ey.isFinite { best = max(best, ey) }
        }
        return min(max(best, 1e-3), 1e3)
    }

    /// Where a shape layer may draw, in its own coordinates (conservative:
    /// the path's control points, widened by the stroke's miters and caps);
    /// nil when it draws nothing.
    func shapeBounds(_ l: Layer) -> Rect? {
        guard let s = l as? ShapeLayer, let path = s.path, !path.elements.isEmpty else { return nil }
        let fills = (s.fillColor?.a ?? 0) > 0
        let strokes = (s.strokeColor?.a ?? 0) > 0 && s.lineWidth > 0
        guard fills || strokes else { return nil }
        var r = path.controlBounds
        if strokes {
            let hw = s.lineWidth / 2
            let pad = hw * (s.lineJoin == .miter ? max(s.miterLimit, 1.5) : 1.5)
            r = Rect(minX: r.minX - pad, minY: r.minY - pad, maxX: r.maxX + pad, maxY: r.maxY + pad)
        }
        return r
    }
}

/// A shape layer's fill and stroke geometry in its own plane (see `shapeParts`).
struct ShapeParts {
    /// How one part is drawn: one analytic item (a rect, rounded rect or
    /// circle fill; a ring for such a path's whole solid stroke), or
    /// polygons drawn through their exact coverage (PlanBuilder+ShapeMask).
    enum Part {
        case none, primitive(Rect, radius: Double), ring(Ring), polygons(ShapePolygons)

        /// The local rect the part covers, nil when it draws nothing.
        var bounds: Rect? {
            switch self {
            case .none: return nil
            case .primitive(let r, _): return r.isEmpty ? nil : r
            case .ring(let r): return r.outer
            case .polygons(let p): return p.bounds
            }
        }
    }
    var fill: Part = .none
    var fillColor: Color?
    var stroke: Part = .none
    var strokeColor: Color?
    struct Ring { var outer: Rect, radius: Double, width: Double, innerRadius: Double }
    /// About one target pixel in local units (the antialiased fringe's reach).
    var pixel: Double

    /// Whether fill and stroke may touch a common pixel (their bounds,
    /// widened by two pixels for the antialiased fringes, intersect).
    var overlap: Bool {
        guard fillColor != nil, strokeColor != nil, let f = fill.bounds, let s = stroke.bounds else { return false }
        return !f.insetBy(-2 * pixel, -2 * pixel).intersection(s).isEmpty
    }
}

/// What a shape part's polygons depend on: the path, the stroke (nil for
/// the fill), the rule, and the flattening tolerance (from the layer's
/// scale on screen).
struct ShapePartKey: Hashable {
    var path: Path
    var stroke: StrokeStyle?
    var fillRule: FillRule
    var tolerance: Double
}
