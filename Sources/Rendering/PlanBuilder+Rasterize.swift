// Rendering: shouldRasterize. The layer's whole output (shadow, clip and
// mask included, opacity excluded) is rendered once into a bitmap in the
// layer's own plane at rasterizationScale pixels per point. The bitmap
// covers exactly the local bounding box of what the layer draws, snapped
// outward to its pixel grid (local (0,0) on a pixel corner) with no extra
// margin, and is drawn back as a quad of exactly that box: clamp-to-edge
// sampling, edges antialiased only with allowsEdgeAntialiasing, and the
// layer's minification/magnification filter (bilinear by default — which
// is why a rasterized layer looks soft when scaled up, as in Core
// Animation). With a `RasterCache`, a bitmap kept from an earlier frame
// with the same content fingerprint is drawn back instead of building the
// pass again.
//
// Under a translucent replicator instance colour the bitmap holds the
// tinted parts (as every offscreen pass does, PlanBuilder+Replicator), so
// the tint is part of its fingerprint and the bitmap is drawn back
// untinted; an opaque tint is applied as the bitmap is drawn back and the
// bitmap stays the untinted one. (Instances after the first meet the layer
// again in the same frame and are drawn uncached, RasterCache.lookup.)

import Geometry
import Layers

extension PlanBuilder {
    func emitRasterized(_ n: LayerDraw) {
        let l = n.layer
        let rs = l.rasterizationScale > 0 ? l.rasterizationScale : 1
        let savedScale = pixelScale
        pixelScale = rs
        defer { pixelScale = savedScale }
        sizingBitmap = true
        let extent = outputExtent(l, .scale(rs, rs))
        sizingBitmap = false
        guard let e = extent else { stats.culledEmpty += 1; return }
        let x0 = e.minX.rounded(.down), y0 = e.minY.rounded(.down)
        let x1 = e.maxX.rounded(.up), y1 = e.maxY.rounded(.up)
        // A bitmap over the pass limits (a huge layer, or one at a huge
        // rasterizationScale) is not cached: the layer is drawn directly, as
        // Core Animation skips rasterizing layers far larger than the screen.
        let side = Double(maxPassSide)
        guard x1 - x0 <= side, y1 - y0 <= side, (x1 - x0) * (y1 - y0) <= Double(PlanLimits.maximumPassPixels),
              let w = Int(checked: x1 - x0), let h = Int(checked: y1 - y0) else {
            pixelScale = savedScale
            if needsOffscreen(n) { emitOffscreen(n) } else { emitDirect(n) }
            return
        }
        guard w > 0, h > 0 else { stats.culledEmpty += 1; return }

        let local = Rect(x: x0 / rs, y: y0 / rs, width: Double(w) / rs, height: Double(h) / rs)
        let uv = Homography.mapping(local, to: Rect(x: 0, y: 0, width: 1, height: 1))
        let filter = chooseFilter(l, toTarget: n.toTarget, rect: local, uv: uv, imageWidth: w, imageHeight: h)
        let tintInside = tintsInsidePasses
        func drawBack(_ texture: TextureRef) {
            add(DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: local,
                         paint: .texture(texture, uv: uv, filter: filter, opacity: n.opacity),
                         aaEdges: l.allowsEdgeAntialiasing ? .all : [], clip: n.clip), tinted: !tintInside)
        }
        var store = false
        if let cache = rasterCache {
            var fp = LayerFingerprint.of(l, scale: rs)
            if tintInside, let t = replication.tint {
                var hasher = Hasher()
                hasher.combine(fp)
                for c in [t.r, t.g, t.b, t.a] { hasher.combine(c) }
                fp = hasher.finalize()
            }
            switch cache.lookup(key: l.id, fingerprint: fp, width: w, height: h) {
            case .hit:
                pixelScale = savedScale
                drawBack(.cached(l.id))
                return
            case .miss(let s):
                store = s
            }
        }

        var inner = n
        inner.toTarget = Homography.scale(rs, rs).concatenating(.translation(-x0, -y0))
        inner.opacity = 1
        inner.clip = nil
        inner.target = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        let pass = makePass(width: w, height: h, reason: .rasterize, layer: l, tinted: tintInside) {
            if needsOffscreen(inner) { emitOffscreen(inner) } else { emitDirect(inner) }
        }
        if store { passes[pass].retainKey = l.id }
        pixelScale = savedScale
        drawBack(.pass(pass))
    }
}
