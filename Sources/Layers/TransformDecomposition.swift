// Layers: transforms as animations see them — decomposed into perspective,
// translation, scale, skew and a rotation quaternion (the unmatrix
// algorithm CSS Transforms specify, written for CATransform3D's row-vector
// layout: translation in m41…m43, perspective in m14…m44), interpolated
// part by part (rotation by spherical interpolation, the short way round)
// and recomposed as M = scale · skew · rotation · translation · perspective.
// The transform.rotation/scale/translation key paths read and replace one
// part of this decomposition.

import Foundation
import Geometry

/// A transform split into parts that interpolate independently.
struct DecomposedTransform: Equatable {
    var translation: [Double] = [0, 0, 0]
    var scale: [Double] = [1, 1, 1]
    /// xy, xz, yz shears.
    var skew: [Double] = [0, 0, 0]
    var perspective: [Double] = [0, 0, 0, 1]
    /// (x, y, z, w), the rotation of column-vector convention (CA's rotation(θ, 0, 0, 1) is (0, 0, sin θ/2, cos θ/2)).
    var quaternion: [Double] = [0, 0, 0, 1]

    init() {}

    /// Fails for transforms that do not decompose (m44 = 0, or a singular
    /// 3 × 3 part with perspective).
    init?(_ t: Transform3D) {
        var m = Self.rows(t)
        guard m[3][3] != 0 else { return nil }
        let w = m[3][3]
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= w } }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            var pm = m
            for i in 0..<3 { pm[i][3] = 0 }
            pm[3][3] = 1
            guard let inv = Self.matrix(pm).animationInverse else { return nil }
            let r = [m[0][3], m[1][3], m[2][3], m[3][3]]
            let im = Self.rows(inv)
            perspective = (0..<4).map { i in (0..<4).reduce(0) { $0 + im[i][$1] * r[$1] } }
        }
        translation = [m[3][0], m[3][1], m[3][2]]
        var row = (0..<3).map { i in [m[i][0], m[i][1], m[i][2]] }
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ k: Double) -> [Double] { [a[0] + b[0] * k, a[1] + b[1] * k, a[2] + b[2] * k] }
        /// Normalised, or the unit axis `i` for a zero row (a zero scale keeps a usable rotation).
        func normalized(_ v: [Double], _ i: Int) -> [Double] {
            let l = length(v)
            if l < 1e-12 { var e = [0.0, 0, 0]; e[i] = 1; return e }
            return v.map { $0 / l }
        }
        scale[0] = length(row[0]); row[0] = normalized(row[0], 0)
        skew[0] = dot(row[0], row[1]); row[1] = combine(row[1], row[0], -skew[0])
        scale[1] = length(row[1]); row[1] = normalized(row[1], 1)
        if scale[1] != 0 { skew[0] /= scale[1] }
        skew[1] = dot(row[0], row[2]); row[2] = combine(row[2], row[0], -skew[1])
        skew[2] = dot(row[1], row[2]); row[2] = combine(row[2], row[1], -skew[2])
        scale[2] = length(row[2]); row[2] = normalized(row[2], 2)
        if scale[2] != 0 { skew[1] /= scale[2]; skew[2] /= scale[2] }
        let c = [row[1][1] * row[2][2] - row[1][2] * row[2][1],
                 row[1][2] * row[2][0] - row[1][0] * row[2][2],
                 row[1][0] * row[2][1] - row[1][1] * row[2][0]]
        if dot(row[0], c) < 0 {
            for i in 0..<3 { scale[i] = -scale[i]; row[i] = row[i].map { -$0 } }
        }
        // Shepperd's method on the column-convention matrix c[i][j] = row[j][i]:
        // stable for every angle, half turns included.
        let c00 = row[0][0], c11 = row[1][1], c22 = row[2][2]
        let c01 = row[1][0], c10 = row[0][1], c02 = row[2][0], c20 = row[0][2], c12 = row[2][1], c21 = row[1][2]
        var q: [Double]
        let trace = c00 + c11 + c22
        if trace > 0 {
            let s = 0.5 / (trace + 1).squareRoot()
            q = [(c21 - c12) * s, (c02 - c20) * s, (c10 - c01) * s, 0.25 / s]
        } else if c00 > c11 && c00 > c22 {
            let s = 2 * max(1 + c00 - c11 - c22, 1e-300).squareRoot()
            q = [0.25 * s, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s]
        } else if c11 > c22 {
            let s = 2 * max(1 + c11 - c00 - c22, 1e-300).squareRoot()
            q = [(c01 + c10) / s, 0.25 * s, (c12 + c21) / s, (c02 - c20) / s]
        } else {
            let s = 2 * max(1 + c22 - c00 - c11, 1e-300).squareRoot()
            q = [(c02 + c20) / s, (c12 + c21) / s, 0.25 * s, (c10 - c01) / s]
        }
        quaternion = q
    }

    /// The transform these parts describe.
    var matrix: Transform3D {
        let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
        // Row-vector rotation: the transpose of the column-convention matrix of the quaternion.
        let r = Transform3D(
            m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
            m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
            m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
        var k = Transform3D.identity
        k.m21 = skew[0]; k.m31 = skew[1]; k.m32 = skew[2]
        var p = Transform3D.identity
        p.m14 = perspective[0]; p.m24 = perspective[1]; p.m34 = perspective[2]; p.m44 = perspective[3]
        return Transform3D.scale(scale[0], scale[1], scale[2])
            .concatenating(k).concatenating(r)
            .concatenating(.translation(translation[0], translation[1], translation[2]))
            .concatenating(p)
    }

    /// Part-by-part interpolation; nil when either transform does not decompose.
    static func interpolate(_ a: Transform3D, _ b: Transform3D, _ f: Double) -> Transform3D? {
        guard let p = DecomposedTransform(a), let q = DecomposedTransform(b) else { return nil }
        func mix(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * f } }
        var r = DecomposedTransform()
        r.translation = mix(p.translation, q.translation)
        r.scale = mix(p.scale, q.scale)
        r.skew = mix(p.skew, q.skew)
        r.perspective = mix(p.perspective, q.perspective)
        r.quaternion = slerp(p.quaternion, q.quaternion, f)
        return r.matrix
    }

    /// Spherical interpolation the short way round.
    static func slerp(_ a: [Double], _ b0: [Double], _ f: Double) -> [Double] {
        var b = b0
        var d = zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
        if d < 0 { b = b.map { -$0 }; d = -d }
        d = min(d, 1)
        if d > 0.9999995 {  // nearly equal: linear, renormalised
            let m = zip(a, b).map { $0 + ($1 - $0) * f }
            let l = m.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return m.map { $0 / l }
        }
        let theta = acos(d), s = sin(theta)
        let wa = sin((1 - f) * theta) / s, wb = sin(f * theta) / s
        return zip(a, b).map { $0 * wa + $1 * wb }
    }

    /// The rotation angle between two decompositions' rotations (radians, 0…π).
    func angle(to o: DecomposedTransform) -> Double {
        let d = abs(zip(quaternion, o.quaternion).reduce(0) { $0 + $1.0 * $1.1 })
        return 2 * acos(min(d, 1))
    }

    /// Rotation as Euler angles (x, y, z) in radians, for R = Rz · Ry · Rx (column convention).
    var eulerAngles: [Double] {
        get {
            let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
            let ex = atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y))
            let ey = asin(max(-1, min(1, 2 * (w * y - z * x))))
            let ez = atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))
            return [ex, ey, ez]
        }
        set {
            let (cx, sx) = (cos(newValue[0] / 2), sin(newValue[0] / 2))
            let (cy, sy) = (cos(newValue[1] / 2), sin(newValue[1] / 2))
            let (cz, sz) = (cos(newValue[2] / 2), sin(newValue[2] / 2))
            quaternion = [sx * cy * cz - cx * sy * sz,
                          cx * sy * cz + sx * cy * sz,
                          cx * cy * sz - sx * sy * cz,
                          cx * cy * cz + sx * sy * sz]
        }
    }

    static func rows(_ t: Transform3D) -> [[Double]] {
        let e = t.elements
        return (0..<4).map { i in Array(e[(i * 4)..<(i * 4 + 4)]) }
    }

    static func matrix(_ r: [[Double]]) -> Transform3D { Transform3D(r.flatMap { $0 }) }
}

extension Transform3D {
    /// The inverse (Gauss-Jordan with partial pivoting), nil when singular.
    var animationInverse: Transform3D? {
        var a = DecomposedTransform.rows(self)
        var inv = DecomposedTransform.rows(.identity)
        for c in 0..<4 {
            var p = c
            for r in (c + 1)..<4 where abs(a[r][c]) > abs(a[p][c]) { p = r }
            guard abs(a[p][c]) > 1e-14 else { return nil }
            a.swapAt(p, c); inv.swapAt(p, c)
            let d = a[c][c]
            for j in 0..<4 { a[c][j] /= d; inv[c][j] /= d }
            for r in 0..<4 where r != c {
                let k = a[r][c]
                if k == 0 { continue }
                for j in 0..<4 { a[r][j] -= k * a[c][j]; inv[r][j] -= k * inv[c][j] }
            }
        }
        return DecomposedTransform.matrix(inv)
    }
}
