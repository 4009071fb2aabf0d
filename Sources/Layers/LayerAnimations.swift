// Layers: CALayer's animation API — add, look up and remove the animations
// attached to a layer. Adding copies the animation (later changes to the
// caller's object do not affect the layer, as in Core Animation), resolves
// a beginTime of 0 to the clock's current time, and registers it with the
// open transaction (for its completion block) and with the clock (which
// removes it once finished, if `isRemovedOnCompletion`).

/// One attached animation and the key it was added under (nil: anonymous).
struct LayerAnimationEntry {
    let key: String?
    let animation: Animation
}

extension Layer {
    /// Attaches a copy of `animation` under `key`, replacing any animation
    /// with that key. A `beginTime` of 0 becomes `LayerClock.now`; inside a
    /// transaction with a duration set, a `duration` of 0 becomes that duration.
    public func add(_ animation: Animation, forKey key: String?) {
        let a = animation.copy()
        if a.beginTime == 0 { a.beginTime = LayerClock.now }
        if a.duration == 0, let d = Transaction.explicitDuration { a.duration = d }
        attach(a, forKey: key)
        Transaction.record(a, on: self)
    }

    /// Attaches `animation` itself, its times as they are (scene files and implicit animations).
    func attach(_ animation: Animation, forKey key: String?) {
        if let k = key { animationEntries.removeAll { $0.key == k } }
        animationEntries.append(LayerAnimationEntry(key: key, animation: animation))
        LayerClock.register(self)
        touch()
    }

    /// The animation attached under `key` (the layer's own copy: treat it as read-only).
    public func animation(forKey key: String) -> Animation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations, in the order they were added.
    public func animationKeys() -> [String] {
        animationEntries.compactMap(\.key)
    }

    /// Detaches the animation with `key`; the presentation shows the model value again.
    public func removeAnimation(forKey key: String) {
        let before = animationEntries.count
        animationEntries.removeAll { $0.key == key }
        if animationEntries.count != before { touch() }
    }

    /// Detaches every animation.
    public func removeAllAnimations() {
        guard !animationEntries.isEmpty else { return }
        animationEntries.removeAll()
        touch()
    }

    /// Whether `animation` (the very object) is still attached.
    func isAttached(_ animation: Animation) -> Bool {
        animationEntries.contains { $0.animation === animation }
    }

    /// Detaches the animations that are over at `time` and ask to be removed.
    func removeFinishedAnimations(at time: Double) {
        let before = animationEntries.count
        animationEntries.removeAll { $0.animation.isRemovedOnCompletion && $0.animation.endTime <= time }
        if animationEntries.count != before { touch() }
    }

    /// Applies every attached animation, in order, to `copy` (a copy of this layer) at `time`.
    func applyAnimations(to copy: Layer, at time: Double) {
        for e in animationEntries { e.animation.apply(to: copy, at: time) }
    }
}
