// Plan: the executor protocol — what every backend that runs render
// plans offers (the GLES2 executor, the CPU reference, and whatever comes
// next): execute a plan to an image, report common figures of the last
// execution, hold and drop the bitmaps kept under rasterization-cache keys,
// and count overdraw. The library opens executors through
// `ExecutorRegistration` values, one per backend, listed in one table
// (Compositor/Executors.swift).

import Images

/// Runs render plans. Not thread-safe: one execution at a time.
public protocol PlanExecutor: AnyObject {
    /// The backend's name, as `--backend` spells it ("gpu", "cpu").
    var name: String { get }
    /// Whether images reach the backend through an upload (a GPU's texture
    /// upload) whose cost a benchmark can time apart from decoding.
    var uploadsImages: Bool { get }
    /// Runs every pass of `plan` (validated first, `RenderPlan.validate`) and
    /// returns the canvas pass's pixels (premultiplied RGBA8, rows top-down).
    func execute(_ plan: RenderPlan) throws -> Image
    /// Figures of the last successful `execute`, in common terms.
    var lastExecution: ExecutionStats { get }
    /// The rasterization-cache keys whose bitmaps the executor holds
    /// (`RenderPass.retainKey`, sampled as `TextureRef.cached`).
    var retainedKeys: Set<UInt64> { get }
    /// Drops every kept bitmap (a renderer's cache must then start afresh).
    func dropRetained()
    /// How many times each pixel of every pass is written, counted the way
    /// this backend draws; `items` may be nil when it cannot attribute
    /// fragments to items.
    func countOverdraw(_ plan: RenderPlan) throws -> OverdrawResult
    /// The images of `plan` (indices into `plan.images`) this executor copies
    /// or converts while drawing it — uploads, tile splits, format expansions:
    /// CPU work per frame, what Instruments' "Color Copied Images" shows —
    /// each with the reason. Images sampled in place are absent.
    func imagesCopied(in plan: RenderPlan) -> [Int: String]
}

extension PlanExecutor {
    /// By default an executor samples the plan's images in place: nothing is copied.
    public func imagesCopied(in plan: RenderPlan) -> [Int: String] { [:] }
}

/// What an execution cost, in the terms every backend can give; each
/// executor maps its own counters (GPUStats, RasterStats) to these and keeps
/// them whole in `details`.
public struct ExecutionStats: @unchecked Sendable {
    /// Draw calls (a GPU backend) or draw items submitted (the CPU one).
    public var drawCalls = 0
    /// Fragments shaded when counted exactly; nil for the plan's estimate.
    public var pixelsShaded: Int?
    /// Whether the backend runs on a GPU (a GPU time is then reported).
    public var usesGPU = false
    /// The GPU's time for the frame when measured (a timer query), else nil.
    public var gpuSeconds: Double?
    /// Reading the canvas back into memory, seconds (0 when nothing is read back).
    public var readbackSeconds: Double = 0
    /// Backend figures for `--stats`, in print order (numbers and counts by name).
    public var reportFields: [(String, ReportValue)] = []
    /// The executor's own counters (GPUStats, RasterStats, …).
    public var details: Any?
    /// Wall-clock seconds by phase of the execution (empty when the backend does not time them).
    public var phases = FramePhases()

    public init() {}
}

/// A figure in a stats report.
public enum ReportValue: Sendable, Equatable {
    case int(Int)
    case counts([String: Int])
}

/// How the library opens one kind of executor.
public struct ExecutorRegistration: Sendable {
    /// The `--backend` value.
    public let name: String
    /// One line for help texts.
    public let summary: String
    /// Opens an executor.
    public let open: @Sendable (ExecutorSettings) throws -> any PlanExecutor

    public init(name: String, summary: String,
                open: @escaping @Sendable (ExecutorSettings) throws -> any PlanExecutor) {
        self.name = name; self.summary = summary; self.open = open
    }
}

/// Settings an executor may use when it opens.
public struct ExecutorSettings: Sendable {
    /// The display platform for GPU backends ("auto", "surfaceless", "device", "gbm" for EGL).
    public var platform: String
    public init(platform: String = "auto") { self.platform = platform }
}
