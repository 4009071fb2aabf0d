// Bench: `compositor bench plan` — what the compositor costs before any
// pixel: the presentation copy of the layer tree at --time and the plan
// build (culling included), per frame and per visible (drawn) layer. No
// executor runs, so scenes of many thousands of layers time quickly.
// `benchmarks/scenes/make_1000_layers.py --count 10000` writes the
// 10,000-layer scene the issue-14 target is measured on. The renderer's
// sublayer-index cache is kept across frames, as `render --frames` does.

import ArgumentParser
import CLISupport
import Compositor
import Foundation

struct BenchPlan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Presentation copy + plan build of a scene, per frame and in µs per visible layer (nothing is drawn).")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "Frames to time.")
    var frames: Int = 30

    @Option(help: "Untimed warm-up frames.")
    var warmup: Int = 3

    @Option(help: "Timeline time of the frames, in seconds.")
    var time: Double = 0

    @OptionGroup var options: SceneRenderOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        try reportingErrors {
            try BenchCounts.check(frames: frames, warmup: warmup)
            guard time.isFinite else { throw UsageError("--time must be a finite number of seconds") }
            let s = try options.loadScene(scene)
            try options.checkScale(for: s)
            let scale = options.scale ?? s.canvas.scale
            let pw = Int((s.canvas.width * scale).rounded()), ph = Int((s.canvas.height * scale).rounded())
            let indexes = SublayerIndexCache()
            var treeMs: [Double] = [], planMs: [Double] = []
            var stats = PlanBuildStats()
            var items = 0
            let progress = Progress(total: warmup + frames, label: "bench plan")
            for i in 0..<(warmup + frames) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let tree = s.root.presentation(at: time)
                let t1 = DispatchTime.now().uptimeNanoseconds
                let builder = PlanBuilder(options: PlanOptions(scale: scale, cull: options.cullEnabled))
                builder.sublayerIndexes = indexes
                let plan = builder.build(root: tree, width: pw, height: ph)
                let t2 = DispatchTime.now().uptimeNanoseconds
                if i >= warmup {
                    treeMs.append(Double(t1 - t0) / 1e6)
                    planMs.append(Double(t2 - t1) / 1e6)
                }
                stats = builder.stats
                items = plan.passes.reduce(0) { $0 + $1.items.count }
                progress.step()
            }
            if let problem = stats.problems.first { throw UsageError("\(scene): \(problem)") }
            let total = zip(treeMs, planMs).map { $0 + $1 }
            let visible = max(1, stats.layersDrawn)
            let perLayer = median(total) * 1000 / Double(visible)
            let r: [(String, Any)] = [
                ("scene", scene), ("size", "\(pw)x\(ph)"), ("frames", frames), ("time", time),
                ("cull", options.cull.rawValue),
                ("layersVisited", stats.layersVisited), ("layersDrawn", stats.layersDrawn),
                ("layersCulled", stats.culledTotal), ("drawItems", items),
                ("renderTreeMs", round2(median(treeMs))), ("planMs", round2(median(planMs))),
                ("totalMs", round2(median(total))),
                ("usPerVisibleLayer", round2(perLayer)),
                ("totalMsSpread", TimingSpread(total).json),
            ]
            if json {
                print(jsonText(r))
            } else {
                for (k, v) in r where k != "totalMsSpread" { print("\(k): \(v)") }
                print("presentation copy + plan: \(TimingSpread(total).text)")
            }
        }
    }
}
