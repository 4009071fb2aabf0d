// Rendering: the offscreen shadows of one draw pass share their targets.
// Unpacked, each blurred shadow costs three passes (its body, blur H, blur
// V), and on a GPU every pass is a framebuffer switch (llvmpipe flushes and
// waits at each). Packed, the bodies of every such shadow drawn into the same
// pass go into one shared target, each in its own part (the window its own
// pass would have had, at an integer offset), blurred by one H and one V pass
// of packed steps (PassContent.blurs, one step per part with its own σ and
// region), and sampled from their parts: 3·n + 1 passes become 4.
//
// Every pixel stays what it was. A part's reads see its own pixels and
// zeros, as its own pass showed them: each part reserves the pixels its blur
// taps and its shadow item's bilinear samples can reach (`reserved`, beyond
// the window where they read past it), reserved rects never overlap, so no
// read lands in another part; and a part is packed only where its own pass
// was 0 at every edge such a read clamps to (otherwise it keeps its passes).
// The body items are drawn at the part's offset; items sampling a part get
// their uv mapped into it. Items refer to a part through a placeholder pass
// id (negative) until the draw pass they are in is closed (`flushShadowPack`,
// from makePass and build), which lays the parts out and appends the shared
// passes before it. A body with opacity or a translucent replicator tint in
// its parts gets a second part, untinted at full opacity, as the shadow's
// source (as unpacked, PlanBuilder+Offscreen).

import Geometry
import Layers

/// One window waiting for the shared shadow targets of the draw pass being built.
struct ShadowPackPart {
    /// Size of the window (as its own pass).
    let width: Int, height: Int
    /// The body items, in the window's pixels.
    var items: [DrawItem]
    /// The H and V steps in window pixels (source unset), nil for a body only drawn back.
    var steps: (h: BlurStep, v: BlurStep)?
    /// Pixels relative to the window's origin that only this part may hold:
    /// the window and whatever its reads can reach beyond it.
    var reserved: BlurRegion
    let layerName: String?
}

/// The parts of the draw pass being built.
struct ShadowPack {
    var parts: [ShadowPackPart] = []
    /// Most parts sharing one set of targets (the plan check of packed steps is quadratic in it).
    static let maximumParts = 64
    /// Widest shared target whose integer-translation composites sample with .nearest
    /// (PlanBuilder+TightShadowComposite): interpolated uv errors of about 2·10⁻⁷
    /// stay below 1/1000 texel, where llvmpipe's 8-bit linear weights cannot see them.
    static let maximumNearestSide = 4096

    /// The placeholder pass id items use for part `k`'s body (`blurred` false) or blurred alpha.
    static func placeholder(part k: Int, blurred: Bool) -> Int { -(2 * k + (blurred ? 2 : 1)) }
}

extension PlanBuilder {
    /// Builds items into a list of their own (the body of a pass to come),
    /// as `makePass` does, with the shadow parts among them flushed. Untinted
    /// unless `tinted` (PlanBuilder+Replicator says which passes take the tint).
    func collectItems(tinted: Bool = false, _ body: () -> Void) -> [DrawItem] {
        let saved = current, savedReplication = replication, savedPack = shadowPack
        current = []
        shadowPack = ShadowPack()
        if !tinted { replication.tint = nil }
        body()
        flushShadowPack()
        replication = savedReplication
        let items = current
        current = saved
        shadowPack = savedPack
        return items
    }

