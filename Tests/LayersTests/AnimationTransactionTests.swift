// Implicit animations through transactions, the clock, completion blocks,
// explicit animation management and presentation versus model.

import XCTest
import Geometry
@testable import Layers

final class AnimationTransactionTests: XCTestCase {
    var root = Layer(), layer = Layer()

    override func setUp() {
        LayerClock.reset()
        root = Layer(); layer = Layer()
        root.addSublayer(layer)
        layer.position = Vec2(0, 0)
        layer.opacity = 1
    }

    override func tearDown() { LayerClock.reset() }

    func testChangesOutsideTransactionsDoNotAnimate() {
        layer.position = Vec2(100, 0)
        XCTAssertTrue(layer.animationKeys().isEmpty)
        XCTAssertEqual(layer.presentation(at: 0.1).position, Vec2(100, 0))
    }

    func testImplicitAnimationDefaults() {
        Transaction.perform { layer.opacity = 0 }
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
        XCTAssertEqual(layer.opacity, 0)  // the model changes at once
        let a = layer.animation(forKey: "opacity") as! BasicAnimation
        XCTAssertEqual(a.activeDuration, 0.25)
        XCTAssertEqual(a.timingFunction, .default)
        XCTAssertEqual(layer.presentation(at: 0).opacity, 1)
        XCTAssertEqual(layer.presentation(at: 0.125).opacity, 1 - 0.802403, accuracy: 1e-6)
        XCTAssertEqual(layer.presentation(at: 0.25).opacity, 0)
        LayerClock.advance(to: 0.125)
        XCTAssertEqual(layer.presentation().opacity, 1 - 0.802403, accuracy: 1e-6)  // at the clock's time
    }

    func testTransactionSettingsAndClockTime() {
        LayerClock.advance(to: 5)
        Transaction.begin()
        Transaction.setAnimationDuration(2)
        Transaction.setAnimationTimingFunction(.linear)
        layer.position = Vec2(100, 0)
        Transaction.commit()
        XCTAssertEqual(layer.presentation(at: 6).position, Vec2(50, 0))
        XCTAssertEqual(layer.presentation(at: 4).position, Vec2(100, 0))  // before it began: model
    }

    func testNestedTransactionsInheritSettings() {
        Transaction.begin()
        Transaction.setAnimationDuration(1)
        Transaction.begin()
        Transaction.setAnimationTimingFunction(.linear)
        layer.opacity = 0
        Transaction.commit()
        Transaction.commit()
        XCTAssertEqual(layer.presentation(at: 0.5).opacity, 0.5, accuracy: 1e-12)
    }

    func testDisableActions() {
        Transaction.perform {
            Transaction.setDisableActions(true)
            layer.position = Vec2(100, 0)
        }
        XCTAssertTrue(layer.animationKeys().isEmpty)
    }

    func testStandaloneLayersDoNotAnimate() {
        let lonely = Layer()
        Transaction.perform { lonely.opacity = 0; root.opacity = 0.5 }
        XCTAssertTrue(lonely.animationKeys().isEmpty)
        XCTAssertTrue(root.animationKeys().isEmpty)  // the root has no superlayer either
    }

    func testInterruptionStartsFromThePresentationValue() {
        Transaction.perform {
            Transaction.setAnimationDuration(1)
            Transaction.setAnimationTimingFunction(.linear)
            layer.position = Vec2(100, 0)
        }
        LayerClock.advance(to: 0.5)  // on screen: (50, 0)
        Transaction.perform {
            Transaction.setAnimationDuration(1)
            Transaction.setAnimationTimingFunction(.linear)
            layer.position = Vec2(50, 100)
        }
        XCTAssertEqual(layer.animationKeys(), ["position"])  // replaced, not stacked
        XCTAssertEqual(layer.presentation(at: 0.5).position, Vec2(50, 0))
        XCTAssertEqual(layer.presentation(at: 1).position, Vec2(50, 50))
        XCTAssertEqual(layer.presentation(at: 1.5).position, Vec2(50, 100))
    }

    func testCompletionFiresWhenTheClockPassesTheEnd() {
        var fired = 0
        Transaction.perform {
            Transaction.setAnimationDuration(1)
            Transaction.setCompletionBlock { fired += 1 }
            layer.opacity = 0
            layer.position = Vec2(3, 4)
        }
        XCTAssertEqual(fired, 0)
        LayerClock.advance(to: 0.99)
        XCTAssertEqual(fired, 0)
        LayerClock.advance(to: 1)
        XCTAssertEqual(fired, 1)
        XCTAssertTrue(layer.animationKeys().isEmpty)  // removed on completion
        LayerClock.advance(to: 2)
        XCTAssertEqual(fired, 1)
    }

