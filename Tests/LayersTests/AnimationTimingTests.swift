// Timing curves and CAMediaTiming arithmetic against values computed by
// hand (curves: x(s) = t solved by bisection to 1e-15, then y(s)).

import XCTest
@testable import Layers

final class AnimationTimingTests: XCTestCase {
    func testNamedCurvesAtQuarterPoints() {
        let expected: [(TimingFunction, [Double])] = [
            (.easeIn, [0.093465, 0.315357, 0.621862]),
            (.easeOut, [0.378138, 0.684643, 0.906535]),
            (.easeInEaseOut, [0.129162, 0.5, 0.870838]),
            (.default, [0.408511, 0.802403, 0.960459]),
            (TimingFunction(0.68, -0.55, 0.265, 1.55), [-0.082807, 0.60668, 1.089166]),  // overshoots
        ]
        for (f, values) in expected {
            for (t, v) in zip([0.25, 0.5, 0.75], values) {
                XCTAssertEqual(f(t), v, accuracy: 1e-6, "\(f) at \(t)")
            }
            XCTAssertEqual(f(0), 0)
            XCTAssertEqual(f(1), 1)
        }
        XCTAssertEqual(TimingFunction.linear(0.3), 0.3)
    }

    func testSolvesSteepCurvesAccurately() {
        let f = TimingFunction(1, 0, 0, 1)  // x'(s) = 0 at s = 0.5
        let s = f.solveX(0.5)
        XCTAssertEqual(TimingFunction.bezier(s, 1, 0), 0.5, accuracy: 1e-10)
        XCTAssertEqual(f(0.5), 0.5, accuracy: 1e-6)
    }

    func basic(_ configure: (BasicAnimation) -> Void) -> BasicAnimation {
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = .number(0); a.toValue = .number(1)
        a.beginTime = 10; a.duration = 1
        configure(a)
        return a
    }

    func testDefaultDurationIsAQuarterSecond() {
        let a = basic { $0.duration = 0 }
        XCTAssertEqual(a.activeDuration, 0.25)
        XCTAssertEqual(a.progress(at: 10.125)!, 0.5, accuracy: 1e-12)
    }

    func testAutoreverseAt1_25s() {
        let a = basic { $0.autoreverses = true }
        XCTAssertEqual(a.progress(at: 10.25)!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(a.progress(at: 11.25)!, 0.75, accuracy: 1e-12)  // on the way back
        XCTAssertEqual(a.activeDuration, 2)
        XCTAssertNil(a.progress(at: 12))
    }

    func testFractionalRepeatCountEndsMidway() {
        let a = basic { $0.repeatCount = 2.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        XCTAssertEqual(a.activeDuration, 2.5)
        XCTAssertEqual(a.progress(at: 11.2)!, 0.2, accuracy: 1e-12)  // second iteration
        XCTAssertEqual(a.progress(at: 20)!, 0.5, accuracy: 1e-12)  // held where it stopped
    }

    func testWholeRepeatCountEndsAtTheEnd() {
        let a = basic { $0.repeatCount = 2; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        XCTAssertEqual(a.progress(at: 13)!, 1)
        let r = basic { $0.repeatCount = 2; $0.autoreverses = true; $0.fillMode = .both; $0.isRemovedOnCompletion = false }
        XCTAssertEqual(r.progress(at: 15)!, 0)  // autoreversed: back at the start
    }

    func testInfiniteRepeatAndRepeatDuration() {
        let a = basic { $0.repeatCount = .infinity }
        XCTAssertEqual(a.progress(at: 1010.5)!, 0.5, accuracy: 1e-9)
        XCTAssertEqual(a.endTime, .infinity)
        let d = basic { $0.repeatDuration = 1.5 }
        XCTAssertEqual(d.progress(at: 11.25)!, 0.25, accuracy: 1e-12)
        XCTAssertNil(d.progress(at: 11.5))
    }

    func testFillModesBeforeAndAfter() {
        for mode in FillMode.allCases {
            let a = basic { $0.fillMode = mode; $0.isRemovedOnCompletion = false }
            let before = a.progress(at: 9), after = a.progress(at: 12)
            XCTAssertEqual(before, (mode == .backwards || mode == .both) ? 0 : nil, "\(mode) before")
            XCTAssertEqual(after, (mode == .forwards || mode == .both) ? 1 : nil, "\(mode) after")
        }
        // Removed on completion: no value after the end, whatever the fill mode.
        XCTAssertNil(basic { $0.fillMode = .forwards }.progress(at: 12))
    }

    func testSpeedAndTimeOffset() {
        let fast = basic { $0.speed = 2 }
        XCTAssertEqual(fast.progress(at: 10.25)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(fast.endTime, 10.5)
        let offset = basic { $0.timeOffset = 0.5 }
        XCTAssertEqual(offset.progress(at: 10.25)!, 0.75, accuracy: 1e-12)
        XCTAssertEqual(offset.progress(at: 10.75)!, 0.25, accuracy: 1e-12)  // wrapped
        let frozen = basic { $0.speed = 0; $0.timeOffset = 0.3 }
        XCTAssertEqual(frozen.progress(at: 50)!, 0.3, accuracy: 1e-12)
    }

    func testTimingFunctionEasesEachIteration() {
        let a = basic { $0.timingFunction = .easeIn; $0.repeatCount = 2 }
        XCTAssertEqual(a.progress(at: 11.5)!, 0.315357, accuracy: 1e-6)
    }
}
