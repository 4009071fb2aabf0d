// Geometry: 3x3 projective maps of the plane, row-vector convention like
// Transform3D: (x, y, 1) · H = (X, Y, W), point = (X/W, Y/W). Every layer's
// flattened map to the canvas is one of these; the vertex stage inverts them
// to give each pixel its layer-local coordinates.

/// A 2D projective transform in row-vector convention.
public struct Homography: Hashable, Sendable, CustomStringConvertible {
    /// Row-major elements a…i: rows (a b c), (d e f), (g h i).
    public var a, b, c, d, e, f, g, h, i: Double

    public init(_ a: Double, _ b: Double, _ c: Double,
                _ d: Double, _ e: Double, _ f: Double,
                _ g: Double, _ h: Double, _ i: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e
        self.f = f; self.g = g; self.h = h; self.i = i
    }

    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// The homogeneous image (X, Y, W) of the point (x, y).
    @inline(__always)
    public func applyHomogeneous(_ x: Double, _ y: Double) -> (Double, Double, Double) {
        (x * a + y * d + g, x * b + y * e + h, x * c + y * f + i)
    }

    /// The projected image of a point (may be infinite when W = 0).
    public func apply(_ p: Vec2) -> Vec2 {
        let (X, Y, W) = applyHomogeneous(p.x, p.y)
        return Vec2(X / W, Y / W)
    }

    /// `self` followed by `o`.
    public func concatenating(_ o: Homography) -> Homography {
        Homography(a * o.a + b * o.d + c * o.g, a * o.b + b * o.e + c * o.h, a * o.c + b * o.f + c * o.i,
                   d * o.a + e * o.d + f * o.g, d * o.b + e * o.e + f * o.h, d * o.c + e * o.f + f * o.i,
                   g * o.a + h * o.d + i * o.g, g * o.b + h * o.e + i * o.h, g * o.c + h * o.f + i * o.i)
    }

    public var determinant: Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// The inverse map, or nil when singular (a layer seen exactly edge-on).
    public var inverse: Homography? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let k = 1 / det
        return Homography((e * i - f * h) * k, (c * h - b * i) * k, (b * f - c * e) * k,
                          (f * g - d * i) * k, (a * i - c * g) * k, (c * d - a * f) * k,
                          (d * h - e * g) * k, (b * g - a * h) * k, (a * e - b * d) * k)
    }

    /// True when W does not depend on the point (no perspective).
    public var isAffine: Bool { c == 0 && f == 0 }

    public static func translation(_ tx: Double, _ ty: Double) -> Homography {
        Homography(1, 0, 0, 0, 1, 0, tx, ty, 1)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Homography {
        Homography(sx, 0, 0, 0, sy, 0, 0, 0, 1)
    }

    /// The affine map taking rect `from` onto rect `to`.
    public static func mapping(_ from: Rect, to: Rect) -> Homography {
        let sx = from.width == 0 ? 0 : to.width / from.width
        let sy = from.height == 0 ? 0 : to.height / from.height
        return Homography(sx, 0, 0, 0, sy, 0, to.minX - from.minX * sx, to.minY - from.minY * sy, 1)
    }

    /// As a Transform3D acting on the z = 0 plane.
    public var transform3D: Transform3D {
        Transform3D(m11: a, m12: b, m13: 0, m14: c,
                    m21: d, m22: e, m23: 0, m24: f,
                    m31: 0, m32: 0, m33: 1, m34: 0,
                    m41: g, m42: h, m43: 0, m44: i)
    }

    public var description: String {
        "[" + [a, b, c, d, e, f, g, h, i].map(fmt).joined(separator: " ") + "]"
    }
}
