// CompositorTests: rect shadows in closed form (Shape.blurredRect), against
// the exact Gaussian convolution of the rect computed here with Foundation's
// erf in Double, in the layer's plane, on both executors: a shadowPath rect
// under a non-uniform scale (σ per axis of the layer's plane, so 2σ across
// x on screen) and rotated. No pass and no mask image; within 2/255; GPU
// and CPU agree.

import XCTest
import Foundation
import Compositor
import GLES
import Geometry
import Layers
import Plan
import Raster

final class AnalyticShadowTests: XCTestCase {
    func testRectShadowPathMatchesExactGaussianInTheLayersPlane() throws {
        let gpuExec: GLESExecutor
        do { gpuExec = try GLESExecutor(platform: .auto) } catch { throw XCTSkip("no EGL display: \(error)") }
        let size = 200
        let w = 40.0, h = 30.0, pos = Vec2(100, 100), off = Vec2(3, -4)
        for (sigma, angle, sx, sy) in [(1.5, 0.0, 2.0, 1.0), (6.0, 0.0, 1.0, 1.5), (4.0, 0.6, 1.3, 0.8), (12.0, 2.2, 1.0, 1.0)] {
            let root = ShadowCards.transformed(size: size, w: w, h: h, pos: pos, sx: sx, sy: sy, angle: angle,
                                               offset: off, sigma: sigma) { .rect($0) }   // no background: the whole shadow shows
            let cpu = try Renderer(executor: .cpu(CPUExecutor())).render(root: root)
            let gpu = try Renderer(executor: .gpu(gpuExec)).render(root: root)
            XCTAssertTrue(cpu.plan.offscreenPassesByReason.isEmpty, "σ = \(sigma): no pass")
            XCTAssertTrue(cpu.plan.images.isEmpty, "σ = \(sigma): no mask image")
            XCTAssertTrue(cpu.plan.canvasPass.items.contains { if case .blurredRect = $0.shape { return true }; return false })

            func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }
            func profile(_ v: Double, _ lo: Double, _ hi: Double) -> Double { phi((hi - v) / sigma) - phi((lo - v) / sigma) }
            // Screen → the shadow's local point: undo position, rotation, scale, then the offset.
            let c = cos(angle), s = sin(angle)
            var worst = 0.0, gpuWorst = 0
            for y in 0..<size {
                for x in 0..<size {
                    let dx = Double(x) + 0.5 - pos.x, dy = Double(y) + 0.5 - pos.y
                    // Row vectors: screen = local·S·R, so local = screen·R⁻¹·S⁻¹.
                    let rx = dx * c + dy * s, ry = -dx * s + dy * c
                    let lx = rx / sx + w / 2 - off.x, ly = ry / sy + h / 2 - off.y
                    let exact = profile(lx, 0, w) * profile(ly, 0, h)
                    worst = max(worst, abs(Double(cpu.image[x, y].3) / 255 - exact))
                    gpuWorst = max(gpuWorst, abs(Int(cpu.image[x, y].3) - Int(gpu.image[x, y].3)))
                }
            }
            print("analytic rect shadow σ=\(sigma) angle \(angle) scale \(sx)×\(sy): max error \(worst * 255)/255, "
                  + "GPU vs CPU max \(gpuWorst)/255")
            XCTAssertLessThanOrEqual(worst, 2.0 / 255 + 1e-9, "σ = \(sigma)")
            XCTAssertLessThanOrEqual(gpuWorst, 1, "σ = \(sigma)")
        }
    }
}
