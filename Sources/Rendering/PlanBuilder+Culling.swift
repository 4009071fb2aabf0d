// Rendering: culling, in the spirit of Chromium's occlusion culler. Two
// stages, both unable to change the output:
// - per layer, a cheap bounds test before any item is built: a leaf (or a
//   masksToBounds subtree) whose output misses the pass, or misses the
//   clip of a masksToBounds ancestor, is skipped with its whole subtree;
// - per pass, items fully under an opaque, axis-aligned, aliased item drawn
//   later are dropped (opaque items draw with blending off, so whatever was
//   under them can never show).

import Geometry
import Layers

extension PlanBuilder {
    enum BoundsCull { case empty, outside, clipped }

    /// Why `layer` (mapped by `h`) cannot show in the current pass, or nil.
    /// `bounds` and `hasMask` are the layer's, read once by the caller.
    func boundsCullReason(_ layer: Layer, _ h: Homography, _ ctx: EmitContext,
                          bounds: Rect, hasMask: Bool) -> BoundsCull? {
        let extent: Rect?
        if layer.masksToBounds {
            // Everything the layer draws, shadow included, is clipped to its bounds.
            extent = h.boundingBox(of: bounds)
        } else if layer.sublayers.isEmpty {
            extent = leafExtent(layer, h, bounds: bounds, hasMask: hasMask)
        } else {
            return nil  // sublayers are tested one by one
        }
        guard let e = extent?.insetBy(-1, -1), !e.isEmpty else { return .empty }
        if e.intersection(ctx.target).isEmpty { return .outside }
        if let c = ctx.clip, e.intersection(Rect.bounding(c)).isEmpty { return .clipped }
        return nil
    }

    /// `outputExtent` of a visible leaf (emit has checked isHidden and
    /// opacity), cheap in the common case — no mask, contents or shadow:
    /// its bounds through `h` when it draws a background or border. Each
    /// property is read once; this runs for every hidden leaf.
    func leafExtent(_ l: Layer, _ h: Homography, bounds b: Rect, hasMask: Bool) -> Rect? {
        guard !hasMask, l.contents == nil, !(l.shadowOpacity > 0), l.kind == .layer else { return outputExtent(l, h) }
        let drawsBounds = l.drawsBackgroundOrBorder
        guard drawsBounds, !b.isEmpty, let r = h.boundingBox(of: b) else { return nil }
        guard !r.isEmpty, r.minX.isFinite, r.maxY.isFinite else { return nil }
        return r
    }

    /// Drops items of every pass that opaque items drawn later cover completely.
    func cullOccludedItems() {
        for i in passes.indices {
            guard case .draw(var items) = passes[i].content, items.count > 1 else { continue }
            // Take the items out of the pass so the array is unique and is compacted in place
            // (a DrawItem is a few hundred bytes: no copies).
            passes[i].content = .draw([])
            let before = items.count
            removeOccluded(&items, width: passes[i].width, height: passes[i].height)
            stats.culledOccludedItems += before - items.count
            passes[i].content = .draw(items)
        }
    }

    /// A pixel rectangle, half-open: columns x0..<x1, rows y0..<y1.
    struct PixelRect {
        var x0, y0, x1, y1: Int
        func contains(_ o: PixelRect) -> Bool { o.x0 >= x0 && o.y0 >= y0 && o.x1 <= x1 && o.y1 <= y1 }
        var area: Int { (x1 - x0) * (y1 - y0) }
    }

    /// Most occluders tracked per pass (the largest are kept).
    static let maxOccluders = 32

