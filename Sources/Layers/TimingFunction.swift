// Layers: CAMediaTimingFunction — a cubic Bézier from (0,0) to (1,1) that
// maps the linear progress of an animation to an eased one. Evaluating it
// means solving x(s) = t for the curve parameter s (Newton's method, with
// bisection as the fallback so it always converges), then returning y(s).

/// A timing curve: the cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1) (CAMediaTimingFunction).
public struct TimingFunction: Hashable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    /// A custom curve; x1 and x2 are clamped to 0…1 so the curve is a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1); self.y1 = y1
        self.x2 = min(max(x2, 0), 1); self.y2 = y2
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault, the curve of implicit animations.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named curves, by their CA names (as scene files spell them).
    public static let named: [(name: String, function: TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The eased progress for linear progress `t` (clamped to 0…1).
    public func callAsFunction(_ t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        if isLinear { return t }
        return Self.bezier(solveX(t), y1, y2)
    }

    /// One coordinate of the curve at parameter s, with end points 0 and 1.
    @inline(__always)
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    @inline(__always)
    static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The parameter s with x(s) = x, to 1e-12.
    func solveX(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = Self.bezier(s, x1, x2) - x
            if abs(err) < 1e-12 { return s }
            let d = Self.derivative(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        // x(s) is monotonic on 0…1 (x1, x2 in 0…1): bisect.
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = Self.bezier(s, x1, x2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
