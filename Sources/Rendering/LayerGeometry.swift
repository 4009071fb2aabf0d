// Rendering: where a layer sits. The Core Animation geometry rule of the
// scene contract — bounds coordinates map into the superlayer's bounds
// coordinates by T(−anchor) · transform · T(position, zPosition) · S, with S
// the superlayer's sublayerTransform taken about its anchor point — and the
// flattening of each subtree into its superlayer's plane.

import Geometry
import Layers

extension Layer {
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
        let (ax, ay, az) = anchorInBounds
        var m = Transform3D.translation(-ax, -ay, -az)
        if !transform.isIdentity { m = m.concatenating(transform) }
        m = m.concatenating(.translation(position.x, position.y, zPosition))
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
        var hom = r.corners.map { applyHomogeneous($0.x, $0.y) }
        hom = Tessellator.clipNear(hom)
        guard hom.count >= 3 else { return nil }
        return Rect.bounding(hom.map { Vec2($0.0 / $0.2, $0.1 / $0.2) })
    }

    /// ∂(target)/∂(local) Jacobian at p as (∂X/∂x, ∂Y/∂x, ∂X/∂y, ∂Y/∂y).
    func forwardJacobian(at p: Vec2) -> (Double, Double, Double, Double) {
        let (X, Y, W) = applyHomogeneous(p.x, p.y)
        let w2 = W * W
        return ((a * W - X * c) / w2, (b * W - Y * c) / w2, (d * W - X * f) / w2, (e * W - Y * f) / w2)
    }
}
