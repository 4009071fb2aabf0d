// Culling must never change the output: every fixture renders to the same
// bytes with culling on and off, on the CPU reference and on the GPU path.

import XCTest
import Compositor
import GLES
import Raster

final class CullingInvarianceTests: XCTestCase {
    func check(_ renderer: Renderer, label: String) throws {
        var culledSomething = false
        for url in FixturePaths.jsonFiles(in: FixturePaths.scenes) {
            let scene = try SceneLoader.load(path: url.path)
            let on = try renderer.render(scene: scene, cull: true)
            let off = try renderer.render(scene: scene, cull: false)
            XCTAssertEqual(on.image, off.image, "\(label): \(url.lastPathComponent) changes with culling")
            XCTAssertEqual(off.buildStats.culledOccludedItems, 0)
            if on.buildStats.culledOccludedItems + on.buildStats.culledOutsideCanvas + on.buildStats.culledClipped > 0 {
                culledSomething = true
            }
        }
        XCTAssertTrue(culledSomething, "no fixture exercises culling")
    }

    func testCPUOutputIsTheSameWithCullingOnAndOff() throws {
        try check(Renderer(executor: CPUExecutor()), label: "cpu")
    }

    func testGPUOutputIsTheSameWithCullingOnAndOff() throws {
        let gpu: GLESExecutor
        do { gpu = try GLESExecutor(platform: .auto) } catch { throw XCTSkip("no EGL display: \(error)") }
        try check(Renderer(executor: gpu), label: "gpu")
    }
}
