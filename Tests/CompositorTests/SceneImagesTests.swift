// SceneImages: deferred scenes resolved through the cache and pool render
// exactly like eager loading (every fixture, preload and lazy, including a
// budget small enough to evict); a missing image in lazy mode is reported
// once over many frames and the layer renders without contents; in preload
// mode it is an error naming the key path; decode-at-display-size matches the
// full-size path within the documented tolerance.

import Foundation
import XCTest
import Compare
import Compositor
import Raster

final class SceneImagesTests: XCTestCase {
    let renderer = Renderer(executor: CPUExecutor())

    func render(_ path: String, mode: ImageLoadingMode, budget: Int, downscale: Bool = false) throws
        -> (Image, ImageLoadingStats) {
        let scene = try SceneLoader.load(path: path, images: .deferred)
        let cache = ImageCache(budgetBytes: budget)
        let images = SceneImages(scene: scene, mode: mode, cache: cache,
                                 pool: ImageLoadingPool(maxConcurrent: 2, cache: cache), downscale: downscale)
        if mode == .preload { images.preload() }
        try images.prepareFrame()
        let image = try renderer.render(scene: scene).image
        return (image, images.currentStats)
    }

    func testEveryFixtureRendersTheSameThroughTheCache() throws {
        var compared = 0
        for url in FixturePaths.jsonFiles(in: FixturePaths.scenes) {
            let eager = try renderer.render(scene: try SceneLoader.load(path: url.path)).image
            let deferred = try SceneLoader.load(path: url.path, images: .deferred)
            if deferred.imageReferences.isEmpty { continue }
            compared += 1
            for (mode, budget) in [(ImageLoadingMode.preload, 64 << 20), (.lazy, 64 << 20), (.lazy, 1024)] {
                let (image, stats) = try render(url.path, mode: mode, budget: budget)
                XCTAssertEqual(image, eager, "\(url.lastPathComponent) \(mode) budget \(budget)")
                XCTAssertEqual(stats.failedImages, 0)
                XCTAssertGreaterThan(stats.cache.bytesDecoded, 0)
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 8, "the fixtures with contents")
    }

    func testPreloadedFrameHitsTheCache() throws {
        let path = FixturePaths.scenes.appendingPathComponent("image-formats.json").path
        let (_, s) = try render(path, mode: .preload, budget: 64 << 20)
        XCTAssertEqual(s.cache.misses, 0)
        XCTAssertGreaterThan(s.cache.hits, 0)
        XCTAssertEqual(s.waitedFor, 0)
        XCTAssertEqual(s.frameWaitSeconds, 0)
        XCTAssertGreaterThan(s.preloadSeconds, 0)
    }

    func scratchScene(_ json: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-images-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        var img = Image(width: 4, height: 4)
        img.fill(0, 0, 255, 255)
        try PNG.write(img, to: dir.appendingPathComponent("ok.png").path)
        try Array("not an image".utf8).withUnsafeBufferPointer { try Data($0).write(to: dir.appendingPathComponent("bad.png")) }
        let path = dir.appendingPathComponent("scene.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    let brokenScene = #"""
    {"canvas": {"width": 8, "height": 4}, "sublayers": [
      {"frame": [0, 0, 4, 4], "contents": "ok.png"},
      {"frame": [4, 0, 4, 4], "backgroundColor": "#ff0000", "contents": "missing.png"},
      {"frame": [4, 0, 4, 4], "contents": "bad.png"}]}
    """#

    func testLazyReportsAMissingImageOnceAndRendersWithoutIt() throws {
        let path = try scratchScene(brokenScene)
        let scene = try SceneLoader.load(path: path, images: .deferred)
        let cache = ImageCache(budgetBytes: 1 << 20)
        var warnings: [String] = []
        let images = SceneImages(scene: scene, mode: .lazy, cache: cache,
                                 pool: ImageLoadingPool(maxConcurrent: 2, cache: cache), warn: { warnings.append($0) })
        var last: Image?
        for _ in 0..<5 {
            try images.prepareFrame()
            last = try renderer.render(scene: scene).image
        }
        XCTAssertEqual(warnings.count, 2, warnings.joined(separator: "\n"))
        XCTAssertTrue(warnings[0].hasPrefix("sublayers[1].contents: cannot load image: "), warnings[0])
        XCTAssertTrue(warnings[0].contains("missing.png"), warnings[0])
        XCTAssertTrue(warnings[1].contains("bad.png"), warnings[1])
        XCTAssertNil(scene.root.sublayers[1].contents)
        XCTAssertEqual(images.currentStats.failedImages, 2)
        XCTAssertEqual(images.currentStats.cache.decodes, 1, "the good image decodes once in five frames")
        let frame = try XCTUnwrap(last)
        XCTAssertTrue(frame[1, 1] == (0, 0, 255, 255))
        XCTAssertTrue(frame[6, 1] == (255, 0, 0, 255), "the failed layer keeps its background, no contents")
    }

    func testPreloadFailsOnAMissingImageNamingTheKeyPath() throws {
        let path = try scratchScene(brokenScene)
        let scene = try SceneLoader.load(path: path, images: .deferred)
        let cache = ImageCache(budgetBytes: 1 << 20)
        let images = SceneImages(scene: scene, mode: .preload, cache: cache,
                                 pool: ImageLoadingPool(maxConcurrent: 2, cache: cache), sceneName: "scene.json")
        images.preload()
        XCTAssertThrowsError(try images.prepareFrame()) { e in
            XCTAssertTrue("\(e)".hasPrefix("scene.json: sublayers[1].contents: cannot read image: "), "\(e)")
        }
    }

    func testLazyFrameSkipsHiddenLayers() throws {
        let path = try scratchScene(#"""
        {"canvas": {"width": 8, "height": 4}, "sublayers": [
          {"frame": [0, 0, 4, 4], "contents": "ok.png", "isHidden": true}]}
        """#)
        let (_, s) = try render(path, mode: .lazy, budget: 1 << 20)
        XCTAssertEqual(s.cache.decodes, 0, "a hidden layer's image is not decoded in lazy mode")
    }
}

final class SceneImagesPrefetchTests: XCTestCase {
    func testPrefetchDecodesAheadSoTheFrameDoesNotWait() throws {
        let path = FixturePaths.scenes.appendingPathComponent("image-formats.json").path
        let scene = try SceneLoader.load(path: path, images: .deferred)
        let cache = ImageCache(budgetBytes: 64 << 20)
        let pool = ImageLoadingPool(maxConcurrent: 2, cache: cache)
        let images = SceneImages(scene: scene, mode: .lazy, cache: cache, pool: pool)
        images.prefetch()
        pool.waitUntilIdle()
        XCTAssertGreaterThan(cache.stats.decodes, 0)
        try images.prepareFrame()
        let s = images.currentStats
        XCTAssertEqual(s.waitedFor, 0)
        XCTAssertEqual(s.cache.misses, 0)
        XCTAssertEqual(s.readyAtFrame, s.cache.hits)
    }
}
