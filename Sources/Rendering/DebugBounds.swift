// Rendering: the `--debug bounds` overlay, after the layer outlines of
// Xcode's view debugger and Instruments: every visible layer's bounds drawn
// as a thin cyan outline and its anchor point as a magenta dot with a white
// rim, on top of the finished canvas. Unlike the other overlays it needs the
// layer tree, not only the plan: the outline follows the layer's map to the
// canvas (each subtree flattened into its superlayer's plane, as the plan
// builder does), so rotated, scaled and perspective layers show their true
// quads. Replicator copies and masks are not outlined (they are not layers of
// the tree); sublayers of transform layers are approximated by flattening.

import Geometry
import Layers

extension DebugOverlay {
    /// Outline colour of `--debug bounds`.
    public static let boundsColor = Color(r: 0, g: 0.9, b: 1, a: 0.9).premultiplied
    /// Anchor point colour of `--debug bounds` (a white rim around it).
    public static let anchorColor = Color(r: 1, g: 0, b: 1, a: 1).premultiplied
    /// Outline width in pixels.
    public static let boundsLineWidth = 1.5
}

extension RenderPlan {
    /// This plan with the bounds outline and anchor point of every visible
    /// layer below `root` (the canvas root, whose own bounds are not outlined)
    /// appended to the canvas pass; `scale` is pixels per point.
    public func withLayerBoundsOverlay(root: Layer, scale: Double) -> RenderPlan {
        var plan = self
        let canvas = plan.passes.count - 1
        guard canvas >= 0, case .draw(var items) = plan.passes[canvas].content else { return plan }
        let index = plan.layerNames.count
        plan.layerNames.append("debug bounds")
        var outlines: [DrawItem] = [], anchors: [DrawItem] = []
        func visit(_ layer: Layer, toCanvas: Homography, parentS: Transform3D) {
            for sub in layer.sublayers where !sub.isHidden {
                let m = sub.transformToSuperlayer(parentS: parentS).flattened.concatenating(toCanvas)
                let b = sub.bounds
                let corners = [Vec2(b.minX, b.minY), Vec2(b.maxX, b.minY), Vec2(b.maxX, b.maxY), Vec2(b.minX, b.maxY)]
                let projected = corners.compactMap { Self.project(m, $0) }
                if projected.count == 4 {
                    for i in 0..<4 {
                        if let line = Self.line(from: projected[i], to: projected[(i + 1) % 4], layer: index) {
                            outlines.append(line)
                        }
                    }
                }
                let (ax, ay, _) = sub.anchorInBounds
                if let a = Self.project(m, Vec2(ax, ay)) {
                    anchors.append(Self.dot(at: a, side: 7, color: Color(r: 1, g: 1, b: 1, a: 1).premultiplied, layer: index))
                    anchors.append(Self.dot(at: a, side: 5, color: DebugOverlay.anchorColor, layer: index))
                }
                visit(sub, toCanvas: m, parentS: sub.sublayerTransformAboutAnchor)
            }
        }
        visit(root, toCanvas: .scale(scale, scale), parentS: root.sublayerTransformAboutAnchor)
        items += outlines + anchors
        plan.passes[canvas].content = .draw(items)
        return plan
    }

    /// `p` mapped by `m`, nil when it lies behind the viewer (w ≤ 0) or is not finite.
    static func project(_ m: Homography, _ p: Vec2) -> Vec2? {
        let (x, y, w) = m.applyHomogeneous(p.x, p.y)
        guard w > 1e-9 else { return nil }
        let q = Vec2(x / w, y / w)
        return q.x.isFinite && q.y.isFinite && abs(q.x) < 1e6 && abs(q.y) < 1e6 ? q : nil
    }

    /// A line of the outline width from `a` to `b` (pixels), antialiased.
    static func line(from a: Vec2, to b: Vec2, layer: Int) -> DrawItem? {
        let d = b - a
        let length = d.length
        guard length > 1e-6 else { return nil }
        let w = DebugOverlay.boundsLineWidth
        let ux = d.x / length, uy = d.y / length
        // Row vectors: the x axis onto a→b, the y axis onto its left normal, the origin to a.
        let t = Homography(ux, uy, 0, -uy, ux, 0, a.x, a.y, 1).transform3D
        return DrawItem(layer: layer, transform: t, rect: Rect(x: -w / 2, y: -w / 2, width: length + w, height: w),
                        paint: .solid(DebugOverlay.boundsColor), aaEdges: .all)
    }

    /// A square of `side` pixels centred on `p`.
    static func dot(at p: Vec2, side: Double, color: PremultipliedColor, layer: Int) -> DrawItem {
        DrawItem(layer: layer, transform: .translation(p.x, p.y, 0),
                 rect: Rect(x: -side / 2, y: -side / 2, width: side, height: side), paint: .solid(color), aaEdges: .all)
    }
}
