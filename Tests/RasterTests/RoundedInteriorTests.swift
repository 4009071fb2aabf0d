// RasterTests: `RoundedInterior`, the interior columns of a rounded rect
// that follow its corner arcs. Every column it returns must have coverage
// exactly 1 by the spec (`Coverage.evaluate`, evaluated here directly, not
// through the renderer); one corner row is worked out by hand.

import Plan
@testable import Raster
import XCTest

final class RoundedInteriorTests: XCTestCase {
    /// A rect (0, 0, 100, 60) of radius 20 at identity: M = ‖J‖ = √2. On row 5
    /// (centre y 5.5) qy = 24.5 − 30 + 20 = 14.5, so the half width is
    /// 50 − 20 + √((20 − √2)² − 14.5²) = 41.627…: local x in [8.373, 91.627],
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
