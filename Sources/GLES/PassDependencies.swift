// GLES: when each pass's output is needed for the last time, so the
// executor can return its texture to the pool right after that pass and a
// deep plan needs only as many render targets as are live at once.

import Rendering

enum PassDependencies {
    /// For every pass id sampled by a later pass (items or blur), the index of the last pass sampling it.
    /// Passes never sampled are absent (their texture goes back after their own pass,
    /// except the canvas, which is read back first).
    static func lastUse(_ plan: RenderPlan) -> [Int: Int] {
        var last: [Int: Int] = [:]
        for (index, pass) in plan.passes.enumerated() {
            last[pass.id] = max(last[pass.id] ?? index, index)
            switch pass.content {
            case .blur(let step):
                last[step.source] = index
            case .draw(let items):
                for item in items {
                    for case .pass(let id) in item.textures { last[id] = index }
                }
            }
        }
        return last
    }
}
