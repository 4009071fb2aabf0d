// CompositorCLI: `compositor render scene.json -o out.png`.

import ArgumentParser
import Compositor
import Foundation

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene file to a PNG.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .shortAndLong, help: "Output PNG path.")
    var output: String

    @Option(help: "gpu (default), cpu, or auto (GPU, falling back to CPU with a warning).")
    var backend: BackendChoice = .gpu

    @OptionGroup var options: SceneRenderOptions

    @OptionGroup var imageLoading: ImageLoadingOptions

    @Option(help: "Render the scene this many times (a long run; the last frame is written).")
    var frames: Int = 1

    @Flag(help: "Print render statistics.")
    var stats = false

    @Option(name: .customLong("stats-json"), help: "Write render statistics as JSON to this file.")
    var statsJSON: String?

    @Flag(name: .customLong("dump-plan"), help: "Print the render plan.")
    var dumpPlan = false

    func run() throws {
        try reportingErrors {
            guard frames >= 1 else { throw UsageError("--frames must be at least 1") }
            let renderer: Renderer
            var out: RenderOutput
            var imageStats: ImageLoadingStats?
            if let mode = imageLoading.mode {
                let s = try SceneLoader.load(path: scene, images: .deferred)
                let cache = ImageCache(budgetBytes: imageLoading.cacheBytes)
                let pool = ImageLoadingPool(maxConcurrent: imageLoading.imageWorkers ?? ImageLoadingPool.defaultWorkers,
                                            cache: cache)
                let images = SceneImages(scene: s, mode: mode, cache: cache, pool: pool,
                                         downscale: imageLoading.downscaleImages, scale: options.scale,
                                         sceneName: URL(fileURLWithPath: scene).lastPathComponent)
                // Lazy: decoding starts before the GPU opens, so the two overlap.
                if mode == .lazy { images.prefetch() }
                renderer = try Renderer(backend: backend, platform: options.eglPlatform)
                if mode == .preload { images.preload() }
                try images.prepareFrame()
                out = try renderer.render(scene: s, scale: options.scale, cull: options.cullEnabled)
                for _ in 1..<frames {
                    try images.prepareFrame()
                    out = try renderer.render(scene: s, scale: options.scale, cull: options.cullEnabled)
                }
                imageStats = images.currentStats
            } else {
                let s = try SceneLoader.load(path: scene)
                renderer = try Renderer(backend: backend, platform: options.eglPlatform)
                out = try renderer.render(scene: s, scale: options.scale, cull: options.cullEnabled)
                for _ in 1..<frames {
                    out = try renderer.render(scene: s, scale: options.scale, cull: options.cullEnabled)
                }
            }
            if dumpPlan { print(out.plan.dump, terminator: "") }
            try PNG.write(out.image, to: output)
            let report = StatsReport(out, images: imageStats)
            if stats { print(report.text) }
            if let path = statsJSON { try AtomicFile.write(Array(report.json.utf8), to: path) }
        }
    }
}
