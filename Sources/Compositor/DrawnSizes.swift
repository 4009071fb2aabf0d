// Compositor: which layers a frame draws and at what pixel size, for lazy
// image loading and decode-at-display-size. Deliberately conservative: a
// layer is "drawn" unless it or an ancestor is hidden or fully transparent
// (layers outside the canvas still count); a drawn size is known only when
// the layer and its ancestors have translation-only transforms, no
// rasterization, and the layer shows its whole contents stretched to its
// bounds (gravity resize, unit contentsRect and contentsCenter).

import Geometry
import Layers

enum DrawnSizes {
    /// Drawn pixel size (ceil(bounds × scale)) per layer, nil where it cannot be known.
    static func compute(_ scene: Scene, scale: Double) -> [ObjectIdentifier: (Int, Int)?] {
        var out: [ObjectIdentifier: (Int, Int)?] = [:]
        func visit(_ l: Layer, simple: Bool) {
            let ok = simple && isTranslation(l.transform) && !l.shouldRasterize
            let unit = Rect(x: 0, y: 0, width: 1, height: 1)
            if ok && l.contentsGravity == .resize && l.contentsRect == unit && l.contentsCenter == unit
                && l.bounds.width > 0 && l.bounds.height > 0 {
                out[ObjectIdentifier(l)] = (Int(clamping: (l.bounds.width * scale).rounded(.up), to: 0...Int.max),
                                            Int(clamping: (l.bounds.height * scale).rounded(.up), to: 0...Int.max))
            } else {
                out[ObjectIdentifier(l)] = .some(nil)
            }
            if let m = l.mask { visit(m, simple: ok) }
            let instances = (l as? ReplicatorLayer)?.instanceTransform ?? .identity
            let childOK = ok && isTranslation(l.sublayerTransform) && isTranslation(instances)
            for s in l.sublayers { visit(s, simple: childOK) }
        }
        visit(scene.root, simple: true)
        return out
    }

    /// The layers among `candidates` that are drawn (they and their ancestors are
    /// visible). Masks count as drawn with their host.
    static func visibleLayers(_ candidates: [Layer]) -> Set<ObjectIdentifier> {
        var out: Set<ObjectIdentifier> = []
        for l in candidates where isVisible(l) { out.insert(ObjectIdentifier(l)) }
        return out
    }

    private static func isVisible(_ layer: Layer) -> Bool {
        var l: Layer? = layer
        while let c = l {
            if c.isHidden || !(c.opacity > 0) { return false }
            l = c.superlayer
        }
        return true
    }

    static func isTranslation(_ t: Transform3D) -> Bool {
        t.m11 == 1 && t.m12 == 0 && t.m13 == 0 && t.m14 == 0 && t.m21 == 0 && t.m22 == 1 && t.m23 == 0
            && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0 && t.m44 == 1
    }
}
