// Tests the gradient specification (GradientShading, twin of
// Shaders/gradient.glsl) against hand-computed values: the parameter t of
// each gradient type, stop lookup and unpremultiplied interpolation, the
// polynomial atan2's error bound, and the constants GLSL must read alike.

import Foundation
import XCTest
import Geometry
@testable import Plan

final class GradientShadingTests: XCTestCase {
    let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1)

    func uniforms(_ kind: GradientKind, _ s: Vec2, _ e: Vec2, colors: [Color]? = nil,
                  locations: [Double]? = nil, file: StaticString = #filePath, line: UInt = #line) -> GradientUniforms {
        let c = colors ?? [red, blue]
        let p = GradientPaint(kind: kind, start: s, end: e, colors: c,
                              locations: locations ?? GradientStops.normalized(nil, count: c.count), opacity: 1)
        guard let u = GradientUniforms(p) else {
            XCTFail("degenerate", file: file, line: line)
            return GradientUniforms(GradientPaint(kind: .conic, start: s, end: s, colors: c, locations: [0, 1],
                                                  opacity: 1))!
        }
        return u
    }

    func assertNear(_ a: SIMD4<Float>, _ b: SIMD4<Float>, file: StaticString = #filePath, line: UInt = #line) {
        for i in 0..<4 { XCTAssertEqual(a[i], b[i], accuracy: 1e-6, "\(a) vs \(b)", file: file, line: line) }
    }

    func t(_ u: GradientUniforms, _ x: Float, _ y: Float) -> Float { GradientShading.parameter(x: x, y: y, u) }

    func testAxialIsTheProjectionOntoStartToEnd() {
        let u = uniforms(.axial, Vec2(10, 20), Vec2(10, 60))
        XCTAssertEqual(t(u, 3, 20), 0)
        XCTAssertEqual(t(u, 99, 40), 0.5)
        XCTAssertEqual(t(u, 10, 60), 1)
        XCTAssertEqual(t(u, 10, 80), 1.5)      // clamped later, by color(t:)
        XCTAssertEqual(t(u, 10, 0), -0.5)
        // Diagonal: (0,0) → (4,2); the point (2,1) is halfway, (1,-2) is perpendicular at the start.
        let d = uniforms(.axial, Vec2(0, 0), Vec2(4, 2))
        XCTAssertEqual(t(d, 2, 1), 0.5, accuracy: 1e-7)
        XCTAssertEqual(t(d, 1, -2), 0, accuracy: 1e-7)
    }

    func testRadialRadiiArePerAxis() {
        let u = uniforms(.radial, Vec2(50, 50), Vec2(70, 60))   // rx 20, ry 10
        XCTAssertEqual(t(u, 50, 50), 0)
        XCTAssertEqual(t(u, 60, 50), 0.5)
        XCTAssertEqual(t(u, 50, 60), 1)
        XCTAssertEqual(t(u, 30, 45), (1 + 0.25 as Float).squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(t(u, 62, 58), 1, accuracy: 1e-6)          // (12/20, 8/10) = (0.6, 0.8)
    }

    func testConicStartsTowardEndAndTurnsClockwiseOnScreen() {
        let right = uniforms(.conic, Vec2(0, 0), Vec2(10, 0))
        XCTAssertEqual(t(right, 1, 0), 0)
        XCTAssertEqual(t(right, 0, 1), 0.25, accuracy: 1e-5)     // below (y down): a quarter turn clockwise
        XCTAssertEqual(t(right, -1, 0), 0.5, accuracy: 1e-5)
        XCTAssertEqual(t(right, 0, -1), 0.75, accuracy: 1e-5)
        XCTAssertEqual(t(right, 1, 1), 0.125, accuracy: 1e-5)
        XCTAssertEqual(t(right, 1, -1), 0.875, accuracy: 1e-5)
        let up = uniforms(.conic, Vec2(5, 5), Vec2(5, 0))
        XCTAssertEqual(t(up, 5, 2), 0)
        XCTAssertEqual(t(up, 9, 5), 0.25, accuracy: 1e-5)        // right of centre: clockwise from up
        XCTAssertEqual(t(up, 5, 9), 0.5, accuracy: 1e-5)
        XCTAssertEqual(t(up, 1, 5), 0.75, accuracy: 1e-5)
        XCTAssertEqual(t(up, 5, 5), 0)                           // the centre itself
    }

    func testStopsClampAndInterpolateInTheirSegment() {
        let u = uniforms(.axial, Vec2(0, 0), Vec2(0, 1), locations: [0.2, 0.6])
        XCTAssertEqual(GradientShading.color(t: -3, u), SIMD4(1, 0, 0, 1))
        XCTAssertEqual(GradientShading.color(t: 0.1, u), SIMD4(1, 0, 0, 1))
        assertNear(GradientShading.color(t: 0.4, u), SIMD4(0.5, 0, 0.5, 1))
        XCTAssertEqual(GradientShading.color(t: 0.9, u), SIMD4(0, 0, 1, 1))
        XCTAssertEqual(GradientShading.color(t: 7, u), SIMD4(0, 0, 1, 1))
        // Three stops, evenly spaced: t = 0.75 is halfway along the second segment.
        let three = uniforms(.axial, Vec2(0, 0), Vec2(0, 1), colors: [red, Color(r: 0, g: 1, b: 0), blue])
        assertNear(GradientShading.color(t: 0.75, three), SIMD4(0, 0.5, 0.5, 1))
    }

    func testTransparentStopInterpolatesUnpremultipliedThenPremultiplies() {
        let clearGreen = Color(r: 0, g: 1, b: 0, a: 0)
        let u = uniforms(.axial, Vec2(0, 0), Vec2(0, 1), colors: [red, clearGreen])
        // Straight mix (0.5, 0.5, 0, 0.5), premultiplied; a premultiplied mix would give (0.5, 0, 0, 0.5).
        XCTAssertEqual(GradientShading.color(t: 0.5, u), SIMD4(0.25, 0.25, 0, 0.5))
        XCTAssertEqual(GradientShading.color(t: 1, u), SIMD4(0, 0, 0, 0))
    }

    func testEqualLocationsMakeAHardStopWithoutDividingByZero() {
        let green = Color(r: 0, g: 1, b: 0), white = Color.white
        let u = uniforms(.axial, Vec2(0, 0), Vec2(0, 1), colors: [red, green, blue, white],
                         locations: [0, 0.5, 0.5, 1])
        XCTAssertEqual(GradientShading.color(t: 0.5, u), SIMD4(0, 1, 0, 1))
        let after = GradientShading.color(t: 0.5001, u)
        XCTAssertEqual(after.z, 1, accuracy: 1e-3)
        XCTAssertFalse(after.x.isNaN)
        let same = uniforms(.axial, Vec2(0, 0), Vec2(0, 1), locations: [0.3, 0.3])
        XCTAssertEqual(GradientShading.color(t: 0.3, same), SIMD4(1, 0, 0, 1))
        XCTAssertEqual(GradientShading.color(t: 0.30001, same), SIMD4(0, 0, 1, 1))
    }

    func testAtan2ApproximationErrorOverADenseSweep() {
        var worst = 0.0
        let n = 200_000
        for radius in [1e-3, 1.0, 37.5, 4096.0] {
            for i in 0...n {
                let theta = -Double.pi + 2 * Double.pi * Double(i) / Double(n)
                let x = Float(radius * cos(theta)), y = Float(radius * sin(theta))
                let exact = Foundation.atan2(Double(y), Double(x))
                var err = abs(Double(GradientShading.atan2(y, x)) - exact)
                err = min(err, abs(err - 2 * Double.pi))   // ±π are the same direction
                worst = max(worst, err)
            }
        }
        print("atan2 approximation: max error \(worst) rad")
        XCTAssertLessThan(worst, 2e-5, "max error \(worst) rad")
        XCTAssertEqual(GradientShading.atan2(0, 0), 0)
        XCTAssertEqual(GradientShading.atan2(0, 5), 0)
        XCTAssertEqual(GradientShading.atan2(0, -5), GradientShading.pi)
        XCTAssertEqual(GradientShading.atan2(5, 0), GradientShading.halfPi)
        XCTAssertEqual(GradientShading.atan2(-5, 0), -GradientShading.halfPi)
    }

    /// gradient.glsl writes these constants as decimal literals, which a GLSL
    /// compiler rounds straight to Float; Swift's literals must give the same Floats.
    func testConstantsAreTheFloatsTheirDecimalsRoundTo() {
        let pairs: [(Float, String)] = [
            (GradientShading.inverseTwoPi, "0.15915494"), (GradientShading.halfPi, "1.5707964"),
            (GradientShading.pi, "3.1415927"), (GradientShading.atanC1, "0.999866"),
            (GradientShading.atanC3, "-0.3302995"), (GradientShading.atanC5, "0.180141"),
            (GradientShading.atanC7, "-0.085133"), (GradientShading.atanC9, "0.0208351"),
        ]
        for (value, text) in pairs { XCTAssertEqual(value, Float(text)!, text) }
    }

    func testDegenerateGeometryHasNoUniforms() {
        func make(_ k: GradientKind, _ s: Vec2, _ e: Vec2) -> GradientUniforms? {
            GradientUniforms(GradientPaint(kind: k, start: s, end: e, colors: [red, blue], locations: [0, 1],
                                           opacity: 1))
        }
        XCTAssertNil(make(.axial, Vec2(3, 3), Vec2(3, 3)))
        XCTAssertNil(make(.radial, Vec2(3, 3), Vec2(3, 9)))        // rx = 0
        XCTAssertEqual(make(.conic, Vec2(3, 3), Vec2(3, 3))?.geometry, SIMD4(3, 3, 1, 0))
    }

    func testStopNormalization() {
        XCTAssertEqual(GradientStops.normalized(nil, count: 3), [0, 0.5, 1])
        XCTAssertEqual(GradientStops.normalized([0, 1], count: 3), [0, 0.5, 1])          // mismatch: even
        XCTAssertEqual(GradientStops.normalized([0.5, 0.2, 2], count: 3), [0.5, 0.5, 1])   // made valid
        XCTAssertEqual(GradientStops.normalized(nil, count: 1), [0])
        XCTAssertEqual(GradientStops.normalized([0.3], count: 0), [])
    }
}
