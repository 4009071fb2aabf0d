// Tests the shared vertex stage: projection, near-plane and polygon
// clipping, antialiasing margins and per-vertex attributes.

import XCTest
import Geometry
@testable import Plan

final class TessellatorTests: XCTestCase {
    func item(_ rect: Rect, _ h: Homography = .identity, aa: EdgeMask = [], clip: [Vec2]? = nil) -> DrawItem {
        DrawItem(layer: 0, transform: h.transform3D, rect: rect,
                 paint: .solid(.opaqueWhite), aaEdges: aa, clip: clip)
    }

    func positions(_ g: ItemGeometry) -> [Vec2] {
        (0..<g.vertexCount).map { i in
            Vec2(Double(g.vertices[i * VertexLayout.stride]), Double(g.vertices[i * VertexLayout.stride + 1]))
        }
    }

    func testQuadBecomesFourVerticesWithLocalCoordinates() throws {
        let g = try XCTUnwrap(Tessellator.geometry(of: item(Rect(x: 0, y: 0, width: 10, height: 5), .translation(3, 4)),
                                                   width: 100, height: 100))
        XCTAssertEqual(positions(g), [Vec2(3, 4), Vec2(13, 4), Vec2(13, 9), Vec2(3, 9)])
        let v = g.vertices, s = VertexLayout.stride
        XCTAssertEqual(v[s * 2 + VertexLayout.local] / v[s * 2 + VertexLayout.local + 2], 10)
        XCTAssertEqual(v[s * 2 + VertexLayout.local + 1] / v[s * 2 + VertexLayout.local + 2], 5)
        XCTAssertEqual(g.triangleCount, 2)
    }

    func testAntialiasedEdgesWidenByOnePixel() throws {
        let g = try XCTUnwrap(Tessellator.geometry(of: item(Rect(x: 10, y: 10, width: 10, height: 10), .scale(2, 2),
                                                            aa: [.left, .bottom]), width: 100, height: 100))
        // Widened in local units by one screen pixel = 0.5 local units at scale 2.
        XCTAssertEqual(positions(g), [Vec2(19, 20), Vec2(40, 20), Vec2(40, 41), Vec2(19, 41)])
    }

    func testClipPolygonAndPassBounds() throws {
        let clip = [Vec2(0, 0), Vec2(5, 0), Vec2(5, 5), Vec2(0, 5)]
        let g = try XCTUnwrap(Tessellator.geometry(of: item(Rect(x: -10, y: -10, width: 100, height: 100), clip: clip),
                                                   width: 3, height: 100))
        XCTAssertEqual(Rect.bounding(positions(g)), Rect(x: 0, y: 0, width: 3, height: 5))
    }

    func testQuadBehindTheEyeIsClippedAtNearPlane() throws {
        var t = Transform3D.identity
        t.m34 = -1.0 / 100
        let tilted = Transform3D.rotation(.pi / 3, 1, 0, 0).concatenating(t)
        // A tall quad whose far end crosses w = 0.
        let it = DrawItem(layer: 0, transform: tilted, rect: Rect(x: 0, y: -1000, width: 10, height: 2000),
                          paint: .solid(.opaqueWhite))
        let g = try XCTUnwrap(Tessellator.geometry(of: it, width: 10000, height: 10000))
        for p in positions(g) { XCTAssertTrue(p.x.isFinite && p.y.isFinite) }
    }

    func testSingularMapDrawsNothing() {
        XCTAssertNil(Tessellator.geometry(of: item(Rect(x: 0, y: 0, width: 10, height: 10), .scale(0, 1)),
                                          width: 10, height: 10))
    }

    func testJacobianOfScaleIsItsInverse() {
        let j = Tessellator.jacobian(Homography.scale(4, 2).inverse!, Vec2(5, 5))
        XCTAssertEqual(j.0, 0.25); XCTAssertEqual(j.1, 0); XCTAssertEqual(j.2, 0); XCTAssertEqual(j.3, 0.5)
    }
}
