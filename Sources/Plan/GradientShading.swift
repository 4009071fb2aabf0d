// Plan: per-pixel gradient evaluation. This Swift code is the
// specification: the CPU executor calls it, and Shaders/gradient.glsl is
// its line-by-line twin in GLSL ES 1.00 (the pair works like Coverage.swift
// and coverage.glsl). All per-pixel arithmetic is Float (GLSL highp) in the
// same order on both sides; everything that can be done once per item
// (geometry constants, colour conversion) is done here in Double and handed
// to both executors as the same Float values (`GradientUniforms`).
//
// The conic angle uses its own polynomial atan2 rather than libm's or
// GLSL's: those differ between llvmpipe and Swift in the last bits, and an
// angle feeds a colour ramp directly. Coefficients: Abramowitz & Stegun
// 4.4.49 (|error| ≤ 1e-5 rad on [0, 1]), extended to all quadrants by
// symmetry. Every constant below is written with few enough digits that its
// Float value is the same however a compiler rounds the decimal (checked by
// GradientShadingTests).

/// The per-item constants of a gradient, as both executors feed them to
/// the fragment stage (uniforms on the GPU).
public struct GradientUniforms: Sendable, Equatable {
    /// 0 axial, 1 radial, 2 conic.
    public var type: Float
    /// Axial: (sx, sy, dx/|d|², dy/|d|²); radial: (cx, cy, 1/rx, 1/ry);
    /// conic: (cx, cy, ux, uy) with u the unit direction of angle 0.
    public var geometry: SIMD4<Float>
    /// Straight-alpha colours (r, g, b, a), at most `GradientPaint.maximumStops`.
    public var colors: [SIMD4<Float>]
    /// Their locations, non-decreasing in 0...1.
    public var locations: [Float]
    /// Number of stops.
    public var count: Int { locations.count }

    /// The uniforms of `paint`; nil when its geometry is degenerate (a
    /// zero-length axis or a zero radius), which PlanBuilder draws as a
    /// solid fill of the last colour instead.
    public init?(_ paint: GradientPaint) {
        let n = min(paint.colors.count, paint.locations.count, GradientPaint.maximumStops)
        guard n > 0 else { return nil }
        colors = paint.colors.prefix(n).map { SIMD4(Float($0.r), Float($0.g), Float($0.b), Float($0.a)) }
        locations = paint.locations.prefix(n).map { Float($0) }
        let s = paint.start, e = paint.end
        let dx = e.x - s.x, dy = e.y - s.y
        switch paint.kind {
        case .axial:
            let len2 = dx * dx + dy * dy
            guard len2 > 0, len2.isFinite else { return nil }
            type = 0
            geometry = SIMD4(Float(s.x), Float(s.y), Float(dx / len2), Float(dy / len2))
        case .radial:
            let rx = abs(dx), ry = abs(dy)
            guard rx > 0, ry > 0, (1 / rx).isFinite, (1 / ry).isFinite else { return nil }
            type = 1
            geometry = SIMD4(Float(s.x), Float(s.y), Float(1 / rx), Float(1 / ry))
        case .conic:
            let len = (dx * dx + dy * dy).squareRoot()
            type = 2
            if len > 0, len.isFinite {
                geometry = SIMD4(Float(s.x), Float(s.y), Float(dx / len), Float(dy / len))
            } else {
                geometry = SIMD4(Float(s.x), Float(s.y), 1, 0)   // angle 0 toward +x
            }
        }
    }
}

public enum GradientShading {
    /// 1 / (2π).
    static let inverseTwoPi: Float = 0.15915494
    static let halfPi: Float = 1.5707964
    static let pi: Float = 3.1415927
    /// A&S 4.4.49: atan(a) ≈ a·(c1 + c3·a² + c5·a⁴ + c7·a⁶ + c9·a⁸) on [0, 1].
    static let atanC1: Float = 0.999866
    static let atanC3: Float = -0.3302995
    static let atanC5: Float = 0.180141
    static let atanC7: Float = -0.085133
    static let atanC9: Float = 0.0208351

    /// The premultiplied gradient colour at local point (x, y), before opacity.
    @inline(__always)
    public static func shade(x: Float, y: Float, _ u: GradientUniforms) -> SIMD4<Float> {
        color(t: parameter(x: x, y: y, u), u)
    }

    /// The gradient parameter t at local point (x, y) (not yet clamped).
    @inline(__always)
    public static func parameter(x: Float, y: Float, _ u: GradientUniforms) -> Float {
        let g = u.geometry
        let dx = x - g.x
        let dy = y - g.y
        if u.type < 0.5 { return dx * g.z + dy * g.w }
        if u.type < 1.5 {
            let a = dx * g.z
            let b = dy * g.w
            return (a * a + b * b).squareRoot()
        }
        // Rotate so angle 0 points along (ux, uy); y down makes positive angles clockwise.
        let rx = dx * g.z + dy * g.w
        let ry = dy * g.z - dx * g.w
        let t = atan2(ry, rx) * inverseTwoPi
        return t < 0 ? t + 1 : t
    }

    /// The premultiplied colour at parameter t: clamp to 0...1, find the
    /// segment, interpolate the straight colours, then premultiply.
    @inline(__always)
    public static func color(t: Float, _ u: GradientUniforms) -> SIMD4<Float> {
        let tc = min(max(t, 0), 1)
        var c = u.colors[0]
        if tc > u.locations[0] {
            var i = 1
            while i < u.count {
                c = u.colors[i]
                if tc <= u.locations[i] {
                    // l0 < tc ≤ l1 here, so l1 − l0 > 0: equal locations never divide by zero.
                    let l0 = u.locations[i - 1]
                    let f = (tc - l0) / (u.locations[i] - l0)
                    c = u.colors[i - 1] + (u.colors[i] - u.colors[i - 1]) * f
                    break
                }
                i += 1
            }
        }
        return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
    }

    /// atan2(y, x) in (−π, π], |error| ≤ ~1.1e-5 rad; atan2(0, 0) = 0.
    @inline(__always)
    public static func atan2(_ y: Float, _ x: Float) -> Float {
        let ax = abs(x)
        let ay = abs(y)
        let hi = max(ax, ay)
        let lo = min(ax, ay)
        if hi == 0 { return 0 }
        let a = lo / hi
        let s = a * a
        var r = ((((atanC9 * s + atanC7) * s + atanC5) * s + atanC3) * s + atanC1) * a
        if ay > ax { r = halfPi - r }
        if x < 0 { r = pi - r }
        if y < 0 { r = -r }
        return r
    }
}
