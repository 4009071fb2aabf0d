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
// Opacity counts once: with group opacity the composed output is faded as
// it is drawn back; otherwise it is multiplied into each part of the body
// and into the shadow, every window is drawn back at full opacity, and the
// shadow's source is a second body pass at full opacity. The blur's σ
// follows the layer's scale on screen per axis (`shadowSigmas`).
//
// A replicator instance colour counts once per part too: a translucent one
// is multiplied into each part inside the body (and composed) passes, as if
// they were drawn directly, and the windows are drawn back untinted; the
// shadow's source is then an untinted body pass of its own (its colour is
// tinted instead) and the mask is never tinted. An opaque one tints the
// windows as they are drawn back (PlanBuilder+Replicator).
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
        return l.mask != nil || needsRoundedClip(l) || hasOffscreenShadow(l) && boundsShadowPath(n) == nil
            || usesGroupOpacity(n)
    }

    /// Sigma of a layer's shadow blur in pixels of its own plane at the
    /// pass's pixel scale (the shadowPath mask's pixels).
    func shadowSigma(_ l: Layer) -> Double { max(0, l.shadowRadius) * pixelScale }

    /// Sigmas of a layer's offscreen shadow blur along target x and y. The
    /// shadow lives in the layer's own space: a Gaussian of σ = shadowRadius
    /// there, seen through `h` (layer → target pixels, so device scale and
    /// every ancestor's transform included), has covariance r²·J·Jᵀ with J
    /// the map's Jacobian at the bounds' centre. The blur is separable along
    /// target x and y, so it uses that Gaussian's spread along each axis,
    /// σx = r·|row 1 of J|, σy = r·|row 2 of J|: exact for scales along the
    /// axes and for uniform scale with rotation; a rotated non-uniform scale
    /// keeps each axis' spread but loses the tilt of the ellipse.
    func shadowSigmas(_ l: Layer, _ h: Homography) -> (Double, Double) {
        let r = max(0, l.shadowRadius)
        guard r > 0 else { return (0, 0) }
        let p = Vec2(l.bounds.midX, l.bounds.midY)
        let (X, Y, W) = h.applyHomogeneous(p.x, p.y)
        guard W > Tessellator.nearW else { return (r * pixelScale, r * pixelScale) }
        let w2 = W * W
        let xx = (h.a * W - X * h.c) / w2, xy = (h.d * W - X * h.f) / w2
        let yx = (h.b * W - Y * h.c) / w2, yy = (h.e * W - Y * h.f) / w2
        let sx = r * (xx * xx + xy * xy).squareRoot(), sy = r * (yx * yx + yy * yy).squareRoot()
        guard sx.isFinite, sy.isFinite else { return (r * pixelScale, r * pixelScale) }
        return (sx, sy)
    }

    /// Blur support in pixels on each side.
    func blurPad(_ sigma: Double) -> Double {
        sigma > 0 ? Double(Int(clamping: (4 * sigma).rounded(.up), to: 0...BlurStep.maxRadius)) + 1 : 0
    }

    func emitOffscreen(_ n: LayerDraw) {
        let l = n.layer
        guard let win = offscreenWindow(n) else { stats.culledOutsideCanvas += 1; return }
        guard let (w, h) = checkedPixelSize(win.width, win.height, layer: n.layer, what: "offscreen pass") else { return }
        stats.layersDrawn += 1
        // Opacity goes in exactly once. With group opacity the composed
        // output is faded as it is drawn back; otherwise it is multiplied
        // into each part of the body and into the shadow, and every window
        // is then drawn back at full opacity.
        let group = usesGroupOpacity(n)
        let partOpacity = group ? 1 : n.opacity
        let groupOpacity = group ? n.opacity : 1
        let clip = needsRoundedClip(l)
        let offShadow = hasOffscreenShadow(l)
        let finalPass = l.mask != nil || group
        let primary: PassReason = l.mask != nil ? .mask : clip ? .roundedClip : offShadow ? .shadow : .groupOpacity
        // Shadows of a draw pass share their targets where that changes no pixel.
        if offShadow, !finalPass, emitPackedShadow(n, window: win, width: w, height: h, partOpacity: partOpacity) {
            return
        }

        // The body, drawn with the layer's own map shifted into the window.
        let inner = n.inWindow(win)
        // A translucent replicator tint goes into the parts; the windows are then drawn back untinted.
        let tintInside = tintsInsidePasses
        let body = makePass(width: w, height: h, reason: primary, layer: l, tinted: tintInside) {
            emitBody(inner, opacity: partOpacity)
        }
        // The shadow's source is the body at full opacity, untinted: a second
        // body pass when the visible one has opacity or a tint multiplied into its parts.
        var shadowBody = body
        if offShadow && (partOpacity < 1 || tintInside) {
            shadowBody = makePass(width: w, height: h, reason: .shadow, layer: l) {
                emitBody(inner, opacity: 1)
            }
        }

        // Output pieces, in the window's pixel space (`windowItems` builds them).
        var bodySource = body, shadowSource = shadowBody
        if clip && offShadow {
            func clipped(_ source: Int) -> Int {
                makePass(width: w, height: h, reason: .roundedClip, layer: l) {
                    add(windowDrawback(inner, texture: source, opacity: 1, clipShape: true, window: win,
                                       intoWindow: true))
                }
            }
            bodySource = clipped(body)
            shadowSource = shadowBody == body ? bodySource : clipped(shadowBody)
        }
        let drawBodyWithClip = clip && !offShadow
        let bodyRegion = offShadow ? bodyPixelRegion(l, n.toTarget, window: win, width: w, height: h) : nil

        // Shadow first (at `shadowOpacity`), then the body at full opacity.
        let emitPieces: (_ intoWindow: Bool, _ shadowOpacity: Double) -> Void = { intoWindow, shadowOpacity in
            let d = intoWindow ? inner : n
            if offShadow {
                let (sx, sy) = self.shadowSigmas(l, d.toTarget)
                let blurred = self.makeShadowBlur(source: shadowSource, width: w, height: h,
                                                  sigmaX: sx, sigmaY: sy, sourceRegion: bodyRegion, layer: l)
                self.add(self.shadowItem(d, blur: blurred, window: win, intoWindow: intoWindow, opacity: shadowOpacity))
            } else {
                self.emitShadowFromPath(d, opacityOverride: shadowOpacity)
            }
            self.add(self.windowDrawback(d, texture: bodySource, opacity: 1, clipShape: drawBodyWithClip,
                                         window: win, intoWindow: intoWindow), tinted: !tintInside)
        }

        guard finalPass else {
            emitPieces(false, partOpacity)
            return
        }
        // Group opacity and/or mask: compose the pieces into one more window
        // (unless the body alone is the output), then draw it back once.
        var composed = bodySource
        if offShadow || drawBodyWithClip || l.shadowPath != nil && hasShadow(l) {
            composed = makePass(width: w, height: h, reason: l.mask != nil ? .mask : .groupOpacity, layer: l,
                                tinted: tintInside) {
                emitPieces(true, partOpacity)
            }
        }
        let windowRect = Rect(x: 0, y: 0, width: win.width, height: win.height)
        let uv = Homography.mapping(windowRect, to: Rect(x: 0, y: 0, width: 1, height: 1))
        let paint: Paint
        if let m = l.mask {
            let maskPass = makePass(width: w, height: h, reason: .mask, layer: l) {
                // The mask lives in the layer's bounds coordinates; its sublayerTransform doesn't apply.
                // It draws no colour, only alpha: never tinted.
                emit(m, EmitContext(toTarget: inner.toTarget, parentS: .identity, opacity: 1, clip: nil,
                                    target: inner.target))
            }
            paint = .masked(.pass(composed), mask: .pass(maskPass), uv: uv, filter: .nearest, opacity: groupOpacity)
        } else {
            paint = .texture(.pass(composed), uv: uv, filter: .nearest, opacity: groupOpacity)
        }
        add(DrawItem(layer: n.nameIndex, transform: Homography.translation(win.minX, win.minY).transform3D,
                     rect: windowRect, paint: paint, clip: n.clip), tinted: !tintInside)
    }

    /// The pixels of a `width` × `height` offscreen window at `win` that the
    /// layer's body can touch (its extent, 2 pixels out for antialiased
    /// fringes); nil when unknown. Outside it the body pass stays clear.
    func bodyPixelRegion(_ l: Layer, _ h: Homography, window win: Rect, width: Int, height: Int) -> BlurRegion? {
        guard let e = bodyExtent(l, h)?.insetBy(-2, -2), e.minX.isFinite, e.minY.isFinite,
              e.maxX.isFinite, e.maxY.isFinite else { return nil }
        let lo = (x: (e.minX - win.minX).rounded(.down), y: (e.minY - win.minY).rounded(.down))
        let hi = (x: (e.maxX - win.minX).rounded(.up), y: (e.maxY - win.minY).rounded(.up))
        let r = BlurRegion(x0: Int(max(0, min(Double(width), lo.x))), y0: Int(max(0, min(Double(height), lo.y))),
                           x1: Int(max(0, min(Double(width), hi.x))), y1: Int(max(0, min(Double(height), hi.y))))
        return r.isEmpty ? nil : r
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
    /// A downsampled blur covers ⌈window / d⌉·d pixels and is upsampled bilinearly.
    func shadowItem(_ d: LayerDraw, blur: ShadowBlur, window win: Rect, intoWindow: Bool,
                    opacity: Double) -> DrawItem {
        let l = d.layer
        let color = (l.shadowColor ?? .black).premultiplied.scaled(l.shadowOpacity * opacity)
        let origin = intoWindow ? Vec2.zero : win.origin
        let fx = blur.downsampleX, fy = blur.downsampleY
        let covered = Size(Double(BlurStep.downsampledSide(Int(win.width), factor: fx) * fx),
                           Double(BlurStep.downsampledSide(Int(win.height), factor: fy) * fy))
        let toUnit = Homography.mapping(Rect(origin: origin, size: covered),
                                        to: Rect(x: 0, y: 0, width: 1, height: 1))
        // Item plane: the layer's bounds coordinates before the offset.
        let off = l.shadowOffset
        let shifted = Homography.translation(off.x, off.y).concatenating(d.toTarget)
        // Cover the window as seen from the layer's plane.
        let extent = localRect(ofTargetRect: Rect(origin: origin, size: win.size), through: d.toTarget)
            ?? l.bounds.insetBy(-1e4, -1e4)
        let (rect, shape, aa) = shadowGeometry(l, covering: extent)
        return DrawItem(layer: d.nameIndex, transform: shifted.transform3D, rect: rect,
                        paint: .textureAlpha(.pass(blur.pass), uv: d.toTarget.concatenating(toUnit),
                                             filter: .linear, color: color),
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
            let (sx, sy) = shadowSigmas(l, n.toTarget)
            let pad = blurPad(max(sx, sy)) + 1
            // The blurred body reaches `pad` beyond the body before the
            // offset moves it: the window must hold that fringe too, or the
            // shadow's side facing against the offset is cut off.
            if var b = bodyExtent(l, n.toTarget) {
                if l.masksToBounds, let c = n.toTarget.boundingBox(of: l.bounds) { b = b.intersection(c) }
                if !b.isEmpty { e = e.union(b.insetBy(-pad, -pad)) }
            }
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

extension PlanBuilder.LayerDraw {
    /// The draw moved into its offscreen window `win` (origin at the window's corner, no clip).
    func inWindow(_ win: Rect) -> PlanBuilder.LayerDraw {
        var inner = self
        inner.toTarget = toTarget.concatenating(.translation(-win.minX, -win.minY))
        inner.clip = nil
        inner.target = Rect(x: 0, y: 0, width: win.width, height: win.height)
        return inner
    }
}