    /// The offscreen shadow of `n` (window `win`, `w` × `h`) as packed parts,
    /// with its shadow and body items added; false (nothing emitted) when it
    /// cannot be packed without changing a pixel: a rounded clip, a mask or
    /// group opacity, a downsampled or one-axis blur, a map under
    /// perspective, or a body or blur reaching an edge of the window that a read clamps to.
    func emitPackedShadow(_ n: LayerDraw, window win: Rect, width w: Int, height h: Int,
                          partOpacity: Double) -> Bool {
        let l = n.layer
        guard options.packShadows, n.toTarget.isAffine, !needsRoundedClip(l), l.mask == nil, !usesGroupOpacity(n),
              shadowPack.parts.count + 2 <= ShadowPack.maximumParts else { return false }
        let (sx, sy) = shadowSigmas(l, n.toTarget)
        let (dx, ssx) = PlanBuilder.blurSchedule(sigma: sx), (dy, ssy) = PlanBuilder.blurSchedule(sigma: sy)
        guard dx == 1, dy == 1, ssx > 0, ssy > 0,
              let b = bodyPixelRegion(l, n.toTarget, window: win, width: w, height: h) else { return false }
        var hStep = BlurStep(source: 0, axis: .horizontal, sigma: ssx)
        var vStep = BlurStep(source: 0, axis: .vertical, sigma: ssy)
        let rx = hStep.radius, ry = vStep.radius
        let rH = b.spread(by: rx, along: .horizontal, width: w, height: h)
        let rV = rH.spread(by: ry, along: .vertical, width: w, height: h)
        hStep.region = rH
        vStep.region = rV
        // Taps past the window clamp to its edge, which must be 0 there:
        // the body's columns for H, the H output's rows for V.
        guard b.x0 >= 1, b.x1 <= w - 1, rH.y0 >= 1, rH.y1 <= h - 1 else { return false }

        // A translucent replicator tint colours the body's parts; the shadow's source stays
        // untinted and at full opacity, so it needs a body of its own when either is there.
        let tintInside = tintsInsidePasses
        let ownSource = partOpacity < 1 || tintInside
        let k = shadowPack.parts.count
        let bodyK = ownSource ? k + 1 : k
        var item = shadowItem(n, blur: ShadowBlur(pass: ShadowPack.placeholder(part: k, blurred: true),
                                                  downsampleX: 1, downsampleY: 1),
                              window: win, intoWindow: false, opacity: partOpacity)
        // The reads of the item as built (not of the tight one below), so the layout of
        // the shared targets, and with it every texture coordinate, stays what it was.
        guard let f = sampledTexels(of: item, window: win, width: w, height: h, target: n) else { return false }
        if options.tightShadowComposites,
           let tight = tightShadowComposite(item, n, window: win, width: w, height: h, blurred: rV) {
            item = tight
        }
        // Bilinear reads past the window clamp to the blurred alpha's edge, which must be 0 there.
        guard f.x0 >= 0 || rV.x0 >= 1, f.x1 <= w || rV.x1 <= w - 1,
              f.y0 >= 0 || rV.y0 >= 1, f.y1 <= h || rV.y1 <= h - 1 else { return false }
        let window = BlurRegion(x0: 0, y0: 0, x1: w, y1: h)
        let reserved = window.union(f)
            .union(BlurRegion(x0: rH.x0 - rx, y0: rH.y0, x1: rH.x1 + rx, y1: rH.y1))
            .union(BlurRegion(x0: rV.x0, y0: rV.y0 - ry, x1: rV.x1, y1: rV.y1 + ry))

        // The shadow's source: the body at full opacity, untinted (a second body when
        // the visible one has the opacity or a translucent tint in its parts).
        let bodyItems = collectItems(tinted: tintInside) { emitBody(n.inWindow(win), opacity: partOpacity) }
        if ownSource {
            let full = collectItems { emitBody(n.inWindow(win), opacity: 1) }
            shadowPack.parts.append(ShadowPackPart(width: w, height: h, items: full, steps: (hStep, vStep),
                                                   reserved: reserved, layerName: l.name))
            shadowPack.parts.append(ShadowPackPart(width: w, height: h, items: bodyItems, steps: nil,
                                                   reserved: window, layerName: l.name))
        } else {
            shadowPack.parts.append(ShadowPackPart(width: w, height: h, items: bodyItems, steps: (hStep, vStep),
                                                   reserved: reserved, layerName: l.name))
        }
        add(item)
        var back = windowDrawback(n, texture: ShadowPack.placeholder(part: bodyK, blurred: false), opacity: 1,
                                  clipShape: false, window: win, intoWindow: false)
        if options.tightShadowComposites { back = tightBodyDrawback(back, body: b) }
        add(back, tinted: !tintInside)
        return true
    }

