// CompositorCLI: `compositor compare scene.json` — the GPU path against the
// CPU reference on the same plan: metrics, diff image, verdict. With
// --repeat the GPU runs the plan again, so what its executor keeps across
// frames is drawn with too, and every run must repeat the first's bytes.

import ArgumentParser
import CLISupport
import Compare
import Compositor
import Foundation
import GLES
import Raster

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Render a scene on the GPU and CPU backends and compare the images.",
        discussion: "Exit status: 0 within tolerance, 1 over it, 2 on bad input or a backend failure.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @OptionGroup var options: SceneRenderOptions

    @OptionGroup var platform: EGLPlatformOption

    @Option(name: .customLong("diff-image"), help: "Write a diff image here.")
    var diffImage: String?

    @Option(name: .customLong("diff-crop"), help: "none (default) or auto: crop the diff image to the differences, magnify it, add a legend.")
    var diffCrop: DiffCrop = .none

    @Option(help: "Write a JSON report here.")
    var report: String?

    @Option(name: .customLong("gpu-output"), help: "Write the GPU render here.")
    var gpuOutput: String?

    @Option(name: .customLong("cpu-output"), help: "Write the CPU render here.")
    var cpuOutput: String?

    @Option(help: "Compare the layer tree as presented at this timeline time (seconds).")
    var time: Double?

    @Option(help: "Tolerance: max channel difference and share of pixels over 2/255, e.g. 16,0.001.")
    var tolerance: String = "16,0.001"

    @Option(help: "Run the GPU executor on the plan this many times (default 1). Later runs draw with what the executor keeps across frames (cached textures, replayed occlusion cuts and schedules); every run must be byte for byte the first, and the verdict and outputs are the worst run's against the CPU.")
    var `repeat`: Int = 1

    func run() throws {
        let ok: Bool = try reportingErrors {
            let tol = try Tolerance(parsing: tolerance)
            try OutputFiles.check([gpuOutput, cpuOutput, diffImage, report])
            for p in [gpuOutput, cpuOutput, diffImage].compactMap({ $0 }) { _ = try ImageOutputFile.format(for: p, quality: nil) }
            if let t = time, !t.isFinite { throw UsageError("--time must be a finite number of seconds, got \(t)") }
            guard (1...1000).contains(`repeat`) else { throw UsageError("--repeat must be 1 to 1000, got \(`repeat`)") }
            var outputs = OutputFiles()
            let s = try options.loadScene(scene)
            try options.checkScale(for: s)
            noteIfStatic(s, path: scene, option: time.map { "--time \($0)" })
            let gpu = try Renderer(backend: .gpu, platform: platform.eglPlatform)
            let cpu = try Renderer(backend: .cpu)
            // One plan (of the presentation tree at --time), run by both executors.
            let (plan, build) = try Renderer.plan(scene: s, time: time, scale: options.scale, cull: options.cullEnabled,
                                                  memoryLimit: try options.memoryLimitBytes())
            let c = try cpu.execute(plan, buildStats: build)
            let first = try gpu.execute(plan, buildStats: build)
            var g = first
            var d = try ImageDifference.compare(first.image, c.image)
            // Later runs: each must repeat the first run's bytes; the worst against the CPU is reported.
            var unstable: [String] = []
            for run in 1..<`repeat` {
                let again = try gpu.execute(plan, buildStats: build)
                let drift = try ImageDifference.compare(again.image, first.image)
                if !drift.isIdentical {
                    unstable.append("GPU run \(run + 1) differs from run 1: max \(drift.maxChannelDifference.max)/255, "
                                    + "\(drift.pixelsOver(0)) pixels")
                }
                let dk = try ImageDifference.compare(again.image, c.image)
                if (dk.maxChannelDifference.max, dk.pixelsOver(0)) > (d.maxChannelDifference.max, d.pixelsOver(0)) {
                    g = again; d = dk
                }
            }
            if let p = gpuOutput { outputs.add(try ImageOutputFile.encode(g.image, for: p), to: p) }
            if let p = cpuOutput { outputs.add(try ImageOutputFile.encode(c.image, for: p), to: p) }
            if let p = diffImage {
                let picture = diffCrop == .none ? ImageDifference.diffImage(g.image, c.image)
                    : ImageDifference.diffImage(g.image, c.image, crop: diffCrop)
                outputs.add(try ImageOutputFile.encode(picture, for: p), to: p)
            }
            let pass = tol.accepts(d) && unstable.isEmpty
            if let p = report {
                let r = CompareReport(scene: scene, width: g.image.width, height: g.image.height,
                                      difference: d, tolerance: tol, pass: pass,
                                      gpuMilliseconds: g.executeSeconds * 1000, cpuMilliseconds: c.executeSeconds * 1000,
                                      gpuRuns: `repeat`, gpuRunsDiffering: unstable.count)
                let enc = JSONEncoder()
                enc.outputFormatting = [.prettyPrinted, .sortedKeys]
                outputs.add(Array(try enc.encode(r)), to: p)
            }
            try outputs.publish()
            print("scene: \(scene) (\(g.image.width)x\(g.image.height))")
            print(d.description)
            print("tolerance: \(tol)")
            if `repeat` > 1 {
                print("GPU runs: \(`repeat`), \(unstable.isEmpty ? "all byte for byte the first" : "\(unstable.count) differing from the first")")
                for line in unstable { print(line) }
            }
            print("verdict: \(pass ? "PASS" : "FAIL") (GPU vs CPU\(unstable.isEmpty ? "" : "; GPU runs differ"))")
            return pass
        }
        if !ok { throw ExitCode(1) }
    }
}

/// The JSON written by `compare --report`.
struct CompareReport: Encodable {
    var scene: String
    var width: Int
    var height: Int
    var difference: ImageDifference
    var tolerance: Tolerance
    var pass: Bool
    var gpuMilliseconds: Double
    var cpuMilliseconds: Double
    /// GPU runs of the plan (--repeat), and how many of them differ from the first.
    var gpuRuns: Int
    var gpuRunsDiffering: Int
}
