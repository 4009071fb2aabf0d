// Values of basic and keyframe animations: CA's from/to/by rules, keyframe
// segments with key times and per-segment timing, calculation modes,
// colours, discrete values and transforms by decomposition.

import Foundation
import XCTest
import Geometry
@testable import Layers

final class AnimationInterpolationTests: XCTestCase {
    func value(_ a: PropertyAnimation, _ t: Double, _ underlying: AnimationValue) -> AnimationValue? {
        a.value(at: t, underlying: underlying)
    }

    func number(_ v: AnimationValue?) -> Double {
        guard case .number(let d)? = v else { XCTFail("not a number: \(String(describing: v))"); return .nan }
        return d
    }

    func basic(from: Double? = nil, to: Double? = nil, by: Double? = nil) -> BasicAnimation {
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = from.map { .number($0) }; a.toValue = to.map { .number($0) }; a.byValue = by.map { .number($0) }
        a.duration = 1; a.beginTime = 0
        return a
    }

    func testFromToByRules() {
        let u = AnimationValue.number(100)
        XCTAssertEqual(number(value(basic(from: 10, to: 20), 0.5, u)), 15)
        XCTAssertEqual(number(value(basic(from: 10, by: 4), 0.5, u)), 12)     // 10 → 14
        XCTAssertEqual(number(value(basic(to: 20, by: 4), 0.5, u)), 18)       // 16 → 20
        XCTAssertEqual(number(value(basic(from: 10), 0.5, u)), 55)            // 10 → current
        XCTAssertEqual(number(value(basic(to: 20), 0.5, u)), 60)              // current → 20
        XCTAssertEqual(number(value(basic(by: 10), 0.5, u)), 105)             // current → current + 10
        XCTAssertEqual(number(value(basic(from: 10, to: 20, by: 99), 0.5, u)), 15)  // by ignored with from+to
    }

    func testKeyframesWithKeyTimesAndSegmentTiming() {
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [.number(0), .number(10), .number(30)]
        k.keyTimes = [0, 0.2, 1]
        k.timingFunctions = [.linear, .easeIn]
        k.duration = 1
        XCTAssertEqual(number(value(k, 0.1, .number(0))), 5, accuracy: 1e-12)
        // Second segment: (0.6 − 0.2) / 0.8 = 0.5 through it, eased: 0.315357.
        XCTAssertEqual(number(value(k, 0.6, .number(0))), 10 + 20 * 0.315357, accuracy: 1e-5)
        k.keyTimes = nil  // evenly spaced: 0, 0.5, 1
        k.timingFunctions = nil
        XCTAssertEqual(number(value(k, 0.75, .number(0))), 20, accuracy: 1e-12)
    }

    /// Found by scripts/outside-scenes --animations (seed 5900015): with an overshooting
    /// timingFunction, explicit "linear" segment curves clamped the segment (the value held at
    /// the first key value) while no segment curves extrapolated it; the default must not differ
    /// from "linear". A segment's curve maps 0…1; beyond, the segment extrapolates straight.
    func testOvershootExtrapolatesSegmentsWhateverTheirCurves() {
        let k = KeyframeAnimation(keyPath: "zPosition")
        k.values = [.number(0), .number(10), .number(30)]
        k.keyTimes = [0, 0.5, 1]
        k.duration = 1
        // x1 = 0, x2 = 1: x(s) = 3s² − 2s³, so x = 0.5 at s = 0.5, where
        // y = 0.375·y1 + 0.375·y2 + 0.125 = −0.625 for y1 = y2 = −1.
        k.timingFunction = TimingFunction(0, -1, 1, -1)
        // Segment 0 (key times 0…0.5): s = −0.625 / 0.5 = −1.25, value 10 × −1.25.
        XCTAssertEqual(number(value(k, 0.5, .number(0))), -12.5, accuracy: 1e-9)
        k.timingFunctions = [.linear, .linear]
        XCTAssertEqual(number(value(k, 0.5, .number(0))), -12.5, accuracy: 1e-9)
        k.timingFunctions = [.easeIn, .linear]
        XCTAssertEqual(number(value(k, 0.5, .number(0))), -12.5, accuracy: 1e-9)
    }

