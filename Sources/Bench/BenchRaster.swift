// Bench: `compositor bench raster` — when shouldRasterize pays and
// when it hurts. A card of about a dozen layers (shadows, rounded clips,
// borders, group opacity) slides across a 640×360 canvas for N frames of a
// 60 fps timeline, drawn four ways: plain, rasterized (static inside: the
// cached bitmap is reused every frame after the first), and both again
// with one layer inside the card changing every frame (the rasterized card
// then misses every frame and pays for its bitmap pass on top of drawing).

import ArgumentParser
import CLISupport
import Compositor
import Foundation
import GLES

struct BenchRaster: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster",
        abstract: "Frame time of a moving complex subtree with and without shouldRasterize, static and changing inside.")

    @OptionGroup var backend: BackendOptions

    @Option(help: "Frames of the 60 fps timeline to render per case.")
    var frames: Int = 120

    @Option(help: "Untimed warm-up frames before each case (llvmpipe compiles shader variants on first use).")
    var warmup: Int = 10

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        try reportingErrors {
            try BenchCounts.check(frames: frames, warmup: warmup)
            let shared = try backend.renderer()
            let cases: [(String, Bool, Bool)] = [
                ("static, plain", false, false), ("static, rasterized", true, false),
                ("changing inside, plain", false, true), ("changing inside, rasterized", true, true),
            ]
            let progress = Progress(total: cases.count * (warmup + frames), label: "bench raster")
            var rows: [[String: Any]] = []
            for (name, rasterize, changing) in cases {
                // Warm up on a twin tree (other layer ids), then time a fresh cache on a fresh tree.
                let twin = BenchRasterScene(rasterize: rasterize)
                let warm = Renderer(executor: shared.executor)
                for i in 0..<warmup {
                    twin.update(frame: i, of: frames, changingInside: changing)
                    _ = try warm.renderFrame(root: twin.root, time: Double(i) / 60)
                    progress.step()
                }
                shared.executor.dropRetained()
                let renderer = Renderer(executor: shared.executor)  // a fresh cache per case
                let scene = BenchRasterScene(rasterize: rasterize)
                var stats: [FrameStats] = []
                for i in 0..<frames {
                    scene.update(frame: i, of: frames, changingInside: changing)
                    let out = try renderer.renderFrame(root: scene.root, time: Double(i) / 60)
                    stats.append(out.stats)
                    progress.step()
                }
                renderer.executor.dropRetained()
                let s = FrameSummary(stats)
                rows.append(["case": name, "backend": shared.executor.name, "frames": frames,
                             "meanFrameMs": round2(s.meanFrameMs), "p95FrameMs": round2(s.p95FrameMs),
                             "meanPrepareMs": round2(s.meanPrepareMs), "meanDrawMs": round2(s.meanDrawMs),
                             "hitRate": round2(s.cacheHitRate), "offscreenPassesPerFrame": round2(s.meanOffscreenPasses),
                             "drawCallsPerFrame": round2(s.meanDrawCalls),
                             "pixelsShadedPerFrame": Int(s.meanPixelsShaded.rounded()),
                             "framesOver16ms": s.framesOverBudget])
            }
            if json {
                let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else {
                print("backend \(shared.executor.name), 640x360, \(frames) frames at 60 fps after \(warmup) warm-up frames")
                print("| case | mean ms | p95 ms | prepare ms | draw ms | hit rate | offscreen passes/frame | pixels/frame |")
                print("|---|---|---|---|---|---|---|---|")
                for r in rows {
                    print("| \(r["case"]!) | \(r["meanFrameMs"]!) | \(r["p95FrameMs"]!) | \(r["meanPrepareMs"]!) | "
                          + "\(r["meanDrawMs"]!) | \(r["hitRate"]!) | \(r["offscreenPassesPerFrame"]!) | "
                          + "\(r["pixelsShadedPerFrame"]!) |")
                }
            }
        }
    }
}