    /// The texels (window pixels, bilinear neighbours included) a shadow
    /// item can sample: its quad on the target, widened for antialiasing,
    /// cut to the target and clip, moved into the window. Under an affine
    /// map a target pixel and the texel it samples differ by a constant shift.
    func sampledTexels(of item: DrawItem, window win: Rect, width w: Int, height h: Int,
                       target n: LayerDraw) -> BlurRegion? {
        guard case .textureAlpha(_, let uv, _, _) = item.paint else { return nil }
        let map = item.transform.flattened
        guard map.isAffine, var screen = map.boundingBox(of: item.rect) else { return nil }
        screen = screen.insetBy(-2, -2).intersection(n.target)
        if let c = n.clip { screen = screen.intersection(Rect.bounding(c)) }
        let c = Vec2(item.rect.midX, item.rect.midY)
        let t = uv.apply(c)
        let shift = map.apply(c) - Vec2(t.x * Double(w), t.y * Double(h))
        guard shift.x.isFinite, shift.y.isFinite else { return nil }
        if screen.isEmpty { return BlurRegion(x0: 0, y0: 0, x1: 0, y1: 0) }
        let lo = (x: (screen.minX - shift.x).rounded(.down) - 1, y: (screen.minY - shift.y).rounded(.down) - 1)
        let hi = (x: (screen.maxX - shift.x).rounded(.up) + 1, y: (screen.maxY - shift.y).rounded(.up) + 1)
        let limit = Double(PlanLimits.maximumPassSide)
        guard abs(lo.x) < limit, abs(lo.y) < limit, abs(hi.x) < limit, abs(hi.y) < limit else { return nil }
        return BlurRegion(x0: Int(lo.x), y0: Int(lo.y), x1: Int(hi.x), y1: Int(hi.y))
    }

    /// Lays out the parts of the draw pass being built, appends their shared
    /// passes and points the placeholders in `current` at them.
    func flushShadowPack() {
        let parts = shadowPack.parts
        guard !parts.isEmpty else { return }
        shadowPack = ShadowPack()
        let layout = ShadowPackLayout(parts: parts)
        guard layout.width <= maxPassSide, layout.height <= maxPassSide,
              layout.width * layout.height <= PlanLimits.maximumPassPixels else {
            // Too big to share: every part gets targets of its own.
            for (k, part) in parts.enumerated() {
                var one = part
                one.reserved = BlurRegion(x0: 0, y0: 0, x1: part.width, y1: part.height)
                emitShadowPack(ShadowPackLayout(parts: [one]), parts: [one], first: k)
            }
            return
        }
        emitShadowPack(layout, parts: parts, first: 0)
    }

    /// Appends the shared passes of `parts` (numbered from `first` in the
    /// placeholders) laid out by `layout`, and resolves their placeholders.
    private func emitShadowPack(_ layout: ShadowPackLayout, parts: [ShadowPackPart], first: Int) {
        let W = layout.width, H = layout.height
        let names = Array(Set(parts.compactMap(\.layerName))).sorted()
        let name = names.count <= 1 ? names.first : names.joined(separator: " + ")
        var items: [DrawItem] = []
        for (part, o) in zip(parts, layout.origins) {
            for var it in part.items {
                it.transform = it.transform.concatenating(.translation(Double(o.x), Double(o.y)))
                it.clip = it.clip?.map { Vec2($0.x + Double(o.x), $0.y + Double(o.y)) }
                items.append(it)
            }
        }
        let body = passes.count
        passes.append(RenderPass(id: body, width: W, height: H, reason: .shadow, layerName: name,
                                 clear: .clear, content: .draw(items)))
        var blurred = body
        if parts.contains(where: { $0.steps != nil }) {
            func packed(_ axis: BlurStep.Axis, source: Int) -> Int {
                var steps: [BlurStep] = []
                for (part, o) in zip(parts, layout.origins) {
                    guard let s = part.steps else { continue }
                    var step = axis == .horizontal ? s.h : s.v
                    step.source = source
                    step.region = step.region.map { $0.offsetBy(o.x, o.y) }
                    steps.append(step)
                }
                let id = passes.count
                passes.append(RenderPass(id: id, width: W, height: H, reason: .shadowBlur, layerName: name,
                                         clear: .clear, content: steps.count == 1 ? .blur(steps[0]) : .blurs(steps)))
                return id
            }
            blurred = packed(.vertical, source: packed(.horizontal, source: body))
        }
        // Resolve the placeholders: the part's texture, uv mapped into its rect.
        var resolved: [Int: (pass: Int, into: Homography?)] = [:]
        for (i, (part, o)) in zip(parts, layout.origins).enumerated() {
            let sub = Rect(x: Double(o.x) / Double(W), y: Double(o.y) / Double(H),
                           width: Double(part.width) / Double(W), height: Double(part.height) / Double(H))
            let into: Homography? = o.x == 0 && o.y == 0 && part.width == W && part.height == H
                ? nil : Homography.mapping(Rect(x: 0, y: 0, width: 1, height: 1), to: sub)
            resolved[ShadowPack.placeholder(part: first + i, blurred: false)] = (body, into)
            resolved[ShadowPack.placeholder(part: first + i, blurred: true)] = (blurred, into)
        }
        for i in current.indices {
            switch current[i].paint {
            case .texture(.pass(let p), let uv, let f, let o) where p < 0:
                guard let r = resolved[p] else { continue }
                current[i].paint = .texture(.pass(r.pass), uv: r.into.map { uv.concatenating($0) } ?? uv,
                                            filter: f, opacity: o)
            case .textureAlpha(.pass(let p), let uv, let f, let c) where p < 0:
                guard let r = resolved[p] else { continue }
                // Nearest equals linear at texel centres only while the uv's Float rounding stays far below 1/512 texel.
                let filter: TextureFilter = f == .nearest && max(W, H) > ShadowPack.maximumNearestSide ? .linear : f
                current[i].paint = .textureAlpha(.pass(r.pass), uv: r.into.map { uv.concatenating($0) } ?? uv,
                                                 filter: filter, color: c)
            default:
                continue
            }
        }
    }
}

