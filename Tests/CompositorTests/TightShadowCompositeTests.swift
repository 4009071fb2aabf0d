// Packed shadows' canvas items cut to the pixels they can change
// (PlanBuilder+TightShadowComposite): the composite becomes an axis-aligned
// quad in target pixels over the blurred region (a pixel more each side),
// sampled with .nearest where its map is a whole-pixel translation, and the
// body drawn back covers the body region only. The rects of two shadows are
// worked out by hand; a rotated layer's composite is the small axis-aligned
// quad; and plans with and without the rule render to the same bytes on
// every backend (the GLES side of nearest == linear at texel centres is
// FlatTextureProgramTests).

import XCTest
import Foundation
import Plan
import Geometry
import Compositor
import Layers
import Rendering

final class TightShadowCompositeTests: XCTestCase {
    // ShadowPlans.twoShadows: A (σ 2) in a 42 × 42 window at (9, 9)
    // whose V step computes [1, 41)², B (σ 4) in a 58 × 58 window at
    // (101, 11), V [1, 57)², packed into 88 × 144 targets with the windows
    // at (7, 95) and (15, 15).

    /// By hand. Offset 0, so target pixel p samples window texel p − origin:
    /// A's composite covers its V region a pixel wider each side, [0, 42)² of
    /// the window, i.e. [9, 51)² of the canvas, in canvas coordinates, and
    /// samples the shared target's texel (7, 95) at canvas point (9, 9) with
    /// .nearest; B's covers [101, 159) × [11, 69). The bodies drawn back
    /// cover their body regions (the 20 × 20 body, 2 pixels out): window
    /// pixels [9, 33)² for A, [17, 41)² for B. The targets stay 88 × 144.
    func testCompositesAndBodiesAsWorkedOutByHand() throws {
        let p = ShadowPlans.plan(try ShadowPlans.parse(ShadowPlans.twoShadows), tight: true)
        XCTAssertEqual(p.passes.count, 4)
        XCTAssertEqual(p.passes[0].width, 88); XCTAssertEqual(p.passes[0].height, 144)
        let items = p.canvasPass.items
        XCTAssertEqual(items.count, 5)
        guard case .textureAlpha(.pass(2), let auv, .nearest, _) = items[1].paint,
              case .texture(.pass(0), _, .nearest, _) = items[2].paint,
              case .textureAlpha(.pass(2), let buv, .nearest, _) = items[3].paint else {
            return XCTFail("the composites sample the blurred target with .nearest: \(items)")
        }
        XCTAssertEqual(items[1].transform.flattened, .identity)
        XCTAssertEqual(items[1].rect, Rect(x: 9, y: 9, width: 42, height: 42))
        XCTAssertEqual(items[3].rect, Rect(x: 101, y: 11, width: 58, height: 58))
        let t = auv.apply(Vec2(9, 9)), u = buv.apply(Vec2(101, 11))
        XCTAssertEqual(t.x * 88, 7, accuracy: 1e-9); XCTAssertEqual(t.y * 144, 95, accuracy: 1e-9)
        XCTAssertEqual(u.x * 88, 15, accuracy: 1e-9); XCTAssertEqual(u.y * 144, 15, accuracy: 1e-9)
        XCTAssertEqual(items[2].rect, Rect(x: 9, y: 9, width: 24, height: 24))
        XCTAssertEqual(items[2].transform.flattened, .translation(9, 9))
        XCTAssertEqual(items[4].rect, Rect(x: 17, y: 17, width: 24, height: 24))
        XCTAssertTrue([items[1], items[2], items[3], items[4]].allSatisfy(\.hasUnitCoverage))
        XCTAssertNoThrow(try p.validate())
    }

