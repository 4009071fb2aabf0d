// Tests for TrapezoidCoverage against areas computed another way: each
// polygon clipped to each pixel square (Sutherland–Hodgman) and measured
// with the shoelace formula. The trapezoids come from the slab sweep, so
// this checks the sweep's tiling and the per-pixel integration together.

import Foundation
import TestSupport
import XCTest
@testable import Geometry

final class TrapezoidAreaTests: XCTestCase {
    /// A star-shaped (so simple) polygon around `c` with `n` vertices.
    static func star(_ rng: inout SplitMix64, center c: Vec2, n: Int, radius: ClosedRange<Double>) -> [Vec2] {
        let angles = (0..<n).map { _ in 2 * Double.pi * rng.unit() }.sorted()
        return angles.map { a in
            let r = radius.lowerBound + (radius.upperBound - radius.lowerBound) * rng.unit()
            return c + Vec2(cos(a) * r, sin(a) * r)
        }
    }

    func coverage(_ polys: [[Vec2]], rule: FillRule = .nonZero, w: Int, h: Int) -> CoverageWindow {
        var win = CoverageWindow(x0: 0, y0: 0, width: w, height: h)
        TrapezoidCoverage.accumulate(Trapezoids.decompose(polys, rule: rule), into: &win)
        return win
    }

    func testSimplePolygonsMatchClippedAreas() {
        var rng = SplitMix64(seed: 7)
        for trial in 0..<40 {
            let poly = Self.star(&rng, center: Vec2(16.3, 15.7), n: 3 + trial % 12, radius: 2...14)
            let win = coverage([poly], w: 32, h: 32)
            var worst = 0.0
            for y in 0..<32 {
                for x in 0..<32 {
                    worst = max(worst, abs(win[x, y] - pixelArea(poly, x, y)))
                }
            }
            XCTAssertLessThan(worst, 1e-9, "trial \(trial): \(poly)")
        }
    }

    func testNearlyHorizontalEdgesKeepTheirCoverage() {
        // A thin lens of chords, like a flattened flat curve: every row it
        // crosses is partly covered, and each pixel gets its exact area.
        var top: [Vec2] = [], bottom: [Vec2] = []
        for i in 0...40 {
            let t = Double(i) / 40, x = 2 + 60 * t
            top.append(Vec2(x, 10 - 3 * sin(Double.pi * t)))
            bottom.append(Vec2(x, 10 + 2.5 * sin(Double.pi * t)))
        }
        let lens = top + bottom.reversed()
        let win = coverage([lens], w: 64, h: 20)
        for y in 0..<20 {
            for x in 0..<64 {
                XCTAssertEqual(win[x, y], pixelArea(lens, x, y), accuracy: 1e-9, "(\(x), \(y))")
            }
        }
    }

    func testOverlappingPolygonsCoverTheirUnionOnce() {
        // Non-zero union (how a stroke's segment quads and joins fill): the
        // area of A ∪ B in a pixel is |A| + |B| − |A ∩ B|.
        var rng = SplitMix64(seed: 11)
        for trial in 0..<20 {
            func convex() -> [Vec2] {
                // Sorted angles at one radius: convex.
                let c = Vec2(10 + 12 * rng.unit(), 10 + 12 * rng.unit()), r = 3 + 6 * rng.unit()
                return (0..<(3 + trial % 5)).map { _ in 2 * Double.pi * rng.unit() }.sorted()
                    .map { c + Vec2(cos($0) * r, sin($0) * r) }
            }
            let a = convex(), b = convex()
            let win = coverage([a, b], w: 32, h: 32)
            for y in 0..<32 {
                for x in 0..<32 {
                    let px = pixelSquare(x, y)
                    let ca = clipPolygon(a, to: px), cb = clipPolygon(b, to: px)
                    let both = ca.count >= 3 ? clipPolygon(cb, to: ca) : []
                    let union = polygonArea(ca) + polygonArea(cb) - polygonArea(both)
                    XCTAssertEqual(win[x, y], union, accuracy: 1e-9, "trial \(trial) (\(x), \(y))")
                }
            }
        }
    }

    func testWindowClipsWork() {
        // A trapezoid reaching far outside the window: only the window's pixels are touched.
        var win = CoverageWindow(x0: 10, y0: 20, width: 4, height: 3)
        let z = Trapezoid(y0: -1e9, y1: 1e9, xl0: -1e9, sl: 0, xr0: 11.5, sr: 0, edges: 15)
        TrapezoidCoverage.accumulate([z], into: &win)
        XCTAssertEqual((0..<3).map { win[0, $0] }, [1, 1, 1])
        XCTAssertEqual((0..<3).map { win[1, $0] }, [0.5, 0.5, 0.5])
        XCTAssertEqual((0..<3).map { win[2, $0] }, [0, 0, 0])
    }
}
