// PlanTests: ViewportMapping, the viewport side of a pass and the round
// trip of a position through it. Expected values were worked out with
// numpy's float32 arithmetic, not with this code.

import XCTest
import Plan

final class ViewportMappingTests: XCTestCase {
    func testViewportSideIsThePassSideRoundedUpToAPowerOfTwoWithinTheLimit() {
        let cases: [(Int, Int)] = [(1, 1), (2, 2), (3, 4), (300, 512), (512, 512), (513, 1024), (16384, 16384)]
        for (side, want) in cases {
            XCTAssertEqual(ViewportMapping.viewportSide(side), want, "side \(side)")
        }
        // Past the largest viewport the side is used as it is.
        XCTAssertEqual(ViewportMapping.viewportSide(16385), 16385)
        XCTAssertEqual(ViewportMapping.viewportSide(600, max: 512), 600)
    }

    /// Positions on the 1/512-pixel grid inside the viewport come back bit for bit.
    func testGridPositionsComeBackUnchanged() {
        for shift in 0...14 {
            let side = 1 << shift
            var k = 0
            while k <= side * 512 {
                let v = Float(k) / 512
                XCTAssertEqual(ViewportMapping.windowPosition(v, viewportSide: side), v, "v \(v), side \(side)")
                k += max(1, side * 512 / 2048) + (k % 7)
            }
        }
    }

    /// Off the grid, the "− 1" and "+ 1" in Float move a position by up to
    /// an ulp of the NDC range times half the side.
    func testOffGridPositionsMoveByTheRoundingOfTheNDCRange() {
        // 2·0.1/512 − 1 = −0.99960935…; +1; ·256 (numpy float32: 0.100006103515625).
        XCTAssertEqual(ViewportMapping.windowPosition(0.1, viewportSide: 512), 0.100006103515625)
        // The same through a 64-pixel viewport: 0.10000038146972656.
        XCTAssertEqual(ViewportMapping.windowPosition(0.1, viewportSide: 64), 0.10000038146972656)
        // 13.501957 → 13.5 + 1/512 (the value behind CalibrationTests' hand-worked edge).
        XCTAssertEqual(ViewportMapping.windowPosition(13.501956939697266, viewportSide: 512), 13.501953125)
    }

    /// A side that is not a power of two (a pass wider than the largest
    /// viewport) is not reproduced: the position comes back as it was.
    func testOtherSidesLeaveThePositionAlone() {
        XCTAssertEqual(ViewportMapping.windowPosition(0.1, viewportSide: 20000), 0.1)
        XCTAssertEqual(ViewportMapping.windowPosition(0.1, viewportSide: 0), 0.1)
    }
}
