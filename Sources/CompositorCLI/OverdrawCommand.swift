// CompositorCLI: `compositor overdraw scene.json -o heat.png` — how many
// times each pixel is written, as an Android-style heat map over the dimmed
// frame, plus totals (fragments, overdraw factor, blended vs opaque, top
// layers; offscreen passes apart). With --backend gpu the per-pixel counts
// come from the GPU counting pass; per-item counts (blended/opaque split,
// top layers) always come from the exact CPU counter.

import ArgumentParser
import CLISupport
import Compare
import Compositor
import Foundation
import GLES
import Raster

extension HeatMap.Scheme: ExpressibleByArgument {}

struct OverdrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overdraw",
        abstract: "Overdraw heat map (Android scheme: 1× blue, 2× green, 3× pink, 4×+ red) and totals.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .shortAndLong, help: "Output heat map: .png, or .jpg/.jpeg for JPEG.")
    var output: String

    @Option(help: "JPEG quality, 1–100 (default 90), for a .jpg output.")
    var quality: Int?

    @OptionGroup var backend: BackendOptions

    @OptionGroup var options: SceneRenderOptions

    @Option(help: "Count the layer tree as presented at this timeline time (seconds).")
    var time: Double?

    @Option(help: "Heat map colours: android (blue, green, pink, red) or deuteranomaly (colour-blind-safe, Android's alternative).")
    var scheme: HeatMap.Scheme = .android

    @Option(name: .customLong("stats-json"), help: "Write the totals as JSON to this file.")
    var statsJSON: String?

    func run() throws {
        try reportingErrors {
            try OutputFiles.check([output, statsJSON])
            _ = try ImageOutputFile.format(for: output, quality: quality)
            if let t = time, !t.isFinite { throw UsageError("--time must be a finite number of seconds, got \(t)") }
            var outputs = OutputFiles()
            let s = try options.loadScene(scene)
            try options.checkScale(for: s)
            noteIfStatic(s, path: scene, option: time.map { "--time \($0)" })
            let renderer = try options.makeRenderer(backend)
            let out = try renderer.renderFrame(scene: s, time: time, scale: options.scale, cull: options.cullEnabled,
                                               rasterCache: false).renderOutput
            // The executor counts per pixel; when it cannot attribute fragments to
            // items, the exact CPU counter supplies those (and checks its pixels).
            var result = try renderer.executor.countOverdraw(out.plan)
            var counter = renderer.executor.name
            if result.items == nil {
                let exact = try CPUOverdrawCounter().count(out.plan)
                for (a, b) in zip(result.passes, exact.passes) where a.counts != b.counts {
                    printError("warning: \(counter) and cpu counts differ in pass \(a.passID): \(a.fragments) vs \(b.fragments)")
                }
                result = OverdrawResult(passes: result.passes, items: exact.items)
                counter += " (per-pixel), cpu (per-item)"
            }
            let c = result.canvas
            outputs.add(try ImageOutputFile.encode(HeatMap.render(counts: c.counts, width: c.width, height: c.height,
                                                                  frame: out.image, scheme: scheme),
                                                  for: output, quality: quality), to: output)
            let sum = OverdrawSummary(result, plan: out.plan)
            let necessary = try NecessaryFragmentCounter().count(out.plan)
            print(report(sum, counter: counter, plan: out.plan))
            print(necessaryReport(necessary))
            if let path = statsJSON {
                var object = json(sum, counter: counter, plan: out.plan)
                object["necessary"] = necessaryJSON(necessary)
                let data = try JSONSerialization.data(withJSONObject: object,
                                                      options: [.prettyPrinted, .sortedKeys])
                outputs.add(Array(data), to: path)
            }
            try outputs.publish()
        }
    }

    func report(_ s: OverdrawSummary, counter: String, plan: RenderPlan) -> String {
        func pct(_ n: Int) -> String { String(format: "%.1f%%", 100 * Double(n) / Double(max(1, s.canvasPixels))) }
        var lines = [
            "scene: \(scene)  canvas \(plan.width)x\(plan.height)  counted on \(counter)",
            "canvas fragments written: \(s.canvasFragments)",
            String(format: "overdraw factor: %.3f (fragments ÷ %d canvas pixels)", s.factor, s.canvasPixels),
            "  blended (sourceOver): \(s.blendedFragments)  opaque (copy): \(s.opaqueFragments)",
            "  pixels written 0×: \(pct(s.histogram[0]))  1×: \(pct(s.histogram[1]))  2×: \(pct(s.histogram[2]))"
                + "  3×: \(pct(s.histogram[3]))  4×+: \(pct(s.histogram[4]))",
            "offscreen passes: \(s.offscreenPasses) (\(s.offscreenPixels) pixels)",
            String(format: "  fragments: %d  factor: %.3f (÷ canvas pixels)", s.offscreenFragments, s.offscreenFactor),
            "  blended: \(s.offscreenBlendedFragments)  opaque (incl. blur): \(s.offscreenOpaqueFragments)",
            "top layers by fragments (canvas + offscreen):",
        ]
        for (i, l) in s.topLayers.enumerated() {
            lines.append(String(format: "  %2d. %@  %d + %d", i + 1, l.name as NSString, l.canvas, l.offscreen))
        }
        return lines.joined(separator: "\n")
    }

    func json(_ s: OverdrawSummary, counter: String, plan: RenderPlan) -> [String: Any] {
        [
            "scene": scene, "size": "\(plan.width)x\(plan.height)", "counter": counter,
            "canvasPixels": s.canvasPixels, "fragments": s.canvasFragments, "overdrawFactor": s.factor,
            "blendedFragments": s.blendedFragments, "opaqueFragments": s.opaqueFragments,
            "pixelsWritten": ["0": s.histogram[0], "1": s.histogram[1], "2": s.histogram[2],
                              "3": s.histogram[3], "4+": s.histogram[4]],
            "offscreen": [
                "passes": s.offscreenPasses, "pixels": s.offscreenPixels, "fragments": s.offscreenFragments,
                "factor": s.offscreenFactor, "blendedFragments": s.offscreenBlendedFragments,
                "opaqueFragments": s.offscreenOpaqueFragments,
            ] as [String: Any],
            "topLayers": s.topLayers.map { ["name": $0.name, "canvasFragments": $0.canvas,
                                            "offscreenFragments": $0.offscreen] as [String: Any] },
        ]
    }

    /// Necessary vs wasted fragments (the honest floor's counts, all draw passes).
    func necessaryReport(_ n: NecessaryFragments) -> String {
        let kinds = FragmentKind.allCases.map { "\($0.name) \(n[$0])" }.joined(separator: "  ")
        return [
            "necessary fragments (topmost replacing fragment per pixel and all above it, all draw passes): \(n.necessaryTotal)",
            "  \(kinds)",
            String(format: "wasted fragments (hidden under a later replacing fragment): %d (%.1f%% of %d written by draw items)",
                   n.wasted, 100 * Double(n.wasted) / Double(max(1, n.writtenTotal)), n.writtenTotal),
            "blur pass pixels (outside the floor): \(n.blurFragments)",
        ].joined(separator: "\n")
    }

    func necessaryJSON(_ n: NecessaryFragments) -> [String: Any] {
        [
            "necessary": n.necessaryTotal, "wasted": n.wasted, "writtenByDrawItems": n.writtenTotal,
            "necessaryByKind": Dictionary(uniqueKeysWithValues: FragmentKind.allCases.map { ($0.name, n[$0]) }),
            "writtenByKind": Dictionary(uniqueKeysWithValues: FragmentKind.allCases.map { ($0.name, n.written[$0.rawValue]) }),
            "blurPixels": n.blurFragments,
        ]
    }
}
