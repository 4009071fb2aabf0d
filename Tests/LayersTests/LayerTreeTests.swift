// The Layer API behaves as CALayer's: sublayer insertion and removal,
// re-parenting, and frame as a function of bounds, position and anchorPoint.

import Geometry
import XCTest
@testable import Layers

final class LayerTreeTests: XCTestCase {
    private func named(_ n: String) -> Layer { let l = Layer(); l.name = n; return l }

    func testAddInsertRemove() {
        let root = named("root"), a = named("a"), b = named("b"), c = named("c")
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 1)
        XCTAssertEqual(root.sublayers.map(\.name), ["a", "c", "b"])
        XCTAssertTrue(c.superlayer === root)
        root.insertSublayer(named("first"), at: -5)   // clamped to 0
        root.insertSublayer(named("last"), at: 99)    // clamped to the end
        XCTAssertEqual(root.sublayers.map(\.name), ["first", "a", "c", "b", "last"])
        c.removeFromSuperlayer()
        XCTAssertNil(c.superlayer)
        XCTAssertEqual(root.sublayers.map(\.name), ["first", "a", "b", "last"])
        c.removeFromSuperlayer()  // no-op
    }

    func testReparentingMovesTheLayer() {
        let p1 = Layer(), p2 = Layer(), x = named("x")
        p1.addSublayer(x)
        p2.addSublayer(x)
        XCTAssertTrue(p1.sublayers.isEmpty)
        XCTAssertTrue(x.superlayer === p2)
        // Re-adding to the same parent moves it to the end.
        let y = named("y")
        p2.addSublayer(y)
        p2.addSublayer(x)
        XCTAssertEqual(p2.sublayers.map(\.name), ["y", "x"])
    }

    func testFrameGetAndSet() {
        let l = Layer()
        l.bounds = Rect(x: 3, y: 4, width: 100, height: 50)
        l.position = Vec2(200, 100)
        XCTAssertEqual(l.frame, Rect(x: 150, y: 75, width: 100, height: 50))
        l.frame = Rect(x: 10, y: 20, width: 40, height: 30)
        XCTAssertEqual(l.bounds, Rect(x: 3, y: 4, width: 40, height: 30))  // origin kept
        XCTAssertEqual(l.position, Vec2(30, 35))
    }

    func testChangingAnchorPointMovesTheFrameNotThePosition() {
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(l.position, Vec2(50, 50))
        l.anchorPoint = Vec2(0, 0)
        XCTAssertEqual(l.position, Vec2(50, 50))
        XCTAssertEqual(l.frame, Rect(x: 50, y: 50, width: 100, height: 100))
    }
}
