// Bench: `compositor bench roundedrect` — the book's comparison of
// three ways to draw N rounded rectangles per frame: cornerRadius +
// masksToBounds over an image (each one needs an offscreen rounded-clip
// pass), a shape layer (the roundedRect shorthand: one analytic item, no
// pass; and the same outline as SVG path data starting on the left edge,
// which is not recognised as a rounded rect and is drawn from its exact
// coverage mask), and a nine-slice stretchable image
// (contentsCenter: nine textured quads, no pass). Frames are timed end to end (plan, draw, readback) on the chosen
// backend; offscreen passes, draw items and (GPU) draw calls come from the
// last frame. The scenes are built as JSON in memory so they use the same
// loader as scene files.

import ArgumentParser
import CLISupport
import Compositor
import Foundation
import GLES

struct BenchRoundedRect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundedrect",
        abstract: "N rounded rects drawn three ways: masksToBounds clip over an image, shape layer (shorthand and SVG path), nine-slice image.")

    @OptionGroup var backend: BackendOptions

    @Option(help: "Rounded rects per frame.")
    var count: Int = 200

    @Option(help: "Timed frames per case (median reported).")
    var frames: Int = 20

    @Option(help: "Untimed warm-up frames per case.")
    var warmup: Int = 3

    @Option(help: "Directory holding photo.png and nine-slice-button.png.")
    var images: String = "Fixtures/images"

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// One card per cell of a 20-column grid of 48-point cells.
    static func sceneJSON(count: Int, card: (Int) -> String) -> String {
        let cols = 20, rows = (count + cols - 1) / cols
        let layers = (0..<count).map { i -> String in
            let x = 4 + 48 * (i % cols), y = 4 + 48 * (i / cols)
            return "{\"frame\": [\(x), \(y), 40, 40], \(card(i))}"
        }
        return "{\"canvas\": {\"width\": \(48 * cols), \"height\": \(48 * rows), \"backgroundColor\": \"#FFFFFF\"}, "
            + "\"sublayers\": [\(layers.joined(separator: ",\n"))]}"
    }

    static let cases: [(String, String)] = [
        ("clip", "\"contents\": \"photo.png\", \"cornerRadius\": 10, \"masksToBounds\": true"),
        ("shape", "\"type\": \"shape\", \"path\": {\"roundedRect\": [0, 0, 40, 40], \"cornerRadius\": 10}, "
            + "\"fillColor\": \"#457B9D\""),
        ("shapePath", "\"type\": \"shape\", \"path\": \"M 0 10 A 10 10 0 0 1 10 0 L 30 0 A 10 10 0 0 1 40 10 "
            + "L 40 30 A 10 10 0 0 1 30 40 L 10 40 A 10 10 0 0 1 0 30 Z\", "
            + "\"fillColor\": \"#457B9D\""),
        ("nineSlice", "\"contents\": \"nine-slice-button.png\", \"contentsCenter\": [0.25, 0.25, 0.5, 0.5]"),
    ]

    func run() throws {
        try reportingErrors {
            try BenchCounts.check(frames: frames, warmup: warmup)
            try BenchCounts.check(count, "--count", 1...10_000)
            let renderer = try backend.renderer()
            var rows: [(String, Any)] = [("backend", renderer.executor.name), ("count", count), ("frames", frames)]
            var lines: [String] = []
            let progress = Progress(total: Self.cases.count * (warmup + frames), label: "roundedrect")
            for (name, card) in Self.cases {
                let text = Self.sceneJSON(count: count) { _ in card }
                let scene = try SceneLoader.parse(json: Array(text.utf8), baseDirectory: images, name: name)
                var ms: [Double] = [], planMs: [Double] = []
                var last: RenderOutput?
                for i in 0..<(warmup + frames) {
                    let out = try renderer.render(scene: scene)
                    if i >= warmup {
                        ms.append((out.planSeconds + out.executeSeconds) * 1000)
                        planMs.append(out.planSeconds * 1000)
                    }
                    last = out
                    progress.step()
                }
                guard let out = last else { continue }
                let offscreen = out.plan.passes.count - 1
                let items = out.plan.passes.reduce(0) { $0 + $1.items.count }
                var r: [String: Any] = ["frameMs": round2(median(ms)), "planMs": round2(median(planMs)),
                                        "offscreenPasses": offscreen, "drawItems": items,
                                        "frameMsSpread": TimingSpread(ms).json]
                let label = name.padding(toLength: 10, withPad: " ", startingAt: 0)
                var line = "  " + label + String(format: " %8.2f ms/frame (plan %6.2f; %@)  offscreen passes %4d  draw items %6d",
                                                 median(ms), median(planMs), TimingSpread(ms).text, offscreen, items)
                if let g = out.gpuStats {
                    r["drawCalls"] = g.drawCalls
                    line += "  draw calls \(g.drawCalls)"
                }
                rows.append((name, r))
                lines.append(line)
            }
            if json {
                print(jsonText(rows))
            } else {
                print("rounded rects, \(renderer.executor.name), \(count) per frame (40×40 pt, radius 10), median of \(frames) frames")
                lines.forEach { print($0) }
            }
        }
    }
}
