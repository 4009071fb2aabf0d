// Rendering: effects that need a subtree composited first. One layer's
// output is, in order: shadow, then body (background, contents, sublayers,
// border); then the masksToBounds clip over both, the mask over both, and
// opacity last. When any of those needs the composited body, the body is
// drawn into a pixel-aligned window of the current target (so drawing it
// back is an exact copy) and the effects are applied on the way back:
//
//   body ──► [roundedClip] ──► blur H ──► blur V ──► shadow item
//     │            │
//     └────────────┴──► drawn back (clip shape) ─┐
//                                                ├─► [group/mask pass] ─► target
//                        shadow item ────────────┘
//
// Each pass is tagged with the reason it exists.

import Geometry
import Layers

extension PlanBuilder {
    func needsRoundedClip(_ l: Layer) -> Bool {
        l.masksToBounds && (effectiveRadius(l) > 0 || l.allowsEdgeAntialiasing)
            && (!l.sublayers.isEmpty || l.contents != nil || kindContentBounds(l) != nil || hasOffscreenShadow(l))
    }

    func hasShadow(_ l: Layer) -> Bool {
        l.shadowOpacity > 0 && (l.shadowColor?.a ?? 0) > 0
    }

    func hasOffscreenShadow(_ l: Layer) -> Bool { hasShadow(l) && l.shadowPath == nil }

    func usesGroupOpacity(_ n: LayerDraw) -> Bool {
        n.layer.allowsGroupOpacity && !n.layer.sublayers.isEmpty && n.opacity < 1
    }

    func needsOffscreen(_ n: LayerDraw) -> Bool {
        let l = n.layer
        return l.mask != nil || needsRoundedClip(l) || hasOffscreenShadow(l) || usesGroupOpacity(n)
    }

    /// Sigma of a layer's shadow blur in target pixels.
    func shadowSigma(_ l: Layer) -> Double { max(0, l.shadowRadius) * pixelScale }

    /// Blur support in pixels on each side.
    func blurPad(_ sigma: Double) -> Double {
        sigma > 0 ? Double(Int(clamping: (4 * sigma).rounded(.up), to: 0...BlurStep.maxRadius)) + 1 : 0
    }

