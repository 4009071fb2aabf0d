// Raster: the CPU reference executor as a `PlanExecutor` — its name
// ("cpu"), its exact counts mapped to the common `ExecutionStats`, overdraw
// from the exact CPU counter (per pixel and per item), and its registration.

import Plan

extension CPUExecutor: PlanExecutor {
    /// How the library opens this executor (`--backend cpu`).
    public static let registration = ExecutorRegistration(
        name: "cpu", summary: "the CPU reference executor (GL rules emulated exactly)") { _ in CPUExecutor() }

    public var name: String { "cpu" }
    public var uploadsImages: Bool { false }

    public var lastExecution: ExecutionStats {
        let c = lastStats
        var s = ExecutionStats()
        s.drawCalls = c.drawItems
        s.pixelsShaded = c.fragmentsShaded
        s.reportFields = [("triangles", .int(c.triangles)), ("fragmentsShaded", .int(c.fragmentsShaded)),
                          ("fragmentsWritten", .int(c.fragmentsWritten)),
                          ("fragmentsHidden", .int(c.fragmentsHidden)),
                          ("fragmentsPainterOrder", .int(c.fragmentsPainterOrder))]
        s.details = c
        s.phases = lastPhases
        return s
    }

    public func countOverdraw(_ plan: RenderPlan) throws -> OverdrawResult {
        try CPUOverdrawCounter(conventions: conventions, bands: bands).count(plan)
    }
}
