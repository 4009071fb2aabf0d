// Rendering: gradient layers (placeholder until gradient rendering lands).

import Layers

extension PlanBuilder {
    func emitGradient(_ n: LayerDraw, opacity: Double) {}
}
