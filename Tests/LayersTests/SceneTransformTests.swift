// Scene transforms: 16-number matrices and operation lists against
// hand-written CATransform3D matrices, the rotation direction (y down:
// positive degrees turn clockwise on screen) and perspective's m34.

import Geometry
import XCTest
@testable import Layers

final class SceneTransformTests: XCTestCase {
    private func transform(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> Transform3D {
        parseLayer(#"{"transform": \#(json)}"#, file: file, line: line).transform
    }

    private func assertEqual(_ a: Transform3D, _ b: Transform3D, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.elements, b.elements) {
            XCTAssertEqual(x, y, accuracy: 1e-12, "\(a) vs \(b)", file: file, line: line)
        }
    }

    func testSixteenNumbers() {
        let v = (1...16).map(Double.init)
        XCTAssertEqual(transform("[" + v.map { fmt($0) }.joined(separator: ",") + "]").elements, v)
        XCTAssertEqual(transform("[]"), .identity)
    }

    func testRotateNinetyMapsXAxisToYAxis() {
        let t = transform(#"[{"rotate": 90}]"#)
        let p = t.apply(1, 0).projected
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)  // clockwise on screen, y down
        // Hand-written CATransform3DMakeRotation(π/2, 0, 0, 1).
        assertEqual(t, Transform3D([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
        assertEqual(transform(#"[{"rotate": [90, 0, 0, 1]}]"#), t)
    }

    func testOperationsPremultiply() {
        // [{"rotate": 45}, {"translate": [10, 0, 0]}] == CATransform3DTranslate(MakeRotation(45°), 10, 0, 0)
        // == translation · rotation: the point is translated first, then rotated.
        let c = 0.5.squareRoot()
        let expected = Transform3D([c, c, 0, 0, -c, c, 0, 0, 0, 0, 1, 0, 10 * c, 10 * c, 0, 1])
        assertEqual(transform(#"[{"rotate": 45}, {"translate": [10, 0, 0]}]"#), expected)
        let p = expected.apply(0, 0).projected
        XCTAssertEqual(p.x, 10 * c, accuracy: 1e-12)
        XCTAssertEqual(p.y, 10 * c, accuracy: 1e-12)
        // Scale then translate: translate · scale, so the translation is scaled.
        assertEqual(transform(#"[{"scale": [2, 3, 1]}, {"translate": [1, 1, 0]}]"#),
                    Transform3D([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 2, 3, 0, 1]))
        // Two-number forms: z defaults to 0 for translate and 1 for scale.
        assertEqual(transform(#"[{"translate": [4, 5]}, {"scale": [2, 2]}]"#),
                    Transform3D([2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 4, 5, 0, 1]))
    }

    func testRotateAboutAxis() {
        // 90° about y: x → −z (CATransform3DMakeRotation's matrix).
        assertEqual(transform(#"[{"rotate": [90, 0, 2, 0]}]"#),
                    Transform3D([0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]))
    }

    func testPerspectiveSetsM34OnTheMatrixSoFar() {
        var expected = Transform3D.identity
        expected.m34 = -1.0 / 500
        expected = expected.rotatedBy(30 * .pi / 180, 0, 1, 0)
        assertEqual(transform(#"[{"perspective": 500}, {"rotate": [30, 0, 1, 0]}]"#), expected)
        // After other operations it overwrites m34 only.
        var t = Transform3D.translation(1, 2, 3)
        t.m34 = -0.01
        assertEqual(transform(#"[{"translate": [1, 2, 3]}, {"perspective": 100}]"#), t)
    }

    func testSublayerTransformUsesTheSameForms() {
        let l = parseLayer(#"{"sublayerTransform": [{"perspective": 250}]}"#)
        XCTAssertEqual(l.sublayerTransform.m34, -0.004)
    }
}
