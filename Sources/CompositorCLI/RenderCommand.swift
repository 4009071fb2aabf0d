// CompositorCLI: `compositor render scene.json -o out.png`, one frame at a
// time (`--time T`) or a numbered PNG sequence (`--frames N --fps F -o dir/`,
// see FrameSequence), with debug overlays (`--debug`) and frame statistics.

import ArgumentParser
import CLISupport
import Compositor
import Foundation

extension DebugOverlayMode: ExpressibleByArgument {}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene file to a PNG, or a frame sequence to numbered PNGs.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .shortAndLong, help: "Output image: .png, or .jpg/.jpeg for JPEG; with --frames, the output directory (PNGs).")
    var output: String

    @Option(help: "JPEG quality, 1–100 (default 90), for a .jpg output.")
    var quality: Int?

    @OptionGroup var backend: BackendOptions

    @OptionGroup var options: SceneRenderOptions

    @OptionGroup var imageLoading: ImageLoadingOptions

    @OptionGroup var tiles: TileOptions

    @Option(help: "Render the layer tree as presented at this timeline time (seconds).")
    var time: Double?

    @Option(help: "Render this many frames at t = start + i/fps into OUTPUT/frame-0000.png, frame-0001.png, …")
    var frames: Int?

    @Option(help: "Frames per second of the sequence.")
    var fps: Double = 60

    @Option(help: "Timeline time of the sequence's first frame (seconds).")
    var start: Double = 0

    @Option(help: "With --frames: render only frames i with i mod N = I (I/N, 0-based), or 'auto' for the batch system's index (JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, see docs/check.md); files keep their sequence numbers.")
    var shard: String?

    @Option(name: .customLong("shard-count"), help: "The number of shards for --shard auto under a Kubernetes Indexed Job.")
    var shardCount: Int?

    @Option(name: .customLong("repeat"), help: "Render the same frame this many times (a long run; the last frame is written).")
    var repeatCount: Int = 1

    @Option(help: "Colour overlay: blended, offscreen, raster, misaligned, bounds (layer bounds and anchor points) or copied (images the backend copies while drawing).")
    var debug: DebugOverlayMode?

    @Flag(name: .customLong("no-legend"), help: "With --debug: leave out the legend strip below the image, so the output keeps the canvas size.")
    var noLegend = false

    /// The frame as written: with the debug overlay's legend strip below it unless --no-legend.
    func withLegend(_ image: Image) -> Image {
        guard let d = debug, !noLegend else { return image }
        return DebugLegend.appending(to: image, mode: d)
    }

    @Flag(help: "Print render statistics (with --frames: one line per frame and a summary).")
    var stats = false

    @Option(name: .customLong("stats-json"), help: "Write render statistics as JSON to this file.")
    var statsJSON: String?

    @Flag(name: .customLong("dump-plan"), help: "Print the render plan.")
    var dumpPlan = false

    /// The longest sequence `--frames` writes (over 4 hours at 60 fps) and
    /// the most renders `--repeat` times: beyond them a command would only
    /// run for days.
    static let maximumFrames = 1_000_000, maximumRepeat = 100_000

    func validate() throws {
        if frames == nil {
            do { _ = try ImageOutputFile.format(for: output, quality: quality) } catch { throw ValidationError("\(error)") }
        } else if quality != nil {
            throw ValidationError("--quality applies to a single .jpg output, not to --frames (PNG sequences)")
        }
        guard (1...Self.maximumRepeat).contains(repeatCount) else {
            throw ValidationError("--repeat must be from 1 to \(Self.maximumRepeat), got \(repeatCount)")
        }
        if let t = time, !t.isFinite { throw ValidationError("--time must be a finite number of seconds, got \(t)") }
        if let n = frames {
            guard (1...Self.maximumFrames).contains(n) else {
                throw ValidationError("--frames must be from 1 to \(Self.maximumFrames), got \(n)")
            }
            guard time == nil else { throw ValidationError("--time and --frames exclude each other (use --start)") }
            guard repeatCount == 1 else { throw ValidationError("--repeat and --frames exclude each other") }
            guard !dumpPlan else { throw ValidationError("--dump-plan applies to single renders, not --frames") }
            guard imageLoading.mode == nil else {
                throw ValidationError("--frames loads images up front; --preload/--lazy and the image cache options apply to single renders")
            }
        }
        if shard != nil || shardCount != nil {
            guard frames != nil else { throw ValidationError("--shard applies to --frames sequences") }
            do { _ = try frameShard() } catch { throw ValidationError("\(error)") }
        }
        guard fps.isFinite, fps > 0 else { throw ValidationError("--fps must be a positive number, got \(fps)") }
        guard start.isFinite else { throw ValidationError("--start must be a finite number of seconds, got \(start)") }
    }

    func run() throws {
        try reportingErrors {
            if let n = frames {
                try FrameSequence(command: self, count: n).run()
                return
            }
            try OutputFiles.check([output, statsJSON])
            var outputs = OutputFiles()
            let loaded = try options.loadScene(scene, backend: backend, images: imageLoading.policy)
            let s = loaded.scene, renderer = loaded.renderer
            try tiles.apply(to: renderer, progressive: imageLoading.mode == .lazy)
            noteIfStatic(s, path: scene, option: time.map { "--time \($0)" })
            if time != nil || debug != nil {
                var frame: FrameOutput?
                for _ in 0..<repeatCount {
                    try loaded.prepareFrame()
                    frame = try renderer.renderFrame(scene: s, time: time, scale: options.scale,
                                                     cull: options.cullEnabled, debug: debug)
                }
                guard let out = frame else { return }
                if dumpPlan { print(out.plan.dump, terminator: "") }
                outputs.add(try ImageOutputFile.encode(withLegend(out.image), for: output, quality: quality), to: output)
                var report = StatsReport(out.renderOutput, images: loaded.imageStats, tiles: tileStats(renderer))
                if stats { print(report.text); print(out.stats.line) }
                report.fields.append(("frame", frameFields(out.stats)))
                if let path = statsJSON { outputs.add(Array(report.json.utf8), to: path) }
                try outputs.publish()
                return
            }
            var out: RenderOutput?
            for _ in 0..<repeatCount {
                try loaded.prepareFrame()
                out = try renderer.render(scene: s, scale: options.scale, cull: options.cullEnabled)
            }
            guard let out else { return }
            if dumpPlan { print(out.plan.dump, terminator: "") }
            outputs.add(try ImageOutputFile.encode(out.image, for: output, quality: quality), to: output)
            let report = StatsReport(out, images: loaded.imageStats, tiles: tileStats(renderer))
            if stats { print(report.text) }
            if let path = statsJSON { outputs.add(Array(report.json.utf8), to: path) }
            try outputs.publish()
        }
    }

    /// The part of a --frames sequence this process renders (the whole one without --shard).
    func frameShard() throws -> CheckShard {
        guard let shard else {
            if shardCount != nil { throw UsageError("--shard-count goes with --shard auto") }
            return .whole
        }
        if shard == "auto" {
            let part = try CheckShard.resolve(flag: nil, countFlag: shardCount, environment: ProcessInfo.processInfo.environment)
            guard ProcessInfo.processInfo.environment["JOB_COMPLETION_INDEX"] != nil
                    || ProcessInfo.processInfo.environment["SLURM_ARRAY_TASK_ID"] != nil else {
                throw UsageError("--shard auto: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set")
            }
            return part
        }
        if shardCount != nil { throw UsageError("--shard-count goes with --shard auto") }
        return try CheckShard(parsing: shard)
    }

}
