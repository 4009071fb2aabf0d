// The differential suite: every fixture renders on the GPU path (llvmpipe
// in CI) and on the CPU reference from the same plan, and the two must
// agree within the project's default tolerance (Chromium-style fuzzy
// comparison: at most 0.1% of pixels over 2/255, max difference 16). The
// per-fixture exact-match share is printed so regressions in closeness
// show up even while the test still passes.

import XCTest
import Compare
import Compositor
import GLES
import Raster

final class DifferentialTests: XCTestCase {
    func testEveryFixtureAgreesOnGPUAndCPU() throws {
        let gpuExec: GLESExecutor
        do {
            gpuExec = try GLESExecutor(platform: .auto)
        } catch {
            throw XCTSkip("no EGL display could be opened: \(error)")
        }
        gpuExec.checkErrorsAtPassBoundaries = true
        let gpu = Renderer(executor: gpuExec)
        let cpu = Renderer(executor: CPUExecutor())
        var failures: [String] = []
        var lines: [String] = []
        for url in FixturePaths.jsonFiles(in: FixturePaths.scenes) {
            let name = url.deletingPathExtension().lastPathComponent
            let scene = try SceneLoader.load(path: url.path)
            FileHandle.standardError.write(Data("differential: \(name)\n".utf8))
            // One plan, run by both executors.
            let plan = try Renderer.plan(scene: scene).plan
            let g = try gpu.execute(plan).image
            let c = try cpu.execute(plan).image
            let d = try ImageDifference.compare(g, c)
            let line = String(format: "%-36@ exact %.5f  over2 %.5f  max %3d", name as NSString,
                              d.exactShare, d.shareOver(2), d.maxChannelDifference.max)
            lines.append(line)
            if !Tolerance.default.accepts(d) { failures.append(line) }
            if d.exactShare < 0.999 { failures.append(line + "  (exact share below 0.999)") }
        }
        print("GPU vs CPU per fixture:\n" + lines.joined(separator: "\n"))
        XCTAssertTrue(failures.isEmpty, "fixtures outside tolerance:\n" + failures.joined(separator: "\n"))
    }
}
