// Geometry: CATransform3D, a 4x4 matrix in Core Animation's row-vector
// convention: a point p maps to p · M, translation lives in m41 m42 m43,
// and `a.concatenating(b)` applies a first, then b (CATransform3DConcat).

import Foundation

/// A 4x4 transform with CATransform3D's element names and conventions.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Builds from 16 numbers in m11…m44 order.
    public init(_ v: [Double]) {
        precondition(v.count == 16, "Transform3D needs 16 values")
        self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                  m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                  m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                  m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// The 16 elements in m11…m44 order.
    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Element-wise comparison with the identity, without building it.
    public var isIdentity: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0 &&
            m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }

    /// CATransform3DMakeTranslation.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = identity; t.m41 = tx; t.m42 = ty; t.m43 = tz; return t
    }

    /// CATransform3DMakeScale.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = identity; t.m11 = sx; t.m22 = sy; t.m33 = sz; return t
    }

    /// CATransform3DMakeRotation(angle, x, y, z): angle in radians about the
    /// axis (x, y, z). With y down, a positive angle about z turns clockwise on screen.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0 else { return identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D(
            m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
            m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
            m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `self` followed by `o` (CATransform3DConcat(self, o) = self · o).
    /// Unrolled and allocation-free (the plan builder calls it per layer);
    /// each element sums 0 + a·b terms in k = 1…4 order, exactly as the
    /// former loop did, so results are bit-identical.
    @inlinable
    public func concatenating(_ o: Transform3D) -> Transform3D {
        @inline(__always)
        func dot(_ a1: Double, _ a2: Double, _ a3: Double, _ a4: Double,
                 _ b1: Double, _ b2: Double, _ b3: Double, _ b4: Double) -> Double {
            var s = 0.0
            s += a1 * b1; s += a2 * b2; s += a3 * b3; s += a4 * b4
            return s
        }
        return Transform3D(
            m11: dot(m11, m12, m13, m14, o.m11, o.m21, o.m31, o.m41),
            m12: dot(m11, m12, m13, m14, o.m12, o.m22, o.m32, o.m42),
            m13: dot(m11, m12, m13, m14, o.m13, o.m23, o.m33, o.m43),
            m14: dot(m11, m12, m13, m14, o.m14, o.m24, o.m34, o.m44),
            m21: dot(m21, m22, m23, m24, o.m11, o.m21, o.m31, o.m41),
            m22: dot(m21, m22, m23, m24, o.m12, o.m22, o.m32, o.m42),
            m23: dot(m21, m22, m23, m24, o.m13, o.m23, o.m33, o.m43),
            m24: dot(m21, m22, m23, m24, o.m14, o.m24, o.m34, o.m44),
            m31: dot(m31, m32, m33, m34, o.m11, o.m21, o.m31, o.m41),
            m32: dot(m31, m32, m33, m34, o.m12, o.m22, o.m32, o.m42),
            m33: dot(m31, m32, m33, m34, o.m13, o.m23, o.m33, o.m43),
            m34: dot(m31, m32, m33, m34, o.m14, o.m24, o.m34, o.m44),
            m41: dot(m41, m42, m43, m44, o.m11, o.m21, o.m31, o.m41),
            m42: dot(m41, m42, m43, m44, o.m12, o.m22, o.m32, o.m42),
            m43: dot(m41, m42, m43, m44, o.m13, o.m23, o.m33, o.m43),
            m44: dot(m41, m42, m43, m44, o.m14, o.m24, o.m34, o.m44))
    }

    /// CATransform3DTranslate(self, …) = translation · self.
    public func translatedBy(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }

    /// CATransform3DScale(self, …) = scale · self.
    public func scaledBy(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }

    /// CATransform3DRotate(self, …) = rotation · self.
    public func rotatedBy(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, x, y, z).concatenating(self)
    }

    /// Maps a point (x, y, z, 1) to homogeneous coordinates.
    public func apply(_ x: Double, _ y: Double, _ z: Double = 0) -> Vec4 {
        Vec4(x * m11 + y * m21 + z * m31 + m41,
             x * m12 + y * m22 + z * m32 + m42,
             x * m13 + y * m23 + z * m33 + m43,
             x * m14 + y * m24 + z * m34 + m44)
    }

    /// Drops the z row and column: the map of the z = 0 plane onto the
    /// z = 0 plane of the target, as a 2D homography (m11 m12 m14 / m21 m22 m24 / m41 m42 m44).
    public var flattened: Homography {
        Homography(m11, m12, m14, m21, m22, m24, m41, m42, m44)
    }

    public var description: String { "[" + elements.map(fmt).joined(separator: " ") + "]" }
}
