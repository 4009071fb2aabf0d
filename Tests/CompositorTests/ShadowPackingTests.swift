// Shadow packing (PlanBuilder+ShadowPacking): the offscreen shadows of one
// draw pass share one body target and one H and one V blur pass. The layout
// of two shadows of different σ is worked out by hand below; packed plans
// render to the very same bytes as unpacked ones on every backend (also
// under translucent replicator instance colours); and the
// validator refuses packed steps whose taps reach another step's region.

import XCTest
import Foundation
import Plan
import Geometry
import Compositor
import Layers
import Rendering

final class ShadowPackingTests: XCTestCase {
    func steps(_ p: RenderPass) -> [BlurStep] {
        switch p.content {
        case .blurs(let s): return s
        case .blur(let s): return [s]
        case .draw: return []
        }
    }

    /// By hand. A (σ 2, r = ⌈4σ⌉ = 8 taps a side): its window is 42 × 42 at
    /// (9, 9) (the body ± pad, pad = r + 2, + 1); the body is drawn at
    /// [11, 31)², its region 2 pixels out, [9, 33)²; H computes [1, 41) × [9, 33),
    /// V [1, 41)². Its reads reach H: x 1 − 8 … 41 + 8, V: y −7 … 49, and the
    /// shadow item (the window, 2 out for antialiasing, 1 more for the
    /// bilinear neighbour) −3 … 45: it reserves [−7, 49)², 56 × 56.
    /// B (σ 4, r = 16): window 58 × 58 at (101, 11), body [19, 39)², region
    /// [17, 41)², H [1, 57) × [17, 41), V [1, 57)²; reads −15 … 73: reserves
    /// [−15, 73)², 88 × 88. Shelves, tallest first, B's box at (0, 0) →
    /// window origin (15, 15); with a shelf width of 88 (the widest box) or
    /// 105 (⌈√(56² + 88²)⌉), A's box no longer fits beside it → next shelf at
    /// y 88, origin (7, 95): 88 × 144; at 157 it fits beside: 144 × 88, no
    /// smaller, so the first stays. Targets 88 × 144.
    /// (The canvas items as the packing builds them, before
    /// PlanBuilder+TightShadowComposite cuts them: TightShadowCompositeTests.)
    func testTwoShadowsOfDifferentSigmaPackAsWorkedOutByHand() throws {
        let p = ShadowPlans.plan(try ShadowPlans.parse(ShadowPlans.twoShadows), pack: true, tight: false)
        XCTAssertEqual(p.passes.count, 4)
        let (body, h, v) = (p.passes[0], p.passes[1], p.passes[2])
        for pass in [body, h, v] {
            XCTAssertEqual(pass.width, 88); XCTAssertEqual(pass.height, 144)
        }
        XCTAssertEqual(body.reason, .shadow)
        // Body items moved by their window origins: A's body at 11 + (7, 95), B's at 19 + (15, 15).
        XCTAssertEqual(body.items.map { $0.transform.flattened.g }, [18, 34])
        XCTAssertEqual(body.items.map { $0.transform.flattened.h }, [106, 34])
        XCTAssertEqual(steps(h).map(\.region), [BlurRegion(x0: 8, y0: 104, x1: 48, y1: 128),
                                               BlurRegion(x0: 16, y0: 32, x1: 72, y1: 56)])
        XCTAssertEqual(steps(v).map(\.region), [BlurRegion(x0: 8, y0: 96, x1: 48, y1: 136),
                                               BlurRegion(x0: 16, y0: 16, x1: 72, y1: 72)])
        XCTAssertEqual(steps(h).map(\.sigma), [2, 4])
        XCTAssertEqual(steps(h).map { $0.weights.count }, [9, 17])
        XCTAssertEqual(steps(h).map(\.source), [0, 0]); XCTAssertEqual(steps(v).map(\.source), [1, 1])
        // The gutter between the parts: A's V taps reach up to y = 96 − 8 = 88,
        // exactly where B's reserved rect ends; B's V region ends at 72.
        // The canvas samples the parts: A's shadow maps its window's unit square onto
        // [7/88, 95/144] + [42/88, 42/144] in the shared target.
        let items = p.canvasPass.items
        guard case .textureAlpha(.pass(2), let uv, .linear, _) = items[1].paint,
              case .texture(.pass(0), let buv, .nearest, _) = items[2].paint else {
            return XCTFail("A's shadow and body sample the shared targets: \(items)")
        }
        // The item-plane point (−11, −11), the window's corner in A's plane, samples texel (7, 95).
        let t = uv.apply(Vec2(-11, -11)), bt = buv.apply(Vec2(0, 0))
        XCTAssertEqual(t.x * 88, 7, accuracy: 1e-9); XCTAssertEqual(t.y * 144, 95, accuracy: 1e-9)
        XCTAssertEqual(bt.x * 88, 7, accuracy: 1e-9); XCTAssertEqual(bt.y * 144, 95, accuracy: 1e-9)
        XCTAssertNoThrow(try p.validate())
    }

