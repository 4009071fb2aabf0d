// CompositorCLI: `compositor render` options for tiled layers —
// --tile-latency (the deterministic arrival model) and --tile-cache-mb. A
// still render waits for every tile its view needs; with --lazy or --frames
// tiles arrive as the background workers decode them (or, with
// --tile-latency S, exactly S seconds of timeline time after the frame that
// first asked for them) and fade in over the layer's fadeDuration.

import ArgumentParser
import CLISupport
import Compositor

struct TileOptions: ParsableArguments {
    @Option(name: .customLong("tile-latency"),
            help: "With --lazy or --frames: a tile first needed by the frame at time t arrives at t + SECONDS (deterministic; default: when decoded).")
    var tileLatency: Double?

    @Option(name: .customLong("tile-cache-mb"), help: "Tiled layers' tile cache budget in MiB (default 96).")
    var tileCacheMB: Int?

    func validate() throws {
        if let s = tileLatency, !(s.isFinite && s >= 0 && s <= 3600) {
            throw ValidationError("--tile-latency must be from 0 to 3600 seconds, got \(s)")
        }
        if let m = tileCacheMB, m < 1 || m > 1 << 20 {
            throw ValidationError("--tile-cache-mb must be from 1 to \(1 << 20), got \(m)")
        }
    }

    /// Sets up `renderer`'s tile loader: waiting for every tile unless tiles arrive over time (`progressive`).
    func apply(to renderer: Renderer, progressive: Bool) throws {
        if tileLatency != nil && !progressive {
            throw UsageError("--tile-latency applies with --lazy or --frames (a still render waits for every tile)")
        }
        let loader = renderer.tileLoader
        if let m = tileCacheMB { loader.budgetBytes = m * 1024 * 1024 }
        if progressive { loader.arrival = tileLatency.map { .latency($0) } ?? .async }
    }
}
