// Rendering: using the sublayer spatial index. Big sublayer lists (the
// chapter-15 grid) are queried with the target rectangle mapped back into
// the planes the index keeps its boxes in (SublayerIndex.swift), so hidden
// sublayers cost nothing per frame; the
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
        let (index, built) = sublayerIndexes.index(for: layer) { SublayerIndex(layer: layer, parentS: parentS) }
        if built { stats.sublayerIndexesBuilt += 1 }
        let picked = index.candidates(of: subs, target: n.target, toTarget: n.toTarget, parentS: parentS)
        let ex = index.excluded
        stats.layersVisited += subs.count - picked.count
        stats.culledHidden += ex.hidden
        stats.culledBackFacing += ex.backFacing
        stats.culledTransparent += ex.transparent
        stats.culledEmpty += ex.empty
        stats.culledOutsideCanvas += subs.count - ex.total - picked.count
        return picked
    }
}
