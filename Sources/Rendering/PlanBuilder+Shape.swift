// Rendering: shape layers (placeholder until shape rendering lands).

import Layers

extension PlanBuilder {
    func emitShape(_ n: LayerDraw, opacity: Double) {}
}