    func testDiscreteKeyframes() {
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [.number(1), .number(2), .number(3)]
        k.calculationMode = .discrete
        k.duration = 1
        XCTAssertEqual(number(value(k, 0.3, .number(0))), 1)   // thirds without key times
        XCTAssertEqual(number(value(k, 0.34, .number(0))), 2)
        k.keyTimes = [0, 0.1, 0.9, 1]
        XCTAssertEqual(number(value(k, 0.05, .number(0))), 1)
        XCTAssertEqual(number(value(k, 0.5, .number(0))), 2)
        XCTAssertEqual(number(value(k, 0.95, .number(0))), 3)
    }

    func testPacedKeyframesMoveAtConstantSpeed() {
        let k = KeyframeAnimation(keyPath: "position")
        k.values = [.point(Vec2(0, 0)), .point(Vec2(10, 0)), .point(Vec2(10, 30))]  // 40 long
        k.calculationMode = .paced
        k.keyTimes = [0, 0.9, 1]  // ignored
        k.duration = 1
        XCTAssertEqual(value(k, 0.5, .point(.zero)), .point(Vec2(10, 10)))
    }

    func testCubicKeyframesPassThroughValues() {
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [.number(0), .number(1), .number(0), .number(1)]
        k.calculationMode = .cubic
        k.duration = 1
        XCTAssertEqual(number(value(k, 1.0 / 3, .number(0))), 1, accuracy: 1e-12)
        // Middle segment of Catmull-Rom with p = 0, 1, 0, 1 at s = 0.5: 0.5 · (2 + 0 + 0.25·(−4) + 0.125·...) = 0.5.
        XCTAssertEqual(number(value(k, 0.5, .number(0))), 0.5, accuracy: 1e-12)
    }

    func testColoursInterpolateComponentwiseUnpremultiplied() {
        let a = BasicAnimation(keyPath: "backgroundColor")
        a.fromValue = .color(Color(r: 1, g: 0, b: 0, a: 1)); a.toValue = .color(Color(r: 0, g: 0, b: 1, a: 0.5))
        a.duration = 1
        XCTAssertEqual(value(a, 0.5, .color(nil)), .color(Color(r: 0.5, g: 0, b: 0.5, a: 0.75)))
        a.fromValue = .color(nil)  // fades in the target colour
        XCTAssertEqual(value(a, 0.5, .color(nil)), .color(Color(r: 0, g: 0, b: 1, a: 0.25)))
    }

    func testDiscreteValuesSwitchAtHalf() {
        let a = BasicAnimation(keyPath: "isHidden")
        a.fromValue = .bool(false); a.toValue = .bool(true); a.duration = 1
        XCTAssertEqual(value(a, 0.49, .bool(false)), .bool(false))
        XCTAssertEqual(value(a, 0.5, .bool(false)), .bool(true))
    }

    /// Found by scripts/outside-scenes --animations (seed 5900006): keyframe booleans switched
    /// half-way through each segment; the format switches them at the key times.
    func testKeyframeBooleansSwitchAtKeyTimes() {
        let k = KeyframeAnimation(keyPath: "isHidden")
        k.values = [.bool(false), .bool(true), .bool(false)]
        k.keyTimes = [0, 0.25, 1]
        k.duration = 1
        // Segment 0 runs 0…0.25 (false → true), segment 1 0.25…1 (true → false).
        XCTAssertEqual(value(k, 0.2, .bool(false)), .bool(false))    // 80 % through segment 0: still false
        XCTAssertEqual(value(k, 0.25, .bool(false)), .bool(true))    // its key time
        XCTAssertEqual(value(k, 0.7, .bool(false)), .bool(true))     // 60 % through segment 1: still true
        XCTAssertEqual(value(k, 0.99, .bool(false)), .bool(true))
        k.isRemovedOnCompletion = false; k.fillMode = .forwards
        XCTAssertEqual(value(k, 1, .bool(false)), .bool(false))      // the last key time
        // Paced spacing needs a distance; booleans have none, so the key times are even (0, 0.5, 1).
        k.calculationMode = .paced
        XCTAssertEqual(value(k, 0.45, .bool(false)), .bool(false))
        XCTAssertEqual(value(k, 0.5, .bool(false)), .bool(true))
    }

