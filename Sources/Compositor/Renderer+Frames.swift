// Compositor: rendering frames of a timeline. Each frame renders the
// presentation tree at its time (`Layer.presentation(at:)`), builds the plan
// with the renderer's rasterization cache (bitmaps kept across frames by the
// executor), optionally adds a debug overlay, executes it and times each
// stage. `render(...)` is this path with no timeline and no cache.

import Foundation
import GLES
import Layers
import Raster
import Rendering

/// One rendered frame.
public struct FrameOutput {
    public var image: Image
    public var plan: RenderPlan
    public var buildStats: PlanBuildStats
    public var cacheStats: RasterCache.FrameStats
    public var stats: FrameStats
    /// What the execution cost, as the executor reports it.
    public var execution: ExecutionStats
    /// The executor's name, as `RenderOutput.backend`.
    public var backend: String
    /// The same frame as a `render` result (for the single-frame stats report).
    public var renderOutput: RenderOutput {
        RenderOutput(image: image, plan: plan, buildStats: buildStats, backend: backend,
                     execution: execution, planSeconds: stats.prepareMs / 1000,
                     executeSeconds: (stats.drawMs + stats.readbackMs) / 1000)
    }
    /// The GLES executor's counters, when it ran the plan.
    public var gpuStats: GPUStats? { execution.details as? GPUStats }
    /// The CPU executor's counters, when it ran the plan.
    public var cpuStats: RasterStats? { execution.details as? RasterStats }
}

extension Renderer {
    /// Renders `scene` at timeline time `time` (see `renderFrame(root:…)`).
    public func renderFrame(scene: Scene, time: Double?, scale: Double? = nil, cull: Bool = true,
                            debug: DebugOverlayMode? = nil, rasterCache useCache: Bool = true) throws -> FrameOutput {
        var canvas = scene.canvas
        if let s = scale { canvas.scale = s }
        return try RenderProblem.naming(scene) {
            try renderFrame(root: scene.root, time: time, width: canvas.width, height: canvas.height,
                            scale: canvas.scale, cull: cull, debug: debug, rasterCache: useCache)
        }
    }

    /// Renders `root.presentation(at: time)` into a round(width·scale) × round(height·scale)
    /// canvas (`time` nil: the model tree itself, as `render` does, at cache time 0). Rasterized layers reuse the bitmaps this renderer kept from earlier
    /// frames while their content is unchanged (`rasterCache: false` renders them
    /// afresh and keeps nothing). Frames should come in timeline order: entries
    /// unused for 100 ms of timeline time are evicted.
    public func renderFrame(root: Layer, time: Double?, width: Double? = nil, height: Double? = nil,
                            scale: Double = 1, cull: Bool = true, debug: DebugOverlayMode? = nil,
                            rasterCache useCache: Bool = true) throws -> FrameOutput {
        let w = width ?? root.bounds.width, h = height ?? root.bounds.height
        let pw = Int((w * scale).rounded()), ph = Int((h * scale).rounded())
        let t0 = DispatchTime.now().uptimeNanoseconds
        let presentation = time.map { root.presentation(at: $0) } ?? root
        let options = PlanOptions(scale: scale, cull: cull)
        var plan: RenderPlan, build: PlanBuildStats, cacheStats = RasterCache.FrameStats()
        if useCache {
            (plan, build, cacheStats) = PlanBuilder.buildFrame(root: presentation, width: pw, height: ph,
                                                               options: options, cache: rasterCache, time: time ?? 0,
                                                               held: executor.retainedKeys,
                                                               sublayerIndexes: sublayerIndexes)
        } else {
            let b = PlanBuilder(options: options)
            b.sublayerIndexes = sublayerIndexes
            plan = b.build(root: presentation, width: pw, height: ph)
            build = b.stats
        }
        try RenderProblem.check(build)
        try MemoryBudget.check(plan, limit: memoryLimit)
        if let d = debug {
            switch d {
            case .bounds: plan = plan.withLayerBoundsOverlay(root: presentation, scale: scale)
            case .copied: plan = plan.withDebugOverlay(d, copied: Set(executor.imagesCopied(in: plan).keys))
            default: plan = plan.withDebugOverlay(d)
            }
        }
        let t1 = DispatchTime.now().uptimeNanoseconds
        let image = try executor.execute(plan)
        let t2 = DispatchTime.now().uptimeNanoseconds

        var s = FrameStats()
        s.time = time ?? 0
        s.prepareMs = Double(t1 - t0) / 1e6
        let executeMs = Double(t2 - t1) / 1e6
        s.passes = plan.passes.count
        s.offscreenPasses = plan.passes.count - 1
        s.cacheHits = cacheStats.hits; s.cacheMisses = cacheStats.misses
        s.cacheEvictions = cacheStats.evictions; s.cacheBytesHeld = cacheStats.bytesHeld
        let st = executor.lastExecution
        s.readbackMs = st.readbackSeconds * 1000
        s.drawMs = executeMs - s.readbackMs
        if st.usesGPU {
            // A timer result longer than the frame's wall time is a driver glitch
            // (llvmpipe's first query can be): fall back to the wall time then.
            if let gpu = st.gpuSeconds, gpu * 1000 <= executeMs + 1 {
                s.gpuMs = gpu * 1000
                s.gpuTimeSource = "timer query"
            } else {
                s.gpuMs = s.drawMs
                s.gpuTimeSource = "glFinish wall time"
            }
        } else {
            s.gpuMs = 0
            s.gpuTimeSource = "none (\(executor.name) backend)"
        }
        s.drawCalls = st.drawCalls
        s.pixelsShaded = st.pixelsShaded ?? plan.estimatedPixelsShaded
        var out = FrameOutput(image: image, plan: plan, buildStats: build, cacheStats: cacheStats, stats: s,
                              execution: st, backend: executor.name)
        out.stats.frameMs = out.stats.prepareMs + executeMs
        return out
    }
}
