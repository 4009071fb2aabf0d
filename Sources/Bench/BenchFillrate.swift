// Bench: `compositor bench fillrate` — raw fill rate of an executor.
// Each frame draws K full-canvas quads (so per-frame overhead does not
// dominate) and is timed end to end, including the final readback; MP/s =
// K·W·H / median frame time, for opaque (copy) and blended (sourceOver),
// solid and textured (a 256² image, linear filtering) quads. The offscreen
// round trip (a full-canvas quad rendered into an offscreen pass and drawn
// back) is timed with R round trips per frame, the empty frame (clear +
// readback) subtracted, and also given as equivalent full-canvas quads.

import ArgumentParser
import CLISupport
import Compositor
import Foundation
import GLES

struct BenchFillrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fillrate",
        abstract: "Megapixels per second of full-canvas quads, and the cost of an offscreen pass round trip.")

    @OptionGroup var backend: BackendOptions

    @Option(help: "Canvas size: 1280x720, 1920x1080 or 3840x2160.")
    var size: String = "1280x720"

    @Option(help: "Timed frames per case (median reported).")
    var frames: Int = 10

    @Option(help: "Untimed warm-up frames per case.")
    var warmup: Int = 2

    @Option(help: "Full-canvas quads per frame (K).")
    var quads: Int = 20

    @Flag(help: "Print JSON instead of text.")
    var json = false

    static let sizes = ["1280x720": (1280, 720), "1920x1080": (1920, 1080), "3840x2160": (3840, 2160)]

    func run() throws {
        try reportingErrors {
            guard let (w, h) = Self.sizes[size] else {
                throw UsageError("--size must be one of \(Self.sizes.keys.sorted().joined(separator: ", "))")
            }
            try BenchCounts.check(frames: frames, warmup: warmup)
            try BenchCounts.check(quads, "--quads", BenchCounts.kiloQuads)
            let executor = try backend.executor()
            let k = quads, roundTrips = max(1, quads / 2)
            let cases: [(String, RenderPlan)] = [
                ("opaqueSolid", FillratePlans.quads(k, w, h, blend: .copy, textured: false)),
                ("blendedSolid", FillratePlans.quads(k, w, h, blend: .sourceOver, textured: false)),
                ("opaqueTextured", FillratePlans.quads(k, w, h, blend: .copy, textured: true)),
                ("blendedTextured", FillratePlans.quads(k, w, h, blend: .sourceOver, textured: true)),
                ("offscreenRoundTrips", FillratePlans.roundTrips(roundTrips, w, h)),
                // Last, so allocator warm-up (first large buffers are fresh pages) is not charged to it.
                ("empty", FillratePlans.quads(0, w, h, blend: .copy, textured: false)),
            ]
            let progress = Progress(total: cases.count * (warmup + frames), label: "fillrate")
            var ms: [String: Double] = [:], spread: [String: TimingSpread] = [:]
            for (name, plan) in cases {
                // Includes the readback (glReadPixels finishes the frame).
                let times = try executionTimes(executor, plan, frames: frames, warmup: warmup, progress: progress)
                ms[name] = median(times)
                spread[name] = TimingSpread(times)
            }
            let mp = Double(k * w * h) / 1e6
            func rate(_ n: String) -> Double { mp / (ms[n]! / 1000) }
            let empty = ms["empty"]!
            let perQuad = max(1e-9, (ms["blendedSolid"]! - empty) / Double(k))
            let rtMs = (ms["offscreenRoundTrips"]! - empty) / Double(roundTrips)
            let r: [(String, Any)] = [
                ("backend", executor.name), ("size", size), ("quadsPerFrame", k), ("frames", frames),
                ("emptyFrameMs", round2(empty)),
                ("opaqueSolidMPps", round2(rate("opaqueSolid"))), ("blendedSolidMPps", round2(rate("blendedSolid"))),
                ("opaqueTexturedMPps", round2(rate("opaqueTextured"))),
                ("blendedTexturedMPps", round2(rate("blendedTextured"))),
                ("frameMs", ["opaqueSolid": round2(ms["opaqueSolid"]!), "blendedSolid": round2(ms["blendedSolid"]!),
                             "opaqueTextured": round2(ms["opaqueTextured"]!),
                             "blendedTextured": round2(ms["blendedTextured"]!)]),
                ("offscreenRoundTripsPerFrame", roundTrips),
                ("offscreenRoundTripMs", round2(rtMs)),
                ("offscreenRoundTripQuads", round2(rtMs / perQuad)),
                ("frameMsSpread", spread.mapValues(\.json)),
            ]
            if json {
                print(jsonText(r))
            } else {
                print("fill rate, \(executor.name), \(size), \(k) full-canvas quads per frame, median of \(frames) frames (readback included)")
                print(String(format: "  empty frame (clear + readback): %.2f ms", empty))
                for n in ["opaqueSolid", "blendedSolid", "opaqueTextured", "blendedTextured"] {
                    print(String(format: "  %-16@ %9.1f MP/s  (%@)", n as NSString, rate(n), spread[n]!.text as NSString))
                }
                print(String(format: "  offscreen round trip: %.3f ms = %.2f full-canvas blended quads (%d per frame)",
                             rtMs, rtMs / perQuad, roundTrips))
            }
        }
    }
}

