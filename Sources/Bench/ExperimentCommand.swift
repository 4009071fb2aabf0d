// Bench: `compositor experiment layers` — chapter 15 of Lockwood's
// book (Layer Performance): the W×H×D grid of squares under perspective, from
// 10×10×10 to 100×100×10 layers. For each size it times frames of the whole
// grid with culling on and off, and of a scene holding only the squares the
// culled plan drew, so the cost of hidden layers shows; it also measures
// memory per layer. Writes DIR/report.md and DIR/frame-time.png.

import ArgumentParser
import CLISupport
import Compositor
import Foundation
import Compare
import GLES
import Raster

public struct ExperimentCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "experiment", abstract: "Experiments that write a report.",
        subcommands: [ExperimentLayers.self, ExperimentImageLoading.self, ExperimentDrawing.self, ExperimentCarousel.self])
}

struct ExperimentLayers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layers",
        abstract: "Frame time against layer count for the book's 3D grid, culling on and off.")

    @OptionGroup var backend: BackendOptions

    @Option(help: "Directory for report.md and frame-time.png.")
    var out: String = "out/experiment-layers"

    @Option(help: "Timed frames per measurement (the median is reported).")
    var frames: Int = 5

    @Option(help: "Comma-separated grid sizes WxHxD.")
    var sizes: String = "10x10x10,20x20x10,30x30x10,50x50x10,70x70x10,100x100x10"

    public func run() throws {
        try reportingErrors {
            try BenchCounts.check(frames, "--frames", BenchCounts.frames)
            let grids = try sizes.split(separator: ",").map { s -> LayerGrid in
                guard let g = LayerGrid(String(s)) else { throw UsageError("bad grid size '\(s)' (want WxHxD)") }
                return g
            }
            guard let largest = grids.max(by: { $0.layerCount < $1.layerCount }) else {
                throw UsageError("--sizes is empty")
            }
            let renderer = try backend.renderer()
            let memory = MemoryProbe.layers(largest)
            let progress = Progress(total: grids.count * 4 * (frames + 1), label: "experiment layers")
            var rows: [LayerExperimentRow] = []
            for g in grids {
                rows.append(try LayerExperiment(renderer: renderer, frames: frames, progress: progress).run(g))
            }
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let heatMaps = try writeHeatMaps(for: [grids.min(by: { $0.layerCount < $1.layerCount })!, largest],
                                             renderer: renderer)
            let command = (["compositor"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
            var report = LayerExperimentReport(command: command, backend: renderer.executor.name,
                                               rows: rows, memory: memory)
            report.heatMaps = heatMaps
            try AtomicFile.write(Array(report.markdown.utf8), to: out + "/report.md")
            try PNG.write(FrameTimePlot(rows: rows, backend: renderer.executor.name).image,
                          to: out + "/frame-time.png")
            print(report.markdown)
            print("wrote \(out)/report.md and \(out)/frame-time.png")
        }
    }
}

extension ExperimentLayers {
    /// Overdraw heat maps of the culled frame of each grid (CPU counts are
    /// exact and equal to the GPU's), written beside the report.
    func writeHeatMaps(for grids: [LayerGrid], renderer: Renderer) throws -> [(file: String, line: String)] {
        var written: [(file: String, line: String)] = []
        for g in Set(grids.map { "\($0.width)x\($0.height)x\($0.depth)" }).sorted() {
            guard let grid = LayerGrid(g) else { continue }
            let frame = try renderer.render(root: grid.build(), width: grid.canvasWidth, height: grid.canvasHeight)
            let result = try CPUOverdrawCounter().count(frame.plan)
            let canvas = result.canvas
            let heat = HeatMap.render(counts: canvas.counts, width: canvas.width, height: canvas.height,
                                      frame: frame.image)
            let file = "heat-\(g).png"
            try PNG.write(heat, to: out + "/" + file)
            let summary = OverdrawSummary(result, plan: frame.plan)
            written.append((file, "\(g): overdraw factor \(String(format: "%.2f", summary.factor)), "
                                + "\(summary.canvasFragments) fragments on \(summary.canvasPixels) pixels"))
        }
        return written
    }
}

/// Medians of one configuration's frames, in milliseconds.
struct FrameTiming {
    var planMs: Double
    var drawMs: Double
    var frameMs: Double
}

/// Everything measured for one grid size.
struct LayerExperimentRow {
    var grid: LayerGrid
    var visibleLayers: Int
    var on: FrameTiming, off: FrameTiming
    var visibleOn: FrameTiming, visibleOff: FrameTiming
    var statsOn: PlanBuildStats, statsOff: PlanBuildStats
    /// Estimated bytes of the culled plan (items and names).
    var planBytes: Int
    /// Whether the visible-only scene rendered the same image as the whole grid.
    var sameImage: Bool
    /// Whether culling on and off rendered the same image.
    var cullInvariant: Bool
}

/// Runs the measurements of one grid size.
struct LayerExperiment {
    let renderer: Renderer
    let frames: Int
    let progress: Progress

    func run(_ g: LayerGrid) throws -> LayerExperimentRow {
        let root = g.build()
        let w = Int(g.canvasWidth), h = Int(g.canvasHeight)
        let on = try time(root, w, h, cull: true)
        let off = try time(root, w, h, cull: false)
        // The squares the culled plan drew (a plan names only layers that passed culling).
        let cells = Set(on.plan.layerNames.compactMap(LayerGrid.Cell.init(name:)))
        let visibleRoot = g.build(including: { cells.contains($0) })
        let vOn = try time(visibleRoot, w, h, cull: true)
        let vOff = try time(visibleRoot, w, h, cull: false)
        return LayerExperimentRow(
            grid: g, visibleLayers: cells.count, on: on.timing, off: off.timing,
            visibleOn: vOn.timing, visibleOff: vOff.timing, statsOn: on.stats, statsOff: off.stats,
            planBytes: on.plan.estimatedBytes, sameImage: vOn.image == on.image, cullInvariant: on.image == off.image)
    }

    struct Measured {
        var timing: FrameTiming
        var stats: PlanBuildStats
        var plan: RenderPlan
        var image: Image
    }

    /// One untimed warm-up frame, then `frames` timed ones (plan build, then draw + readback).
    func time(_ root: Layer, _ w: Int, _ h: Int, cull: Bool) throws -> Measured {
        var planMs: [Double] = [], drawMs: [Double] = []
        var last: Measured?
        for i in 0...frames {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let builder = PlanBuilder(options: PlanOptions(scale: 1, cull: cull))
            let plan = builder.build(root: root, width: w, height: h)
            let t1 = DispatchTime.now().uptimeNanoseconds
            let image = try renderer.executor.execute(plan)
            let t2 = DispatchTime.now().uptimeNanoseconds
            if i > 0 {
                planMs.append(Double(t1 - t0) / 1e6)
                drawMs.append(Double(t2 - t1) / 1e6)
            }
            last = Measured(timing: FrameTiming(planMs: 0, drawMs: 0, frameMs: 0), stats: builder.stats,
                            plan: plan, image: image)
            progress.step()
        }
        var m = last!
        m.timing = FrameTiming(planMs: median(planMs), drawMs: median(drawMs),
                               frameMs: median(zip(planMs, drawMs).map { $0 + $1 }))
        return m
    }
}

extension RenderPlan {
    /// Bytes of the plan's draw items and layer-name table (inline sizes;
    /// clip polygons and name characters, absent in the grid, not counted).
    var estimatedBytes: Int {
        let items = passes.reduce(0) { $0 + $1.items.count }
        return items * MemoryLayout<DrawItem>.stride + layerNames.count * MemoryLayout<String>.stride
            + passes.count * MemoryLayout<RenderPass>.stride
    }
}
