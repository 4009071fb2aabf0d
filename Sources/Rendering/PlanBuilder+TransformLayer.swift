// Rendering: transform layers (CATransformLayer). An ordinary layer flattens
// its subtree into its own plane; a transform layer does not: its sublayers
// keep their 3D positions in the transform layer's superlayer and are drawn
// back to front there. Their full 4x4 maps are composed first — child →
// transform layer (with its sublayerTransform) → the transform layer's map
// into its superlayer — and flattened only then (`EmitContext.pending3D`
// carries the not-yet-flattened part). Nested transform layers join the same
// 3D rendering context: their sublayers are sorted together with the others.
//
// The sort is a painter's sort of whole layers by the depth of their bounds
// centre (+z toward the viewer; equal depths keep document order). Layers
// that intersect, or that overlap in depth so that no order of whole layers
// is right, are not split: like any painter's sort, it can be wrong there.
// A transform layer draws none of its own appearance (background, border,
// contents, shadow, mask, masksToBounds are ignored); its opacity multiplies
// into each sublayer separately, never as a group.

import Geometry
import Layers

extension PlanBuilder {
    /// A layer of a 3D rendering context, with the context it is emitted in
    /// and the depth it is sorted by.
    struct ContextMember {
        let layer: Layer
        let ctx: EmitContext
        let depth: Double
    }

    /// Emits the sublayers of transform layer `t` (not hidden) depth-sorted.
    func emitTransformLayer(_ t: Layer, _ ctx: EmitContext) {
        var members: [ContextMember] = []
        collectContext(t, ctx, into: &members)
        for m in Self.backToFront(members) { emit(m.layer, m.ctx) }
    }

    /// Back to front (ascending depth), document order among equal depths.
    static func backToFront(_ members: [ContextMember]) -> [ContextMember] {
        members.enumerated().sorted {
            $0.element.depth != $1.element.depth ? $0.element.depth < $1.element.depth : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Appends the sublayers of transform layer `t` to `out`, descending into
    /// nested transform layers, each with its accumulated 3D map.
    func collectContext(_ t: Layer, _ ctx: EmitContext, into out: inout [ContextMember]) {
        let opacity = ctx.opacity * t.opacity
        guard opacity > 0 else { stats.culledTransparent += 1; return }
        var toPlane = t.transformToSuperlayer(parentS: ctx.parentS)
        if let p = ctx.pending3D { toPlane = toPlane.concatenating(p) }
        var inner = ctx
        inner.parentS = t.sublayerTransformAboutAnchor
        inner.opacity = opacity
        inner.pending3D = toPlane
        for s in t.sublayers {
            if s.kind == .transform {
                stats.layersVisited += 1
                if s.isHidden { stats.culledHidden += 1; continue }
                collectContext(s, inner, into: &out)
                continue
            }
            let full = s.transformToSuperlayer(parentS: inner.parentS).concatenating(toPlane)
            out.append(ContextMember(layer: s, ctx: inner, depth: Self.depth(of: s.bounds, through: full)))
        }
    }

    /// The depth (z / w, +z toward the viewer) of the centre of `b` mapped
    /// by `m`; −∞ behind the eye.
    static func depth(of b: Rect, through m: Transform3D) -> Double {
        let c = m.apply(b.midX, b.midY, 0)
        guard c.w > Tessellator.nearW else { return -.infinity }
        return c.z / c.w
    }

    /// The output extent of `c` whose bounds map by `m` (4x4, unflattened)
    /// into the plane `h` maps to the target: a transform layer's is its
    /// sublayers' through their accumulated maps.
    func extent(of c: Layer, through m: Transform3D, _ h: Homography) -> Rect? {
        guard c.kind == .transform else { return outputExtent(c, m.flattened.concatenating(h)) }
        guard !c.isHidden, c.opacity > 0 else { return nil }
        var e: Rect?
        let s = c.sublayerTransformAboutAnchor
        for g in c.sublayers where !g.isHidden && g.opacity > 0 {
            e = unionOpt(e, extent(of: g, through: g.transformToSuperlayer(parentS: s).concatenating(m), h))
        }
        return e
    }

    /// The output extent of the sublayers of `l` (bounds → target by `h`):
    /// every replicator instance, transform layers in 3D.
    func sublayersExtent(_ l: Layer, _ h: Homography) -> Rect? {
        guard !l.sublayers.isEmpty else { return nil }
        var e: Rect?
        let delayed = (l as? ReplicatorLayer)?.delayedInstances != nil
        for (i, s) in instanceSublayerTransforms(l).enumerated() {
            let subs = delayed ? (l as! ReplicatorLayer).instanceSublayers(i) : l.sublayers
            for c in subs where !c.isHidden && c.opacity > 0 {
                e = unionOpt(e, extent(of: c, through: c.transformToSuperlayer(parentS: s), h))
            }
        }
        return e
    }
}