/// The plans the fill-rate benchmark draws.
enum FillratePlans {
    /// A 256² RGBA texture: an opaque colour gradient with a checker.
    static let texture: Image = {
        var px = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 {
                let o = 4 * (y * 256 + x), check: UInt8 = ((x / 16 + y / 16) % 2 == 0) ? 0 : 64
                px[o] = UInt8(x); px[o + 1] = UInt8(y) &+ check; px[o + 2] = 255 - UInt8(x)
            }
        }
        return Image(width: 256, height: 256, pixels: px)
    }()

    static func canvas(_ w: Int, _ h: Int) -> Rect { Rect(x: 0, y: 0, width: Double(w), height: Double(h)) }

    /// `k` full-canvas quads over a `w` × `h` canvas.
    static func quads(_ k: Int, _ w: Int, _ h: Int, blend: BlendMode, textured: Bool) -> RenderPlan {
        let rect = canvas(w, h)
        let uv = Homography.mapping(rect, to: Rect(x: 0, y: 0, width: 1, height: 1))
        let items = (0..<k).map { i -> DrawItem in
            let a = blend == .copy ? 1.0 : 0.5
            let paint: Paint = textured
                ? .texture(.image(0), uv: uv, filter: .linear, opacity: a)
                : .solid(PremultipliedColor(r: 0.5 * a, g: Double(i % 2) * 0.5 * a, b: 0.25 * a, a: a))
            return DrawItem(layer: 0, transform: .identity, rect: rect, paint: paint, blend: blend)
        }
        return RenderPlan(width: w, height: h,
                          passes: [RenderPass(id: 0, width: w, height: h, reason: .canvas, layerName: nil,
                                              clear: .clear, content: .draw(items))],
                          images: textured ? [PlanImage(key: "fillrate-256", image: texture)] : [],
                          layerNames: ["quad"])
    }

    /// `k` translucent rounded rects whose shape reaches 16 pixels past
    /// every side of a `w` × `h` canvas (corners off-canvas), antialiased on
    /// all edges: every pixel runs the rounded-rect coverage function
    /// (coverage 1 there) unless an executor's interior shortcut skips it.
    static func edgeQuads(_ k: Int, _ w: Int, _ h: Int, textured: Bool) -> RenderPlan {
        let shape = Rect(x: -16, y: -16, width: Double(w) + 32, height: Double(h) + 32)
        let uv = Homography.mapping(shape, to: Rect(x: 0, y: 0, width: 1, height: 1))
        let items = (0..<k).map { i -> DrawItem in
            let paint: Paint = textured
                ? .texture(.image(0), uv: uv, filter: .linear, opacity: 0.5)
                : .solid(PremultipliedColor(r: 0.25, g: Double(i % 2) * 0.25, b: 0.125, a: 0.5))
            return DrawItem(layer: 0, transform: .identity, rect: shape, paint: paint,
                            shape: .roundedRect(shape, radius: 8), aaEdges: .all, blend: .sourceOver)
        }
        return RenderPlan(width: w, height: h,
                          passes: [RenderPass(id: 0, width: w, height: h, reason: .canvas, layerName: nil,
                                              clear: .clear, content: .draw(items))],
                          images: textured ? [PlanImage(key: "fillrate-256", image: texture)] : [],
                          layerNames: ["quad"])
    }

    /// `n` offscreen passes, each one full-canvas quad, each drawn back over the canvas.
    static func roundTrips(_ n: Int, _ w: Int, _ h: Int) -> RenderPlan {
        let rect = canvas(w, h)
        let uv = Homography.mapping(rect, to: Rect(x: 0, y: 0, width: 1, height: 1))
        var passes: [RenderPass] = (0..<n).map { i in
            RenderPass(id: i, width: w, height: h, reason: .groupOpacity, layerName: "offscreen \(i)",
                       clear: .clear,
                       content: .draw([DrawItem(layer: 0, transform: .identity, rect: rect,
                                                paint: .solid(PremultipliedColor(r: 0.25, g: 0.25, b: 0.5, a: 0.5)))]))
        }
        let back = (0..<n).map { i in
            DrawItem(layer: 0, transform: .identity, rect: rect,
                     paint: .texture(.pass(i), uv: uv, filter: .nearest, opacity: 0.5))
        }
        passes.append(RenderPass(id: n, width: w, height: h, reason: .canvas, layerName: nil, clear: .clear,
                                 content: .draw(back)))
        return RenderPlan(width: w, height: h, passes: passes, images: [], layerNames: ["quad"])
    }
}
