// Geometry: points and vectors in 2D and homogeneous 3D.
// Plain value types with Double storage; the render plan converts to Float
// only at the vertex stage, so the layer math keeps full precision.

/// A 2D point or vector (points in layer or pixel coordinates).
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Vec2(0, 0)

    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    public func dot(_ o: Vec2) -> Double { x * o.x + y * o.y }
    public func cross(_ o: Vec2) -> Double { x * o.y - y * o.x }
    public var length: Double { (x * x + y * y).squareRoot() }
    /// The unit vector along this one; nil for a zero, infinite or NaN vector.
    public var normalizedOrNil: Vec2? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return self * (1 / l)
    }
    public var description: String { "(\(fmt(x)), \(fmt(y)))" }
}

/// A homogeneous point (x, y, z, w) as produced by a 4x4 transform.
public struct Vec4: Hashable, Sendable {
    public var x: Double, y: Double, z: Double, w: Double
    public init(_ x: Double, _ y: Double, _ z: Double, _ w: Double) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }
    /// The projected 2D point (x/w, y/w).
    public var projected: Vec2 { Vec2(x / w, y / w) }
}

/// Formats a number compactly for plan dumps and error messages:
/// integers without a fraction, others with up to 4 decimals.
public func fmt(_ v: Double) -> String {
    // Huge or non-finite values (bad input) in Swift's own notation: the
    // fixed-point path below only fits magnitudes under 1e14 in an Int64.
    guard v.isFinite, abs(v) < 1e14 else { return "\(v)" }
    if v == v.rounded() { return String(Int64(v)) }
    var s = String(format4: v)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}

extension String {
    init(format4 v: Double) {
        let scaled = (v * 10000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let a = abs(scaled)
        let whole = Int64(a / 10000)
        let frac = Int64(a.truncatingRemainder(dividingBy: 10000))
        var f = String(frac)
        while f.count < 4 { f = "0" + f }
        self = "\(sign)\(whole).\(f)"
    }
}