    /// Packed plans render to the same bytes as unpacked ones, on each backend:
    /// the fixture, two σ, opacity below 1 (a second body), a rotated layer,
    /// shadows cut by the canvas edge (kept unpacked: the clamped reads of
    /// their own passes see the body or the blur at the edge), scale 2.
    func testPackedPlansRenderTheSameBytes() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/scenes/shadow-basic.json").standardizedFileURL
        let mixed = ##"""
        {"canvas":{"width":160,"height":120,"backgroundColor":"#EEEEEE"},"sublayers":[
         {"frame":[10,10,30,24],"opacity":0.6,"shadowOpacity":0.9,"shadowRadius":3,"shadowOffset":[3,4],"shadowColor":"#203040",
          "sublayers":[{"frame":[0,0,30,24],"cornerRadius":8,"backgroundColor":"#E63946"}]},
         {"frame":[70,12,30,30],"transform":[{"rotate":20}],"shadowOpacity":0.8,"shadowRadius":5,"shadowOffset":[-4,6],
          "sublayers":[{"frame":[3,3,24,24],"cornerRadius":12,"backgroundColor":"#2A9D8F"}]},
         {"frame":[120,70,30,30],"shadowOpacity":1,"shadowRadius":2,"shadowOffset":[2,2],
          "sublayers":[{"frame":[0,0,30,30],"cornerRadius":4,"backgroundColor":"#264653"}]},
         {"frame":[-6,90,30,24],"shadowOpacity":1,"shadowRadius":4,"shadowOffset":[0,-5],
          "sublayers":[{"frame":[0,0,30,24],"backgroundColor":"#F4A261"}]},
         {"frame":[-6,50,30,20],"shadowOpacity":1,"shadowRadius":3,"shadowOffset":[-9,0],
          "sublayers":[{"frame":[0,0,30,20],"backgroundColor":"#E9C46A"}]}]}
        """##
        // The same layers as two instances of a replicator with translucent instance colours:
        // each shadow's source is then a body of its own, untinted, beside the tinted body.
        let replicated = mixed.replacingOccurrences(
            of: ##""#EEEEEE"},"sublayers":["##,
            with: ##""#EEEEEE"},"sublayers":[{"type":"replicator","frame":[0,0,160,120],"instanceCount":2,"##
                + ##""instanceTransform":[{"translate":[5,3]}],"instanceColor":"#FFE0FFB0","instanceAlphaOffset":-0.3,"##
                + ##""sublayers":["##).dropLast(2) + "]}]}"
        XCTAssertTrue(replicated.contains("replicator"))
        let scenes = [(try SceneLoader.load(path: fixture.path), 1.0), (try SceneLoader.load(path: fixture.path), 2.0),
                      (try ShadowPlans.parse(ShadowPlans.twoShadows), 1.0), (try ShadowPlans.parse(mixed), 1.0),
                      (try ShadowPlans.parse(mixed), 2.0), (try ShadowPlans.parse(String(replicated)), 1.0)]
        for (scene, scale) in scenes {
            let packed = ShadowPlans.plan(scene, pack: true, scale: scale), plain = ShadowPlans.plan(scene, pack: false, scale: scale)
            XCTAssertLessThan(packed.passes.count, plain.passes.count, "\(scene.name) ×\(scale): fewer passes")
            XCTAssertTrue(packed.passes.contains { if case .blurs = $0.content { return true } else { return false } })
            for (backend, differing) in try ContractPixels.differingBytes(packed, plain) {
                XCTAssertEqual(differing, 0, "\(backend), \(scene.name) ×\(scale): packing changed \(differing) bytes")
            }
        }
    }

    /// Two packed steps: fine when the first one's taps (radius 4) stop one
    /// pixel short of the second's region, refused when they reach it.
    func testValidationRefusesPackedStepsWhoseTapsReachAnother() throws {
        func plan(gap: Int) -> RenderPlan {
            var a = BlurStep(source: 0, axis: .horizontal, sigma: 1)   // 4 taps a side
            a.region = BlurRegion(x0: 0, y0: 0, x1: 10, y1: 8)
            var b = BlurStep(source: 0, axis: .horizontal, sigma: 1)
            b.region = BlurRegion(x0: 10 + gap, y0: 4, x1: 30, y1: 12)
            let src = RenderPass(id: 0, width: 32, height: 16, reason: .shadow, layerName: nil,
                                 clear: .clear, content: .draw([]))
            let blur = RenderPass(id: 1, width: 32, height: 16, reason: .shadowBlur, layerName: nil,
                                  clear: .clear, content: .blurs([a, b]))
            let canvas = RenderPass(id: 2, width: 32, height: 16, reason: .canvas, layerName: nil,
                                    clear: .clear, content: .draw([]))
            return RenderPlan(width: 32, height: 16, passes: [src, blur, canvas], images: [], layerNames: [])
        }
        XCTAssertNoThrow(try plan(gap: 4).validate())
        XCTAssertThrowsError(try plan(gap: 3).validate()) { error in
            XCTAssertEqual(error as? PlanError, .packedBlurStepsTouch(pass: 1, step: 0, other: 1))
        }
        var noRegion = plan(gap: 4)
        if case .blurs(var s) = noRegion.passes[1].content { s[1].region = nil; noRegion.passes[1].content = .blurs(s) }
        XCTAssertThrowsError(try noRegion.validate()) { error in
            XCTAssertEqual(error as? PlanError, .packedBlurIsMalformed(pass: 1))
        }
    }
}
