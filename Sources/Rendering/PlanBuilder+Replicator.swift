// Rendering: replicator layers (CAReplicatorLayer). The replicator draws its
// own appearance once, then its sublayers instanceCount times: instance i
// (0 first) sees instanceTransform^i, taken about the replicator's anchor
// point like a sublayerTransform and applied before the replicator's own
// sublayerTransform, and multiplies every colour it draws by instanceColor
// + i × the colour offsets (each channel clamped to 0…1; no instanceColor
// means white). The colour travels as the builder's `replication.tint`,
// which `add` multiplies into every item (DrawItem+Tint). Nested replicators
// multiply their tints.
//
// Every part is tinted once, the same with or without an offscreen pass
// (docs/scene-format.md). A translucent tint (alpha < 1) is multiplied into
// each part inside the passes a layer's parts are composed in (rounded clip,
// mask, group opacity, shadow, shouldRasterize: `makePass(tinted:)`), and
// those windows are drawn back untinted (`add(_:tinted: false)`): with the
// clip, a tinted border still lies over the tinted background as it does
// without. Passes that never take it: a mask (alpha only, no colour), a
// shadow's source (the shadow's shape is the untinted alpha, its colour is
// tinted), a shape's fill and stroke (one part, tinted as one) and a
// snapshot (another layer's picture, tinted as contents). An opaque tint
// multiplies only the colour channels, which commutes with source-over, so
// it stays on the windows as they are drawn back and the plan is the same
// as before translucent tints went inside.
//
// instanceDelay only matters for animation: on a presentation tree at time
// t, instance i shows the sublayers' presentation at t − i × instanceDelay
// (ReplicatorLayer.instanceSublayers), as CAReplicatorLayer offsets each
// copy's animations by the delay.

import Geometry
import Layers

extension PlanBuilder {
    /// The replicator instance being emitted.
    struct Replication {
        /// Multiplied into every item added (premultiplied); nil for none.
        var tint: PremultipliedColor?
        /// How many times enclosing replicators draw what is being emitted.
        var copies = 1
    }

    /// Most layer copies a replicator may draw: its instances times the
    /// layers under it, nested replicators multiplied out (layers ×
    /// replicas). Counted before any instance is built; a replicator over
    /// it is refused as a plan problem naming it (a 10000 × 10000 nested
    /// replicator asks for 100,000,000 copies). Each copy is a draw item the
    /// executors rasterize: 250,000 copies of a square took 550 MB of peak
    /// memory in a release build (500 × 500 nested instances), so the limit
    /// keeps a frame of them within 1 GB.
    public static let maximumReplicatedLayers = 250_000

    /// Whether offscreen passes opened now carry the tint in their parts
    /// (and are drawn back untinted): a tint with alpha below 1.
    var tintsInsidePasses: Bool { (replication.tint?.a ?? 1) < 1 }

    /// The instances of `r` a plan draws: its instanceCount.
    func drawnInstanceCount(_ r: ReplicatorLayer) -> Int { max(0, r.instanceCount) }

    /// The layers drawn for `l`'s subtree, replicators multiplied out,
    /// saturating at `limit` + 1 (stops counting there).
    static func replicatedLayerCount(_ l: Layer, limit: Int) -> Int {
        var n = 1
        var subs = 0
        for s in l.sublayers {
            subs += replicatedLayerCount(s, limit: limit)
            if subs > limit { return limit + 1 }
        }
        if let m = l.mask { n += replicatedLayerCount(m, limit: limit) }
        if let r = l as? ReplicatorLayer {
            let (p, o) = max(0, r.instanceCount).multipliedReportingOverflow(by: subs)
            if o || p > limit { return limit + 1 }
            subs = p
        }
        return min(limit + 1, n + subs)
    }