/// The benchmark's tree: a background and a card of 13 layers.
final class BenchRasterScene {
    let root = Layer()
    let card = Layer()
    let changing = Layer()

    init(rasterize: Bool) {
        root.bounds = Rect(x: 0, y: 0, width: 640, height: 360)
        root.position = Vec2(320, 180)
        root.backgroundColor = Color(r: 0.91, g: 0.93, b: 0.96)
        func layer(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: Color?, in parent: Layer) -> Layer {
            let l = Layer()
            l.bounds = Rect(x: 0, y: 0, width: w, height: h)
            l.position = Vec2(x + w / 2, y + h / 2)
            l.backgroundColor = c
            parent.addSublayer(l)
            return l
        }
        card.bounds = Rect(x: 0, y: 0, width: 220, height: 150)
        card.backgroundColor = Color(r: 1, g: 1, b: 1)
        card.cornerRadius = 16
        card.borderWidth = 1
        card.borderColor = Color(r: 0.8, g: 0.82, b: 0.86)
        card.shadowOpacity = 0.45
        card.shadowRadius = 10
        card.shadowOffset = Vec2(0, 6)
        card.shouldRasterize = rasterize
        root.addSublayer(card)
        // Header with a rounded clip around a stripe (an offscreen roundedClip pass).
        let header = layer(8, 8, 204, 40, Color(r: 0.13, g: 0.2, b: 0.34), in: card)
        header.cornerRadius = 10
        header.masksToBounds = true
        _ = layer(0, 28, 204, 12, Color(r: 0.9, g: 0.3, b: 0.35), in: header)
        // Avatar: round, bordered, with a shadow.
        let avatar = layer(16, 58, 36, 36, Color(r: 0.98, g: 0.75, b: 0.2), in: card)
        avatar.cornerRadius = 18
        avatar.borderWidth = 2
        avatar.borderColor = Color(r: 1, g: 1, b: 1)
        avatar.shadowOpacity = 0.4
        avatar.shadowRadius = 3
        // Text lines.
        for (i, w) in [120.0, 90.0, 140.0].enumerated() {
            let l = layer(62, 60 + Double(i) * 12, w, 6, Color(r: 0.6, g: 0.64, b: 0.7), in: card)
            l.cornerRadius = 3
        }
        // Badge with group opacity (two overlapping sublayers).
        let badge = layer(150, 100, 56, 36, nil, in: card)
        badge.opacity = 0.7
        _ = layer(0, 0, 36, 36, Color(r: 0.23, g: 0.53, b: 1), in: badge)
        changing.bounds = Rect(x: 0, y: 0, width: 36, height: 36)
        changing.position = Vec2(38, 18)
        changing.backgroundColor = Color(r: 0.9, g: 0.22, b: 0.27)
        changing.cornerRadius = 18
        badge.addSublayer(changing)
        // Button: rounded, bordered, with a shadow.
        let button = layer(16, 104, 100, 30, Color(r: 0.16, g: 0.6, b: 0.4), in: card)
        button.cornerRadius = 8
        button.borderWidth = 1
        button.borderColor = Color(r: 0.1, g: 0.4, b: 0.25)
        button.shadowOpacity = 0.3
        button.shadowRadius = 2
        button.shadowOffset = Vec2(0, 2)
    }

    /// Frame `i` of `n`: the card slides left to right (and bobs); with
    /// `changingInside` one layer inside it changes colour every frame.
    func update(frame i: Int, of n: Int, changingInside: Bool) {
        let u = n > 1 ? Double(i) / Double(n - 1) : 0
        card.position = Vec2(130 + 380 * u, 180 + 60 * sin(u * 2 * Double.pi))
        if changingInside {
            let h = Double(i % 60) / 60
            changing.backgroundColor = Color(r: 0.5 + 0.5 * sin(2 * Double.pi * h), g: 0.4, b: 0.5 + 0.5 * cos(2 * Double.pi * h))
        }
    }
}