    func testTransformRotationHalfwayIs45Degrees() {
        let a = BasicAnimation(keyPath: "transform")
        a.fromValue = .transform(.identity)
        a.toValue = .transform(Transform3D.rotation(.pi / 2, 0, 0, 1))
        a.duration = 1
        guard case .transform(let t)? = value(a, 0.5, .transform(.identity)) else { return XCTFail() }
        assertClose(t, Transform3D.rotation(.pi / 4, 0, 0, 1))
    }

    func testTransformDecompositionRoundTrips() {
        let samples: [Transform3D] = [
            .identity,
            Transform3D.rotation(0.7, 1, 2, 3).scaledBy(2, 0.5, 3).translatedBy(10, -4, 7),
            Transform3D.scale(-1, 1, 1).rotatedBy(2.5, 0, 0, 1),
            { var t = Transform3D.rotation(0.4, 0, 1, 0).translatedBy(5, 6, 0); t.m34 = -1.0 / 500; return t }(),
            Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0.5, m22: 1, m23: 0, m24: 0,
                        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1),  // skew
        ]
        for t in samples {
            guard let d = DecomposedTransform(t) else { XCTFail("\(t) did not decompose"); continue }
            assertClose(d.matrix, t)
        }
    }

    func testTranslationAndScaleInterpolateLinearly() {
        let from = Transform3D.translation(0, 0, 0), to = Transform3D.scale(3, 3, 1).translatedBy(100, 20, 0)
        let mid = DecomposedTransform.interpolate(from, to, 0.5)!
        // The target scales, then moves by (300, 60): half-way scales by 2 and moves by (150, 30).
        assertClose(mid, Transform3D.scale(2, 2, 1).concatenating(.translation(150, 30, 0)))
    }

    func testRotationSubKeyComposesWithModelTransform() {
        let layer = Layer()
        layer.transform = Transform3D.scale(2, 2, 1)
        let a = BasicAnimation(keyPath: "transform.rotation.z")
        a.fromValue = .number(0); a.toValue = .number(2 * .pi); a.duration = 1; a.beginTime = 0
        layer.attach(a, forKey: "spin")
        let p = layer.presentation(at: 0.25)
        assertClose(p.transform, Transform3D.scale(2, 2, 1).concatenating(.rotation(.pi / 2, 0, 0, 1)))
        XCTAssertEqual(layer.transform, Transform3D.scale(2, 2, 1))  // the model is untouched
    }

    func testByValueOnSubKeys() {
        let layer = Layer()
        layer.position = Vec2(10, 20)
        let a = BasicAnimation(keyPath: "position.x")
        a.byValue = .number(100); a.duration = 1; a.beginTime = 0
        layer.attach(a, forKey: nil)
        XCTAssertEqual(layer.presentation(at: 0.5).position, Vec2(60, 20))
    }

    func testAdditiveAnimationsAdd() {
        let layer = Layer()
        layer.position = Vec2(10, 20)
        let a = BasicAnimation(keyPath: "position")
        a.fromValue = .point(Vec2(0, 0)); a.toValue = .point(Vec2(10, 0)); a.isAdditive = true
        a.duration = 1; a.beginTime = 0
        layer.attach(a, forKey: "shake")
        XCTAssertEqual(layer.presentation(at: 0.5).position, Vec2(15, 20))
    }

    func assertClose(_ a: Transform3D, _ b: Transform3D, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.elements, b.elements) where abs(x - y) > 1e-9 {
            XCTFail("\(a) ≠ \(b)", file: file, line: line)
            return
        }
    }
}
