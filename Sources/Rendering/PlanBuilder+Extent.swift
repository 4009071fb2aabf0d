// Rendering: how far a layer's output reaches, in target pixels — used to
// size offscreen windows and rasterization bitmaps. Conservative: bounds of
// drawn parts, contents (which may overflow the bounds), sublayers, and the
// shadow with its blur support (a hard shadow exactly: the body's pixel box,
// shifted; with a shadowPath, while a bitmap is sized, the pixels its mask
// reaches); clipped by masksToBounds and the mask. While a rasterized
// bitmap is sized, shapes count by their outlines as drawn, so the bitmap
// gets no transparent margin (an enlarged bitmap's clamped edge would blend
// with it).

import Geometry
import Layers

extension PlanBuilder {
    /// The whole output of `l` (shadow included) through `h`, or nil when nothing shows.
    func outputExtent(_ l: Layer, _ h: Homography) -> Rect? {
        guard !l.isHidden, l.opacity > 0 else { return nil }
        var e = bodyExtent(l, h)
        if hasShadow(l) {
            let a = Vec2(l.bounds.midX, l.bounds.midY)
            let shadow: Rect?
            if let p = l.shadowPath, sizingBitmap, l.shadowRadius <= 0, let drawn = hardPathShadowExtent(l, path: p, h) {
                shadow = drawn
            } else if let p = l.shadowPath {
                // The blurred mask covers the path padded in the layer's plane
                // (ShadowMask), so the blur scales with the layer.
                let scale = shadowMaskScale(l, path: p, h)
                let localPad = (blurPad(max(0, l.shadowRadius) * scale) + 1) / scale
                shadow = Homography.translation(l.shadowOffset.x, l.shadowOffset.y).concatenating(h)
                    .boundingBox(of: p.controlBounds.insetBy(-localPad, -localPad))?.insetBy(-1, -1)
            } else if let b = e {
                let (sx, sy) = shadowSigmas(l, h)
                let d = h.apply(a + l.shadowOffset) - h.apply(a)
                if sx == 0 && sy == 0 {
                    // A hard shadow is the body's pixels moved by d: their box, shifted. A whole-pixel
                    // d adds no margin (a rasterized bitmap must not get a transparent edge row); a
                    // fractional one, resampled, reaches into the next pixel, which snapping takes in.
                    let x0 = b.minX.rounded(.down), y0 = b.minY.rounded(.down)
                    let p = Rect(x: x0, y: y0, width: b.maxX.rounded(.up) - x0, height: b.maxY.rounded(.up) - y0)
                    shadow = Rect(origin: p.origin + d, size: p.size)
                } else {
                    let pad = blurPad(max(sx, sy)) + 1
                    shadow = Rect(origin: b.origin + d, size: b.size).insetBy(-pad, -pad)
                }
            } else {
                shadow = nil
            }
            if let s = shadow, s.origin.x.isFinite, s.origin.y.isFinite {
                e = unionOpt(e, s)
            }
        }
        if l.masksToBounds {
            guard let b = h.boundingBox(of: l.bounds), let cur = e else { return nil }
            e = cur.intersection(b)
        }
        if let m = l.mask {
            guard let me = extent(of: m, through: m.transformToSuperlayer(parentS: .identity), h),
                  let cur = e else { return nil }
            e = cur.intersection(me)
        }
        guard let r = e, !r.isEmpty, r.minX.isFinite, r.maxY.isFinite else { return nil }
        return r
    }

