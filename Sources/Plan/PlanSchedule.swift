// Plan: the schedule of a render plan — which earlier passes each pass
// reads (its items' textures, a blur's source, a load action's source), the
// last pass that reads each pass, and so when each pass's target can be
// freed or reused. Both executors run plans by this one schedule (computed
// by `RenderPlan.validate`, which also checks the reads are sound).

/// The read/last-use structure of a plan's passes.
public struct PlanSchedule: Sendable, Equatable {
    /// Pass id → its index in `RenderPlan.passes`.
    public var index: [Int: Int]
    /// For every pass index, the ids of the passes it reads, without repeats, in first-read order.
    public var reads: [[Int]]
    /// For every pass id, the index of the last pass that reads it (its own index when none does).
    public var lastUse: [Int: Int]
    /// For every pass index, the ids of the passes (never the canvas) whose
    /// targets are no longer needed once it has run: they can go back to a
    /// pool or be reused for a later pass.
    public var releasedAfter: [[Int]]

    /// The schedule of `passes`, assuming every read resolves (see `RenderPlan.validate`).
    public init(passes: [RenderPass]) {
        index = [:]
        for (i, p) in passes.enumerated() where index[p.id] == nil { index[p.id] = i }
        reads = passes.map { $0.passesRead }
        lastUse = [:]
        for (i, p) in passes.enumerated() {
            lastUse[p.id] = max(lastUse[p.id] ?? i, i)
            for r in reads[i] { lastUse[r] = max(lastUse[r] ?? i, i) }
        }
        releasedAfter = Array(repeating: [], count: passes.count)
        let canvas = passes.last?.id
        for (id, last) in lastUse.sorted(by: { $0.key < $1.key }) where id != canvas && last < passes.count {
            releasedAfter[last].append(id)
        }
    }
}

extension RenderPass {
    /// The ids of the passes this pass reads: its load source, its blur
    /// source, its items' pass textures (no repeats, in that order).
    public var passesRead: [Int] {
        var out: [Int] = []
        func add(_ id: Int) { if !out.contains(id) { out.append(id) } }
        if case .load(let p) = load { add(p) }
        switch content {
        case .blur(let step): add(step.source)
        case .blurs(let steps): for step in steps { add(step.source) }
        case .draw(let items):
            for item in items { for case .pass(let id) in item.textures { add(id) } }
        }
        return out
    }
}

extension RenderPlan {
    /// The plan's schedule (not checked; `validate` checks and returns it).
    public var schedule: PlanSchedule { PlanSchedule(passes: passes) }
}
