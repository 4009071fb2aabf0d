// Issue 14 item 5: a shadow's full-resolution blur steps compute only the
// pixels their taps let the body reach (BlurStep.region), not the whole
// offscreen window. The shadow of a body with no background (so it takes the
// offscreen blur route) is checked on every backend against the closed form
// of a box blurred by a Gaussian, computed here in Double:
// (Φ((x − x0)/σ) − Φ((x − x1)/σ)) · (Φ((y − y0)/σ) − Φ((y − y1)/σ)) at pixel
// centres; a region cut too tight zeroes the shadow's fringe and fails it.
// Then the plans of such scenes render to the very same bytes with their
// regions removed, and the validator refuses regions an executor could not honour.

import XCTest
import Foundation
import Plan
import Geometry
import Compositor
import Layers
import Rendering

final class BlurRegionTests: XCTestCase {
    func phi(_ t: Double) -> Double { 0.5 * (1 + erf(t / 2.squareRoot())) }

    /// A white 20 × 20 sublayer (the body) in a layer without background at
    /// `origin`, casting a black shadow at `offset` with radius `sigma`, on an
    /// 80 × 80 white canvas.
    func scene(origin: (Int, Int), offset: (Int, Int), sigma: Int) -> String {
        ##"{"canvas":{"width":80,"height":80,"backgroundColor":"#FFFFFF"},"sublayers":[{"frame":[\##(origin.0),\##(origin.1),20,20],"##
            + ##""shadowOpacity":1,"shadowColor":"#000000","shadowRadius":\##(sigma),"shadowOffset":[\##(offset.0),\##(offset.1)],"##
            + ##""sublayers":[{"frame":[0,0,20,20],"backgroundColor":"#FFFFFF"}]}]}"##
    }

    /// Every canvas pixel against the closed form: 255 on the body, 255·(1 − shadow alpha) elsewhere.
    func checkAgainstGaussian(origin: (Int, Int), offset: (Int, Int), sigma: Int,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let json = scene(origin: origin, offset: offset, sigma: sigma)
        let s = Double(sigma)
        let bx = Double(origin.0), by = Double(origin.1)
        let sx = bx + Double(offset.0), sy = by + Double(offset.1)
        for (backend, out) in try ContractPixels.render(json) {
            let regions = out.plan.passes.compactMap { p -> BlurRegion? in
                if case .blur(let b) = p.content { return b.region } else { return nil }
            }
            XCTAssertEqual(regions.count, 2, "\(backend): both blur steps carry a region", file: file, line: line)
            var worst = 0.0, at = (0, 0)
            for y in 0..<80 {
                for x in 0..<80 {
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    let want: Double
                    if px > bx, px < bx + 20, py > by, py < by + 20 {
                        want = 255
                    } else {
                        let ax = phi((px - sx) / s) - phi((px - sx - 20) / s)
                        let ay = phi((py - sy) / s) - phi((py - sy - 20) / s)
                        want = 255 * (1 - ax * ay)
                    }
                    let d = abs(Double(out.image[x, y].0) - want)
                    if d > worst { worst = d; at = (x, y) }
                }
            }
            XCTAssertLessThanOrEqual(worst, 2, "\(backend): worst pixel \(at)", file: file, line: line)
        }
    }

    func testShadowBelowMatchesTheExactGaussian() throws {
        try checkAgainstGaussian(origin: (30, 20), offset: (0, 12), sigma: 3)
    }

    func testShadowUpLeftMatchesTheExactGaussian() throws {
        try checkAgainstGaussian(origin: (34, 34), offset: (-9, -6), sigma: 4)
    }

    /// Cut by the canvas edge: the window is clipped, the region clamps to it.
    func testShadowAtTheCanvasEdgeMatchesTheExactGaussian() throws {
        try checkAgainstGaussian(origin: (2, 58), offset: (-4, 8), sigma: 2)
    }

    /// Regions change no byte: each plan renders identically with them removed.
    func testRegionsChangeNoPixel() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/scenes/shadow-basic.json").standardizedFileURL
        let scenes = [try SceneLoader.load(path: fixture.path),
                      try SceneLoader.parse(json: Array(scene(origin: (34, 34), offset: (-9, -6), sigma: 4).utf8),
                                            baseDirectory: "/", name: "test.json")]
        for scene in scenes {
            // Unpacked (PlanBuilder+ShadowPacking): one `.blur` step per pass.
            var options = PlanOptions(scale: scene.canvas.scale)
            options.packShadows = false
            let plan = PlanBuilder(options: options).build(root: scene.root, width: Int(scene.canvas.width),
                                                           height: Int(scene.canvas.height))
            for (backend, renderer) in ContractPixels.renderers() {
                let out = try renderer.execute(plan)
                var plain = out.plan
                var cleared = 0
                for i in plain.passes.indices {
                    if case .blur(var b) = plain.passes[i].content, b.region != nil {
                        b.region = nil; cleared += 1
                        plain.passes[i].content = .blur(b)
                    }
                }
                XCTAssertGreaterThan(cleared, 0, "\(backend): the plan has blur regions")
                let full = try renderer.execute(plain)
                let differing = zip(out.image.pixels, full.image.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "\(backend): regions changed \(differing) bytes")
            }
        }
    }

    func testValidationRefusesRegionsExecutorsCannotHonour() throws {
        func plan(region: BlurRegion, channels: BlurStep.Channels = .alpha,
                  load: LoadAction = .clear(.clear)) -> RenderPlan {
            var step = BlurStep(source: 0, axis: .horizontal, sigma: 2, channels: channels)
            step.region = region
            let src = RenderPass(id: 0, width: 16, height: 16, reason: .shadow, layerName: nil,
                                 clear: .clear, content: .draw([]))
            let blur = RenderPass(id: 1, width: 16, height: 16, reason: .shadowBlur, layerName: nil,
                                  load: load, content: .blur(step))
            let canvas = RenderPass(id: 2, width: 16, height: 16, reason: .canvas, layerName: nil,
                                    clear: .clear, content: .draw([]))
            return RenderPlan(width: 16, height: 16, passes: [src, blur, canvas], images: [], layerNames: [])
        }
        XCTAssertNoThrow(try plan(region: BlurRegion(x0: 2, y0: 3, x1: 16, y1: 9)).validate())
        let bad: [RenderPlan] = [
            plan(region: BlurRegion(x0: 0, y0: 0, x1: 17, y1: 4)),
            plan(region: BlurRegion(x0: -1, y0: 0, x1: 4, y1: 4)),
            plan(region: BlurRegion(x0: 4, y0: 4, x1: 4, y1: 8)),
            plan(region: BlurRegion(x0: 0, y0: 0, x1: 4, y1: 4), channels: .rgba),
            plan(region: BlurRegion(x0: 0, y0: 0, x1: 4, y1: 4), load: .clear(PremultipliedColor(r: 0, g: 0, b: 0, a: 1))),
        ]
        for p in bad {
            XCTAssertThrowsError(try p.validate()) { error in
                guard case PlanError.blurRegionOutsidePass(pass: 1) = error else {
                    return XCTFail("unexpected error \(error)")
                }
            }
        }
    }
}
