// Rendering: the parts every layer draws itself — background, border and
// contents — as draw items. Antialiasing follows Core Animation: rounded
// shapes always, straight layer edges only with allowsEdgeAntialiasing.

import Geometry
import Layers

extension PlanBuilder {
    /// cornerRadius clamped to half the shorter side.
    func effectiveRadius(_ l: Layer) -> Double {
        max(0, min(l.cornerRadius, min(l.bounds.width, l.bounds.height) / 2))
    }

    func emitBackground(_ n: LayerDraw, opacity: Double) {
        let l = n.layer
        guard let bg = l.backgroundColor, bg.a > 0, !l.bounds.isEmpty else { return }
        let color = bg.premultiplied.scaled(opacity)
        let r = effectiveRadius(l)
        let item: DrawItem
        if needsRoundedClip(l) {
            // Drawn into the body pass that goes back through the layer's
            // own (rounded, antialiased) bounds: that clip gives the edge
            // its coverage c once. Drawing the background with its own
            // coverage too would give c² at every antialiased edge, so it
            // covers the whole window and the clip alone shapes it.
            item = DrawItem(layer: n.nameIndex, transform: Transform3D.identity, rect: n.target,
                            paint: .solid(color), blend: color.a >= 1 ? .copy : .sourceOver, clip: n.clip)
        } else if r > 0 {
            item = DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: l.bounds,
                            paint: .solid(color), shape: .roundedRect(l.bounds, radius: r), aaEdges: .all,
                            clip: n.clip)
        } else {
            let aa: EdgeMask = l.allowsEdgeAntialiasing ? .all : []
            let opaque = color.a >= 1 && aa.isEmpty
            item = DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: l.bounds,
                            paint: .solid(color), aaEdges: aa, blend: opaque ? .copy : .sourceOver,
                            clip: n.clip)
        }
        add(item)
    }

    func emitBorder(_ n: LayerDraw, opacity: Double) {
        let l = n.layer
        guard l.borderWidth > 0, let bc = l.borderColor, bc.a > 0, !l.bounds.isEmpty else { return }
        let b = l.bounds
        let w = min(l.borderWidth, min(b.width, b.height) / 2)
        let color = bc.premultiplied.scaled(opacity)
        let r = effectiveRadius(l)
        let t = n.toTarget.transform3D
        if needsRoundedClip(l) {
            // Drawn into the body pass that goes back through the layer's own
            // (rounded, antialiased) bounds, like the background: the clip
            // gives the outer edge its coverage c once. The ring's own outer
            // edge would give c² there, so it reaches two pixels past the
            // bounds (an offset rounded rect: radius and width grow by as
            // much) and only its inner edge is its own.
            let e = 2 * pointsPerPixel(n.toTarget, at: Vec2(b.midX, b.midY), fallback: max(b.width, b.height))
            let outer = b.insetBy(-e, -e)
            add(DrawItem(layer: n.nameIndex, transform: t, rect: outer, paint: .solid(color),
                         shape: .ring(outer, radius: r + e, width: w + e, innerRadius: max(0, r - w)),
                         aaEdges: .all, clip: n.clip))
            return
        }
        if r > 0 || l.allowsEdgeAntialiasing {
            add(DrawItem(layer: n.nameIndex, transform: t, rect: b, paint: .solid(color),
                         shape: .ring(b, radius: r, width: w, innerRadius: max(0, r - w)),
                         aaEdges: .all, clip: n.clip))
            return
        }
        // Aliased: four strips that tile the ring exactly once.
        let strips = [
            Rect(x: b.minX, y: b.minY, width: b.width, height: w),
            Rect(x: b.minX, y: b.maxY - w, width: b.width, height: w),
            Rect(x: b.minX, y: b.minY + w, width: w, height: b.height - 2 * w),
            Rect(x: b.maxX - w, y: b.minY + w, width: w, height: b.height - 2 * w),
        ]
        let blend: BlendMode = color.a >= 1 ? .copy : .sourceOver
        for s in strips where !s.isEmpty {
            add(DrawItem(layer: n.nameIndex, transform: t, rect: s, paint: .solid(color),
                         blend: blend, clip: n.clip))
        }
    }

    /// The layer-plane length of one target pixel at `p` (the larger of the
    /// two axes' steps), or `fallback` where the map is degenerate there.
    func pointsPerPixel(_ h: Homography, at p: Vec2, fallback: Double) -> Double {
        let o = h.apply(p), dx = h.apply(Vec2(p.x + 1, p.y)), dy = h.apply(Vec2(p.x, p.y + 1))
        func length(_ a: Vec2) -> Double { ((a.x - o.x) * (a.x - o.x) + (a.y - o.y) * (a.y - o.y)).squareRoot() }
        let px = min(length(dx), length(dy))
        guard px.isFinite, px > 0 else { return fallback }
        return min(1 / px, fallback)
    }

    // MARK: - Contents

    func emitContents(_ n: LayerDraw, opacity: Double) {
        let l = n.layer
        if let source = l.contents?.snapshotSource { emitSnapshot(n, source, opacity: opacity); return }
        guard let c = l.contents, c.image.width > 0, c.image.height > 0 else { return }
        let dest = contentsFrame(l)
        guard !dest.isEmpty else { return }
        let img = imageRef(c)
        let slices = nineSlices(l, dest: dest)
        let aa: EdgeMask = l.allowsEdgeAntialiasing ? .all : []
        // isOpaque promises opaque contents: draw them with blending off, as Core Animation does.
        let blend: BlendMode = l.isOpaque && opacity >= 1 && aa.isEmpty ? .copy : .sourceOver
        for (rect, uv) in slices where !rect.isEmpty {
            let map = Homography.mapping(rect, to: uv)
            let filter = chooseFilter(l, toTarget: n.toTarget, rect: rect, uv: map,
                                      imageWidth: c.image.width, imageHeight: c.image.height)
            add(DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: rect,
                         paint: .texture(.image(img), uv: map, filter: filter, opacity: opacity),
                         aaEdges: aa, blend: blend, clip: n.clip))
        }
    }

    /// The contents' natural size in points: the contentsRect's pixels ÷ contentsScale.
    func naturalSize(_ l: Layer) -> Size {
        guard let c = l.contents else { return .zero }
        if let source = c.snapshotSource { return source.layer?.bounds.size ?? .zero }
        let s = l.contentsScale > 0 ? l.contentsScale : 1
        return Size(Double(c.image.width) * l.contentsRect.width / s,
                    Double(c.image.height) * l.contentsRect.height / s)
    }

    /// Where contentsGravity places the contents inside the bounds.
    func contentsFrame(_ l: Layer) -> Rect {
        let b = l.bounds
        let nat = naturalSize(l)
        switch l.contentsGravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard nat.width > 0, nat.height > 0 else { return .zero }
            let sx = b.width / nat.width, sy = b.height / nat.height
            let k = l.contentsGravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = nat.width * k, h = nat.height * k
            return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        default:
            let w = nat.width, h = nat.height
            let g = l.contentsGravity
            let x: Double
            switch g {
            case .left, .topLeft, .bottomLeft: x = b.minX
            case .right, .topRight, .bottomRight: x = b.maxX - w
            default: x = b.midX - w / 2
            }
            let y: Double
            switch g {
            case .top, .topLeft, .topRight: y = b.minY
            case .bottom, .bottomLeft, .bottomRight: y = b.maxY - h
            default: y = b.midY - h / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }

    /// The nine-slice pieces of the contents: destination rects and the unit
    /// texture rects they show. contentsCenter is relative to the contentsRect;
    /// fixed edges keep their natural size and shrink proportionally when they don't fit.
    func nineSlices(_ l: Layer, dest: Rect) -> [(Rect, Rect)] {
        let cr = l.contentsRect, cc = l.contentsCenter
        if cc == Rect(x: 0, y: 0, width: 1, height: 1) { return [(dest, cr)] }
        let nat = naturalSize(l)
        var left = cc.minX * nat.width, right = (1 - cc.maxX) * nat.width
        var top = cc.minY * nat.height, bottom = (1 - cc.maxY) * nat.height
        left = max(0, left); right = max(0, right); top = max(0, top); bottom = max(0, bottom)
        if left + right > dest.width, left + right > 0 {
            let k = dest.width / (left + right); left *= k; right *= k
        }
        if top + bottom > dest.height, top + bottom > 0 {
            let k = dest.height / (top + bottom); top *= k; bottom *= k
        }
        let xs = [dest.minX, dest.minX + left, dest.maxX - right, dest.maxX]
        let ys = [dest.minY, dest.minY + top, dest.maxY - bottom, dest.maxY]
        let us = [0, cc.minX, cc.maxX, 1].map { cr.minX + $0 * cr.width }
        let vs = [0, cc.minY, cc.maxY, 1].map { cr.minY + $0 * cr.height }
        var out: [(Rect, Rect)] = []
        for j in 0..<3 {
            for i in 0..<3 {
                let d = Rect(minX: xs[i], minY: ys[j], maxX: xs[i + 1], maxY: ys[j + 1])
                let u = Rect(minX: us[i], minY: vs[j], maxX: us[i + 1], maxY: vs[j + 1])
                out.append((d, u))
            }
        }
        return out
    }

    /// GL's rule, decided once per item: magnification filter when a texel
    /// covers at least a pixel at the item's centre, minification otherwise.
    func chooseFilter(_ l: Layer, toTarget h: Homography, rect: Rect, uv: Homography,
                      imageWidth: Int, imageHeight: Int) -> TextureFilter {
        let mag = l.magnificationFilter == .nearest ? TextureFilter.nearest : .linear
        let minf = l.minificationFilter == .nearest ? TextureFilter.nearest : .linear
        if mag == minf { return mag }
        guard let inv = h.inverse else { return mag }
        let centre = h.apply(Vec2(rect.midX, rect.midY))
        let j = Tessellator.jacobian(inv, centre)
        // Texels per pixel along screen x and y.
        let tw = Double(imageWidth), th = Double(imageHeight)
        let dux = (uv.a * j.0 + uv.d * j.1) * tw, dvx = (uv.b * j.0 + uv.e * j.1) * th
        let duy = (uv.a * j.2 + uv.d * j.3) * tw, dvy = (uv.b * j.2 + uv.e * j.3) * th
        let rho = max((dux * dux + dvx * dvx).squareRoot(), (duy * duy + dvy * dvy).squareRoot())
        return rho <= 1 ? mag : minf
    }
}
