// Issue 18's slow case: many copies of one opaque JPEG layer covering the
// canvas. Every copy but the top one is hidden, so occlusion culling must
// drop them — which needs (1) an item drawing an all-opaque image at full
// opacity to count as an occluder although it blends, and (2) the hidden
// items' pixels clamped to the pass, since a full-canvas item reaches a
// pixel past every edge. 100,000 copies took 35 s, all drawn.

import XCTest
import Foundation

final class OpaqueImageCullingTests: XCTestCase {
    func testCopiesUnderAnOpaquePhotoAreCulled() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: FixturePaths.root.appendingPathComponent("Fixtures/images/photo.jpg"),
                                         to: dir.appendingPathComponent("photo.jpg"))
        let layers = (0..<5000).map { _ in ["frame": [0, 0, 200, 200], "contents": "photo.jpg"] as [String: Any] }
        let doc: [String: Any] = ["canvas": ["width": 200, "height": 200], "sublayers": layers]
        let scene = dir.appendingPathComponent("scene.json")
        try JSONSerialization.data(withJSONObject: doc).write(to: scene)
        let start = Date()
        let r = try runCompositor(["render", scene.path, "-o", dir.appendingPathComponent("o.png").path,
                                   "--backend", "cpu", "--stats"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("drawItems: 1\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("occludedItems=4999"), r.stdout)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }
}
