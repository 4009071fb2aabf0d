// `compositor render --preload / --lazy / --image-cache-mb / --downscale-images`:
// the same image as the default path, stats with the image figures, and the
// error rules (a missing image: exit 2 by default and with --preload; with
// --lazy one warning over many frames and exit 0).

import Foundation
import XCTest
import Compositor

final class ImageLoadingCLITests: XCTestCase {
    func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCompositor(args)
    }

    func tmp(_ name: String) -> String {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("imgcli-\(UUID())-\(name)")
        addTeardownBlock { try? FileManager.default.removeItem(at: u) }
        return u.path
    }

    func testModesRenderTheSameImageAndReportStats() throws {
        let scene = FixturePaths.scenes.appendingPathComponent("image-formats.json").path
        let plain = tmp("plain.png")
        XCTAssertEqual(try run(["render", scene, "-o", plain, "--backend", "cpu"]).status, 0)
        for mode in [["--preload"], ["--lazy"], ["--lazy", "--image-cache-mb", "0"]] {
            let out = tmp("mode.png")
            let r = try run(["render", scene, "-o", out, "--backend", "cpu", "--stats"] + mode)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try PNG.read(path: out), try PNG.read(path: plain), "\(mode)")
            for key in ["imageBytesDecoded", "imageDecodeMilliseconds", "frameWaitedForImagesMilliseconds",
                        "imageCacheHits", "imageCacheMisses", "imageCacheEvictions"] {
                XCTAssertTrue(r.stdout.contains(key + ": "), "\(mode) stats lack \(key)")
            }
        }
    }

    func testMissingImageRules() throws {
        let dir = tmp("dir")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let scene = dir + "/s.json"
        try Data(##"{"canvas": {"width": 4, "height": 4}, "sublayers": [{"frame": [0, 0, 4, 4], "backgroundColor": "#00ff00", "contents": "gone.png"}]}"##.utf8)
            .write(to: URL(fileURLWithPath: scene))
        let out = dir + "/o.png"
        for mode in [[], ["--preload"]] {
            let r = try run(["render", scene, "-o", out, "--backend", "cpu"] + mode)
            XCTAssertEqual(r.status, 2, "\(mode): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("sublayers[0].contents"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
        let r = try run(["render", scene, "-o", out, "--backend", "cpu", "--lazy", "--repeat", "4"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "gone.png").count - 1, 1, "reported once: \(r.stderr)")
        let image = try PNG.read(path: out)
        XCTAssertTrue(image[2, 2] == (0, 255, 0, 255))
    }

    func testImageLoadingExperimentWritesTableAndChart() throws {
        let dir = tmp("exp")
        let r = try run(["experiment", "image-loading", "--backend", "cpu", "--sizes", "64x48,32x24", "--runs", "1",
                         "--out", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let md = try String(contentsOfFile: dir + "/report.md", encoding: .utf8)
        let rows = md.split(separator: "\n").filter { $0.hasPrefix("| photo") || $0.hasPrefix("| gradient") }
        XCTAssertEqual(rows.count, 2 * 2 * 5, md)
        XCTAssertTrue(md.contains("| photo | 64×48 | jpeg |"), md)
        XCTAssertTrue(md.contains("| photo | 64×48 | jp2 |"), md)
        XCTAssertTrue(md.contains("| photo | 64×48 (as 32×24) | jp2-half |"), md)
        XCTAssertTrue(md.contains("(as 64×64) | pvrtc |"), md)
        XCTAssertTrue(md.contains("pvrtc: software decode of level 0"), md)
        let chart = try PNG.read(path: dir + "/image-loading.png")
        XCTAssertEqual(chart.width, 960)
    }

    /// Issue 17 item 5: on the GPU backend the PVRTC column times what the GPU path
    /// does — the file parsed, the blocks uploaded and decoded in the shader (or
    /// natively) — and reports the unused software decode apart.
    func testImageLoadingExperimentOnTheGPUTimesPVRTCBlocks() throws {
        let dir = tmp("exp-gpu")
        let r = try run(["experiment", "image-loading", "--backend", "gpu", "--sizes", "32x24", "--runs", "1",
                         "--formats", "png,pvrtc", "--out", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let md = try String(contentsOfFile: dir + "/report.md", encoding: .utf8)
        let pvrtc = md.split(separator: "\n").filter { $0.contains("| pvrtc |") }
        XCTAssertEqual(pvrtc.count, 2, md)
        for row in pvrtc {
            XCTAssertTrue(row.contains("| PVRTC blocks (shader decode) |") || row.contains("| PVRTC blocks (native) |"),
                          String(row))
        }
        XCTAssertTrue(md.split(separator: "\n").filter { $0.contains("| png |") }.allSatisfy { $0.contains("| RGBA8 |") }, md)
        XCTAssertTrue(md.contains("pvrtc: parsing the .pvr file"), md)
    }
}
