// Compositor: one frame, end to end — layer tree → render plan → executor →
// image, with the stats and timings of each stage. The command line and the
// Swift API both go through here; `render` is `renderFrame` without a
// timeline or a rasterization cache (Renderer+Frames holds the one path).

import Foundation
import GLES
import Raster

/// Everything one render produced.
public struct RenderOutput {
    public var image: Image
    public var plan: RenderPlan
    public var buildStats: PlanBuildStats
    public var backend: String
    /// What the execution cost, as the executor reports it.
    public var execution: ExecutionStats
    /// Seconds spent building the plan and executing it.
    public var planSeconds: Double
    public var executeSeconds: Double

    /// The GLES executor's counters, when it ran the plan.
    public var gpuStats: GPUStats? { execution.details as? GPUStats }
    /// The CPU executor's counters, when it ran the plan.
    public var cpuStats: RasterStats? { execution.details as? RasterStats }
}

/// Renders layer trees with one executor.
public final class Renderer {
    public let executor: any PlanExecutor
    /// The shouldRasterize bitmaps kept across `renderFrame` calls (see Renderer+Frames).
    public let rasterCache = RasterCache()
    /// The spatial indexes of big sublayer lists, kept across renders by layer identity.
    public let sublayerIndexes = SublayerIndexCache()
    /// Motion across `renderFrame` calls and the reduced copies of layers with
    /// a `resolutionSwap` option (see ResolutionSwapper).
    public let resolutionSwapper = ResolutionSwapper()
    /// Tiled layers' tile cache and background loading, kept across frames
    /// (`TileLoader.Arrival.wait` by default: every frame waits for its tiles).
    public let tileLoader = TileLoader()
    /// The bytes one frame may need (passes and images, see MemoryBudget);
    /// a frame over it is refused before anything is allocated for it.
    public var memoryLimit = MemoryBudget.defaultLimit

    /// Opens the backend (see `BackendChoice`, `Executors`).
    public init(backend: BackendChoice = .auto, platform: EGLPlatformChoice = .auto,
                warn: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) throws {
        executor = try Executors.open(backend, settings: ExecutorSettings(platform: platform.rawValue), warn: warn)
    }

    /// Wraps an executor you opened yourself (`.cpu(CPUExecutor())` and
    /// `.gpu(gles)` spell the two built-in ones, as before the protocol).
    public init<E: PlanExecutor>(executor: E) { self.executor = executor }

    /// Renders a scene at its canvas scale, or at `scale` when given;
    /// `cull: false` turns culling off (the output is the same either way).
    public func render(scene: Scene, scale: Double? = nil, cull: Bool = true) throws -> RenderOutput {
        try renderFrame(scene: scene, time: nil, scale: scale, cull: cull, rasterCache: false).renderOutput
    }

    /// Renders `root` (whose bounds are the canvas, in points) at `scale`
    /// pixels per point: the output is round(width·scale) × round(height·scale).
    public func render(root: Layer, width: Double? = nil, height: Double? = nil,
                       scale: Double = 1, cull: Bool = true) throws -> RenderOutput {
        try renderFrame(root: root, time: nil, width: width, height: height, scale: scale, cull: cull,
                        rasterCache: false).renderOutput
    }

    /// The plan of `scene` (at its canvas scale, or `scale`), built once so
    /// several executors can run the very same plan (`compare`, differential tests).
    /// - Throws: `RenderProblem` when the builder refused part of the tree.
    /// `memoryLimit` refuses a plan needing more (see MemoryBudget; nil: the default).
    /// `time` builds it from the presentation tree at that timeline time (nil: the model tree).
    public static func plan(scene: Scene, time: Double? = nil, scale: Double? = nil, cull: Bool = true,
                            memoryLimit: Int? = nil) throws -> (plan: RenderPlan, stats: PlanBuildStats) {
        try RenderProblem.naming(scene) {
            try buildPlan(scene: scene, time: time, scale: scale, cull: cull, memoryLimit: memoryLimit)
        }
    }

    private static func buildPlan(scene: Scene, time: Double?, scale: Double?, cull: Bool,
                                  memoryLimit: Int?) throws -> (plan: RenderPlan, stats: PlanBuildStats) {
        var canvas = scene.canvas
        if let s = scale { canvas.scale = s }
        let pw = Int((canvas.width * canvas.scale).rounded()), ph = Int((canvas.height * canvas.scale).rounded())
        var options = PlanOptions(scale: canvas.scale, cull: cull)
        options.memoryLimit = memoryLimit ?? MemoryBudget.defaultLimit
        let builder = PlanBuilder(options: options)
        let root = time.map { scene.root.presentation(at: $0) } ?? scene.root
        let plan = builder.build(root: root, width: pw, height: ph)
        try RenderProblem.check(builder.stats)
        try MemoryBudget.check(plan, limit: memoryLimit ?? MemoryBudget.defaultLimit)
        return (plan, builder.stats)
    }

    /// Runs a plan built elsewhere (`plan(scene:)`) on this renderer's executor.
    public func execute(_ plan: RenderPlan, buildStats: PlanBuildStats = PlanBuildStats()) throws -> RenderOutput {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let image = try executor.execute(plan)
        let t1 = DispatchTime.now().uptimeNanoseconds
        return RenderOutput(image: image, plan: plan, buildStats: buildStats, backend: executor.name,
                            execution: executor.lastExecution, planSeconds: 0,
                            executeSeconds: Double(t1 - t0) / 1e9)
    }
}
