// CompositorTests: resolution swapping (`resolutionSwap`) means what the
// scene format says. A layer sliding across the canvas draws, while it
// moves and for settleTime after, exactly what a plain layer showing a
// quarter-resolution copy made by Pillow (Image.reduce(4), the
// fixture swap-detail-64x48.pil-quarter.png, not our box filter) draws at
// the same place; once still long enough it draws the full image, exactly
// as a plain layer with the full image; one swap is counted, and the frames
// shown reduced are counted in the stats. Both backends. Plus the strict
// scene keys and the `render --frames --stats` output.

import Foundation
import XCTest
import Compare
@testable import Compositor

final class ResolutionSwapTests: XCTestCase {
    static let images = FixturePaths.root.appendingPathComponent("Fixtures/images")
    static let full = images.appendingPathComponent("swap-detail-64x48.png").path
    static let quarter = images.appendingPathComponent("swap-detail-64x48.pil-quarter.png").path

    /// The sliding layer: x from 40 to 140 in 0.5 s (linear), then still at 140.
    static func slidingScene(swap: String = #"{"scale": 0.25, "settleTime": 0.1}"#) -> String {
        """
        {"canvas": {"width": 200, "height": 60, "backgroundColor": "#FFFFFF"},
         "sublayers": [{"bounds": [0, 0, 64, 48], "position": [140, 30], "contents": "\(full)",
                        "resolutionSwap": \(swap),
                        "animations": [{"keyPath": "position", "from": [40, 30], "to": [140, 30],
                                        "duration": 0.5, "timingFunction": "linear"}]}]}
        """
    }

    /// A plain layer at `x` showing `image` (gravity resize stretches it over the 64×48 bounds).
    static func plainScene(x: Double, image: String) -> String {
        """
        {"canvas": {"width": 200, "height": 60, "backgroundColor": "#FFFFFF"},
         "sublayers": [{"bounds": [0, 0, 64, 48], "position": [\(x), 30], "contents": "\(image)"}]}
        """
    }

    func scene(_ json: String) throws -> Scene {
        try SceneLoader.parse(json: Array(json.utf8), baseDirectory: "/", name: "swap.json")
    }

    func testMovingLayerShowsTheReducedCopyAndSwapsBackWhenStill() throws {
        for backend in [BackendChoice.cpu, .gpu] {
            let renderer = try Renderer(backend: backend)
            let sliding = try scene(Self.slidingScene())
            var frames: [FrameOutput] = []
            for i in 0...45 { frames.append(try renderer.renderFrame(scene: sliding, time: Double(i) / 60)) }
            let reduced = frames.map { $0.stats.reducedLayers }

            // Frame 0: first seen, so still: full resolution. Moving from frame 1 to 30 (t = 0.5), still after.
            XCTAssertEqual(reduced[0], 0, "\(backend)")
            XCTAssertEqual(Array(reduced[1...35]), Array(repeating: 1, count: 35), "\(backend): reduced while moving and settling")
            XCTAssertEqual(Array(reduced[37...45]), Array(repeating: 0, count: 9), "\(backend): full once still for 0.1 s")
            XCTAssertEqual(frames.map(\.stats.resolutionSwaps).reduce(0, +), 1, "\(backend): one swap back")
            let summary = FrameSummary(frames.map(\.stats))
            XCTAssertEqual(summary.resolutionSwaps, 1)
            XCTAssertTrue((35...36).contains(summary.framesShownReduced), "\(summary.framesShownReduced)")

            // t = 0.2: x = 80, drawn from the reduced copy — Pillow's quarter-size image at the same place.
            let moving = frames[12].image
            let quarterRef = try renderer.render(scene: try scene(Self.plainScene(x: 80, image: Self.quarter))).image
            let d = try ImageDifference.compare(moving, quarterRef)
            XCTAssertLessThanOrEqual(d.maxChannelDifference.max, 1, "\(backend): moving frame vs Pillow's reduce(4): \(d)")
            let fullAt80 = try renderer.render(scene: try scene(Self.plainScene(x: 80, image: Self.full))).image
            XCTAssertGreaterThan(try ImageDifference.compare(moving, fullAt80).pixelsOver(8), 1000,
                                 "\(backend): the moving frame must not look like the full image")

            // Still since t = 0.5: frame 40 (t ≈ 0.67) is the plain full-resolution layer at x = 140, exactly.
            let fullRef = try renderer.render(scene: try scene(Self.plainScene(x: 140, image: Self.full))).image
            XCTAssertEqual(frames[40].image, fullRef, "\(backend): settled frame vs the full image")
            // Settling (t = 0.55): still reduced, at its final place.
            let quarterAt140 = try renderer.render(scene: try scene(Self.plainScene(x: 140, image: Self.quarter))).image
            XCTAssertLessThanOrEqual(try ImageDifference.compare(frames[33].image, quarterAt140).maxChannelDifference.max, 1)
        }
    }