    func emitOffscreen(_ n: LayerDraw) {
        let l = n.layer
        guard let win = offscreenWindow(n) else { stats.culledOutsideCanvas += 1; return }
        guard let (w, h) = checkedPixelSize(win.width, win.height, layer: n.layer, what: "offscreen pass") else { return }
        stats.layersDrawn += 1
        let group = usesGroupOpacity(n)
        let bodyOpacity = group ? 1 : n.opacity
        let clip = needsRoundedClip(l)
        let offShadow = hasOffscreenShadow(l)
        let finalPass = l.mask != nil || group
        let outOpacity = finalPass ? 1 : n.opacity
        let primary: PassReason = l.mask != nil ? .mask : clip ? .roundedClip : offShadow ? .shadow : .groupOpacity

        // The body, drawn with the layer's own map shifted into the window.
        var inner = n
        inner.toTarget = n.toTarget.concatenating(.translation(-win.minX, -win.minY))
        inner.clip = nil
        inner.target = Rect(x: 0, y: 0, width: win.width, height: win.height)
        let body = makePass(width: w, height: h, reason: primary, layer: l) {
            emitBody(inner, opacity: bodyOpacity)
        }

        // Output pieces, in the window's pixel space (`windowItems` builds them).
        var bodySource = body
        if clip && offShadow {
            bodySource = makePass(width: w, height: h, reason: .roundedClip, layer: l) {
                add(windowDrawback(inner, texture: body, opacity: 1, clipShape: true, window: win,
                                   intoWindow: true))
            }
        }
        let drawBodyWithClip = clip && !offShadow

        let emitPieces: (_ intoWindow: Bool, _ opacity: Double) -> Void = { intoWindow, opacity in
            let d = intoWindow ? inner : n
            if offShadow {
                let sigma = self.shadowSigma(l)
                var src = bodySource
                if sigma > 0 {
                    let bh = self.makeBlurPass(source: src, width: w, height: h, axis: .horizontal, sigma: sigma, layer: l)
                    src = self.makeBlurPass(source: bh, width: w, height: h, axis: .vertical, sigma: sigma, layer: l)
                }
                self.add(self.shadowItem(d, texture: src, window: win, intoWindow: intoWindow, opacity: opacity))
            } else {
                self.emitShadowFromPath(d, opacityOverride: opacity)
            }
            self.add(self.windowDrawback(d, texture: bodySource, opacity: opacity, clipShape: drawBodyWithClip,
                                         window: win, intoWindow: intoWindow))
        }

        guard finalPass else {
            emitPieces(false, outOpacity)
            return
        }
        // Group opacity and/or mask: compose the pieces into one more window
        // (unless the body alone is the output), then draw it back once.
        var composed = bodySource
        if offShadow || drawBodyWithClip || l.shadowPath != nil && hasShadow(l) {
            composed = makePass(width: w, height: h, reason: l.mask != nil ? .mask : .groupOpacity, layer: l) {
                emitPieces(true, 1)
            }
        }
        let windowRect = Rect(x: 0, y: 0, width: win.width, height: win.height)
        let uv = Homography.mapping(windowRect, to: Rect(x: 0, y: 0, width: 1, height: 1))
        let paint: Paint
        if let m = l.mask {
            let maskPass = makePass(width: w, height: h, reason: .mask, layer: l) {
                // The mask lives in the layer's bounds coordinates; its sublayerTransform doesn't apply.
                emit(m, EmitContext(toTarget: inner.toTarget, parentS: .identity, opacity: 1, clip: nil,
                                    target: inner.target))
            }
            paint = .masked(.pass(composed), mask: .pass(maskPass), uv: uv, filter: .nearest, opacity: n.opacity)
        } else {
            paint = .texture(.pass(composed), uv: uv, filter: .nearest, opacity: n.opacity)
        }
        add(DrawItem(layer: n.nameIndex, transform: Homography.translation(win.minX, win.minY).transform3D,
                     rect: windowRect, paint: paint, clip: n.clip))
    }

    /// A window texture drawn back over the same pixels it came from: as a
    /// plain pixel-aligned quad, or through the layer's rounded bounds when clipping.
    func windowDrawback(_ d: LayerDraw, texture: Int, opacity: Double, clipShape: Bool,
                        window win: Rect, intoWindow: Bool) -> DrawItem {
        let origin = intoWindow ? Vec2.zero : win.origin
        let windowRect = Rect(origin: origin, size: win.size)
        let toUnit = Homography.mapping(windowRect, to: Rect(x: 0, y: 0, width: 1, height: 1))
        if clipShape {
            let l = d.layer
            let shape: Shape = .roundedRect(l.bounds, radius: effectiveRadius(l))
            return DrawItem(layer: d.nameIndex, transform: d.toTarget.transform3D, rect: l.bounds,
                            paint: .texture(.pass(texture), uv: d.toTarget.concatenating(toUnit),
                                            filter: .nearest, opacity: opacity),
                            shape: shape, aaEdges: .all, clip: d.clip)
        }
        return DrawItem(layer: d.nameIndex, transform: Homography.translation(origin.x, origin.y).transform3D,
                        rect: Rect(origin: .zero, size: win.size),
                        paint: .texture(.pass(texture), uv: .scale(1 / win.width, 1 / win.height),
                                        filter: .nearest, opacity: opacity),
                        clip: d.clip)
    }

