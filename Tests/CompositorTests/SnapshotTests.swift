// Snapshots (renderInContext): Layer.snapshot(scale:) against hand-computed
// pixels, and snapshot contents rendered once and reused by a caching
// renderer while the source subtree is unchanged, rendered again after it changes.

import XCTest
import Compositor
import Raster

final class SnapshotTests: XCTestCase {
    private func pixel(_ im: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let o = (y * im.width + x) * 4
        return Array(im.pixels[o..<o + 4])
    }

    func testSnapshotDrawsTheSubtreeInItsBounds() throws {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 10, height: 6)
        l.position = Vec2(500, 500)  // ignored, as is the transform
        l.transform = .scale(3, 3)
        l.backgroundColor = Color(r: 0, g: 0, b: 1)
        let s = Layer()
        s.frame = Rect(x: 5, y: 0, width: 5, height: 3)
        s.backgroundColor = Color(r: 1, g: 0, b: 0)
        l.addSublayer(s)
        let im = try l.snapshot(scale: 2)
        XCTAssertEqual(im.width, 20); XCTAssertEqual(im.height, 12)
        XCTAssertEqual(pixel(im, 0, 0), [0, 0, 255, 255])
        XCTAssertEqual(pixel(im, 9, 5), [0, 0, 255, 255])
        XCTAssertEqual(pixel(im, 10, 0), [255, 0, 0, 255])
        XCTAssertEqual(pixel(im, 19, 5), [255, 0, 0, 255])
        XCTAssertEqual(pixel(im, 19, 6), [0, 0, 255, 255])
        XCTAssertThrowsError(try l.snapshot(scale: 0))
    }

    func testSnapshotContentsAreReusedWhileTheSourceIsUnchanged() throws {
        let json = #"""
        {"canvas": {"width": 60, "height": 40}, "sublayers": [
          {"name": "src", "frame": [0, 0, 20, 20], "backgroundColor": "#FF0000"},
          {"frame": [30, 10, 20, 20], "contents": {"snapshotOf": "src"}},
          {"frame": [30, 0, 10, 10], "contents": {"snapshotOf": "src"}}]}
        """#
        let scene = try SceneLoader.parse(json: Array(json.utf8), baseDirectory: "/", name: "s.json")
        let renderer = Renderer(executor: CPUExecutor())
        let first = try renderer.renderFrame(scene: scene, time: 0)
        XCTAssertEqual(first.plan.passes.count, 2, "one snapshot pass shared by both layers, then the canvas")
        XCTAssertEqual(first.cacheStats.misses, 1)
        XCTAssertEqual(pixel(first.image, 45, 25), [255, 0, 0, 255])
        let second = try renderer.renderFrame(scene: scene, time: 0.01)
        XCTAssertEqual(second.plan.passes.count, 1, "the kept snapshot is drawn back")
        XCTAssertEqual(second.cacheStats.hits, 1)
        XCTAssertEqual(second.image, first.image)
        scene.root.sublayers[0].backgroundColor = Color(r: 0, g: 1, b: 0)
        let third = try renderer.renderFrame(scene: scene, time: 0.02)
        XCTAssertEqual(third.plan.passes.count, 2, "a changed source is rendered again")
        XCTAssertEqual(pixel(third.image, 45, 25), [0, 255, 0, 255])
    }
}
