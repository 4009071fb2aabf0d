// CompositorCLI: `compositor compare scene.json` — the GPU path against the
// CPU reference on the same plan: metrics, diff image, verdict.

import ArgumentParser
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

    @Option(name: .customLong("diff-image"), help: "Write a diff image here.")
    var diffImage: String?

    @Option(help: "Write a JSON report here.")
    var report: String?

    @Option(name: .customLong("gpu-output"), help: "Write the GPU render here.")
    var gpuOutput: String?

    @Option(name: .customLong("cpu-output"), help: "Write the CPU render here.")
    var cpuOutput: String?

    @Option(help: "Tolerance: max channel difference and share of pixels over 2/255, e.g. 16,0.001.")
    var tolerance: String = "16,0.001"

    func run() throws {
        let ok: Bool = try reportingErrors {
            let tol = try Tolerance(parsing: tolerance)
            try OutputFiles.check([gpuOutput, cpuOutput, diffImage, report])
            var outputs = OutputFiles()
            let s = try options.loadScene(scene)
            try options.checkScale(for: s)
            let gpu = try Renderer(executor: .gpu(GLESExecutor(platform: options.eglPlatform)))
            let cpu = Renderer(executor: .cpu(CPUExecutor()))
            if let m = try options.memoryLimitBytes() { gpu.memoryLimit = m; cpu.memoryLimit = m }
            let g = try gpu.render(scene: s, scale: options.scale, cull: options.cullEnabled)
            let c = try cpu.render(scene: s, scale: options.scale, cull: options.cullEnabled)
            let d = try ImageDifference.compare(g.image, c.image)
            if let p = gpuOutput { try outputs.addPNG(g.image, to: p) }
            if let p = cpuOutput { try outputs.addPNG(c.image, to: p) }
            if let p = diffImage { try outputs.addPNG(ImageDifference.diffImage(g.image, c.image), to: p) }
            let pass = tol.accepts(d)
            if let p = report {
                let r = CompareReport(scene: scene, width: g.image.width, height: g.image.height,
                                      difference: d, tolerance: tol, pass: pass,
                                      gpuMilliseconds: g.executeSeconds * 1000, cpuMilliseconds: c.executeSeconds * 1000)
                let enc = JSONEncoder()
                enc.outputFormatting = [.prettyPrinted, .sortedKeys]
                outputs.add(Array(try enc.encode(r)), to: p)
            }
            try outputs.publish()
            print("scene: \(scene) (\(g.image.width)x\(g.image.height))")
            print(d.description)
            print("tolerance: \(tol)")
            print("verdict: \(pass ? "PASS" : "FAIL") (GPU vs CPU)")
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
}
