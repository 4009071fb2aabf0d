// PlanTests: Coverage.trapezoidCoverage at a tip whose two sides give
// equal factors. The smallest factor's normal decides how the next edge is
// combined, so the choice at a tie must not follow the last ulp of the
// interpolated position (the GPU and the CPU interpolate an ulp apart).
// Expected values are worked out by hand below, not taken from the code.

import XCTest
@testable import Plan

final class TrapezoidTipCoverageTests: XCTestCase {
    /// The tip of "M 0 0 L 30 5 L 10 40 Z"'s first trapezoid (y 0…5, left
    /// edge x = 0.25·y, right edge x = 6·y, left, top and right antialiased),
    /// unscaled, at the tip itself. Every factor is 0.5. Left and right
    /// normals n_l = (1, −0.25)/√1.0625, n_r = (−1, 6)/√37: cosine −2.5/6.26997
    /// = −0.398726, so the sides combine to 0.25 − 0.398726·0.25 = 0.1503185.
    /// The tie keeps the left side's normal; the top's (0, 1) meets it at
    /// cosine −0.242536: 0.0751593 − 0.242536·0.0751593 = 0.0569304.
    func testATipWithEqualSideFactorsKeepsTheFirstSide() {
        func coverage(_ lx: Float, _ ly: Float) -> Float {
            Coverage.trapezoidCoverage(lx: lx, ly: ly, jac: (1, 0, 0, 1), rect: (0, 0, 0, 5), sl: 0.25, sr: 6, mask: 7)
        }
        XCTAssertEqual(coverage(0, 0), 0.0569304, accuracy: 1e-5)
        // An ulp or so of interpolation noise either way: the same tip, the same value.
        for noise: Float in [1e-7, -1e-7, 1e-6, -1e-6] {
            XCTAssertEqual(coverage(noise, 0), 0.0569304, accuracy: 1e-5, "lx off by \(noise)")
            XCTAssertEqual(coverage(0, noise), 0.0569304, accuracy: 1e-5, "ly off by \(noise)")
        }
    }

    /// Away from the tie the smaller factor does take its place. At
    /// (0.06, 0.01), on the right side: e_r = 0.5, e_l = 0.5 + 0.0575/1.030776
    /// = 0.555783. The sides: ab = 0.2778915, a + b − 1 = 0.055783, so
    /// 0.2778915 + 0.398726·(0.055783 − 0.2778915) = 0.1893311. The right
    /// side is the smaller, so its normal (−0.164399, 0.986394) meets the
    /// top's at cosine 0.986394, with e_t = 0.51: ab = 0.0965589, and
    /// 0.0965589 + 0.986394·(0.1893311 − 0.0965589) = 0.1880688 (with the left
    /// side's normal it would be 0.0731399).
    func testAClearlySmallerFactorTakesItsPlace() {
        let c = Coverage.trapezoidCoverage(lx: 0.06, ly: 0.01, jac: (1, 0, 0, 1), rect: (0, 0, 0, 5),
                                           sl: 0.25, sr: 6, mask: 7)
        XCTAssertEqual(c, 0.1880688, accuracy: 1e-5)
    }
}