    func testASingleFrameAndAStillLayerShowFullResolution() throws {
        let renderer = try Renderer(backend: .cpu)
        let sliding = try scene(Self.slidingScene())
        // No timeline: the model tree (x = 140), full resolution.
        let fullRef = try renderer.render(scene: try scene(Self.plainScene(x: 140, image: Self.full))).image
        XCTAssertEqual(try renderer.render(scene: sliding).image, fullRef)
        // A layer that never moves never swaps.
        let still = try scene(Self.plainScene(x: 140, image: Self.full).replacingOccurrences(
            of: "\"contents\"", with: "\"resolutionSwap\": {}, \"contents\""))
        for i in 0..<5 {
            let f = try renderer.renderFrame(scene: still, time: Double(i) / 60)
            XCTAssertEqual(f.stats.reducedLayers, 0)
            XCTAssertEqual(f.image, fullRef)
        }
    }

    func testAMovingParentCountsAsMovement() throws {
        // The swap layer itself never changes; its superlayer scrolls (the carousel's case).
        let json = """
            {"canvas": {"width": 200, "height": 60},
             "sublayers": [{"bounds": [0, 0, 200, 60], "position": [100, 30],
                            "animations": [{"keyPath": "position.x", "from": 100, "to": 60, "duration": 1}],
                            "sublayers": [{"frame": [10, 6, 64, 48], "contents": "\(Self.full)",
                                           "resolutionSwap": {"settleTime": 0}}]}]}
            """
        let renderer = try Renderer(backend: .cpu)
        let s = try scene(json)
        let counts = try (0..<4).map { try renderer.renderFrame(scene: s, time: Double($0) / 60).stats.reducedLayers }
        XCTAssertEqual(counts, [0, 1, 1, 1])
        // settleTime 0: the first still frame is full again.
        let after = try renderer.renderFrame(scene: s, time: 1.5).stats
        XCTAssertEqual(after.reducedLayers, 1, "moved between t = 0.05 and 1.5")
        let still = try renderer.renderFrame(scene: s, time: 1.6).stats
        XCTAssertEqual(still.reducedLayers, 0)
        XCTAssertEqual(still.resolutionSwaps, 1)
    }

    func testSceneKeysAreStrict() throws {
        let cases: [(String, String)] = [
            (#"{"scal": 0.5}"#, "sublayers[0].resolutionSwap.scal: unknown key; did you mean 'scale'?"),
            (#"{"scale": 1}"#, "sublayers[0].resolutionSwap.scale: must be less than 1"),
            (#"{"scale": 0}"#, "sublayers[0].resolutionSwap.scale: must be greater than 0"),
            (#"{"settleTime": -1}"#, "sublayers[0].resolutionSwap.settleTime: must not be negative"),
            (#"{"settleTime": "1"}"#, "sublayers[0].resolutionSwap.settleTime: expected a number"),
            ("0.25", "sublayers[0].resolutionSwap: expected a resolution swap object"),
        ]
        for (value, message) in cases {
            XCTAssertThrowsError(try scene(Self.slidingScene(swap: value)), value) { error in
                XCTAssertTrue("\(error)".contains(message), "\(value): \(error)")
            }
        }
        let layer = try scene(Self.slidingScene(swap: #"{"settleTime": 0.3}"#)).root.sublayers[0]
        XCTAssertEqual(layer.resolutionSwap, ResolutionSwap(scale: 0.25, settleTime: 0.3))
        XCTAssertNil(try scene(Self.slidingScene(swap: "null")).root.sublayers[0].resolutionSwap)
    }

    func testFramesAndStatsShowTheSwap() throws {
        let dir = try scratchFolder("swap-frames")
        let path = dir + "/sliding.json"
        try Data(Self.slidingScene(swap: #"{"settleTime": 0.15}"#).utf8).write(to: URL(fileURLWithPath: path))
        let r = try runCompositor(["render", path, "--backend", "cpu", "--frames", "8", "--fps", "10",
                                   "--start", "0.3", "-o", dir + "/frames/", "--stats", "--stats-json", dir + "/s.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // t = 0.3 (first seen: full), 0.4 and 0.5 moving, 0.6 settling, 0.7 swapped back, …
        XCTAssertTrue(r.stdout.contains("reduced layers 1 swaps 0"), r.stdout)
        XCTAssertTrue(r.stdout.contains("reduced layers 0 swaps 1"), r.stdout)
        XCTAssertTrue(r.stdout.contains("resolution swapping: 3 frames shown reduced, 1 swaps"), r.stdout)
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames")
        XCTAssertEqual(frames.count, 8)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s.json"))) as? [String: Any]
        let summary = json?["summary"] as? [String: Any]
        XCTAssertEqual(summary?["framesShownReduced"] as? Int, 3)
        XCTAssertEqual(summary?["resolutionSwaps"] as? Int, 1)
        let perFrame = (json?["frames"] as? [[String: Any]])?.map { $0["reducedLayers"] as? Int }
        XCTAssertEqual(perFrame, [0, 1, 1, 1, 0, 0, 0, 0])
    }
}
