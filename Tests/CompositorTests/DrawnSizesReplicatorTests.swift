// Decode-at-display-size and replicators: a replicator whose instances are
// scaled or turned draws its sublayers' contents at sizes their bounds do
// not tell, so their drawn size must be unknown; a translating replicator
// keeps them known.

import XCTest
import Geometry
import Layers
@testable import Compositor

final class DrawnSizesReplicatorTests: XCTestCase {
    func drawnSize(instanceTransform: Transform3D) -> (Int, Int)?? {
        let r = ReplicatorLayer()
        r.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        r.instanceCount = 3
        r.instanceTransform = instanceTransform
        let child = Layer()
        child.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        r.addSublayer(child)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(r)
        let sizes = DrawnSizes.compute(Scene(canvas: Canvas(width: 100, height: 100), root: root), scale: 1)
        return sizes[ObjectIdentifier(child)]
    }

    func testScaledInstancesHaveNoKnownDrawnSize() {
        XCTAssertEqual(drawnSize(instanceTransform: .translation(20, 0, 0))??.0, 20)
        XCTAssertNil(drawnSize(instanceTransform: .scale(2, 2, 1))!)
    }
}