    /// The blurred body alpha, shifted by shadowOffset in the layer's own
    /// space and tinted; clipped by the rounded or square bounds with masksToBounds.
    func shadowItem(_ d: LayerDraw, texture: Int, window win: Rect, intoWindow: Bool,
                    opacity: Double) -> DrawItem {
        let l = d.layer
        let color = (l.shadowColor ?? .black).premultiplied.scaled(l.shadowOpacity * opacity)
        let origin = intoWindow ? Vec2.zero : win.origin
        let toUnit = Homography.mapping(Rect(origin: origin, size: win.size),
                                        to: Rect(x: 0, y: 0, width: 1, height: 1))
        // Item plane: the layer's bounds coordinates before the offset.
        let off = l.shadowOffset
        let shifted = Homography.translation(off.x, off.y).concatenating(d.toTarget)
        // Cover the window as seen from the layer's plane.
        let extent = localRect(ofTargetRect: Rect(origin: origin, size: win.size), through: d.toTarget)
            ?? l.bounds.insetBy(-1e4, -1e4)
        let (rect, shape, aa) = shadowGeometry(l, covering: extent)
        return DrawItem(layer: d.nameIndex, transform: shifted.transform3D, rect: rect,
                        paint: .textureAlpha(.pass(texture), uv: d.toTarget.concatenating(toUnit),
                                             filter: .nearest, color: color),
                        shape: shape, aaEdges: aa, clip: d.clip)
    }

    /// The quad, shape and AA edges of a shadow item whose texture covers
    /// `extent` (in the layer's plane, before the offset): with masksToBounds
    /// the shadow is clipped to the bounds — seen from the item's plane, the
    /// bounds shifted back by the offset — rounded and antialiased when the
    /// clip is; aliased and square otherwise.
    func shadowGeometry(_ l: Layer, covering extent: Rect) -> (Rect, Shape, EdgeMask) {
        guard l.masksToBounds else { return (extent, .quad, []) }
        let b = Rect(origin: l.bounds.origin - l.shadowOffset, size: l.bounds.size)
        let r = effectiveRadius(l)
        if r > 0 || l.allowsEdgeAntialiasing { return (b, .roundedRect(b, radius: r), .all) }
        return (extent.intersection(b), .quad, [])
    }

    /// The local-plane bounding rect of a target-space rect (nil under perspective that hides it).
    func localRect(ofTargetRect r: Rect, through h: Homography) -> Rect? {
        guard let inv = h.inverse else { return nil }
        return inv.boundingBox(of: r)
    }

    /// The pixel-aligned window of the current target that the layer's
    /// output can touch: its extent, padded for antialiasing, clipped to the
    /// target and the current clip. Nil when empty.
    func offscreenWindow(_ n: LayerDraw) -> Rect? {
        guard var e = outputExtent(n.layer, n.toTarget) else { return nil }
        // A blurred shadow landing in the visible region R is cast by body
        // pixels in R shifted back by the offset, widened by the blur
        // support: keep those in the window (with R itself, where the body
        // is drawn) even when they lie outside the target or the clip. Only
        // that region, not R widened by the offset's length, so a far
        // offset (1e9 points) cannot make the window huge.
        let l = n.layer
        var reach: (Rect) -> Rect = { $0 }
        if hasOffscreenShadow(l) {
            let a = Vec2(l.bounds.midX, l.bounds.midY)
            let d = n.toTarget.apply(a + l.shadowOffset) - n.toTarget.apply(a)
            let pad = blurPad(shadowSigma(l)) + 1
            // The window holds the body and its blur, not where the shadow lands.
            if let b = bodyExtent(l, n.toTarget) { e = e.intersection(b.insetBy(-pad - 1, -pad - 1)) }
            reach = { r in
                guard d.x.isFinite, d.y.isFinite else { return r }
                let cast = Rect(x: r.minX - d.x, y: r.minY - d.y, width: r.width, height: r.height)
                return r.union(cast.insetBy(-pad, -pad))
            }
        }
        e = e.insetBy(-1, -1).intersection(reach(n.target))
        if let c = n.clip { e = e.intersection(reach(Rect.bounding(c))) }
        guard !e.isEmpty else { return nil }
        let x0 = e.minX.rounded(.down), y0 = e.minY.rounded(.down)
        let x1 = e.maxX.rounded(.up), y1 = e.maxY.rounded(.up)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }
}
