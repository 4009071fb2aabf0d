// Bench: `compositor bench …` — performance is measured here, not in
// unit tests. Every figure is a median over frames of one run, and the
// floor (necessary fragments priced at rates calibrated on the same
// executor) is measured in the same run so ratios are meaningful on a noisy
// machine. The full-canvas-quad figure is kept as a fill-rate measurement.

import ArgumentParser
import CLISupport
import Compositor
import Foundation
import GLES
import Raster

public struct BenchCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Benchmarks.", subcommands: [BenchScene.self, BenchFillrate.self, BenchPVRTC.self, BenchRaster.self, BenchText.self,
                                                                      BenchRoundedRect.self, BenchPlan.self, BenchTiles.self])
}

struct BenchScene: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Frame time of a scene, broken into render tree (the presentation copy at --time), plan (render tree → render plan, culling included), draw and readback, against the scene's honest floor (necessary fragments at this backend's measured rates).")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @OptionGroup var backend: BackendOptions

    @Option(help: "Frames to time.")
    var frames: Int = 30

    @Option(help: "Untimed warm-up frames.")
    var warmup: Int = 3

    @Option(help: "Timeline time of the frames, in seconds (animations are evaluated there).")
    var time: Double = 0

    @Option(help: "Seconds the timeline advances from one frame to the next, warm-up frames included (default 0: every frame at --time, a still scene). With animations, frames that differ, so no frame's work can be kept for the next.")
    var timeStep: Double = 0

    @OptionGroup var options: SceneRenderOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(inversion: .prefixedNo,
          help: "Compute the honest floor (necessary fragments priced at rates measured with calibration quads) and the fill-rate quads; --no-floor times the frames only.")
    var floor = true

    public func run() throws {
        try reportingErrors {
            try BenchCounts.check(frames: frames, warmup: warmup)
            let s = try options.loadScene(scene)
            try options.checkScale(for: s)
            let renderer = try options.makeRenderer(backend)
            guard time.isFinite else { throw UsageError("--time must be a finite number of seconds") }
            guard timeStep.isFinite, timeStep >= 0 else { throw UsageError("--time-step must be a finite number of seconds, 0 or more") }
            var treeMs: [Double] = [], planMs: [Double] = [], drawMs: [Double] = [], readbackMs: [Double] = []
            var phases: [FramePhases] = [], executeMs: [Double] = []
            var last: RenderOutput?
            let progress = Progress(total: warmup + frames, label: "scene")
            for i in 0..<(warmup + frames) {
                // The render tree: what the frame shows at its time, copied from the model tree.
                let t0 = DispatchTime.now().uptimeNanoseconds
                let tree = s.root.presentation(at: time + Double(i) * timeStep)
                let t1 = DispatchTime.now().uptimeNanoseconds
                let out = try renderer.render(root: tree, width: s.canvas.width, height: s.canvas.height,
                                              scale: options.scale ?? s.canvas.scale, cull: options.cullEnabled)
                if i >= warmup {
                    treeMs.append(Double(t1 - t0) / 1e6)
                    let readback = (out.gpuStats?.readbackSeconds ?? 0) * 1000
                    planMs.append(out.planSeconds * 1000)
                    drawMs.append(out.executeSeconds * 1000 - readback)
                    readbackMs.append(readback)
                    phases.append(out.execution.phases)
                    executeMs.append(out.executeSeconds * 1000)
                }
                last = out
                progress.step()
            }
            guard let out = last else { return }
            let canvasPixels = Double(out.plan.width * out.plan.height)
            let frameMs: [Double] = (0..<planMs.count).map { (i: Int) -> Double in
                treeMs[i] + planMs[i] + drawMs[i] + readbackMs[i]
            }
            let frame = median(frameMs)
            var r: [(String, Any)] = [
                ("scene", scene), ("backend", out.backend), ("size", "\(out.plan.width)x\(out.plan.height)"),
                ("frames", frames), ("time", time), ("timeStep", timeStep), ("cull", options.cull.rawValue),
                ("frameMs", round2(frame)), ("renderTreeMs", round2(median(treeMs))), ("planMs", round2(median(planMs))), ("drawMs", round2(median(drawMs))),
                ("readbackMs", round2(median(readbackMs))),
                ("drawAndReadbackMs", round2(median((0..<drawMs.count).map { drawMs[$0] + readbackMs[$0] }))),
                ("passes", out.plan.passes.count), ("drawItems", out.plan.passes.reduce(0) { $0 + $1.items.count }),
                ("layersCulled", out.buildStats.culledTotal), ("itemsOccluded", out.buildStats.culledOccludedItems),
            ]
            r.append(("executePhasesMs", phaseMedians(phases, executeMs: executeMs)))
            if floor { r += try floorFigures(out, renderer: renderer, frame: frame, canvasPixels: canvasPixels) }
            r.append(("frameMsSpread", TimingSpread(frameMs).json))
            if let g = out.gpuStats {
                // Of the last frame; the replays: passes drawn in last frame's batches, and whose occlusion cuts were replayed.
                r += [("drawCalls", g.drawCalls), ("drawCallsLowerBound", g.drawCallsLowerBound),
                      ("occlusionFragmentsRemoved", g.occlusionFragmentsRemoved),
                      ("schedulesReplayed", g.schedulesReplayed), ("occlusionPassesReplayed", g.occlusionPassesReplayed)]
            }
            if let c = out.cpuStats { r.append(("triangles", c.triangles)) }
            if json {
                print(jsonText(r))
            } else {
                for (k, v) in r where k != "frameMsSpread" { print("\(k): \(v)") }
                print("frame: \(TimingSpread(frameMs).text)")
            }
        }
    }

    /// The honest floor and the fill-rate quads for the last frame's plan, measured now on the same executor.
    func floorFigures(_ out: RenderOutput, renderer: Renderer, frame: Double, canvasPixels: Double) throws -> [(String, Any)] {
        // Exact fragments (pixels written with coverage), counted once, untimed.
        let od = OverdrawSummary(try CPUOverdrawCounter().count(out.plan), plan: out.plan)
        let fragments = Double(od.canvasFragments + od.offscreenFragments)
        // The honest floor: necessary fragments per kind at this backend's measured rates.
        let necessary = try NecessaryFragmentCounter().count(out.plan)
        let (rates, emptyMs) = try FloorCalibration.rates(renderer.executor, width: out.plan.width,
                                                          height: out.plan.height, frames: max(frames, 10),
                                                          warmup: warmup)
        let floorMs = rates.floorMilliseconds(necessary)
        // Fill-rate measurement (not a floor): as many full-canvas blended quads as the frame writes fragments.
        let quads = max(1, Int((fragments / canvasPixels).rounded()))
        let quadPlan = RenderPlan.fullCanvasQuads(count: quads, width: out.plan.width, height: out.plan.height)
        let quadMs = try executionTimes(renderer.executor, quadPlan, frames: frames, warmup: warmup,
                                        progress: Progress(total: warmup + frames, label: "fill rate"))
        return [
            ("fragments", Int(fragments)), ("overdrawFactor", round2(fragments / canvasPixels)),
            ("necessaryFragments", necessary.necessaryTotal), ("wastedFragments", necessary.wasted),
            ("necessaryByKind", Dictionary(uniqueKeysWithValues: FragmentKind.allCases.map { ($0.name, necessary[$0]) })),
            ("blurFragmentsOutsideFloor", necessary.blurFragments),
            ("nsPerFragment", Dictionary(uniqueKeysWithValues: FragmentKind.allCases.map {
                ($0.name, (rates.nanosecondsPerFragment[$0.rawValue] * 1000).rounded() / 1000) })),
            ("floorMs", round2(floorMs)), ("frameOverFloor", round2(frame / max(floorMs, 1e-9))),
            ("emptyFrameMs", round2(emptyMs)),
            ("fillRateQuads", quads), ("fillRateQuadsMs", round2(median(quadMs))),
        ]
    }
}

