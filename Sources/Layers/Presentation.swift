// Layers: the presentation tree — what the layer tree looks like at a time
// t. Rendering a frame at t renders this copy; the model tree (what the
// program set) is never modified by it.

import Geometry

extension Layer {
    /// A copy of this layer's subtree (sublayers and masks, recursively)
    /// as it appears at `time` seconds of the layer timeline. Copies keep
    /// their model layer's `id`.
    public func presentation(at time: Double) -> Layer {
        let c = shallowCopy()
        if let m = mask { c.mask = m.presentation(at: time) }
        if !sublayers.isEmpty { c.setSublayers(sublayers.map { $0.presentation(at: time) }) }
        return c
    }
}
