// CompositorTests: the shadow of a plain opaque rect layer, drawn without a
// blur pass (PlanBuilder+BoundsShadow, from a cached mask image), against
// the exact Gaussian convolution of its rect (closed form with erf), on both
// executors: within 2/255 everywhere, and GPU and CPU pixel-identical.

import XCTest
import Foundation
import Compositor
import GLES
import Geometry
import Layers
import Raster

final class BoundsShadowAccuracyTests: XCTestCase {
    func testPlainRectShadowMatchesExactGaussianOnBothExecutors() throws {
        let gpuExec: GLESExecutor
        do { gpuExec = try GLESExecutor(platform: .auto) } catch { throw XCTSkip("no EGL display: \(error)") }
        for sigma in [2.0, 6.5, 15.0] {
            let size = 240, x0 = 70, x1 = 170, y0 = 20, y1 = 60, dy = 110
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: Double(size), height: Double(size))
            let card = Layer()
            card.frame = Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
            card.backgroundColor = .white
            card.shadowOpacity = 1
            card.shadowColor = .black
            card.shadowOffset = Vec2(0, Double(dy))   // the shadow lands clear of the card
            card.shadowRadius = sigma
            root.addSublayer(card)
            let cpu = try Renderer(executor: .cpu(CPUExecutor())).render(root: root)
            let gpu = try Renderer(executor: .gpu(gpuExec)).render(root: root)
            XCTAssertNil(cpu.plan.offscreenPassesByReason[.shadow], "σ = \(sigma): drawn without a pass")
            XCTAssertEqual(cpu.image, gpu.image, "σ = \(sigma): GPU and CPU differ")

            func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }
            func profile(_ p: Int, _ lo: Int, _ hi: Int) -> Double {
                let c = Double(p) + 0.5
                return phi((Double(hi) - c) / sigma) - phi((Double(lo) - c) / sigma)
            }
            var worst = 0.0
            for y in (y1 + 1)..<size {
                let py = profile(y, y0 + dy, y1 + dy)
                for x in 0..<size {
                    worst = max(worst, abs(Double(cpu.image[x, y].3) / 255 - profile(x, x0, x1) * py))
                }
            }
            print("plain rect shadow σ=\(sigma): max error \(worst * 255)/255")
            XCTAssertLessThanOrEqual(worst, 2.0 / 255 + 1e-9, "σ = \(sigma)")
        }
    }
}