    /// A rotated layer: its offset turns with it, and the composite, built
    /// over the window seen from the layer's plane (a rotated quad larger
    /// than the window), becomes an axis-aligned quad in target pixels no
    /// larger than the window. Turned by atan(3/4) (cos 0.8, sin 0.6) the
    /// offset (0, 10) is (−6, 8) on the canvas, whole pixels: .nearest; by
    /// 30° it is (−5, 8.66): .linear.
    func testRotatedCompositeIsAnAxisAlignedQuad() throws {
        func scene(_ degrees: Double) -> String {
            ##"""
            {"canvas":{"width":160,"height":140,"backgroundColor":"#FFFFFF"},"sublayers":[
             {"bounds":[0,0,60,36],"position":[80,70],"transform":[{"rotate":\##(degrees)}],"shadowOpacity":0.8,
              "shadowRadius":2,"shadowOffset":[0,10],"sublayers":[{"frame":[0,0,60,36],"backgroundColor":"#06D6A0"}]}]}
            """##
        }
        for (degrees, filter) in [(atan2(3.0, 4.0) * 180 / Double.pi, TextureFilter.nearest), (30, .linear)] {
            let s = try ShadowPlans.parse(scene(degrees))
            let tight = ShadowPlans.plan(s, tight: true), loose = ShadowPlans.plan(s, tight: false)
            func composite(_ p: RenderPlan) -> DrawItem? {
                p.canvasPass.items.first { if case .textureAlpha = $0.paint { return true } else { return false } }
            }
            guard let a = composite(tight), let b = composite(loose) else { return XCTFail("no composite") }
            XCTAssertEqual(a.transform.flattened, .identity, "\(degrees)°")
            XCTAssertEqual(a.filter, filter, "\(degrees)°")
            XCTAssertEqual(b.filter, .linear)
            // The window (one pass, unpacked layout: the target is the window).
            let window = Double(tight.passes[0].width) * Double(tight.passes[0].height)
            XCTAssertLessThanOrEqual(a.rect.width * a.rect.height, window, "\(degrees)°")
            let m = b.transform.flattened
            XCTAssertGreaterThan(b.rect.width * b.rect.height * abs(m.a * m.e - m.b * m.d),
                                 1.4 * a.rect.width * a.rect.height, "\(degrees)°: the rotated quad was larger")
        }
    }

    /// A shared target wider than `ShadowPack.maximumNearestSide` (a 4100-point
    /// layer's window) keeps .linear for a whole-pixel composite: there the
    /// uv's Float rounding could reach a linear weight. Same bytes either way.
    func testWideTargetsKeepLinear() throws {
        let json = ##"""
        {"canvas":{"width":4200,"height":40,"backgroundColor":"#FFFFFF"},"sublayers":[
         {"frame":[40,10,4100,16],"shadowOpacity":1,"shadowRadius":1,"shadowOffset":[0,3],
          "sublayers":[{"frame":[0,0,4100,16],"backgroundColor":"#1D3557"}]}]}
        """##
        let s = try ShadowPlans.parse(json)
        let tight = ShadowPlans.plan(s, tight: true), loose = ShadowPlans.plan(s, tight: false)
        XCTAssertGreaterThan(tight.passes[0].width, 4096)   // ShadowPack.maximumNearestSide
        let composite = tight.canvasPass.items.first { if case .textureAlpha = $0.paint { return true } else { return false } }
        XCTAssertEqual(composite?.filter, .linear)
        XCTAssertEqual(composite?.transform.flattened, .identity, "still the target-space quad")
        for (backend, differing) in try ContractPixels.differingBytes(tight, loose) {
            XCTAssertEqual(differing, 0, backend)
        }
    }

    /// Plans with and without the rule render to the same bytes on each
    /// backend: the fixture at scales 1 and 2, the two shadows, rotations
    /// (whole-pixel and fractional offsets), opacity below 1 (a second body
    /// part), scale, fractional positions and offsets, masksToBounds (whose
    /// clip the composite keeps: left as it is).
    func testTightPlansRenderTheSameBytes() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/scenes/shadow-basic.json").standardizedFileURL
        let mixed = ##"""
        {"canvas":{"width":180,"height":140,"backgroundColor":"#EEEEEE"},"sublayers":[
         {"frame":[10.5,10.25,30,24],"opacity":0.6,"shadowOpacity":0.9,"shadowRadius":3,"shadowOffset":[3.3,4.7],"shadowColor":"#203040",
          "sublayers":[{"frame":[0,0,30,24],"cornerRadius":8,"backgroundColor":"#E63946"}]},
         {"frame":[70,12,30,30],"transform":[{"rotate":20}],"shadowOpacity":0.8,"shadowRadius":5,"shadowOffset":[-4,6],
          "sublayers":[{"frame":[3,3,24,24],"cornerRadius":12,"backgroundColor":"#2A9D8F"}]},
         {"bounds":[0,0,40,24],"position":[140,40],"transform":[{"rotate":36.86989764584402}],"shadowOpacity":1,
          "shadowRadius":2.5,"shadowOffset":[0,10],"sublayers":[{"frame":[0,0,40,24],"backgroundColor":"#264653"}]},
         {"frame":[30,80,30,30],"transform":[{"scale":[1.5,0.75]}],"shadowOpacity":1,"shadowRadius":2,"shadowOffset":[2,2],
          "sublayers":[{"frame":[0,0,30,30],"cornerRadius":4,"backgroundColor":"#F4A261"}]},
         {"frame":[110,90,40,30],"transform":[{"rotate":-50}],"shadowOpacity":0.7,"shadowRadius":4,"shadowOffset":[5,-3],
          "sublayers":[{"frame":[0,0,20,30],"backgroundColor":"#E9C46A"},{"frame":[22,4,18,18],"cornerRadius":9,"backgroundColor":"#1D3557"}]},
         {"frame":[100,100,40,30],"masksToBounds":true,"backgroundColor":"#A8DADC","shadowOpacity":1,"shadowRadius":3,
          "shadowOffset":[8,6],"sublayers":[{"frame":[10,-8,20,20],"backgroundColor":"#457B9D"}]},
         {"frame":[150,100,24,30],"masksToBounds":true,"transform":[{"rotate":15}],"shadowOpacity":1,"shadowRadius":2,
          "shadowOffset":[5,5],"sublayers":[{"frame":[0,0,24,30],"backgroundColor":"#E76F51"}]}]}
        """##
        let scenes = [(try SceneLoader.load(path: fixture.path), 1.0), (try SceneLoader.load(path: fixture.path), 2.0),
                      (try ShadowPlans.parse(ShadowPlans.twoShadows), 1.0), (try ShadowPlans.parse(mixed), 1.0),
                      (try ShadowPlans.parse(mixed), 2.0)]
        for (scene, scale) in scenes {
            let tight = ShadowPlans.plan(scene, tight: true, scale: scale), loose = ShadowPlans.plan(scene, tight: false, scale: scale)
            XCTAssertNoThrow(try tight.validate())
            for (backend, differing) in try ContractPixels.differingBytes(tight, loose) {
                XCTAssertEqual(differing, 0, "\(backend), \(scene.name) ×\(scale): the tight items changed \(differing) bytes")
            }
        }
    }
}