    /// Whether drawing `r`'s instances stays within
    /// `maximumReplicatedLayers` (with the copies enclosing replicators
    /// already make); records a problem when not.
    func replicationFits(_ r: ReplicatorLayer) -> Bool {
        let limit = Self.maximumReplicatedLayers
        let subs = r.sublayers.reduce(0) { min(limit + 1, $0 + Self.replicatedLayerCount($1, limit: limit)) }
        let (mine, o1) = drawnInstanceCount(r).multipliedReportingOverflow(by: subs)
        let (all, o2) = mine.multipliedReportingOverflow(by: max(1, replication.copies))
        guard o1 || o2 || all > limit else { return true }
        let many = o1 || o2 || subs > limit ? "more than \(limit)" : "\(all)"
        problem(r, "draws \(many) layer copies (\(drawnInstanceCount(r)) instances"
                + (replication.copies > 1 ? " inside \(replication.copies) enclosing copies" : "")
                + "), more than the limit of \(limit) layers × replicas")
        return false
    }

    /// The sublayer transform of each instance of `l`'s sublayers (one, the
    /// sublayerTransform about the anchor, for layers that are not replicators).
    func instanceSublayerTransforms(_ l: Layer) -> [Transform3D] {
        let s = l.sublayerTransformAboutAnchor
        guard let r = l as? ReplicatorLayer else { return [s] }
        // At most the limit (extents are computed before emitting, which refuses a replicator over it).
        let count = min(drawnInstanceCount(r), Self.maximumReplicatedLayers)
        guard count > 0 else { return [] }
        let step = r.instanceTransformAboutAnchor
        var out: [Transform3D] = [s]
        out.reserveCapacity(count)
        var power = Transform3D.identity
        for _ in 1..<max(1, count) {
            power = power.concatenating(step)
            out.append(power.concatenating(s))
        }
        return out
    }

    /// Draws the replicator's sublayers once per instance, instance 0 first.
    func emitReplicatorSublayers(_ n: LayerDraw, opacity: Double) {
        guard let r = n.layer as? ReplicatorLayer, replicationFits(r) else { return }
        let transforms = instanceSublayerTransforms(r)
        let subs = sortedByZ(r.sublayers)
        let delayed = r.delayedInstances != nil
        let saved = replication
        defer { replication = saved }
        replication.copies = saved.copies * max(1, transforms.count)
        for (i, s) in transforms.enumerated() {
            let own = r.instanceTint(i)
            replication.tint = own.map { t in saved.tint.map { $0.multiplied(by: t) } ?? t } ?? saved.tint
            let ctx = EmitContext(toTarget: n.toTarget, parentS: s, opacity: opacity, clip: n.clip, target: n.target)
            // With an instanceDelay and animations, instance i shows its sublayers at t − i × delay.
            for sub in delayed && i > 0 ? sortedByZ(r.instanceSublayers(i)) : subs { emit(sub, ctx) }
        }
    }
}

extension ReplicatorLayer {
    /// instanceTransform taken about the anchor point.
    var instanceTransformAboutAnchor: Transform3D {
        let t = instanceTransform
        if t.isIdentity { return .identity }
        let (x, y, z) = anchorInBounds
        return Transform3D.translation(-x, -y, -z).concatenating(t).concatenating(.translation(x, y, z))
    }

    /// Instance i's colour: instanceColor (white when nil) plus i × the
    /// offsets, each channel clamped to 0…1 (straight alpha).
    public func instanceColor(at i: Int) -> Color {
        let c = instanceColor ?? .white
        let k = Double(i)
        func clamp(_ v: Double) -> Double { min(1, max(0, v)) }
        return Color(r: clamp(c.r + k * instanceRedOffset), g: clamp(c.g + k * instanceGreenOffset),
                     b: clamp(c.b + k * instanceBlueOffset), a: clamp(c.a + k * instanceAlphaOffset))
    }

    /// Instance i's colour premultiplied, nil when it is opaque white (no tint).
    func instanceTint(_ i: Int) -> PremultipliedColor? {
        let p = instanceColor(at: i).premultiplied
        return p.isOpaqueWhite ? nil : p
    }
}
