// CompositorTests: tiled layers and `compositor tiles` through the command
// line — a pyramid made from a generated image, bad input (a corrupt image,
// a malformed .dzi, a missing tile) refused with one line naming the file
// (and the .dzi's line and byte offset), exit status 2 and no output; a tile
// missing in --lazy or --frames runs reported once, not per frame; tiles
// kept inside the scene's folder with --confine-to-scene-dir.

import XCTest
import Foundation
import Compositor

final class TilesCLITests: XCTestCase {
    /// A folder with picture.png (generated) and its pyramid picture.dzi (PNG tiles of 32).
    func pyramidFolder() throws -> String {
        let dir = try scratchFolder("tiles-cli")
        var image = Image(width: 100, height: 70)
        for y in 0..<70 { for x in 0..<100 { image[x, y] = (UInt8(x * 2), UInt8(y * 3), 90, 255) } }
        try PNG.write(image, to: dir + "/picture.png")
        let r = try runCompositor(["tiles", "make", dir + "/picture.png", "-o", dir + "/picture.dzi",
                                   "--tile-size", "32", "--format", "png", "--stats"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("pyramid: 100×70, 8 levels"), r.stdout)
        return dir
    }

    func writeScene(_ dir: String, contents: String, name: String = "scene.json") throws -> String {
        let json = """
        {"canvas": {"width": 100, "height": 70},
         "sublayers": [{"type": "tiled", "frame": [0, 0, 100, 70], "contents": "\(contents)"}]}
        """
        try json.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        return dir + "/" + name
    }

    func testMakeInfoAndRender() throws {
        let dir = try pyramidFolder()
        let info = try runCompositor(["tiles", "info", dir + "/picture.dzi"])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("level 7: 100×70, 4×3 tiles"), info.stdout)
        let scene = try writeScene(dir, contents: "picture.dzi")
        let r = try runCompositor(["render", scene, "-o", dir + "/out.png", "--backend", "cpu",
                                   "--stats-json", dir + "/stats.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try PNG.read(path: dir + "/out.png"), try PNG.read(path: dir + "/picture.png"))
        let stats = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/stats.json"))) as! [String: Any]
        let tiles = try XCTUnwrap(stats["tiles"] as? [String: Any])
        XCTAssertEqual(tiles["decoded"] as? Int, 12)
        XCTAssertEqual(tiles["levels"] as? [Int], [7])
    }

    func testACorruptImageMakesNoPyramid() throws {
        let dir = try scratchFolder("tiles-bad")
        var image = Image(width: 300, height: 300)
        image.fill(10, 20, 30, 255)
        let png = try PNG.encode(image)
        try AtomicFile.write(Array(png.prefix(png.count - 40)), to: dir + "/cut.png")
        let r = try runCompositor(["tiles", "make", dir + "/cut.png", "-o", dir + "/cut.dzi"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("cut.png"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["cut.png"], "nothing written")
    }

    func testAMalformedDescriptorIsRefusedWithItsLineAndOffset() throws {
        let dir = try pyramidFolder()
        let text = try String(contentsOfFile: dir + "/picture.dzi", encoding: .utf8)
        try text.replacingOccurrences(of: "TileSize=\"32\"", with: "TileSize=\"3x2\"")
            .write(toFile: dir + "/bad.dzi", atomically: true, encoding: .utf8)
        let scene = try writeScene(dir, contents: "bad.dzi")
        let r = try runCompositor(["render", scene, "-o", dir + "/out.png", "--backend", "cpu"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("sublayers[0].contents"), r.stderr)
        XCTAssertTrue(r.stderr.contains("bad.dzi: line 5 (byte offset"), r.stderr)
        XCTAssertTrue(r.stderr.contains("TileSize=\"3x2\": expected a whole number"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    func testAMissingTileFailsAStillRenderAndIsReportedOnceOverFrames() throws {
        let dir = try pyramidFolder()
        try FileManager.default.removeItem(atPath: dir + "/picture_files/7/1_1.png")
        let scene = try writeScene(dir, contents: "picture.dzi")
        let still = try runCompositor(["render", scene, "-o", dir + "/out.png", "--backend", "cpu"])
        XCTAssertEqual(still.status, 2)
        XCTAssertTrue(still.stderr.contains("picture_files/7/1_1.png: tile file not found"), still.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))

        let lazy = try runCompositor(["render", scene, "-o", dir + "/out.png", "--backend", "cpu", "--lazy",
                                      "--tile-latency", "0", "--repeat", "3"])
        XCTAssertEqual(lazy.status, 0, lazy.stderr)
        XCTAssertEqual(lazy.stderr.components(separatedBy: "1_1.png").count - 1, 1, lazy.stderr)

        let frames = try runCompositor(["render", scene, "-o", dir + "/frames", "--backend", "cpu", "--frames", "4",
                                        "--fps", "20", "--tile-latency", "0.05", "--stats-json", dir + "/f.json"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        XCTAssertEqual(frames.stderr.components(separatedBy: "1_1.png").count - 1, 1, frames.stderr)
        let stats = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/f.json"))) as! [String: Any]
        let perFrame = try XCTUnwrap(stats["tileFrames"] as? [[String: Any]])
        XCTAssertEqual(perFrame.map { $0["blank"] as? Int }, [12, 12, 1, 1], "arrive at 0.05; the missing one stays blank")
    }

    func testTilesStayInsideTheSceneFolderWhenConfined() throws {
        let dir = try pyramidFolder()
        let outside = try scratchFolder("tiles-outside")
        var image = Image(width: 34, height: 34)
        image.fill(255, 0, 0, 255)
        try PNG.write(image, to: outside + "/red.png")
        // Replace a tile with a link leading out of the scene's folder.
        try FileManager.default.removeItem(atPath: dir + "/picture_files/7/1_1.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/picture_files/7/1_1.png", withDestinationPath: outside + "/red.png")
        let scene = try writeScene(dir, contents: "picture.dzi")
        let confined = try runCompositor(["render", scene, "-o", dir + "/out.png", "--backend", "cpu", "--confine-to-scene-dir"])
        XCTAssertEqual(confined.status, 2)
        XCTAssertTrue(confined.stderr.contains("1_1.png: the tile resolves outside the scene's folder"), confined.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
        let free = try runCompositor(["render", scene, "-o", dir + "/out.png", "--backend", "cpu"])
        XCTAssertEqual(free.status, 0, free.stderr)
    }
}
