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

    @Flag(help: "Print render statistics.")
    var stats = false

    @Option(name: .customLong("stats-json"), help: "Write render statistics as JSON to this file.")
    var statsJSON: String?

    @Flag(name: .customLong("dump-plan"), help: "Print the render plan.")
    var dumpPlan = false

    func run() throws {
        try reportingErrors {
            let s = try SceneLoader.load(path: scene)
            let renderer = try Renderer(backend: backend, platform: options.eglPlatform)
            let out = try renderer.render(scene: s, scale: options.scale, cull: options.cullEnabled)
            if dumpPlan { print(out.plan.dump, terminator: "") }
            try PNG.write(out.image, to: output)
            let report = StatsReport(out)
            if stats { print(report.text) }
            if let path = statsJSON { try AtomicFile.write(Array(report.json.utf8), to: path) }
        }
    }
}
