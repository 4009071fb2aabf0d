// RasterTests: the separable Gaussian blur (BlurPass, twin of
// cs_blur.frag.glsl) against an exact Gaussian convolution of a
// hard-edged alpha rect computed here in Double: the continuous Gaussian
// convolution of the rect, sampled at pixel centres (closed form with erf).
// After H then V through the 8-bit intermediate target the error must stay
// within 1/255.

import XCTest
import Foundation
import Geometry
import Images
import Plan
@testable import Raster

final class BlurTests: XCTestCase {
    func testSeparableBlurMatchesExactGaussian() throws {
        for sigma in [1.0, 3.0, 8.0] {
            let worst = try maxError(sigma: sigma)
            print("blur σ=\(sigma): max error \(worst * 255)/255")
            XCTAssertLessThanOrEqual(worst, 1.0 / 255 + 1e-9, "σ = \(sigma)")
        }
    }

    /// Renders rect [x0,x1)×[y0,y1) opaque in a size×size pass, blurs it H then V,
    /// and returns max |result − exact| in alpha units.
    func maxError(sigma: Double) throws -> Double {
        let size = 120, x0 = 40, x1 = 75, y0 = 45, y1 = 70
        let shape = RenderPass(id: 0, width: size, height: size, reason: .shadow, layerName: "s", clear: .clear,
                               content: .draw([Fixture.solid(Rect(x: Double(x0), y: Double(y0),
                                                                  width: Double(x1 - x0), height: Double(y1 - y0)),
                                                             Fixture.bytes(255, 255, 255, 255))]))
        let h = RenderPass(id: 1, width: size, height: size, reason: .shadowBlur, layerName: "s", clear: .clear,
                           content: .blur(BlurStep(source: 0, axis: .horizontal, sigma: sigma)))
        let v = RenderPass(id: 2, width: size, height: size, reason: .canvas, layerName: nil, clear: .clear,
                           content: .blur(BlurStep(source: 1, axis: .vertical, sigma: sigma)))
        let plan = RenderPlan(width: size, height: size, passes: [shape, h, v], images: [], layerNames: ["s"])
        let (img, stats) = try Fixture.render(plan)
        XCTAssertEqual(stats.perPass.map(\.kind), [.draw, .blur, .blur])

        // Exact 1D profiles: the continuous convolution of the box [lo, hi)
        // with a Gaussian, at the pixel centre p + ½.
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }
        func profile(_ p: Int, _ lo: Int, _ hi: Int) -> Double {
            let c = Double(p) + 0.5
            return phi((Double(hi) - c) / sigma) - phi((Double(lo) - c) / sigma)
        }
        var worst = 0.0
        for y in 0..<size {
            let py = profile(y, y0, y1)
            for x in 0..<size {
                let exact = profile(x, x0, x1) * py
                let p = img[x, y]
                XCTAssertTrue(p.0 == p.3 && p.1 == p.3 && p.2 == p.3, "blur output is premultiplied white")
                worst = max(worst, abs(Double(p.3) / 255 - exact))
            }
        }
        return worst
    }

    func testBlurClampsToEdge() throws {
        // An opaque pass blurred stays opaque at its borders (clamp to edge, not transparent border).
        let fill = RenderPass(id: 0, width: 16, height: 8, reason: .shadow, layerName: "s",
                              clear: Fixture.bytes(255, 255, 255, 255), content: .draw([]))
        let blur = RenderPass(id: 1, width: 16, height: 8, reason: .canvas, layerName: nil, clear: .clear,
                              content: .blur(BlurStep(source: 0, axis: .horizontal, sigma: 3)))
        let (img, _) = try Fixture.render(RenderPlan(width: 16, height: 8, passes: [fill, blur], images: [],
                                                     layerNames: []))
        XCTAssertEqual(img.px(0, 0), [255, 255, 255, 255])
        XCTAssertEqual(img.px(15, 7), [255, 255, 255, 255])
    }
}
