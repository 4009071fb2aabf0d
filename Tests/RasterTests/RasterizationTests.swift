// RasterTests: which pixels a triangle owns — pixel centres, sub-pixel
// snapping and the fill rule on shared and boundary edges.

import XCTest
import Geometry
import Images
import Plan
@testable import Raster

final class RasterizationTests: XCTestCase {
    func testSolidQuadOnPixelEdgesCoversExactlyItsPixels() throws {
        let red = Fixture.bytes(255, 0, 0, 255)
        let (img, stats) = try Fixture.render(Fixture.plan(10, 8, [Fixture.solid(Rect(x: 2, y: 3, width: 4, height: 2), red)]))
        for y in 0..<8 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<5).contains(y)
                XCTAssertEqual(img.px(x, y), inside ? [255, 0, 0, 255] : [0, 0, 0, 0], "pixel \(x),\(y)")
            }
        }
        XCTAssertEqual(stats.fragmentsWritten, 8)
        XCTAssertEqual(stats.triangles, 2)
    }

    /// Edges through pixel centres: the top-left rule keeps the left
    /// column and top row, drops the right column and bottom row.
    func testEdgesThroughPixelCentresFollowTopLeftRule() throws {
        let item = Fixture.solid(Rect(x: 2.5, y: 3.5, width: 4, height: 2), Fixture.bytes(0, 255, 0, 255))
        let (img, _) = try Fixture.render(Fixture.plan(10, 8, [item]))
        var covered: [[Int]] = []
        for y in 0..<8 { for x in 0..<10 where img[x, y].3 != 0 { covered.append([x, y]) } }
        XCTAssertEqual(covered, [[2, 3], [3, 3], [4, 3], [5, 3], [2, 4], [3, 4], [4, 4], [5, 4]])
    }

    func testBottomLeftRuleOwnsTheBottomRowInstead() throws {
        var conv = GLConventions.llvmpipe
        conv.fillRule = .bottomLeft
        let item = Fixture.solid(Rect(x: 2.5, y: 3.5, width: 4, height: 2), Fixture.bytes(0, 255, 0, 255))
        let (img, _) = try Fixture.render(Fixture.plan(10, 8, [item]), conventions: conv)
        var covered: [[Int]] = []
        for y in 0..<8 { for x in 0..<10 where img[x, y].3 != 0 { covered.append([x, y]) } }
        XCTAssertEqual(covered, [[2, 4], [3, 4], [4, 4], [5, 4], [2, 5], [3, 5], [4, 5], [5, 5]])
    }

    /// Sub-pixel snapping: 2.5 + 1/1024 snaps to 2.5 with 8 bits (drawn
    /// column 2) but stays right of the centre with 12 bits (column 2 dropped).
    func testVerticesSnapToSubpixelGrid() throws {
        let x = 2.5 + 1.0 / 1024
        let item = Fixture.solid(Rect(x: x, y: 0, width: 3, height: 2), Fixture.bytes(0, 0, 255, 255))
        let (coarse, _) = try Fixture.render(Fixture.plan(8, 2, [item]))
        XCTAssertEqual(coarse.px(2, 0), [0, 0, 255, 255])
        var fine = GLConventions.llvmpipe
        fine.subpixelBits = 12
        let (img, _) = try Fixture.render(Fixture.plan(8, 2, [item]), conventions: fine)
        XCTAssertEqual(img.px(2, 0), [0, 0, 0, 0])
        XCTAssertEqual(img.px(3, 0), [0, 0, 255, 255])
    }

    /// The fan's diagonal runs through pixel centres; with a 50% colour a
    /// pixel drawn twice would read 192 instead of 128.
    func testSharedDiagonalIsDrawnExactlyOnce() throws {
        let half = Fixture.bytes(128, 0, 0, 128)
        for rule in [GLConventions.FillRule.topLeft, .bottomLeft] {
            var conv = GLConventions.llvmpipe
            conv.fillRule = rule
            let item = Fixture.solid(Rect(x: 0.5, y: 0.5, width: 8, height: 8), half)
            let (img, stats) = try Fixture.render(Fixture.plan(10, 10, [item]), conventions: conv)
            var count = 0
            for y in 0..<10 {
                for x in 0..<10 {
                    let a = img[x, y].3
                    XCTAssertTrue(a == 0 || a == 128, "\(rule) pixel \(x),\(y) alpha \(a)")
                    if a == 128 { count += 1 }
                }
            }
            XCTAssertEqual(count, 64, "\(rule)")
            for k in 1..<8 { XCTAssertEqual(img[k, k].3, 128, "\(rule) diagonal pixel \(k)") }
            XCTAssertEqual(stats.fragmentsWritten, 64)
        }
    }

    /// A clip polygon makes a 6-vertex fan (4 triangles) with diagonals at
    /// odd slopes: still no pixel twice, and no hole inside.
    func testManyTriangleFanHasNoOverlapsOrHoles() throws {
        let clip = [Vec2(10, 1), Vec2(19, 6), Vec2(17, 17), Vec2(6, 19), Vec2(1, 9)]
        var item = Fixture.solid(Rect(x: 0, y: 0, width: 20, height: 20), Fixture.bytes(128, 128, 128, 128))
        item.clip = clip
        let (img, stats) = try Fixture.render(Fixture.plan(20, 20, [item]))
        XCTAssertGreaterThanOrEqual(stats.triangles, 3)
        for y in 0..<20 {
            for x in 0..<20 {
                let a = img[x, y].3
                XCTAssertTrue(a == 0 || a == 128, "pixel \(x),\(y) alpha \(a)")
                // Centres well inside the pentagon must be drawn.
                let c = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                let inside = (0..<clip.count).allSatisfy { i in
                    let a = clip[i], b = clip[(i + 1) % clip.count]
                    return (b - a).cross(c - a) / (b - a).length > 0.01
                }
                if inside { XCTAssertEqual(a, 128, "hole at \(x),\(y)") }
            }
        }
    }

    func testOpaqueCopyFastPathMatchesGenericPath() throws {
        // The same colour drawn through the fill fast path (.copy) and the
        // generic Float path (forced by an AA edge far outside the target).
        let c = Fixture.bytes(10, 20, 30, 255)
        let (fast, _) = try Fixture.render(Fixture.plan(6, 6, [Fixture.solid(Rect(x: 1, y: 1, width: 4, height: 4), c, blend: .copy)]))
        let (slow, _) = try Fixture.render(Fixture.plan(6, 6, [Fixture.solid(Rect(x: 1, y: 1, width: 4, height: 4), c,
                                                                             shape: .roundedRect(Rect(x: -10, y: -10, width: 40, height: 40), radius: 0),
                                                                             blend: .copy)]))
        XCTAssertEqual(fast, slow)
        XCTAssertEqual(fast.px(1, 1), [10, 20, 30, 255])
    }
}
