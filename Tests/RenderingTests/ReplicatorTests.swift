// Replicator layers in the plan builder: instance transforms (powers of
// instanceTransform about the anchor, before the sublayerTransform), instance
// colours (clamped, premultiplied, multiplied into every colour an instance
// draws, nested replicators multiplying), offscreen passes tinted once
// (opaque tints on the window drawn back, translucent ones in each part
// inside it, never on a mask), and the tint in the shared vertex stage.

import XCTest
import Geometry
import Layers
@testable import Rendering
@testable import Plan

final class ReplicatorTests: XCTestCase {
    func scene(_ r: ReplicatorLayer) -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        root.addSublayer(r)
        return root
    }

    func replicator(count: Int, sub: Layer) -> ReplicatorLayer {
        let r = ReplicatorLayer()
        r.name = "rep"
        r.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        r.instanceCount = count
        r.addSublayer(sub)
        return r
    }

    func square(_ name: String = "sq") -> Layer {
        let l = Layer()
        l.name = name
        l.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        l.backgroundColor = .white
        return l
    }

    func testInstancesArePowersOfTheInstanceTransformFromInstanceZero() {
        let r = replicator(count: 4, sub: square())
        r.instanceTransform = .translation(30, 5, 0)
        let plan = PlanBuilder.build(root: scene(r), width: 200, height: 200)
        let items = plan.canvasPass.items
        XCTAssertEqual(items.count, 4)
        for (i, it) in items.enumerated() {
            let p = it.transform.flattened.apply(Vec2(0, 0))
            XCTAssertEqual(p.x, 10 + 30 * Double(i), accuracy: 1e-9)
            XCTAssertEqual(p.y, 10 + 5 * Double(i), accuracy: 1e-9)
        }
    }

    func testInstanceTransformTurnsAboutTheAnchorBeforeTheSublayerTransform() {
        let r = replicator(count: 3, sub: square())
        r.instanceTransform = .rotation(.pi / 2, 0, 0, 1)
        r.sublayerTransform = .translation(1, 2, 0)
        let plan = PlanBuilder.build(root: scene(r), width: 200, height: 200)
        let items = plan.canvasPass.items
        XCTAssertEqual(items.count, 3)
        // The square's corner (10, 10) turned i × 90° about the anchor (100, 100), then shifted by (1, 2).
        let expected = [Vec2(10, 10), Vec2(190, 10), Vec2(190, 190)]
        for (it, e) in zip(items, expected) {
            let p = it.transform.flattened.apply(Vec2(0, 0))
            XCTAssertEqual(p.x, e.x + 1, accuracy: 1e-9)
            XCTAssertEqual(p.y, e.y + 2, accuracy: 1e-9)
        }
    }

    func testInstanceColoursAreClampedPremultipliedTints() {
        let r = replicator(count: 4, sub: square())
        r.instanceColor = Color(r: 1, g: 0.5, b: 0.2, a: 1)
        r.instanceBlueOffset = 0.5
        r.instanceAlphaOffset = -0.25
        XCTAssertEqual(r.instanceColor(at: 3).b, 1)  // 0.2 + 1.5 clamped
        XCTAssertEqual(r.instanceColor(at: 3).a, 0.25)
        let items = PlanBuilder.build(root: scene(r), width: 200, height: 200).canvasPass.items
        XCTAssertEqual(items.count, 4)
        XCTAssertEqual(items[0].tint, PremultipliedColor(r: 1, g: 0.5, b: 0.2, a: 1))
        XCTAssertEqual(items[0].blend, .copy)  // still opaque
        let t2 = try! XCTUnwrap(items[2].tint)
        XCTAssertEqual(t2.r, 0.5, accuracy: 1e-12)
        XCTAssertEqual(t2.g, 0.25, accuracy: 1e-12)
        XCTAssertEqual(t2.b, 0.5, accuracy: 1e-12)
        XCTAssertEqual(t2.a, 0.5, accuracy: 1e-12)
        XCTAssertEqual(items[2].blend, .sourceOver)
    }

    func testWhiteInstancesAreUntintedAndZeroInstancesDrawOnlyTheReplicator() {
        let r = replicator(count: 2, sub: square())
        let items = PlanBuilder.build(root: scene(r), width: 200, height: 200).canvasPass.items
        XCTAssertEqual(items.map(\.tint), [nil, nil])
        let z = replicator(count: 0, sub: square())
        z.backgroundColor = Color(r: 0, g: 0, b: 1)
        let plan = PlanBuilder.build(root: scene(z), width: 200, height: 200)
        XCTAssertEqual(plan.canvasPass.items.map { plan.layerNames[$0.layer] }, ["rep"])
        XCTAssertNil(plan.canvasPass.items[0].tint)  // the replicator's own background is not an instance
    }

    func testNestedReplicatorsMultiplyTints() {
        let inner = replicator(count: 2, sub: square())
        inner.instanceColor = Color(r: 0.5, g: 1, b: 1, a: 1)
        let outer = replicator(count: 2, sub: inner)
        outer.instanceColor = Color(r: 1, g: 1, b: 1, a: 1)
        outer.instanceGreenOffset = -0.5
        let items = PlanBuilder.build(root: scene(outer), width: 200, height: 200).canvasPass.items
        XCTAssertEqual(items.count, 4)
        XCTAssertEqual(items.map { $0.tint?.r }, [0.5, 0.5, 0.5, 0.5])
        XCTAssertEqual(items.map { $0.tint?.g }, [1, 1, 0.5, 0.5])
    }

    func testOffscreenPassesAreTintedOnceWhenDrawnBack() {
        let sub = square()
        sub.addSublayer(square("child"))
        sub.opacity = 0.5
        sub.allowsGroupOpacity = true
        let r = replicator(count: 2, sub: sub)
        r.instanceColor = Color(r: 1, g: 0, b: 0, a: 1)
        let plan = PlanBuilder.build(root: scene(r), width: 200, height: 200)
        let offscreen = plan.passes.filter { $0.reason == .groupOpacity }
        XCTAssertEqual(offscreen.count, 2)
        for p in offscreen { XCTAssertTrue(p.items.allSatisfy { $0.tint == nil }) }
        let back = plan.canvasPass.items
        XCTAssertEqual(back.count, 2)
        XCTAssertTrue(back.allSatisfy { $0.tint == PremultipliedColor(r: 1, g: 0, b: 0, a: 1) })
    }

    /// A translucent tint goes into the parts inside the passes and the
    /// windows are drawn back untinted; the mask's pass stays untinted (it
    /// draws alpha, not colour); the shadow's source is an untinted body pass
    /// of its own while the shadow item's colour is tinted (pixels:
    /// TranslucentInstanceColourTests).
    func testTranslucentTintsGoIntoThePartsOfOffscreenPasses() {
        let t = PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5)
        func plan(_ configure: (Layer) -> Void) -> RenderPlan {
            let sub = square()
            sub.addSublayer(square("child"))
            configure(sub)
            let r = replicator(count: 1, sub: sub)
            r.instanceColor = Color(r: 1, g: 1, b: 1, a: 0.5)
            return PlanBuilder.build(root: scene(r), width: 200, height: 200)
        }
        // Group opacity: the group's parts tinted, the group drawn back untinted at its opacity.
        let group = plan { $0.opacity = 0.5 }
        let g = group.passes.filter { $0.reason == .groupOpacity }
        XCTAssertEqual(g.count, 1)
        XCTAssertEqual(g[0].items.map(\.tint), [t, t])
        XCTAssertEqual(group.canvasPass.items.map(\.tint), [nil])
        // Mask: the composed parts tinted, the mask's pass not.
        let masked = plan { $0.mask = square("mask") }
        let passes = masked.passes.filter { $0.reason == .mask }
        XCTAssertEqual(passes.count, 2)
        XCTAssertEqual(passes[0].items.map(\.tint), [t, t])
        XCTAssertEqual(passes[1].items.map(\.tint), [nil])
        XCTAssertEqual(masked.canvasPass.items.map(\.tint), [nil])
        // Shadow: a tinted body and an untinted source (two passes where an
        // untinted or opaque-tinted layer has one), the shadow's colour tinted.
        let shadowed = plan { $0.shadowOpacity = 1; $0.shadowRadius = 0 }
        let bodies = shadowed.passes.filter { $0.reason == .shadow }
        XCTAssertEqual(bodies.count, 2)
        guard bodies.count == 2 else { return }
        XCTAssertEqual(bodies.map { $0.items.map(\.tint) }, [[t, t], [nil, nil]])
        let canvas = shadowed.canvasPass.items
        XCTAssertEqual(canvas.count, 2)
        guard case .textureAlpha(.pass(let blurred), _, _, _) = canvas[0].paint else {
            return XCTFail("the shadow item first: \(canvas[0].paint)")
        }
        XCTAssertEqual(canvas[0].tint, t)
        guard case .texture(.pass(let body), _, _, _) = canvas[1].paint else { return XCTFail("then the body") }
        XCTAssertEqual(body, bodies[0].id)
        XCTAssertNil(canvas[1].tint)
        // A hard shadow (radius 0) samples its source directly: the untinted one.
        XCTAssertEqual(blurred, bodies[1].id)
    }

    /// An opaque tint keeps the plan an untinted layer has: the same passes,
    /// built untinted, and the tint on the window drawn back (it commutes
    /// with source-over; pixels: TranslucentInstanceColourTests).
    func testOpaqueTintsKeepThePassesOfAnUntintedLayer() {
        func plan(_ colour: Color?) -> RenderPlan {
            let sub = square()
            sub.addSublayer(square("child"))
            sub.cornerRadius = 4
            sub.masksToBounds = true
            sub.shadowOpacity = 1
            sub.mask = square("mask")
            let r = replicator(count: 1, sub: sub)
            r.instanceColor = colour
            return PlanBuilder.build(root: scene(r), width: 200, height: 200)
        }
        let plain = plan(nil), tinted = plan(Color(r: 1, g: 0.5, b: 0.25, a: 1))
        let t = PremultipliedColor(r: 1, g: 0.5, b: 0.25, a: 1)
        XCTAssertTrue(tinted.passes.dropLast().allSatisfy { $0.items.allSatisfy { $0.tint == nil } })
        XCTAssertEqual(tinted.canvasPass.items.map(\.tint), [t])
        // Everything else the same, line for line.
        XCTAssertEqual(plain.dump, tinted.dump.replacingOccurrences(of: " tint \(t)", with: ""))
    }

    func testTintMultipliesTheColourAttribute() {
        let t = PremultipliedColor(r: 0.5, g: 0.25, b: 1, a: 0.5)
        let solid = Tessellator.paintAttributes(.solid(PremultipliedColor(r: 0.8, g: 0.8, b: 0.4, a: 0.8)), tint: t).0
        XCTAssertEqual(solid, [Float(0.8 * 0.5), Float(0.8 * 0.25), Float(0.4 * 1), Float(0.8 * 0.5)])
        let tex = Tessellator.paintAttributes(.texture(.image(0), uv: .identity, filter: .linear, opacity: 0.5),
                                              tint: t).0
        XCTAssertEqual(tex, [Float(0.25), Float(0.125), Float(0.5), Float(0.25)])
        let plain = Tessellator.paintAttributes(.solid(PremultipliedColor(r: 0.8, g: 0.8, b: 0.4, a: 0.8))).0
        XCTAssertEqual(plain, [Float(0.8), Float(0.8), Float(0.4), Float(0.8)])
    }

    /// Layers × replicas are counted before any instance is built: a
    /// 10000 × 10000 nested replicator is refused (naming the outer one)
    /// without expanding it, and one at the limit is drawn in full.
    func testNestedReplicatorsOverTheLimitAreRefusedBeforeExpanding() {
        let inner = replicator(count: 10_000, sub: square())
        let outer = replicator(count: 10_000, sub: inner)
        let b = PlanBuilder(options: PlanOptions(cull: false))
        let plan = b.build(root: scene(outer), width: 200, height: 200)
        XCTAssertEqual(plan.canvasPass.items.count, 0)
        XCTAssertEqual(b.stats.problems.count, 1, "\(b.stats.problems)")
        XCTAssertTrue(b.stats.problems.first?.contains("more than the limit of 250000 layers × replicas") ?? false,
                      "\(b.stats.problems)")
        XCTAssertTrue(b.stats.problems.first?.contains("sublayers[0] (replicator layer") ?? false, "\(b.stats.problems)")

        // Every layer copy counts, the inner replicator's own copies too:
        // 499 × (1 + 499) = 249,500 (+ the outer one) fits, 500 × 501 does not.
        let limit = PlanBuilder.maximumReplicatedLayers
        let fits = replicator(count: 499, sub: replicator(count: 499, sub: square()))
        XCTAssertEqual(PlanBuilder.replicatedLayerCount(fits, limit: limit), 1 + 499 * 500)
        let over = replicator(count: 500, sub: replicator(count: 500, sub: square()))
        XCTAssertEqual(PlanBuilder.replicatedLayerCount(over, limit: limit), limit + 1)
        let small = PlanBuilder(options: PlanOptions(cull: false))
        let drawn = small.build(root: scene(replicator(count: 10, sub: replicator(count: 10, sub: square()))),
                                width: 200, height: 200)
        XCTAssertEqual(small.stats.problems, [])
        XCTAssertEqual(drawn.canvasPass.items.count, 100)
    }

    /// instanceDelay: at time t instance i shows its sublayers as they are
    /// at t − i × delay (position.x 20 → 80 over 1 s, delay 0.25, t = 0.5:
    /// x = 50, 35 and 20, the last one at the animation's start).
    func testInstanceDelayOffsetsEachInstancesAnimations() {
        let sq = square()
        sq.frame = Rect(x: 40, y: 10, width: 20, height: 20)  // position (50, 20)
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = .number(20); a.toValue = .number(80); a.duration = 1; a.beginTime = 0
        sq.add(a, forKey: "x")
        let r = replicator(count: 3, sub: sq)
        r.instanceDelay = 0.25
        let b = PlanBuilder(options: PlanOptions(cull: false))
        let plan = b.build(root: scene(r).presentation(at: 0.5), width: 200, height: 200)
        let xs = plan.canvasPass.items.map { $0.transform.flattened.apply(Vec2($0.rect.midX, $0.rect.midY)).x }
        XCTAssertEqual(xs.count, 3)
        for (x, expected) in zip(xs, [50.0, 35, 20]) { XCTAssertEqual(x, expected, accuracy: 1e-9) }
        // Without a delay every instance shows time 0.5.
        r.instanceDelay = 0
        let same = PlanBuilder(options: PlanOptions(cull: false)).build(root: scene(r).presentation(at: 0.5),
                                                                        width: 200, height: 200)
        XCTAssertEqual(same.canvasPass.items.map { $0.transform.flattened.apply(Vec2($0.rect.midX, $0.rect.midY)).x },
                       [50, 50, 50])
    }
}
