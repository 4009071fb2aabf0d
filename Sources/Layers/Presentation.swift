// Layers: the presentation tree — what the layer tree looks like at a time
// t. Rendering a frame at t renders this copy; the model tree (what the
// program set) is never modified by it. Each layer's animations are applied
// to its copy in the order they were added (later ones win, additive ones
// add); a layer without animations costs one emptiness check over a plain copy.

import Geometry

extension Layer {
    /// A copy of this layer's subtree (sublayers and masks, recursively)
    /// as it appears at `time` seconds of the layer timeline, every
    /// animation evaluated at `time`. Copies keep their model layer's `id`
    /// and carry no animations; making them notifies no observer.
    public func presentation(at time: Double) -> Layer {
        Layer.withoutObserver { presentationCopy(at: time) }
    }

    /// The presentation tree at the clock's current time (`LayerClock.now`), like CALayer's `presentation()`.
    public func presentation() -> Layer { presentation(at: LayerClock.now) }

    func presentationCopy(at time: Double) -> Layer {
        let c = unobservedCopy()
        if !animationEntries.isEmpty { applyAnimations(to: c, at: time) }
        if let d = c as? DrawingLayer { d.presentationTime = time }  // which timed operations it draws
        if let m = mask { c.mask = m.presentationCopy(at: time) }
        if !sublayers.isEmpty { c.setSublayers(sublayers.map { $0.presentationCopy(at: time) }) }
        if let r = self as? ReplicatorLayer, let rc = c as? ReplicatorLayer, r.instanceDelay != 0,
           r.sublayers.contains(where: { $0.hasAnimationsInSubtree }) {
            rc.delayedInstances = (r.sublayers, time)
        }
        c.adoptRevisions(of: self)
        return c
    }

    /// Whether this layer, a sublayer or a mask below it has animations.
    var hasAnimationsInSubtree: Bool {
        !animationEntries.isEmpty || (mask?.hasAnimationsInSubtree ?? false)
            || sublayers.contains { $0.hasAnimationsInSubtree }
    }

    /// Lets a presentation copy reuse what renderers derived from its model
    /// layer and keep by its identity (the spatial index of a big sublayer
    /// list, which depends on the layer's own values and its sublayers'):
    /// the copy takes the model's revisions when neither it nor any sublayer
    /// is animated, so it shows exactly the values those were built from.
    func adoptRevisions(of model: Layer) {
        guard model.animationEntries.isEmpty,
              model.sublayers.allSatisfy({ $0.animationEntries.isEmpty }) else { return }
        revision = model.revision
        childrenRevision = model.childrenRevision
    }

    /// The value `property` shows at `time` if the model value were `model`.
    func presentationValue(of property: AnimatableProperty, model: AnimationValue, at time: Double) -> AnimationValue {
        Layer.withoutObserver {
            let scratch = unobservedCopy()
            property.set(scratch, model)
            applyAnimations(to: scratch, at: time)
            return property.get(scratch) ?? model
        }
    }

    /// Runs `body` with `propertyChangeObserver` suspended.
    static func withoutObserver<T>(_ body: () -> T) -> T {
        let saved = propertyChangeObserver
        propertyChangeObserver = nil
        defer { propertyChangeObserver = saved }
        return body()
    }
}
