// Tests culling: layers off the canvas or clipped away by a masksToBounds
// ancestor are skipped with a reason, items under opaque items are dropped,
// and nothing that can show is ever removed.

import XCTest
import Geometry
import Layers
@testable import Rendering

final class CullingTests: XCTestCase {
    func scene() -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        return root
    }

    func box(_ f: Rect, _ c: Color = .white) -> Layer {
        let l = Layer(); l.frame = f; l.backgroundColor = c; return l
    }

    func testOffCanvasAndClippedLayersAreCulledWithReasons() {
        let root = scene()
        root.addSublayer(box(Rect(x: 200, y: 10, width: 10, height: 10)))          // off canvas
        let clip = box(Rect(x: 0, y: 0, width: 20, height: 20))
        clip.masksToBounds = true
        clip.addSublayer(box(Rect(x: 50, y: 50, width: 10, height: 10)))            // clipped away
        clip.addSublayer(box(Rect(x: 5, y: 5, width: 10, height: 10)))              // visible
        root.addSublayer(clip)
        let b = PlanBuilder()
        let plan = b.build(root: root, width: 100, height: 100)
        XCTAssertEqual(b.stats.culledOutsideCanvas, 1)
        XCTAssertEqual(b.stats.culledClipped, 1)
        XCTAssertEqual(plan.canvasPass.items.count, 2)
        let off = PlanBuilder(options: PlanOptions(cull: false))
        XCTAssertEqual(off.build(root: root, width: 100, height: 100).canvasPass.items.count, 4)
    }

    func testItemsUnderAnOpaqueItemAreDropped() {
        let root = scene()
        root.addSublayer(box(Rect(x: 10, y: 10, width: 10, height: 10), Color(r: 1, g: 0, b: 0)))
        let rounded = box(Rect(x: 30, y: 10, width: 10, height: 10)); rounded.cornerRadius = 3
        root.addSublayer(rounded)
        root.addSublayer(box(Rect(x: 5, y: 5, width: 50, height: 30), Color(r: 0, g: 0, b: 1)))  // opaque cover
        let b = PlanBuilder()
        let plan = b.build(root: root, width: 100, height: 100)
        XCTAssertEqual(b.stats.culledOccludedItems, 2)
        XCTAssertEqual(plan.canvasPass.items.count, 1)
    }

    func testTranslucentOrAntialiasedCoverDoesNotOcclude() {
        let root = scene()
        root.addSublayer(box(Rect(x: 10, y: 10, width: 10, height: 10)))
        let glass = box(Rect(x: 0, y: 0, width: 50, height: 50), Color(r: 0, g: 0, b: 1, a: 0.5))
        root.addSublayer(glass)
        let aa = box(Rect(x: 0, y: 0, width: 50, height: 50)); aa.allowsEdgeAntialiasing = true
        root.addSublayer(aa)
        let b = PlanBuilder()
        _ = b.build(root: root, width: 100, height: 100)
        XCTAssertEqual(b.stats.culledOccludedItems, 0)
    }

    func testPartiallyCoveredItemIsKept() {
        let root = scene()
        root.addSublayer(box(Rect(x: 10, y: 10, width: 10, height: 10)))
        // Covers pixel columns 10…19 but its bottom edge stops at 19.5: row 19 remains visible.
        root.addSublayer(box(Rect(x: 9.5, y: 9.5, width: 11, height: 10), Color(r: 0, g: 0, b: 1)))
        let b = PlanBuilder()
        _ = b.build(root: root, width: 100, height: 100)
        XCTAssertEqual(b.stats.culledOccludedItems, 0)
    }
}