    func removeOccluded(_ items: inout [DrawItem], width: Int, height: Int) {
        var occluders: [PixelRect] = []
        var keep = [Bool](repeating: true, count: items.count)
        for i in items.indices.reversed() {
            let it = items[i]
            let covering = opaqueCoverage(it)
            // Nothing to test against and nothing to add: skip building the polygon.
            if occluders.isEmpty && covering == nil { continue }
            // Simple items (axis-aligned, unclipped) get their polygon's box without building it.
            var touched: PixelRect
            switch Tessellator.polygonBounds(of: it, width: width, height: height) {
            case .invisible:
                continue
            case .box(let b):
                touched = touchedPixels(b)
            case .notSimple:
                guard let (poly, _) = Tessellator.polygon(of: it, width: width, height: height) else { continue }
                touched = touchedPixels(Rect.bounding(poly))
            }
            // Only the pass's own pixels matter: an item reaching past the
            // edge (a full-canvas photo, widened by a pixel) is still hidden
            // by an occluder covering the whole pass.
            touched.x0 = max(touched.x0, 0); touched.y0 = max(touched.y0, 0)
            touched.x1 = min(touched.x1, width); touched.y1 = min(touched.y1, height)
            if occluders.contains(where: { $0.contains(touched) }) {
                keep[i] = false
                continue
            }
            if let covered = covering {
                occluders.append(covered)
                if occluders.count > Self.maxOccluders {
                    // Drop the smallest, the last of equals (what a stable sort by
                    // decreasing area and removeLast dropped), keeping the others' order.
                    var smallest = 0
                    for k in occluders.indices where occluders[k].area <= occluders[smallest].area { smallest = k }
                    occluders.remove(at: smallest)
                }
            }
        }
        // Compact in place: kept items move forward in order.
        var w = 0
        for r in items.indices where keep[r] {
            if w != r { items.swapAt(w, r) }
            w += 1
        }
        items.removeLast(items.count - w)
    }

    /// Whether `it` draws an image whose every pixel is opaque at full
    /// opacity (untinted or tinted opaque): it hides what lies under it as
    /// surely as a `.copy` item, though it blends (a JPEG photo in a layer
    /// not marked isOpaque). Each image is scanned once per plan.
    func drawsOpaqueImage(_ it: DrawItem) -> Bool {
        guard case .texture(.image(let i), _, _, let opacity) = it.paint, opacity >= 1,
              (it.tint?.a ?? 1) >= 1 else { return false }
        if let known = opaqueImages[i] { return known }
        let opaque = images[i].image.pixels.withUnsafeBufferPointer { px in
            var k = 3
            while k < px.count {
                if px[k] != 255 { return false }
                k += 4
            }
            return true
        }
        opaqueImages[i] = opaque
        return opaque
    }

    /// A pixel coordinate far outside any target clamped to ±2^40, so huge or
    /// non-finite geometry (a frame 1e308 wide) cannot trap the conversion.
    func pixelIndex(_ v: Double) -> Int { Int(clamping: v, to: -(1 << 40)...(1 << 40)) }

    /// Every pixel whose centre a polygon with bounding box `b` could touch (the box, widened).
    func touchedPixels(_ b: Rect) -> PixelRect {
        PixelRect(x0: pixelIndex((b.minX - 1).rounded(.down)), y0: pixelIndex((b.minY - 1).rounded(.down)),
                         x1: pixelIndex((b.maxX + 1).rounded(.up)), y1: pixelIndex((b.maxY + 1).rounded(.up)))
    }

    /// The pixels an opaque, aliased, axis-aligned item is certain to
    /// overwrite: centres inside its rect (top-left rule on the 1/256 grid).
    func opaqueCoverage(_ it: DrawItem) -> PixelRect? {
        guard it.blend == .copy || drawsOpaqueImage(it), it.aaEdges.isEmpty, it.clip == nil,
              case .quad = it.shape else { return nil }
        let h = it.transform.flattened
        guard h.b == 0, h.d == 0, h.c == 0, h.f == 0, h.i == 1 else { return nil }
        let a = h.apply(Vec2(it.rect.minX, it.rect.minY)), b = h.apply(Vec2(it.rect.maxX, it.rect.maxY))
        func snap(_ v: Double) -> Double { (v * 256).rounded() / 256 }
        // Each pair in increasing order, as a two-element sort leaves it (no arrays).
        let (sax, sbx, say, sby) = (snap(a.x), snap(b.x), snap(a.y), snap(b.y))
        let xs = sbx < sax ? (sbx, sax) : (sax, sbx), ys = sby < say ? (sby, say) : (say, sby)
        let r = PixelRect(x0: pixelIndex((xs.0 - 0.5).rounded(.up)), y0: pixelIndex((ys.0 - 0.5).rounded(.up)),
                          x1: pixelIndex((xs.1 - 0.5).rounded(.up)), y1: pixelIndex((ys.1 - 0.5).rounded(.up)))
        return r.x1 > r.x0 && r.y1 > r.y0 ? r : nil
    }
}
