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
        c.adoptRendererCache(of: self)
        return c
    }

    /// Lets a presentation copy reuse what renderers derived from its model
    /// layer (the spatial index of a big sublayer list): the copy takes the
    /// model's revisions and cache when it and its sublayers show exactly
    /// the model's values.
    func adoptRendererCache(of model: Layer) {
        guard let cache = model.rendererCache else { return }
        revision = model.revision
        childrenRevision = model.childrenRevision
        rendererCache = cache
    }
}
