// RasterTests: shape layers' trapezoid items as the CPU executor draws
// them — coverage against a brute-force area integration (64×64 samples
// per pixel) for a circle and a star, no seams where trapezoids meet, and
// the documented weak spot (an almost horizontal edge near its end vertex).

import XCTest
import TestSupport
import Geometry
import Images
import Plan
@testable import Raster

final class TrapezoidCoverageTests: XCTestCase {
    static let star = [Vec2(20.3, 1.7), Vec2(32.1, 32.3), Vec2(2.4, 13.5), Vec2(38.2, 13.5), Vec2(8.5, 32.3)]

    func items(_ polys: [[Vec2]], _ rule: FillRule, transform: Transform3D = .identity) -> [DrawItem] {
        Trapezoids.decompose(polys, rule: rule).map {
            DrawItem(layer: 0, transform: transform, rect: $0.bounds, paint: .solid(Fixture.bytes(255, 255, 255, 255)),
                     shape: .trapezoid($0), aaEdges: EdgeMask(rawValue: $0.edges))
        }
    }

    static func inside(_ polys: [[Vec2]], _ p: Vec2, _ rule: FillRule) -> Bool {
        let w = windingNumber(polys, p)
        return rule == .nonZero ? w != 0 : w & 1 != 0
    }

    /// The vertices of the filled region: polygon vertices and edge crossings.
    static func corners(_ poly: [Vec2]) -> [Vec2] {
        var out = poly
        for i in poly.indices {
            for j in poly.indices where j > i + 1 {
                let a = poly[i], b = poly[(i + 1) % poly.count], c = poly[j], d = poly[(j + 1) % poly.count]
                let den = (b - a).cross(d - c)
                guard abs(den) > 1e-12 else { continue }
                let t = (c - a).cross(d - c) / den, u = (c - a).cross(b - a) / den
                if t > 0 && t < 1 && u > 0 && u < 1 { out.append(a + (b - a) * t) }
            }
        }
        return out
    }

    /// Max |analytic − supersampled| over pixels farther than `exclusion`
    /// from `corners`; interior pixels must be exactly full (no seams).
    func worstError(_ polys: [[Vec2]], _ rule: FillRule, width: Int, height: Int,
                    corners: [Vec2], exclusion: Double) throws -> Double {
        let (img, _) = try Fixture.render(Fixture.plan(width, height, items(polys, rule)))
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                var n = 0
                for j in 0..<64 {
                    for i in 0..<64 where Self.inside(polys, Vec2(Double(x) + (Double(i) + 0.5) / 64,
                                                                  Double(y) + (Double(j) + 0.5) / 64), rule) {
                        n += 1
                    }
                }
                let exact = Double(n) / 4096
                if exact == 1 { XCTAssertEqual(img[x, y].3, 255, "seam at \(x),\(y) (\(rule))") }
                let c = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                if corners.contains(where: { ($0 - c).length < exclusion }) { continue }
                worst = max(worst, abs(Double(img[x, y].3) / 255 - exact))
            }
        }
        return worst
    }

    /// Measured 0.130 (a circle flattened to within 0.05 px), at the top and
    /// bottom, where almost horizontal segments lie in slabs thinner than a
    /// pixel: a pixel's coverage comes from the edges of the slab holding its
    /// centre, i.e. from a neighbouring segment's extended line (the rounded
    /// rect shape of backgrounds measures 0.035–0.06; see CoverageTests).
    func testCircleCoverageMatchesNumericIntegration() throws {
        let circle = Path.ellipse(Rect(x: 4.3, y: 3.6, width: 28.6, height: 28.6)).subpaths(tolerance: 0.05).map(\.points)
        let worst = try worstError(circle, .nonZero, width: 37, height: 36, corners: [], exclusion: 0)
        print("trapezoid circle: max |analytic − 64×64 supersampled| = \(worst)")
        XCTAssertLessThan(worst, 0.14)
    }

    /// Measured 0.039 for both rules, 2 px away from the region's corners
    /// (at a corner the product of two edge coverages is an estimate only).
    func testStarCoverageMatchesNumericIntegration() throws {
        for rule in FillRule.allCases {
            let worst = try worstError([Self.star], rule, width: 41, height: 35, corners: Self.corners(Self.star),
                                       exclusion: 2)
            print("trapezoid star (\(rule)): max |analytic − 64×64 supersampled| off corners = \(worst)")
            XCTAssertLessThan(worst, 0.05, "\(rule)")
        }
    }

    /// The scheme's known weak spot: an almost horizontal edge whose end
    /// vertex lies within a pixel of it vertically. Pixels whose centres
    /// fall in the next slab do not see the edge (each trapezoid's coverage
    /// uses its own edges only), so they come out up to ~0.36 too full.
    /// Documented in docs/scene-format.md; this pins the size of the error.
    func testAlmostHorizontalEdgeNearItsEndIsApproximate() throws {
        let poly = [Vec2(20.3, 2.7), Vec2(33.1, 30.2), Vec2(3.6, 13.4), Vec2(37.2, 12.9), Vec2(7.9, 31.6)]
        let worst = try worstError([poly], .nonZero, width: 40, height: 34, corners: Self.corners(poly), exclusion: 2.5)
        print("almost horizontal edge: max error \(worst)")
        XCTAssertLessThan(worst, 0.4)
    }

    func testRotatedShapeHasNoSeams() throws {
        let t = Transform3D.identity.translatedBy(-20, -17, 0).rotatedBy(0.4, 0, 0, 1).translatedBy(24, 20, 0)
        let (img, _) = try Fixture.render(Fixture.plan(48, 40, items([Self.star], .nonZero, transform: t)))
        let inv = t.flattened.inverse!
        for y in 0..<40 {
            for x in 0..<48 {
                // Pixels whose whole 3×3 neighbourhood is inside must be full.
                var deep = true
                for dy in -1...1 { for dx in -1...1 {
                    let p = inv.apply(Vec2(Double(x + dx) + 0.5, Double(y + dy) + 0.5))
                    if !Self.inside([Self.star], p, .nonZero) { deep = false }
                } }
                if deep { XCTAssertEqual(img[x, y].3, 255, "seam at \(x),\(y)") }
            }
        }
    }
}