/// Where each part goes in the shared targets: reserved rects in shelves
/// (tallest first, left to right, a new shelf past a chosen width), never
/// overlapping; of a few shelf widths (the widest box, and 1, 1.5 and 2 times
/// the square root of the boxes' total area), the one with the smallest
/// targets. One part alone sits at the origin of a target of its window's
/// size: its own pass, unchanged.
struct ShadowPackLayout {
    /// Each part's window origin in the shared targets.
    var origins: [(x: Int, y: Int)]
    var width: Int, height: Int

    init(parts: [ShadowPackPart]) {
        if parts.count == 1 {
            origins = [(0, 0)]
            width = parts[0].width; height = parts[0].height
            return
        }
        let boxes = parts.map { (w: $0.reserved.x1 - $0.reserved.x0, h: $0.reserved.y1 - $0.reserved.y0) }
        let area = boxes.reduce(0.0) { $0 + Double($1.w) * Double($1.h) }
        let widest = boxes.map(\.w).max() ?? 1
        let order = boxes.indices.sorted { boxes[$0].h != boxes[$1].h ? boxes[$0].h > boxes[$1].h : $0 < $1 }
        var best: (origins: [(x: Int, y: Int)], width: Int, height: Int)?
        for f in [0.0, 1, 1.5, 2] {
            let shelfWidth = max(widest, Int((f * area.squareRoot()).rounded(.up)))
            var origins = [(x: Int, y: Int)](repeating: (0, 0), count: parts.count)
            var x = 0, y = 0, shelf = 0, width = 0
            for i in order {
                if x > 0 && x + boxes[i].w > shelfWidth { y += shelf; x = 0; shelf = 0 }
                // The box's corner at (x, y); the window sits inside it.
                origins[i] = (x - parts[i].reserved.x0, y - parts[i].reserved.y0)
                x += boxes[i].w
                shelf = max(shelf, boxes[i].h)
                width = max(width, x)
            }
            let w = max(1, width), h = max(1, y + shelf)
            if best.map({ w * h < $0.width * $0.height }) ?? true { best = (origins, w, h) }
        }
        origins = best!.origins
        width = best!.width
        height = best!.height
    }
}

extension BlurRegion {
    /// The smallest rect holding both.
    func union(_ o: BlurRegion) -> BlurRegion {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return BlurRegion(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// The rect moved by (dx, dy).
    func offsetBy(_ dx: Int, _ dy: Int) -> BlurRegion {
        BlurRegion(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }
}