    /// The pixels a hard shadowPath shadow of `l` gives any alpha through
    /// `h`, for sizing a rasterized bitmap (which must get no transparent
    /// margin): its mask (the path filled, antialiased: the very image the
    /// shadow item samples, from the same cache) is sampled bilinearly, so
    /// a pixel sees it where its centre lies within half a texel of a
    /// non-zero texel, inside the item's quad; the box of the pixels whose
    /// centres lie inside that region, moved by the offset. Nil (the padded
    /// extent then stands) for a mask too large to make whole, or a map
    /// that hides it; an empty rect when the path covers no texel.
    func hardPathShadowExtent(_ l: Layer, path: Path, _ h: Homography) -> Rect? {
        let scale = shadowMaskScale(l, path: path, h)
        let pad = blurPad(0) + 1
        guard scale.isFinite, scale > 0 else { return nil }
        // The very mask emitShadowFromPath makes (a whole one: cut masks keep the padded extent).
        let (pw, ph) = ShadowMask.extent(path: path, scale: scale, pad: pad)
        guard pw <= Self.shadowMaskClipSide, ph <= Self.shadowMaskClipSide else { return nil }
        let key = wholeShadowMaskKey(l, path: path, sigma: 0, scale: scale, pad: pad, h)
        let (fw, fh) = ShadowMask.extent(path: path, scale: scale, pad: pad, origin: key.origin)
        guard fw * fh * 4 <= Double(PlanLimits.maximumShadowMaskBytes) else { return nil }
        let (image, local) = shadowMaskCache.value(for: key) {
            ShadowMask.make(path: path, sigma: 0, scale: scale, pad: pad, origin: key.origin)
        }
        // The non-zero texels' box (columns i0..<i1, rows j0..<j1).
        var i0 = Int.max, j0 = Int.max, i1 = Int.min, j1 = Int.min
        image.pixels.withUnsafeBufferPointer { px in
            for j in 0..<image.height {
                for i in 0..<image.width where px[(j * image.width + i) * 4 + 3] != 0 {
                    i0 = min(i0, i); i1 = max(i1, i + 1); j0 = min(j0, j); j1 = max(j1, j + 1)
                }
            }
        }
        guard i0 < i1 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let seen = Rect(x: local.minX + (Double(i0) - 0.5) / scale, y: local.minY + (Double(j0) - 0.5) / scale,
                        width: Double(i1 - i0 + 1) / scale, height: Double(j1 - j0 + 1) / scale)
        let region = seen.intersection(shadowGeometry(l, covering: local).0)
        guard !region.isEmpty,
              let b = Homography.translation(l.shadowOffset.x, l.shadowOffset.y).concatenating(h).boundingBox(of: region),
              b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
        // Pixels whose centres lie inside: from ⌊min − ½⌋ + 1 to ⌈max − ½⌉ (exclusive).
        let x0 = (b.minX - 0.5).rounded(.down) + 1, y0 = (b.minY - 0.5).rounded(.down) + 1
        let x1 = (b.maxX - 0.5).rounded(.up), y1 = (b.maxY - 0.5).rounded(.up)
        guard x0 < x1, y0 < y1 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Background, border, contents and sublayers of `l` through `h`.
    func bodyExtent(_ l: Layer, _ h: Homography) -> Rect? {
        var e: Rect?
        let drawsBounds = l.drawsBackgroundOrBorder
        if drawsBounds, !l.bounds.isEmpty { e = unionOpt(e, h.boundingBox(of: l.bounds)) }
        if let k = kindContentBounds(l), let b = h.boundingBox(of: k) {
            // Shapes are always antialiased: their fringe reaches a pixel out.
            e = unionOpt(e, l.kind != .shape ? b : sizingBitmap ? drawnShapeExtent(l, h, conservative: b) : b.insetBy(-1, -1))
        }
        if l.contents != nil {
            let f = contentsFrame(l)
            if !f.isEmpty { e = unionOpt(e, h.boundingBox(of: f)) }
        }
        // Replicator instances and transform layers: PlanBuilder+TransformLayer.
        return unionOpt(e, sublayersExtent(l, h))
    }

    /// Where shape layer `l` draws through `h`, for sizing a rasterized
    /// bitmap, which must have no transparent margin: its fill and stroke
    /// outlines as drawn. Exact coverage (polygons) touches only the pixels
    /// the outline does; an analytic item's one-pixel ramp stays in them
    /// along axis-aligned edges and reaches a pixel out along turned ones.
    /// `conservative` (the control points widened by miters and caps) is
    /// used, a pixel out, where the outline would cost more than drawing
    /// the bitmap (when it is larger than a pass) or reaches behind the eye.
    func drawnShapeExtent(_ l: Layer, _ h: Homography, conservative b: Rect) -> Rect? {
        let fringe = b.insetBy(-1, -1)
        let side = Double(maxPassSide)
        guard h.i.isFinite, b.width <= side, b.height <= side else { return fringe }
        // An outline that fails is reported when the layer is drawn, not twice.
        let problems = stats.problems
        defer { stats.problems = problems }
        guard let parts = shapeParts(LayerDraw(layer: l, toTarget: h, opacity: 1, clip: nil, target: b, nameIndex: -1))
        else { return nil }
        let axisAligned = h.isAffine && ((h.b == 0 && h.d == 0) || (h.a == 0 && h.e == 0))
        var out: Rect?
        for (part, color) in [(parts.fill, parts.fillColor), (parts.stroke, parts.strokeColor)] where color != nil {
            switch part {
            case .none:
                return fringe  // an outline that failed: its problem stands
            case .polygons(let p):
                // Under perspective the outline's vertices bound its image while all are in front of the eye.
                var points: [Vec2] = []
                for q in p.polygons where q.count >= 3 {
                    for v in q {
                        let (x, y, w) = h.applyHomogeneous(v.x, v.y)
                        guard w > Tessellator.nearW else { return fringe }
                        let m = Vec2(x / w, y / w)
                        if m.x.isFinite && m.y.isFinite { points.append(m) }
                    }
                }
                if !points.isEmpty { out = unionOpt(out, Rect.bounding(points)) }
            case .primitive, .ring:
                if let local = part.bounds, let r = h.boundingBox(of: local) {
                    out = unionOpt(out, axisAligned ? r : r.insetBy(-1, -1))
                }
            }
        }
        return out
    }

    func unionOpt(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }
}
