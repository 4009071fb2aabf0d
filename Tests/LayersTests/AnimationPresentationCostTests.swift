// What presentation(at:) costs on a large tree without animations, against
// a plain deep copy (the implementation before animations existed). Timing
// is printed, not asserted (shared CI machines are noisy); run with
// ANIMATION_BENCH=1 to measure 100,000 layers (1,000 otherwise).

import Foundation
import XCTest
import Geometry
@testable import Layers

final class AnimationPresentationCostTests: XCTestCase {
    func plainCopy(_ l: Layer) -> Layer {
        let c = l.unobservedCopy()
        if let m = l.mask { c.mask = plainCopy(m) }
        if !l.sublayers.isEmpty { c.setSublayers(l.sublayers.map(plainCopy)) }
        return c
    }

    func testPresentationOfAnUnanimatedTreeCostsAPlainCopy() {
        let count = ProcessInfo.processInfo.environment["ANIMATION_BENCH"] == nil ? 1_000 : 100_000
        let root = Layer()
        var parents = [root]
        for i in 0..<count {  // 10 children per layer, breadth first
            let l = Layer()
            l.opacity = 0.5
            parents[i / 10].addSublayer(l)
            parents.append(l)
        }
        func best(_ body: () -> Layer) -> Double {
            var b = Double.infinity
            for _ in 0..<5 {
                let t = Date()
                let c = body()
                b = min(b, Date().timeIntervalSince(t))
                XCTAssertEqual(c.sublayers.count, root.sublayers.count)
            }
            return b
        }
        let plain = best { plainCopy(root) }
        let presentation = best { root.presentation(at: 1) }
        print(String(format: "presentation-cost layers=%d plainCopy=%.1fms presentation=%.1fms ratio=%.3f",
                     count + 1, plain * 1000, presentation * 1000, presentation / plain))
        // And with every 100th layer animating position (keyframes) and opacity (basic).
        for (i, l) in parents.enumerated() where i % 100 == 1 {
            let k = KeyframeAnimation(keyPath: "position")
            k.values = [.point(.zero), .point(Vec2(100, 0)), .point(Vec2(100, 100))]
            k.duration = 2; k.beginTime = 0
            l.attach(k, forKey: "move")
            let b = BasicAnimation(keyPath: "opacity")
            b.toValue = .number(0); b.duration = 2; b.beginTime = 0; b.timingFunction = .easeInEaseOut
            l.attach(b, forKey: "fade")
        }
        let animated = best { root.presentation(at: 1) }
        print(String(format: "presentation-cost animatedLayers=%d presentation=%.1fms",
                     (count + 99) / 100, animated * 1000))
        XCTAssertEqual(root.presentation(at: 1).sublayers[0].position, Vec2(100, 0))
    }
}
