// Tests the Core Animation geometry rules the plan builder applies:
// anchor points, positions, sublayer transforms with perspective,
// flattening and isDoubleSided.

import XCTest
import Geometry
import Layers
@testable import Rendering

final class GeometryRulesTests: XCTestCase {
    func testRotationAboutZTurnsClockwiseOnScreen() {
        let r = Transform3D.rotation(.pi / 2, 0, 0, 1)
        let p = r.apply(1, 0).projected
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)
    }

    func testTranslatePremultiplies() {
        // CATransform3DTranslate(R, 10, 0, 0) = T · R: translate in the rotated frame.
        let t = Transform3D.rotation(.pi / 2, 0, 0, 1).translatedBy(10, 0, 0)
        let p = t.apply(0, 0).projected
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 10, accuracy: 1e-12)
    }

    func testFrameSetterKeepsBoundsOriginAndUsesAnchor() {
        let l = Layer()
        l.bounds = Rect(x: 5, y: 5, width: 1, height: 1)
        l.anchorPoint = Vec2(0, 0)
        l.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(l.bounds, Rect(x: 5, y: 5, width: 100, height: 50))
        XCTAssertEqual(l.position, Vec2(10, 20))
        l.anchorPoint = Vec2(0.5, 0.5)
        XCTAssertEqual(l.frame, Rect(x: -40, y: -5, width: 100, height: 50))
    }

    func testBoundsOriginShiftsContentNotLayer() {
        let l = Layer()
        l.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        l.bounds.origin = Vec2(5, 5)
        let m = l.transformToSuperlayer(parentS: .identity).flattened
        // Bounds point (5, 5) is the layer's top-left corner on screen.
        XCTAssertEqual(m.apply(Vec2(5, 5)), Vec2(10, 10))
    }

    func testRotationIsAboutAnchorPoint() {
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        l.anchorPoint = Vec2(0, 0)
        l.position = Vec2(50, 50)
        l.transform = .rotation(.pi / 2, 0, 0, 1)
        let m = l.transformToSuperlayer(parentS: .identity).flattened
        let p = m.apply(Vec2(100, 0))  // top-right corner swings down
        XCTAssertEqual(p.x, 50, accuracy: 1e-9)
        XCTAssertEqual(p.y, 150, accuracy: 1e-9)
    }

    func testSublayerTransformPerspectiveShrinksFarSide() {
        let parent = Layer()
        parent.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        parent.sublayerTransform = p
        let child = Layer()
        child.frame = Rect(x: 50, y: 50, width: 100, height: 100)
        child.transform = .rotation(.pi / 4, 0, 1, 0)
        parent.addSublayer(child)
        let m = child.transformToSuperlayer(parentS: parent.sublayerTransformAboutAnchor).flattened
        XCTAssertFalse(m.isAffine)
        let left = m.apply(Vec2(0, 0)), right = m.apply(Vec2(100, 0))
        let leftH = m.apply(Vec2(0, 100)).y - left.y
        let rightH = m.apply(Vec2(100, 100)).y - right.y
        // Rotating about y by +45°: one edge comes forward (taller), the other recedes.
        // Edges at x = ±50 move to z = ±50·sin 45°, so w = 1 ∓ z/500 and the
        // projected heights differ by (1 + 35.355/500) / (1 − 35.355/500).
        let ratio = max(leftH / rightH, rightH / leftH)
        XCTAssertEqual(ratio, (1 + 35.3553 / 500) / (1 - 35.3553 / 500), accuracy: 1e-4)
    }

    func testDoubleSidedFalseCullsMirroredLayer() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let l = Layer()
        l.frame = Rect(x: 10, y: 10, width: 50, height: 50)
        l.backgroundColor = .white
        l.isDoubleSided = false
        l.transform = .rotation(.pi, 0, 1, 0)
        root.addSublayer(l)
        var b = PlanBuilder()
        var plan = b.build(root: root, width: 100, height: 100)
        XCTAssertEqual(plan.canvasPass.items.count, 0)
        XCTAssertEqual(b.stats.culledBackFacing, 1)
        l.isDoubleSided = true
        b = PlanBuilder()
        plan = b.build(root: root, width: 100, height: 100)
        XCTAssertEqual(plan.canvasPass.items.count, 1)
    }

    func testZPositionOrdersSiblingsStably() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        for (i, z) in [2.0, 0, 1, 0].enumerated() {
            let l = Layer()
            l.name = "l\(i)"
            l.frame = Rect(x: 0, y: 0, width: 10, height: 10)
            l.backgroundColor = .white
            l.zPosition = z
            root.addSublayer(l)
        }
        let plan = PlanBuilder.build(root: root, width: 100, height: 100)
        let names = plan.canvasPass.items.map { plan.layerNames[$0.layer] }
        XCTAssertEqual(names, ["l1", "l3", "l2", "l0"])
    }
}
