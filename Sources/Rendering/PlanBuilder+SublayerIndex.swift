// Rendering: using the sublayer spatial index. Big sublayer lists (the
// chapter-15 grid) are queried with the target rectangle mapped back into
// the layer's plane, so hidden sublayers cost nothing per frame; the
// layers the index leaves out are counted in the stats exactly as the
// per-layer tests would have counted them.

import Geometry
import Layers

extension PlanBuilder {
    /// Sublayer lists at least this long get a spatial index (with culling on).
    static let sublayerIndexThreshold = 64

    /// The sublayers of `n.layer` to emit, in drawing order: all of them,
    /// or with culling on and a big list, the index's candidates.
    func sublayersToEmit(_ n: LayerDraw, parentS: Transform3D) -> [Layer] {
        let layer = n.layer
        let subs = layer.sublayers
        guard options.cull, options.sublayerIndex, subs.count >= Self.sublayerIndexThreshold else { return sortedByZ(subs) }
        let index: SublayerIndex
        if let cached = layer.rendererCache as? SublayerIndex, cached.isCurrent(for: layer) {
            index = cached
        } else {
            index = SublayerIndex(layer: layer, parentS: parentS)
            layer.rendererCache = index
            stats.sublayerIndexesBuilt += 1
        }
        guard let region = planeRegion(of: n.target, through: n.toTarget) else { return index.inOrder(subs) }
        let picked = index.candidates(in: region, of: subs)
        let ex = index.excluded
        stats.layersVisited += subs.count - picked.count
        stats.culledHidden += ex.hidden
        stats.culledBackFacing += ex.backFacing
        stats.culledTransparent += ex.transparent
        stats.culledEmpty += ex.empty
        stats.culledOutsideCanvas += subs.count - ex.total - picked.count
        return picked
    }

    /// The part of a layer's plane that `toTarget` maps onto the target
    /// (widened by two pixels, more than the bounds test's margin), as a
    /// bounding rect; nil when the target reaches the plane's horizon.
    func planeRegion(of target: Rect, through toTarget: Homography) -> Rect? {
        guard let inv = toTarget.inverse else { return nil }
        let t = target.insetBy(-2, -2)
        var pts: [Vec2] = []
        for c in t.corners {
            let (x, y, w) = inv.applyHomogeneous(c.x, c.y)
            guard w > Tessellator.nearW else { return nil }
            pts.append(Vec2(x / w, y / w))
        }
        let r = Rect.bounding(pts)
        return r.minX.isFinite && r.maxX.isFinite && r.minY.isFinite && r.maxY.isFinite ? r : nil
    }
}
