// Rendering: where a layer sits. The Core Animation geometry rule of the
// scene contract — bounds coordinates map into the superlayer's bounds
// coordinates by T(−anchor) · transform · T(position, zPosition) · S, with S
// the superlayer's sublayerTransform taken about its anchor point — and the
// flattening of each subtree into its superlayer's plane.

import Geometry
import Layers

extension Layer {
    /// Whether the layer paints its bounds itself: a visible background or border.
    var drawsBackgroundOrBorder: Bool {
        (backgroundColor?.a ?? 0) > 0 || (borderWidth > 0 && (borderColor?.a ?? 0) > 0)
    }

    /// The anchor point in bounds coordinates (x, y, anchorPointZ).
    var anchorInBounds: (Double, Double, Double) {
        (bounds.minX + anchorPoint.x * bounds.width, bounds.minY + anchorPoint.y * bounds.height, anchorPointZ)
    }

    /// This layer's sublayerTransform taken about its anchor point (identity when unset).
    var sublayerTransformAboutAnchor: Transform3D {
        if sublayerTransform.isIdentity { return .identity }
        let (x, y, z) = anchorInBounds
        return Transform3D.translation(-x, -y, -z)
            .concatenating(sublayerTransform)
            .concatenating(.translation(x, y, z))
    }

    /// The 4x4 map from this layer's bounds coordinates to its superlayer's,
    /// given the superlayer's sublayer transform about its anchor (`parentS`).
    public func transformToSuperlayer(parentS: Transform3D) -> Transform3D {
        transformToSuperlayer(parentS: parentS, bounds: bounds)
    }

    /// The same, with the layer's `bounds` already read by the caller.
    func transformToSuperlayer(parentS: Transform3D, bounds b: Rect) -> Transform3D {
        // Each property read once: a cross-module getter with an exclusivity
        // check costs more than the arithmetic (this runs for every layer).
        let ap = anchorPoint, p = position, t = transform
        let ax = b.minX + ap.x * b.width, ay = b.minY + ap.y * b.height, az = anchorPointZ
        var m: Transform3D
        if t.isIdentity {
            // T(−anchor) · T(position) built directly: the same sums the
            // general product makes (0 + −a, then + position), no 4x4 product.
            m = .translation((0 + -ax) + p.x, (0 + -ay) + p.y, (0 + -az) + zPosition)
        } else {
            m = Transform3D.translation(-ax, -ay, -az).concatenating(t)
            m = m.concatenating(.translation(p.x, p.y, zPosition))
        }
        if !parentS.isIdentity { m = m.concatenating(parentS) }
        return m
    }
}

extension Homography {
    /// Whether the map reverses orientation around the local point p
    /// (the sign of the Jacobian determinant det(H) / w³).
    func reversesOrientation(at p: Vec2) -> Bool {
        let (_, _, w) = applyHomogeneous(p.x, p.y)
        return determinant / (w * w * w) < 0
    }

    /// The target-space bounding box of a local rect, clipped at w > 0; nil when behind the eye.
    func boundingBox(of r: Rect) -> Rect? {
        // Fast path, no allocation: all four corners in front of the eye
        // (what clipNear would return unchanged), bounded in corner order as
        // Rect.bounding does.
        let p0 = applyHomogeneous(r.minX, r.minY), p1 = applyHomogeneous(r.maxX, r.minY)
        let p2 = applyHomogeneous(r.maxX, r.maxY), p3 = applyHomogeneous(r.minX, r.maxY)
        let n = Tessellator.nearW
        if p0.2 > n, p1.2 > n, p2.2 > n, p3.2 > n {
            var x0 = p0.0 / p0.2, y0 = p0.1 / p0.2, x1 = x0, y1 = y0
            @inline(__always) func grow(_ p: (Double, Double, Double)) {
                let x = p.0 / p.2, y = p.1 / p.2
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
            grow(p1); grow(p2); grow(p3)
            return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
        }
        var hom = r.corners.map { applyHomogeneous($0.x, $0.y) }
        hom = Tessellator.clipNear(hom)
        guard hom.count >= 3 else { return nil }
        return Rect.bounding(hom.map { Vec2($0.0 / $0.2, $0.1 / $0.2) })
    }

    /// Whether `inverse` would be non-nil, without computing it.
    var isInvertible: Bool {
        let det = determinant
        return det.isFinite && abs(det) > 1e-12
    }
}
