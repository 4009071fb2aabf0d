// Rendering: a shape layer's fill and stroke are one part of the layer (its
// content, as Core Animation renders a CAShapeLayer's path into one piece of
// content), so below opacity 1 the stroke must cover the fill, not let it
// show through. When they overlap, both are drawn at full opacity into a
// pixel-aligned window of the target (so drawing it back is an exact copy)
// and the window is drawn back once at the opacity. Opacity 1, only one of
// the two, or a fill and stroke apart keep the direct, pass-free path.

import Geometry
import Layers

extension PlanBuilder {
    /// Draws `parts` through a `.shapeContent` window faded by `opacity`.
    /// Returns false (nothing emitted) when no window can be placed, e.g.
    /// under a perspective that puts the shape behind the eye.
    func emitShapeComposited(_ parts: ShapeParts, _ n: LayerDraw, opacity: Double) -> Bool {
        guard let f = parts.fill.bounds, let s = parts.stroke.bounds,
              var e = n.toTarget.boundingBox(of: f.union(s)) else { return false }
        e = e.insetBy(-1, -1).intersection(n.target)
        if let c = n.clip { e = e.intersection(Rect.bounding(c)) }
        guard !e.isEmpty, e.minX.isFinite, e.maxY.isFinite else { return true }  // nothing shows
        let win = Rect(minX: e.minX.rounded(.down), minY: e.minY.rounded(.down),
                       maxX: e.maxX.rounded(.up), maxY: e.maxY.rounded(.up))
        guard win.width <= Double(maxPassSide), win.height <= Double(maxPassSide) else { return false }
        let inner = n.inWindow(win)
        let pass = makePass(width: Int(win.width), height: Int(win.height), reason: .shapeContent, layer: n.layer) {
            emitShapeParts(parts, inner, opacity: 1)
        }
        add(windowDrawback(n, texture: pass, opacity: opacity, clipShape: false, window: win, intoWindow: false))
        return true
    }
}
