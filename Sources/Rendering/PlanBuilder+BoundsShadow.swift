// Rendering: the shadow of a plain (rounded) rect layer without a blur
// pass. When a layer's alpha is exactly its opaque background's (rounded)
// rect — no contents, sublayers, kind content, mask or clip — and it reaches
// the target through a rotation, translation and the device scale only
// (and, for an aliased square rect, onto whole pixels), its shadow is the
// blurred coverage of that rect: the same thing a shadowPath
// of its bounds casts. It is drawn like one (ShadowMask: the rect's exact-area
// coverage blurred once on the CPU, cached across frames, sampled by both
// executors as an image), so the layer needs no offscreen body, blur H or
// blur V pass. A hard shadow (σ = 0) whose offset moves the layer by whole
// pixels is the background's own item shifted and tinted (no pass either);
// at other offsets it keeps the offscreen path, whose pixel edges an
// unblurred mask would only resample.

import Geometry
import Layers

extension PlanBuilder {
    /// The path whose blurred coverage is `n`'s shadow when it can be drawn
    /// as a shadowPath shadow although it has none; nil otherwise.
    func boundsShadowPath(_ n: LayerDraw) -> Path? {
        let l = n.layer
        guard hasShadow(l), l.shadowPath == nil, shadowSigma(l) > 0 || shiftsByWholePixels(n), l.kind == .layer,
              l.sublayers.isEmpty, l.contents == nil, l.mask == nil, !l.masksToBounds, !l.shouldRasterize,
              let bg = l.backgroundColor, bg.a >= 1, !l.bounds.isEmpty,
              isRigidAtDeviceScale(n.toTarget) else { return nil }
        let r = effectiveRadius(l)
        // An aliased body (square corners, no edge antialiasing) covers whole pixels: its alpha is
        // the rect's exact coverage only when the rect lands on pixel edges.
        if r == 0 && !l.allowsEdgeAntialiasing && !landsOnPixelEdges(l.bounds, n.toTarget) { return nil }
        return r > 0 ? .roundedRect(l.bounds, radius: r) : .rect(l.bounds)
    }

    /// Whether `n`'s shadow offset moves its layer by whole target pixels
    /// along both axes (so a hard shadow is its body's coverage, shifted).
    func shiftsByWholePixels(_ n: LayerDraw) -> Bool {
        let a = Vec2(n.layer.bounds.midX, n.layer.bounds.midY)
        let d = n.toTarget.apply(a + n.layer.shadowOffset) - n.toTarget.apply(a)
        return d.x.isFinite && d.y.isFinite && d.x == d.x.rounded() && d.y == d.y.rounded()
            && abs(d.x) <= 1e6 && abs(d.y) <= 1e6
    }

    /// The hard (σ = 0) shadow of a layer whose boundsShadowPath is set:
    /// its background's item, shifted by the offset (whole pixels) and
    /// painted in the shadow colour, so it covers exactly the pixels the
    /// background does, moved.
    func hardBoundsShadowItem(_ d: LayerDraw, color: PremultipliedColor) -> DrawItem {
        let l = d.layer
        let r = effectiveRadius(l)
        let off = l.shadowOffset
        let t = Homography.translation(off.x, off.y).concatenating(d.toTarget).transform3D
        if r > 0 {
            return DrawItem(layer: d.nameIndex, transform: t, rect: l.bounds, paint: .solid(color),
                            shape: .roundedRect(l.bounds, radius: r), aaEdges: .all, clip: d.clip)
        }
        return DrawItem(layer: d.nameIndex, transform: t, rect: l.bounds, paint: .solid(color),
                        aaEdges: l.allowsEdgeAntialiasing ? .all : [], clip: d.clip)
    }

    /// Whether `r` maps through the affine `h` onto a rect with whole-pixel edges.
    func landsOnPixelEdges(_ r: Rect, _ h: Homography) -> Bool {
        guard (h.b == 0 && h.d == 0) || (h.a == 0 && h.e == 0) else { return false }
        let p = h.apply(Vec2(r.minX, r.minY)), q = h.apply(Vec2(r.maxX, r.maxY))
        return [p.x, p.y, q.x, q.y].allSatisfy { $0 == $0.rounded() }
    }

    /// Whether `h` maps layer points to target pixels by a rotation, a
    /// translation and the uniform scale `pixelScale` (so a mask rasterized at
    /// `pixelScale` and blurred there is the blur the target would see).
    func isRigidAtDeviceScale(_ h: Homography) -> Bool {
        guard h.isAffine, h.i == 1 else { return false }
        let s2 = pixelScale * pixelScale, tol = 1e-9 * s2
        return abs(h.a * h.a + h.b * h.b - s2) <= tol && abs(h.d * h.d + h.e * h.e - s2) <= tol
            && abs(h.a * h.d + h.b * h.e) <= tol
    }
}
