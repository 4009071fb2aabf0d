// Rendering: the content fingerprint of a rasterized subtree — a hash of
// every presentation value that changes the layer's bitmap, computed each
// frame (a walk of the subtree, far cheaper than drawing it). The root's
// position, transform, anchorPoint, zPosition and opacity are left out:
// the bitmap lives in the layer's own plane and excludes its opacity, so
// moving, rotating or fading a rasterized layer keeps its bitmap.
//
// Specialized layer classes hash their own properties here (a switch on
// `kind`): a property added to a layer class must be added below too, or
// the cache would keep a stale bitmap when only that property changes.

import Geometry
import Layers

enum LayerFingerprint {
    /// The fingerprint of `layer`'s bitmap at `scale` (rasterizationScale).
    static func of(_ layer: Layer, scale: Double) -> Int {
        var h = Hasher()
        h.combine(scale)
        hashLayer(layer, isRoot: true, into: &h)
        return h.finalize()
    }

    private static func hashLayer(_ l: Layer, isRoot: Bool, into h: inout Hasher, snapshotDepth: Int = 0) {
        h.combine(l.id)
        if !isRoot {
            h.combine(l.position); h.combine(l.anchorPoint); h.combine(l.zPosition)
            h.combine(l.transform); h.combine(l.opacity)
        } else if !l.sublayerTransform.isIdentity {
            // The sublayer transform applies about the anchor point.
            h.combine(l.anchorPoint)
        }
        h.combine(l.bounds); h.combine(l.anchorPointZ); h.combine(l.sublayerTransform)
        h.combine(l.isDoubleSided); h.combine(l.isHidden); h.combine(l.isOpaque)
        h.combine(l.allowsGroupOpacity); h.combine(l.allowsEdgeAntialiasing)
        h.combine(l.backgroundColor); h.combine(l.cornerRadius)
        h.combine(l.borderWidth); h.combine(l.borderColor); h.combine(l.masksToBounds)
        h.combine(l.shadowColor); h.combine(l.shadowOpacity); h.combine(l.shadowOffset)
        h.combine(l.shadowRadius); h.combine(l.shadowPath)
        h.combine(l.shouldRasterize); h.combine(l.rasterizationScale)
        if let src = l.contents?.snapshotSource {
            // What the snapshot shows: the source subtree (nested snapshots a few levels deep).
            h.combine(src.id)
            if let source = src.layer, snapshotDepth < 4 {
                hashLayer(source, isRoot: false, into: &h, snapshotDepth: snapshotDepth + 1)
            }
        } else if let c = l.contents {
            h.combine(c.key); h.combine(c.image.width); h.combine(c.image.height)
            h.combine(c.pvrtc != nil)
        } else {
            h.combine(0 as UInt8)
        }
        h.combine(l.contentsGravity.rawValue); h.combine(l.contentsRect); h.combine(l.contentsCenter)
        h.combine(l.contentsScale)
        h.combine(l.minificationFilter.rawValue); h.combine(l.magnificationFilter.rawValue)
        h.combine(l.resolutionSwap)
        hashKind(l, into: &h)
        if let m = l.mask {
            h.combine(1 as UInt8)
            hashLayer(m, isRoot: false, into: &h, snapshotDepth: snapshotDepth)
        } else {
            h.combine(0 as UInt8)
        }
        h.combine(l.sublayers.count)
        for s in l.sublayers { hashLayer(s, isRoot: false, into: &h, snapshotDepth: snapshotDepth) }
    }

    private static func hashKind(_ l: Layer, into h: inout Hasher) {
        switch l.kind {
        case .layer, .transform:
            h.combine(0 as UInt8)
        case .shape:
            guard let s = l as? ShapeLayer else { return }
            h.combine(1 as UInt8)
            h.combine(s.path); h.combine(s.fillColor); h.combine(s.fillRule)
            h.combine(s.strokeColor); h.combine(s.lineWidth); h.combine(s.lineCap); h.combine(s.lineJoin)
            h.combine(s.miterLimit); h.combine(s.lineDashPattern); h.combine(s.lineDashPhase)
            h.combine(s.strokeStart); h.combine(s.strokeEnd)
        case .text:
            guard let t = l as? TextLayer else { return }
            h.combine(2 as UInt8)
            h.combine(t.string); h.combine(t.attributedString); h.combine(t.font); h.combine(t.fontSize); h.combine(t.foregroundColor)
            h.combine("\(t.alignmentMode)"); h.combine(t.isWrapped); h.combine("\(t.truncationMode)")
        case .gradient:
            guard let g = l as? GradientLayer else { return }
            h.combine(3 as UInt8)
            h.combine(g.colors); h.combine(g.locations); h.combine(g.startPoint); h.combine(g.endPoint)
            h.combine("\(g.type)")
        case .drawing:
            // The content is code or a list: what identifies it is the request
            // count (every setNeedsDisplay and content change bumps it) and which
            // timed operations show; a store still to be drawn never matches.
            guard let d = l as? DrawingLayer else { return }
            h.combine(5 as UInt8)
            h.combine(d.display.version); h.combine(d.activeOperations); h.combine(d.needsDisplayOnBoundsChange)
            h.combine(ObjectIdentifier(d.display))
        case .replicator:
            guard let r = l as? ReplicatorLayer else { return }
            h.combine(4 as UInt8)
            h.combine(r.instanceCount); h.combine(r.instanceTransform); h.combine(r.instanceDelay)
            h.combine(r.instanceColor); h.combine(r.instanceRedOffset); h.combine(r.instanceGreenOffset)
            h.combine(r.instanceBlueOffset); h.combine(r.instanceAlphaOffset)
            // Delayed instances show the sublayers at other times than instance 0.
            h.combine(r.delayedInstances?.time)
        case .tiled:
            // The settings and the source; which tiles have arrived is not hashed, so a
            // rasterized tiled layer keeps the tiles it was first drawn with (docs/scene-format.md).
            guard let t = l as? TiledLayer else { return }
            h.combine(6 as UInt8)
            h.combine(t.tileSize.width); h.combine(t.levelsOfDetail); h.combine(t.levelsOfDetailBias)
            h.combine(t.fadeDuration); h.combine(t.tileSource?.key)
        }
    }
}
