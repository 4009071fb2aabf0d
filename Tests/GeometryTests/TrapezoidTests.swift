// Tests for the trapezoid decomposition: areas against exact or sampled
// areas under both fill rules (self-intersecting star, holes), no two
// trapezoids overlapping, and the boundary flags (flagged edges have the
// outside across them, unflagged ones the inside).

import Foundation
import XCTest
import TestSupport
@testable import Geometry

final class TrapezoidTests: XCTestCase {
    static let star = [Vec2(30, 4), Vec2(45.3, 51), Vec2(5.3, 22), Vec2(54.7, 22), Vec2(14.7, 51)]

    static func area(_ t: [Trapezoid]) -> Double { t.reduce(0) { $0 + $1.area } }

    static func polygonArea(_ p: [Vec2]) -> Double {
        var s = 0.0
        for i in p.indices { s += p[i].cross(p[(i + 1) % p.count]) }
        return abs(s) / 2
    }

    static func inside(_ polys: [[Vec2]], _ p: Vec2, _ rule: FillRule) -> Bool {
        let w = windingNumber(polys, p)
        return rule == .nonZero ? w != 0 : w & 1 != 0
    }

    static func contains(_ t: Trapezoid, _ p: Vec2) -> Bool {
        p.y > t.y0 && p.y < t.y1 && p.x > t.left(at: p.y) && p.x < t.right(at: p.y)
    }

    /// Samples a grid: every sample inside the region lies in exactly one
    /// trapezoid, every sample outside in none.
    func assertTiles(_ polys: [[Vec2]], _ rule: FillRule, _ traps: [Trapezoid],
                     file: StaticString = #filePath, line: UInt = #line) {
        let b = Rect.bounding(polys.flatMap { $0 })
        var mismatches = 0
        for j in 0..<97 {
            for i in 0..<97 {
                let p = Vec2(b.minX - 1 + (b.width + 2) * (Double(i) + 0.5) / 97,
                             b.minY - 1 + (b.height + 2) * (Double(j) + 0.5) / 97)
                let n = traps.filter { Self.contains($0, p) }.count
                let expected = Self.inside(polys, p, rule) ? 1 : 0
                if n != expected { mismatches += 1 }
            }
        }
        XCTAssertEqual(mismatches, 0, "samples covered the wrong number of times", file: file, line: line)
    }

    func testRectangleIsOneTrapezoidWithAllEdgesFlagged() {
        let r = [Vec2(1, 2), Vec2(11, 2), Vec2(11, 7), Vec2(1, 7)]
        let t = Trapezoids.decompose([r], rule: .nonZero)
        XCTAssertEqual(t, [Trapezoid(y0: 2, y1: 7, xl0: 1, sl: 0, xr0: 11, sr: 0, edges: 15)])
    }

    func testStarAreaUnderBothRules() {
        let nz = Trapezoids.decompose([Self.star], rule: .nonZero)
        let eo = Trapezoids.decompose([Self.star], rule: .evenOdd)
        // The pentagon in the middle: the star's self-intersection points.
        var inner: [Vec2] = []
        let s = Self.star
        for i in 0..<5 {
            let a = s[i], b = s[(i + 1) % 5], c = s[(i + 2) % 5], d = s[(i + 3) % 5]
            let t = (c - a).cross(d - c) / (b - a).cross(d - c)
            inner.append(a + (b - a) * t)
        }
        let c = inner.reduce(Vec2.zero, +) * 0.2
        inner.sort { atan2($0.y - c.y, $0.x - c.x) < atan2($1.y - c.y, $1.x - c.x) }
        let pentagon = Self.polygonArea(inner)
        // The star outline = the five triangles of the points + the pentagon;
        // the shoelace area of the self-intersecting star counts the pentagon twice.
        let shoelace = Self.polygonArea(s)
        XCTAssertEqual(Self.area(nz), shoelace - pentagon, accuracy: 1e-9)
        XCTAssertEqual(Self.area(eo), shoelace - 2 * pentagon, accuracy: 1e-9)
        assertTiles([s], .nonZero, nz)
        assertTiles([s], .evenOdd, eo)
    }

    func testHolesFollowTheRule() {
        let outer = [Vec2(0, 0), Vec2(20, 0), Vec2(20, 20), Vec2(0, 20)]
        let same = [Vec2(5, 5), Vec2(15, 5), Vec2(15, 15), Vec2(5, 15)]
        let reversed = Array(same.reversed())
        XCTAssertEqual(Self.area(Trapezoids.decompose([outer, same], rule: .nonZero)), 400, accuracy: 1e-9)
        XCTAssertEqual(Self.area(Trapezoids.decompose([outer, same], rule: .evenOdd)), 300, accuracy: 1e-9)
        XCTAssertEqual(Self.area(Trapezoids.decompose([outer, reversed], rule: .nonZero)), 300, accuracy: 1e-9)
        assertTiles([outer, reversed], .nonZero, Trapezoids.decompose([outer, reversed], rule: .nonZero))
    }

