// Layers: CATransaction — batches of model changes that animate
// implicitly. While a transaction is open, every animatable property change
// of a layer that has a superlayer adds a BasicAnimation under the
// property's name, from the value the presentation showed at `LayerClock.now`
// (so interrupting a running animation is smooth) to the new model value.
// Headless there is no run loop and so no implicit transaction: changes made
// outside `begin()`/`commit()` (or `perform`) never animate.

/// Groups layer changes; changes inside it animate implicitly (CATransaction).
public enum Transaction {
    final class Frame {
        var duration: Double?
        var timingFunction: TimingFunction?
        var disableActions: Bool?
        var completion: (() -> Void)?
        var animations: [(layer: WeakLayer, animation: Animation)] = []
    }

    nonisolated(unsafe) static var stack: [Frame] = []
    /// The observer that was installed before the outermost transaction began; still called.
    nonisolated(unsafe) static var previousObserver: ((Layer, String, AnimationValue) -> Void)?

    /// Opens a transaction (nested ones inherit the settings of the outer ones they do not set).
    public static func begin() {
        if stack.isEmpty {
            previousObserver = Layer.propertyChangeObserver
            Layer.propertyChangeObserver = { layer, key, old in
                Transaction.previousObserver?(layer, key, old)
                Transaction.implicitChange(layer, key, old)
            }
        }
        stack.append(Frame())
    }

    /// Closes the innermost transaction. Its completion block runs now if it
    /// added no animations, otherwise when `LayerClock.advance` passes the end
    /// of all of them (removed or replaced ones count as ended). A nested
    /// transaction's animations also count for the outer ones.
    public static func commit() {
        guard let frame = stack.popLast() else { return }
        if let parent = stack.last { parent.animations += frame.animations }
        if stack.isEmpty {
            Layer.propertyChangeObserver = previousObserver
            previousObserver = nil
        }
        if let block = frame.completion {
            let p = PendingCompletion(animations: frame.animations, block: block)
            if p.isFinished(at: LayerClock.now) { block() } else { LayerClock.pending.append(p) }
        }
    }

    /// `begin()`, `body`, `commit()` (committed even when `body` throws).
    public static func perform<T>(_ body: () throws -> T) rethrows -> T {
        begin()
        defer { commit() }
        return try body()
    }

    /// Whether a transaction is open.
    public static var isOpen: Bool { !stack.isEmpty }

    /// Duration of implicit animations (default 0.25 s) and of explicit ones added with duration 0.
    public static func setAnimationDuration(_ seconds: Double) { stack.last?.duration = seconds }
    public static var animationDuration: Double { explicitDuration ?? Animation.defaultDuration }

    /// Timing of implicit animations; nil: `TimingFunction.default`.
    public static func setAnimationTimingFunction(_ f: TimingFunction?) { stack.last?.timingFunction = f }
    public static var animationTimingFunction: TimingFunction? {
        stack.reversed().lazy.compactMap(\.timingFunction).first
    }

    /// true: changes in this transaction do not animate.
    public static func setDisableActions(_ disable: Bool) { stack.last?.disableActions = disable }
    public static var disableActions: Bool { stack.reversed().lazy.compactMap(\.disableActions).first ?? false }

    /// Runs once every animation this transaction adds (implicit or explicit) has finished.
    public static func setCompletionBlock(_ block: (() -> Void)?) { stack.last?.completion = block }

    /// The duration set by an open transaction, if any.
    static var explicitDuration: Double? { stack.reversed().lazy.compactMap(\.duration).first }

    /// Notes an animation added while a transaction is open, for its completion block.
    static func record(_ animation: Animation, on layer: Layer) {
        stack.last?.animations.append((WeakLayer(layer: layer), animation))
    }

    /// The implicit animation of one property change.
    static func implicitChange(_ layer: Layer, _ key: String, _ old: AnimationValue) {
        guard !stack.isEmpty, !disableActions, layer.superlayer != nil,
              let property = AnimatableKeyPaths.lookup(key), let new = property.get(layer) else { return }
        let now = LayerClock.now
        let from = layer.presentationValue(of: property, model: old, at: now)
        if from == new && layer.animation(forKey: key) == nil { return }
        let a = BasicAnimation(keyPath: key)
        a.fromValue = from
        a.duration = animationDuration
        a.timingFunction = animationTimingFunction ?? .default
        a.beginTime = now
        layer.attach(a, forKey: key)
        record(a, on: layer)
    }
}
