// RasterTests: `RoundedInterior`, the interior columns of a rounded rect
// that follow its corner arcs. Every column it returns must have coverage
// exactly 1 by the spec (`Coverage.evaluate`, evaluated here directly, not
// through the renderer); one corner row is worked out by hand.

import Plan
@testable import Raster
import XCTest

final class RoundedInteriorTests: XCTestCase {
    /// A rect (0, 0, 100, 60) of radius 20 at identity: M = ‖J‖ = 1. On row 5
    /// (centre y 5.5) qy = 24.5 − 30 + 20 = 14.5, so the half width is
    /// 50 − 20 + √((20 − 1)² − 14.5²) = 42.278…: local x in [7.722, 92.278],
    /// pixel centres x + ½ there for x in 8…91, less one column each end: 9…90.
    /// (The cross of `InteriorBoxes` gives 23…76 on that row.) Here local = screen: lx = x + ½.
    func testCornerRowByHand() throws {
        let ri = try XCTUnwrap(RoundedInterior.make(rect: SIMD4(0, 0, 100, 60), params: SIMD4(20, 0, 0, 16),
                                                    jacobian: SIMD4(1, 0, 0, 1)))
        let c = try XCTUnwrap(ri.columns(localRow: SIMD4(0.5, 5.5, 1, 0), localDx: SIMD4(1, 0, 0, 0), x0: 0.5))
        XCTAssertEqual(c.lo, 9)
        XCTAssertEqual(c.hi, 90)
        // A rotated row (local y varies along it) is left to the cross.
        XCTAssertNil(ri.columns(localRow: SIMD4(0, 5.5, 1, 0), localDx: SIMD4(0.8, 0.6, 0, 0), x0: 0.5))
        // Above the inset shape: nothing.
        let top = try XCTUnwrap(ri.columns(localRow: SIMD4(0, 0.5, 1, 0), localDx: SIMD4(1, 0, 0, 0), x0: 0.5))
        XCTAssertGreaterThan(top.lo, top.hi)
    }

    /// The margins are one pixel measured as the coverage spec measures it.
    /// Spectral norms by hand: identity 1; diag(2, ½) 2; a rotation by
    /// (0.8, 0.6) scaled by 3 is 3; the shear [[1, 1], [0, 1]] has singular
    /// values φ and 1/φ, so φ = (1 + √5)/2. On the straight middle row
    /// (y 30.5) of the rect (0, 0, 100, 60), radius 20, local x = x + 0.2:
    /// half width 50 − 1 = 49, so local x in [1, 99], x in 0.8…98.8 → 1…98,
    /// less one column each end: 2…97 (the Frobenius margin √2 gave 3…97).
    /// `InteriorBoxes` of an antialiased quad (0, 0, 10, 4) at identity: the
    /// box is inset by gx = gy = 1 to (1, 1, 9, 3); on row y 2.5 with local
    /// x = x + 0.2, x in 0.8…8.8 → 1…8, less one each end: 2…7 (the former
    /// 2-pixel inset gave 3…6).
    func testOnePixelMarginsByHand() throws {
        XCTAssertEqual(RoundedInterior.spectralNorm(SIMD4(1, 0, 0, 1)), 1, accuracy: 1e-8)
        XCTAssertEqual(RoundedInterior.spectralNorm(SIMD4(2, 0, 0, 0.5)), 2, accuracy: 1e-8)
        XCTAssertEqual(RoundedInterior.spectralNorm(SIMD4(2.4, 1.8, -1.8, 2.4)), 3, accuracy: 1e-6)
        XCTAssertEqual(RoundedInterior.spectralNorm(SIMD4(1, 1, 0, 1)), (1 + 5.0.squareRoot()) / 2, accuracy: 1e-8)
        let ri = try XCTUnwrap(RoundedInterior.make(rect: SIMD4(0, 0, 100, 60), params: SIMD4(20, 0, 0, 16),
                                                    jacobian: SIMD4(1, 0, 0, 1)))
        let mid = try XCTUnwrap(ri.columns(localRow: SIMD4(0.2, 30.5, 1, 0), localDx: SIMD4(1, 0, 0, 0), x0: 0.5))
        XCTAssertEqual(mid.lo, 2)
        XCTAssertEqual(mid.hi, 97)
        let boxes = InteriorBoxes.make(rect: SIMD4(0, 0, 10, 4), params: SIMD4(0, 0, 0, 15), jacobian: SIMD4(1, 0, 0, 1))
        let row = boxes.columns(localRow: SIMD4(0.2, 2.5, 1, 0), localDx: SIMD4(1, 0, 0, 0), x0: 0.5)
        XCTAssertEqual(row.lo, 2)
        XCTAssertEqual(row.hi, 7)
    }

    /// For rounded rects of many sizes, radii (0, small, over half the side),
    /// scales and sub-pixel offsets, every column of every row has spec
    /// coverage exactly 1, and the corners gain columns over the cross.
    func testEveryInteriorColumnHasCoverageOne() throws {
        var checked = 0, gained = 0
        for (w, h, radius) in [(100.0, 60.0, 20.0), (40.0, 40.0, 20.0), (30.0, 80.0, 45.0), (50.0, 24.0, 0.0),
                               (64.0, 64.0, 3.5), (9.0, 7.0, 2.0)] {
            for (sx, sy) in [(1.0, 1.0), (0.5, 2.0), (3.0, 1.25)] {
                for (ox, oy) in [(0.0, 0.0), (0.5, 0.25), (3.3, 7.9)] {
                    let rect = SIMD4<Float>(0, 0, Float(w), Float(h)), params = SIMD4<Float>(Float(radius), 0, 0, 16)
                    let jac = SIMD4<Float>(Float(1 / sx), 0, 0, Float(1 / sy))
                    let ri = try XCTUnwrap(RoundedInterior.make(rect: rect, params: params, jacobian: jac))
                    let boxes = InteriorBoxes.make(rect: rect, params: params, jacobian: jac)
                    for y in 0..<Int(h * sy + oy + 2) {
                        let row = SIMD4<Float>(Float((0.5 - ox) / sx), Float((Double(y) + 0.5 - oy) / sy), 1, 0)
                        let dx = SIMD4<Float>(Float(1 / sx), 0, 0, 0)
                        let c = try XCTUnwrap(ri.columns(localRow: row, localDx: dx, x0: 0.5))
                        let cross = boxes.columns(localRow: row, localDx: dx, x0: 0.5)
                        if c.lo > c.hi { continue }
                        if cross.lo > cross.hi || c.hi - c.lo > cross.hi - cross.lo { gained += 1 }
                        for x in c.lo...c.hi {
                            let lx = row.x + dx.x * Float(x), ly = row.y
                            let cov = Coverage.evaluate(lx: lx, ly: ly, jac: (jac.x, jac.y, jac.z, jac.w),
                                                        rect: (0, 0, Float(w), Float(h)),
                                                        params: (Float(radius), 0, 0, 16))
                            if cov != 1 {
                                XCTFail("\(w)×\(h) r \(radius) scale \(sx),\(sy) offset \(ox),\(oy): (\(x), \(y)) has \(cov)")
                                return
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 50_000)
        XCTAssertGreaterThan(gained, 500)
    }
}
