// RasterTests: property-based tests of the path filler and stroker. Seeded
// random paths (GeometryPropertyCase) go through flattening, the stroker,
// the slab sweep and the exact per-pixel coverage of its trapezoids, and
// each pixel's coverage is checked against supersampled winding numbers
// (GeometryPropertyCheck). A failure is shrunk (commands dropped, transform
// and style simplified, coordinates rounded) and printed as SVG path data
// and parameters. PROPERTY_CASES=N runs N cases instead of the default;
// PROPERTY_SEED=S starts from another seed.

import Foundation
import XCTest
import TestSupport
import Geometry

final class GeometryPropertyTests: XCTestCase {
    static let defaultCases = 2000

    static var caseCount: Int {
        ProcessInfo.processInfo.environment["PROPERTY_CASES"].flatMap { Int($0) } ?? defaultCases
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x6E0_1234
    }

    /// The smallest variant of a failing case that still fails, by greedy
    /// descent through `simplerVariants` (bounded, so a test never hangs).
    static func shrink(_ c: GeometryCase, _ failure: GeometryPropertyCheck.Failure)
        -> (GeometryCase, GeometryPropertyCheck.Failure) {
        var best = (c, failure)
        var steps = 0
        var improved = true
        while improved && steps < 500 {
            improved = false
            for v in best.0.simplerVariants() {
                steps += 1
                if let f = GeometryPropertyCheck.check(v) {
                    best = (v, f)
                    improved = true
                    break
                }
            }
        }
        return best
    }

    func testRandomPathsCoverTheirPixels() {
        let env = ProcessInfo.processInfo.environment
        let maxFailures = env["PROPERTY_MAX_FAILURES"].flatMap { Int($0) } ?? 3
        var g = SplitMix64(seed: Self.seed)
        let count = Self.caseCount
        var failures = 0
        let start = Date()
        for k in 0..<count {
            let c = GeometryCase.random(&g)
            guard let f = GeometryPropertyCheck.check(c) else { continue }
            failures += 1
            let (small, sf) = Self.shrink(c, f)
            XCTFail("case \(k) of seed \(Self.seed): \(f)\n  case: \(c)\n  shrunk: \(sf)\n  minimal: \(small)")
            if failures >= maxFailures { break }
        }
        print("geometry property: \(count) cases from seed \(Self.seed), \(failures) failing, per-pixel bound \(GeometryPropertyCheck.maxError), \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
    }

    /// Issue 12 item 5 as a property case: the round-joined triangle at
    /// scale 2 drew a grey line from the canvas edge to the triangle.
    func testRoundJoinTriangleDrawsNothingAwayFromIt() throws {
        let c = GeometryCase(commands: [.init(letter: "M", args: [20, 2]), .init(letter: "L", args: [25, 15]),
                                        .init(letter: "L", args: [15, 15]), .init(letter: "Z", args: [])],
                             fills: false, rule: .nonZero, style: StrokeStyle(lineWidth: 1.5, lineJoin: .round),
                             scale: 2, angle: 0, skew: 0, origin: Vec2(20, 8))
        XCTAssertNil(GeometryPropertyCheck.check(c), "\(c)")
    }

    /// The row oracle the check uses agrees with TestSupport's point-wise
    /// winding number (same crossing rule) on random self-crossing polygons.
    func testRowWindingNumbersMatchThePointwiseOracle() {
        var g = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let polys = (0..<2).map { _ in (0..<7).map { _ in Vec2((g.unit() * 20).rounded(), g.unit() * 20) } }
            for _ in 0..<10 {
                let y = (g.unit() * 22).rounded() - 1
                let xs = (0..<40).map { Double($0) * 0.55 - 1 }
                XCTAssertEqual(windingNumbers(polys, y: y, xs: xs), xs.map { windingNumber(polys, Vec2($0, y)) })
            }
        }
    }
}