/// Median milliseconds of each execution phase the executor timed
/// (`FramePhases`), plus "untimed": the rest of `execute` (validation,
/// bookkeeping), as a name → ms dictionary.
func phaseMedians(_ phases: [FramePhases], executeMs: [Double]) -> [String: Double] {
    var out: [String: Double] = [:]
    let names = phases.reduce(into: [String]()) { n, p in for x in p.names where !n.contains(x) { n.append(x) } }
    for name in names { out[name] = round2(median(phases.map { $0[name] * 1000 })) }
    if !names.isEmpty {
        out["untimed"] = round2(median(zip(phases, executeMs).map { p, e in e - p.seconds.reduce(0, +) * 1000 }))
    }
    return out
}

/// Milliseconds per execution of `plan` (readback included), for `frames`
/// timed runs after `warmup` untimed ones.
func executionTimes(_ executor: any PlanExecutor, _ plan: RenderPlan, frames: Int, warmup: Int,
                    progress: Progress) throws -> [Double] {
    var times: [Double] = []
    for i in 0..<(warmup + frames) {
        let t0 = DispatchTime.now().uptimeNanoseconds
        _ = try executor.execute(plan)
        let t1 = DispatchTime.now().uptimeNanoseconds
        if i >= warmup { times.append(Double(t1 - t0) / 1e6) }
        progress.step()
    }
    return times
}

func median(_ v: [Double]) -> Double {
    guard !v.isEmpty else { return 0 }
    let s = v.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
