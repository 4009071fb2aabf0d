// Homography.mapClipped: the image of a polygon under a projective map,
// clipped to a window and to the near limit. Expected areas come from
// mapping points one by one (where all lie in front of the eye) and from
// the window's own area, not from the clip under test.

import Geometry
import TestSupport
import XCTest

final class HomographyClipTests: XCTestCase {
    /// A turn about y under perspective: w = 1 + x sin θ / d, so x = −d / sin θ is the eye's plane.
    let turn: Homography = {
        let s = 0.8, c = 0.6, d = 100.0
        // Rows (a b c), (d e f), (g h i): X = x c, Y = y, W = 1 + x s / d.
        return Homography(c, 0, s / d, 0, 1, 0, 0, 0, 1)
    }()

    func testAPolygonInFrontAndInsideIsMappedPointByPoint() {
        let square = [Vec2(-10, -10), Vec2(10, -10), Vec2(10, 10), Vec2(-10, 10)]
        let out = turn.mapClipped(square, to: Rect(x: -1000, y: -1000, width: 2000, height: 2000), nearW: 1e-6)
        XCTAssertEqual(out.count, 4)
        for (p, q) in zip(out, square.map(turn.apply)) {
            XCTAssertEqual(p.x, q.x, accuracy: 1e-12); XCTAssertEqual(p.y, q.y, accuracy: 1e-12)
        }
    }

    func testTheWindowCutsTheImageToItsArea() {
        // A square reaching the eye's plane (x = −125) covers the whole window; its image is the window.
        let big = [Vec2(-124.9, -1e4), Vec2(200, -1e4), Vec2(200, 1e4), Vec2(-124.9, 1e4)]
        let window = Rect(x: -30, y: -20, width: 50, height: 40)
        let out = turn.mapClipped(big, to: window, nearW: 1e-6)
        XCTAssertEqual(abs(polygonArea(out)), window.width * window.height, accuracy: 1e-6)
        for p in out {
            XCTAssertTrue(p.x >= window.minX - 1e-9 && p.x <= window.maxX + 1e-9 && p.y >= window.minY - 1e-9 && p.y <= window.maxY + 1e-9)
        }
    }

    func testThePartBehindTheEyeIsDropped() {
        // Straddling the eye's plane (x = −125): mapped point by point, the part behind the eye
        // lands mirrored, far to the right of the image of x = 50. Clipped at w ≥ 1e-6 it is gone,
        // and the result's right end is the image of x = 50.
        let across = [Vec2(-300, -5), Vec2(50, -5), Vec2(50, 5), Vec2(-300, 5)]
        let window = Rect(x: -1e3, y: -1e3, width: 2e3, height: 2e3)
        let out = turn.mapClipped(across, to: window, nearW: 1e-6)
        XCTAssertGreaterThanOrEqual(out.count, 3)
        let right = turn.apply(Vec2(50, 0)).x
        XCTAssertEqual(out.map(\.x).max()!, right, accuracy: 1e-9)
        XCTAssertGreaterThan(across.map(turn.apply).map(\.x).max()!, right + 1, "the unclipped map mirrors")
    }

    func testOrientationIsKeptSoWindingNumbersAre() {
        // A square cut in half by the window: the kept half has half the area, with the ring's
        // orientation (the sign of its area), so nonzero and even-odd rules read it as before.
        let h = Homography.identity
        let a = [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)]
        let window = Rect(x: 5, y: -5, width: 20, height: 20)
        XCTAssertEqual(signedArea(h.mapClipped(a, to: window, nearW: 1e-6)), 50, accuracy: 1e-9)
        XCTAssertEqual(signedArea(h.mapClipped(a.reversed(), to: window, nearW: 1e-6)), -50, accuracy: 1e-9)
    }

    func signedArea(_ p: [Vec2]) -> Double {
        p.indices.reduce(0) { $0 + p[$1].cross(p[($1 + 1) % p.count]) } / 2
    }
}
