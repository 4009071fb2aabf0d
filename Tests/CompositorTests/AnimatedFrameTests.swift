// Animated scenes end to end: every scene in Fixtures/animated renders at
// several timeline times on the GPU path and on the CPU reference, the two
// agree within the differential tolerance, the pictures really change with
// time, and the moving rasterized subtree hits the rasterization cache
// while the changing one misses.

import XCTest
import Compare
import Compositor
import GLES
import Raster

final class AnimatedFrameTests: XCTestCase {
    static let times: [Double] = [0, 0.3, 0.77, 1.5]

    func scenes() -> [URL] {
        FixturePaths.jsonFiles(in: FixturePaths.root.appendingPathComponent("Fixtures/animated"))
    }

    func testAnimatedScenesAgreeOnGPUAndCPUAtEveryTime() throws {
        let gpuExec: GLESExecutor
        do { gpuExec = try GLESExecutor(platform: .auto) } catch {
            throw XCTSkip("no EGL display could be opened: \(error)")
        }
        let urls = scenes()
        XCTAssertGreaterThanOrEqual(urls.count, 5)
        var failures: [String] = []
        for url in urls {
            let name = url.deletingPathExtension().lastPathComponent
            let scene = try SceneLoader.load(path: url.path)
            // One renderer per backend and scene: frames come in timeline order, caches persist.
            let gpu = Renderer(executor: gpuExec)
            let cpu = Renderer(executor: CPUExecutor())
            var firstImage: Image?
            var changed = false
            for t in Self.times {
                let g = try gpu.renderFrame(scene: scene, time: t).image
                let c = try cpu.renderFrame(scene: scene, time: t).image
                let d = try ImageDifference.compare(g, c)
                if !Tolerance.default.accepts(d) || d.exactShare < 0.999 {
                    failures.append(String(format: "%@ t=%.2f: exact %.5f max %d", name, t, d.exactShare,
                                           d.maxChannelDifference.max))
                }
                if let f = firstImage { changed = changed || f != c } else { firstImage = c }
            }
            XCTAssertTrue(changed, "\(name): the frames at \(Self.times) are all the same picture")
        }
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"))
    }

    func testRasterCacheHitsWhileTheSubtreeOnlyMovesAndMissesWhenItChanges() throws {
        func hits(_ file: String) throws -> (hits: Int, misses: Int) {
            let scene = try SceneLoader.load(path: FixturePaths.root.appendingPathComponent("Fixtures/animated/\(file)").path)
            let r = Renderer(executor: CPUExecutor())
            var h = 0, m = 0
            for i in 0..<10 {
                let out = try r.renderFrame(scene: scene, time: Double(i) / 60)
                h += out.cacheStats.hits; m += out.cacheStats.misses
            }
            return (h, m)
        }
        let moving = try hits("moving-subtree.json")
        XCTAssertEqual(moving.misses, 1, "only the first frame renders the bitmap")
        XCTAssertEqual(moving.hits, 9)
        let changing = try hits("changing-subtree.json")
        XCTAssertEqual(changing.hits, 0, "something inside changes every frame")
        XCTAssertEqual(changing.misses, 10)
    }
}
