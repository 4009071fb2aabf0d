// Tests the vertex stage's shortcuts (h-prepare, issue 14): the pass clip is
// skipped only when clipping would return the polygon unchanged
// (`Tessellator.allInside`), and the attributes written in place equal the
// per-item constants `paintAttributes`/`shapeAttributes` describe. Expected
// values are worked out by hand from the clip's edge tests and the
// VertexLayout offsets, not taken from the renderer.

import XCTest
import Geometry
@testable import Plan

final class TessellatorFastPathTests: XCTestCase {
    let pass = Rect(x: 0, y: 0, width: 10, height: 8).corners

    func testAllInsideByHand() {
        // Strictly inside: every edge test positive.
        XCTAssertTrue(Tessellator.allInside([Vec2(1, 1), Vec2(9, 1), Vec2(9, 7)], clip: pass))
        // On the boundary: the edge test is exactly 0, which the clip keeps (side ≥ 0), adding no point.
        XCTAssertTrue(Tessellator.allInside([Vec2(0, 0), Vec2(10, 0), Vec2(10, 8), Vec2(0, 8)], clip: pass))
        // Just outside the right edge (x = 10.5): the edge (10,0)→(10,8) tests negative.
        XCTAssertFalse(Tessellator.allInside([Vec2(1, 1), Vec2(10.5, 1), Vec2(9, 7)], clip: pass))
        // Above the top (y = −0.25).
        XCTAssertFalse(Tessellator.allInside([Vec2(1, -0.25), Vec2(9, 1), Vec2(9, 7)], clip: pass))
        // A NaN vertex is never "inside": the clip handles it.
        XCTAssertFalse(Tessellator.allInside([Vec2(.nan, 1), Vec2(9, 1), Vec2(9, 7)], clip: pass))
        // The counter-clockwise clip polygon gives the same answers.
        let ccw = Array(pass.reversed())
        XCTAssertTrue(Tessellator.allInside([Vec2(1, 1), Vec2(9, 1), Vec2(9, 7)], clip: ccw))
        XCTAssertFalse(Tessellator.allInside([Vec2(1, 1), Vec2(10.5, 1), Vec2(9, 7)], clip: ccw))
    }

    func testWhenAllInsideTheClipReturnsThePolygonItself() {
        let polys: [[Vec2]] = [
            [Vec2(1, 1), Vec2(9, 1), Vec2(9, 7), Vec2(1, 7)],
            [Vec2(0, 0), Vec2(10, 0), Vec2(10, 8)],
            [Vec2(0.1, 0.2), Vec2(9.9, 0.3), Vec2(5, 7.99)],
        ]
        for p in polys {
            XCTAssertTrue(Tessellator.allInside(p, clip: pass))
            XCTAssertEqual(Tessellator.clip(p, against: pass), p)
        }
    }

    func testVerticesWrittenInPlace() throws {
        // A 4 × 2 quad at (2, 3) with a translucent colour: by hand, vertex 1
        // (top-right) is at (6, 3), local (4, 0, 1), uv = local (identity map),
        // colour (0.25, 0.5, 0.125, 0.5), Jacobian identity, shape rect (0, 0, 4, 2),
        // params (0, 0, 0, kindQuad·16 + 0).
        let color = PremultipliedColor(r: 0.25, g: 0.5, b: 0.125, a: 0.5)
        let item = DrawItem(layer: 0, transform: Homography.translation(2, 3).transform3D,
                            rect: Rect(x: 0, y: 0, width: 4, height: 2), paint: .solid(color))
        let g = try XCTUnwrap(Tessellator.geometry(of: item, width: 100, height: 100))
        XCTAssertEqual(g.vertexCount, 4)
        let s = VertexLayout.stride
        let v1 = Array(g.vertices[s..<(2 * s)])
        XCTAssertEqual(v1, [6, 3, 4, 0, 1, 4, 0, 1, 0.25, 0.5, 0.125, 0.5, 1, 0, 0, 1, 0, 0, 4, 2, 0, 0, 0, 0])
        // A ring with antialiased edges: params (radius, width, inner radius, kindRing·16 + 15).
        let ring = DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 20, height: 20),
                            paint: .solid(color), shape: .ring(Rect(x: 0, y: 0, width: 20, height: 20), radius: 4,
                                                               width: 2, innerRadius: 2), aaEdges: .all)
        let r = try XCTUnwrap(Tessellator.geometry(of: ring, width: 100, height: 100))
        // Widened by a pixel on every side (−1 … 21), clipped to the pass at 0: box (0, 0)–(21, 21).
        let xs = (0..<r.vertexCount).map { Double(r.vertices[$0 * s]) }
        let ys = (0..<r.vertexCount).map { Double(r.vertices[$0 * s + 1]) }
        XCTAssertEqual([xs.min(), ys.min(), xs.max(), ys.max()], [0, 0, 21, 21])
        XCTAssertEqual(Array(r.vertices[VertexLayout.shapeParams..<(VertexLayout.shapeParams + 4)]), [4, 2, 2, 2 * 16 + 15])
        // The array wrappers the tests and other callers use agree with the vectors.
        XCTAssertEqual(Tessellator.shapeAttributes(ring).1, [4, 2, 2, 2 * 16 + 15])
        XCTAssertEqual(Tessellator.paintAttributes(.solid(color)).0, [0.25, 0.5, 0.125, 0.5])
    }
}
