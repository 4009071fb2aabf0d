// Compositor: one frame, end to end — layer tree → render plan → executor →
// image, with the stats and timings of each stage. The command line and the
// Swift API both go through here.

import Foundation
import GLES
import Raster

/// Everything one render produced.
public struct RenderOutput {
    public var image: Image
    public var plan: RenderPlan
    public var buildStats: PlanBuildStats
    public var backend: String
    public var gpuStats: GPUStats?
    public var cpuStats: RasterStats?
    /// Seconds spent building the plan and executing it.
    public var planSeconds: Double
    public var executeSeconds: Double
}

/// Renders layer trees with one executor.
public final class Renderer {
    public let executor: Executor
    /// The shouldRasterize bitmaps kept across `renderFrame` calls (see Renderer+Frames).
    public let rasterCache = RasterCache()
    /// The bytes one frame may need (passes and images, see MemoryBudget);
    /// a frame over it is refused before anything is allocated for it.
    public var memoryLimit = MemoryBudget.defaultLimit

    /// Opens the backend (see `BackendChoice`).
    public init(backend: BackendChoice = .auto, platform: EGLPlatformChoice = .auto,
                warn: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) throws {
        executor = try Executor.open(backend, platform: platform, warn: warn)
    }

    /// Wraps an executor you opened yourself.
    public init(executor: Executor) { self.executor = executor }

    /// Renders a scene at its canvas scale, or at `scale` when given;
    /// `cull: false` turns culling off (the output is the same either way).
    public func render(scene: Scene, scale: Double? = nil, cull: Bool = true) throws -> RenderOutput {
        var canvas = scene.canvas
        if let s = scale { canvas.scale = s }
        return try RenderProblem.naming(scene) {
            try render(root: scene.root, width: canvas.width, height: canvas.height, scale: canvas.scale,
                       cull: cull)
        }
    }

    /// Renders `root` (whose bounds are the canvas, in points) at `scale`
    /// pixels per point: the output is round(width·scale) × round(height·scale).
    public func render(root: Layer, width: Double? = nil, height: Double? = nil,
                       scale: Double = 1, cull: Bool = true) throws -> RenderOutput {
        let w = width ?? root.bounds.width, h = height ?? root.bounds.height
        let pw = Int((w * scale).rounded()), ph = Int((h * scale).rounded())
        let t0 = DispatchTime.now().uptimeNanoseconds
        let builder = PlanBuilder(options: PlanOptions(scale: scale, cull: cull))
        let plan = builder.build(root: root, width: pw, height: ph)
        try RenderProblem.check(builder.stats)
        try MemoryBudget.check(plan, limit: memoryLimit)
        let t1 = DispatchTime.now().uptimeNanoseconds
        let image = try executor.execute(plan)
        let t2 = DispatchTime.now().uptimeNanoseconds
        var out = RenderOutput(image: image, plan: plan, buildStats: builder.stats, backend: executor.name,
                               planSeconds: Double(t1 - t0) / 1e9, executeSeconds: Double(t2 - t1) / 1e9)
        switch executor {
        case .gpu(let g): out.gpuStats = g.lastStats
        case .cpu(let c): out.cpuStats = c.lastStats
        }
        return out
    }
}