    func testCurvedPathAreaMatchesSampling() {
        let p = try! Path(svg: "M 0 50 Q 10 0 35 25 T 70 20 L 70 50 C 50 40 30 60 0 50 Z")
        let polys = p.subpaths(tolerance: 0.01).map(\.points)
        for rule in FillRule.allCases {
            let t = Trapezoids.decompose(polys, rule: rule)
            assertTiles(polys, rule, t)
        }
    }

    /// Flagged edges have the outside just across them; unflagged ones the
    /// inside (internal cuts), for shapes with horizontal edges that are
    /// only partly boundary (the inner edges of a stroked rect).
    func testFlagsMarkExactlyTheBoundary() {
        let style = StrokeStyle(lineWidth: 4)
        let rect = Path.rect(Rect(x: 10, y: 10, width: 40, height: 30)).subpaths(tolerance: 0.1)
        let polys = Stroker.outline(rect, style: style, tolerance: 0.1)
        let traps = Trapezoids.decompose(polys, rule: .nonZero)
        XCTAssertEqual(Self.area(traps), 44 * 34 - 36 * 26, accuracy: 1e-9)
        let d = 1e-3
        for t in traps {
            let ym = (t.y0 + t.y1) / 2
            let probes: [(Int, Vec2)] = [
                (Trapezoid.left, Vec2(t.left(at: ym) - d, ym)),
                (Trapezoid.right, Vec2(t.right(at: ym) + d, ym)),
                (Trapezoid.top, Vec2((t.xl0 + t.xr0) / 2, t.y0 - d)),
                (Trapezoid.bottom, Vec2((t.left(at: t.y1) + t.right(at: t.y1)) / 2, t.y1 + d)),
            ]
            for (bit, p) in probes {
                let across = traps.contains { Self.contains($0, p) }
                XCTAssertEqual(t.edges & bit != 0, !across, "edge \(bit) of \(t)")
            }
        }
    }
}

final class TrapezoidComplexityTests: XCTestCase {
    /// A scribble of thousands of random segments crosses itself millions of
    /// times: the sweep gives up quickly with an error instead of running for minutes.
    func testScribbleIsRefusedQuickly() {
        var pts: [Vec2] = []
        for i in 0..<20000 { pts.append(Vec2(Double(i % 97), Double((i * 37) % 101))) }
        let start = Date()
        XCTAssertThrowsError(try Trapezoids.decomposeChecked([pts], rule: .evenOdd)) { error in
            XCTAssertTrue("\(error)".contains("too complex"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "the refusal must not take minutes")
        XCTAssertEqual(Trapezoids.decompose([pts], rule: .evenOdd).count, 0)
        // An ordinary path is far below the limit.
        XCTAssertNoThrow(try Trapezoids.decomposeChecked([TrapezoidTests.star], rule: .evenOdd))
    }
}

extension TrapezoidTests {
    /// Issue 12 item 5: vertex heights a rounding error apart are one slab
    /// line. The top edge here is level but for one ulp; swept as two
    /// heights it became a sliver slab whose left side had a slope near
    /// 1e16, and the renderer's antialiasing ran along that side's line
    /// across the canvas.
    func testHeightsAnUlpApartMakeNoSliverSlab() {
        let poly = [Vec2(0, 1), Vec2(10, 1.0000000000000002), Vec2(10, 5), Vec2(0, 5)]
        let t = Trapezoids.decompose([poly], rule: .nonZero)
        XCTAssertEqual(t.count, 1, "\(t)")
        XCTAssertEqual(t.first?.y0, 1)
        XCTAssertEqual(t.first?.edges, 15)
    }

    /// The stroke of the triangle (round joins, flattened as at a
    /// 2× scale): no slab thinner than the sweep's precision, no side
    /// flatter than the geometry can make it.
    func testRoundJoinTriangleStrokeHasNoSliverSlabs() throws {
        let lines = try Path(svg: "M 20 2 L 25 15 L 15 15 Z").subpaths(tolerance: 0.1)
        let polys = Stroker.outline(lines, style: StrokeStyle(lineWidth: 1.5, lineJoin: .round), tolerance: 0.1)
        let traps = Trapezoids.decompose(polys, rule: .nonZero)
        XCTAssertFalse(traps.isEmpty)
        for z in traps {
            XCTAssertGreaterThan(z.y1 - z.y0, 1e-7 * 30, "sliver slab \(z)")
            XCTAssertLessThan(max(abs(z.sl), abs(z.sr)), 1e6, "almost level side \(z)")
        }
        assertTiles(polys, .nonZero, traps)
    }
}