    func testCompletionWithoutAnimationsFiresAtCommit() {
        var fired = false
        Transaction.perform {
            Transaction.setDisableActions(true)
            Transaction.setCompletionBlock { fired = true }
            layer.opacity = 0
        }
        XCTAssertTrue(fired)
    }

    func testCompletionCountsExplicitAnimationsAndRemovals() {
        var fired = false
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = .number(.pi); spin.repeatCount = .infinity
        Transaction.perform {
            Transaction.setCompletionBlock { fired = true }
            layer.add(spin, forKey: "spin")
        }
        LayerClock.advance(to: 100)
        XCTAssertFalse(fired)
        layer.removeAnimation(forKey: "spin")
        LayerClock.advance(to: 100)
        XCTAssertTrue(fired)
    }

    func testExplicitAnimationManagement() {
        LayerClock.advance(to: 2)
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = .number(0); a.duration = 1
        layer.add(a, forKey: "fade")
        a.duration = 100  // the layer holds a copy
        let held = layer.animation(forKey: "fade")!
        XCTAssertEqual(held.beginTime, 2)  // beginTime 0: when added
        XCTAssertEqual(held.duration, 1)
        XCTAssertFalse(held === a)
        layer.add(BasicAnimation(keyPath: "position"), forKey: "move")
        XCTAssertEqual(layer.animationKeys(), ["fade", "move"])
        XCTAssertEqual(layer.presentation(at: 2.5).opacity, 0.5)
        layer.removeAnimation(forKey: "fade")
        XCTAssertEqual(layer.animationKeys(), ["move"])
        layer.removeAllAnimations()
        XCTAssertTrue(layer.animationKeys().isEmpty)
    }

    func testLaterAnimationsWin() {
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = .number(0); a.toValue = .number(0); a.duration = 1; a.beginTime = 0
        let b = BasicAnimation(keyPath: "opacity")
        b.fromValue = .number(0.5); b.toValue = .number(0.5); b.duration = 1; b.beginTime = 0
        layer.attach(a, forKey: "a"); layer.attach(b, forKey: "b")
        XCTAssertEqual(layer.presentation(at: 0.5).opacity, 0.5)
    }

    func testPresentationKeepsIdsMasksAndSublayersAndNotifiesNoObserver() {
        let mask = Layer(); layer.mask = mask
        let child = Layer(); layer.addSublayer(child)
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = .number(0); a.toValue = .number(1); a.duration = 1; a.beginTime = 0
        child.attach(a, forKey: nil)
        mask.attach(a.copy(), forKey: nil)
        var notified = 0
        Layer.propertyChangeObserver = { _, _, _ in notified += 1 }
        defer { Layer.propertyChangeObserver = nil }
        Transaction.begin()
        let p = root.presentation(at: 0.25)
        _ = layer.shallowCopy()
        Transaction.commit()
        XCTAssertEqual(notified, 0)
        XCTAssertEqual(p.id, root.id)
        let pl = p.sublayers[0]
        XCTAssertEqual(pl.id, layer.id)
        XCTAssertEqual(pl.sublayers[0].opacity, 0.25)
        XCTAssertEqual(pl.mask?.opacity, 0.25)
        XCTAssertEqual(pl.mask?.id, mask.id)
        XCTAssertEqual(child.opacity, 1)
        XCTAssertTrue(pl.animationKeys().isEmpty)
        XCTAssertTrue(layer.animationKeys().isEmpty)
    }

    func testSpecializedLayerProperties() {
        let shape = ShapeLayer()
        root.addSublayer(shape)
        Transaction.perform {
            Transaction.setAnimationTimingFunction(.linear)
            shape.strokeEnd = 0
            shape.fillColor = Color(r: 1, g: 0, b: 0)
        }
        XCTAssertEqual(Set(shape.animationKeys()), ["strokeEnd", "fillColor"])
        let p = shape.presentation(at: 0.125) as! ShapeLayer
        XCTAssertEqual(p.strokeEnd, 0.5)
        XCTAssertEqual(p.fillColor, Color(r: 0.5, g: 0, b: 0))
    }
}
