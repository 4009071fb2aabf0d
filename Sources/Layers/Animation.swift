// Layers: the animation objects (CAAnimation, CAPropertyAnimation,
// CABasicAnimation, CAKeyframeAnimation) — plain descriptions of how a
// property changes over time. They hold no state about where they run:
// a layer copies an animation when it is added (as CALayer does), and the
// presentation tree evaluates the copies at whatever time it is asked for.

/// How an animation shows outside its active interval (CAMediaTimingFillMode).
public enum FillMode: String, Sendable, CaseIterable {
    /// Only during the active interval.
    case removed
    /// Holds the final value after the end (visible only with `isRemovedOnCompletion = false`).
    case forwards
    /// Shows the first value before `beginTime`.
    case backwards
    /// Both of the above.
    case both
}

/// The base animation class (CAAnimation with CAMediaTiming): timing only.
///
/// Times are seconds of the layer timeline (``LayerClock``). A `beginTime`
/// of 0 means "when added": `Layer.add(_:forKey:)` sets it to `LayerClock.now`.
public class Animation {
    /// When the animation starts, in layer time; 0: when added.
    public var beginTime: Double = 0
    /// One iteration's length; 0 means Core Animation's default, 0.25 s.
    public var duration: Double = 0
    /// Local time runs `speed` times as fast as layer time; 0 freezes it at `timeOffset`.
    public var speed: Double = 1
    /// Added to local time: 0.5 on a 1 s animation starts it half-way (it wraps at the end).
    public var timeOffset: Double = 0
    /// Iterations (fractions allowed, `.infinity` forever); 0 means 1.
    public var repeatCount: Double = 0
    /// Total active time, overriding `repeatCount` when greater than 0.
    public var repeatDuration: Double = 0
    /// Plays each iteration forwards then backwards (an iteration then lasts 2 × duration).
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    /// Eases each iteration's progress; nil: linear.
    public var timingFunction: TimingFunction?
    /// Whether the animation stops affecting the layer (and is removed by
    /// `LayerClock.advance`) once its active interval is over.
    public var isRemovedOnCompletion = true

    public required init() {}

    /// A copy with the same settings (the class of the receiver).
    public func copy() -> Animation {
        let c = type(of: self).init()
        c.copySettings(from: self)
        return c
    }

    /// Copies every setting of `o`; subclasses override, call super, then copy their own.
    func copySettings(from o: Animation) {
        beginTime = o.beginTime; duration = o.duration; speed = o.speed; timeOffset = o.timeOffset
        repeatCount = o.repeatCount; repeatDuration = o.repeatDuration; autoreverses = o.autoreverses
        fillMode = o.fillMode; timingFunction = o.timingFunction; isRemovedOnCompletion = o.isRemovedOnCompletion
    }

    /// Applies the animation to `layer` (a presentation copy) at layer time `t`.
    func apply(to layer: Layer, at t: Double) {}
}

/// An animation of one key path of a layer (CAPropertyAnimation).
public class PropertyAnimation: Animation {
    /// The animated property, e.g. "position", "transform.rotation.z" (see ``AnimatableKeyPaths``).
    public var keyPath: String = ""
    /// Adds the animated value to the underlying one instead of replacing it.
    public var isAdditive = false

    public convenience init(keyPath: String) {
        self.init()
        self.keyPath = keyPath
    }

    override func copySettings(from o: Animation) {
        super.copySettings(from: o)
        guard let p = o as? PropertyAnimation else { return }
        keyPath = p.keyPath; isAdditive = p.isAdditive
    }

    /// The value at layer time `t` given the value underneath (model value
    /// and earlier animations); nil when the animation has no effect at `t`.
    func value(at t: Double, underlying: AnimationValue) -> AnimationValue? { nil }

    override func apply(to layer: Layer, at t: Double) {
        guard let property = AnimatableKeyPaths.lookup(keyPath), let base = property.get(layer),
              let v = value(at: t, underlying: base) else { return }
        property.set(layer, isAdditive ? (AnimationMath.add(base, v) ?? v) : v)
    }
}

/// From one value to another (CABasicAnimation). Which of `fromValue`,
/// `toValue` and `byValue` are set decides the interval, as in Core Animation:
/// from+to: from → to; from+by: from → from+by; by+to: to−by → to;
/// from: from → current; to: current → to; by: current → current+by
/// ("current" is the value underneath: the model value after earlier animations).
public final class BasicAnimation: PropertyAnimation {
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
    public var byValue: AnimationValue?

    public required init() { super.init() }

    override func copySettings(from o: Animation) {
        super.copySettings(from: o)
        guard let b = o as? BasicAnimation else { return }
        fromValue = b.fromValue; toValue = b.toValue; byValue = b.byValue
    }

    /// The (from, to) pair the set values stand for, given the current value.
    func interval(current: AnimationValue) -> (AnimationValue, AnimationValue) {
        switch (fromValue, toValue, byValue) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, AnimationMath.add(f, b) ?? f)
        case (nil, let t?, let b?): return (AnimationMath.subtract(t, b) ?? t, t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, AnimationMath.add(current, b) ?? current)
        case (nil, nil, nil): return (current, current)
        }
    }

    override func value(at t: Double, underlying: AnimationValue) -> AnimationValue? {
        guard let f = progress(at: t) else { return nil }
        // An additive animation's "current" is zero-based: the values are offsets.
        let (a, b) = interval(current: isAdditive ? AnimationMath.zero(like: underlying) : underlying)
        return AnimationMath.interpolate(a, b, f)
    }
}

/// How a keyframe animation gets from one value to the next (CAAnimationCalculationMode).
public enum CalculationMode: String, Sendable, CaseIterable {
    /// Straight interpolation between neighbouring values.
    case linear
    /// Each value held until the next key time.
    case discrete
    /// Constant speed along the values: key times and timing functions are ignored.
    case paced
    /// A Catmull-Rom spline through the values (numbers, points, sizes, rects, colours).
    case cubic
}

/// Through a list of values (CAKeyframeAnimation).
public final class KeyframeAnimation: PropertyAnimation {
    public var values: [AnimationValue] = []
    /// Fractions of the duration (0…1, non-decreasing) at which each value is
    /// reached; nil: evenly spaced. In discrete mode there may be one more
    /// (the end of the last value's interval).
    public var keyTimes: [Double]?
    /// Eases each segment (values.count − 1 of them); nil: linear.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear

    public required init() { super.init() }

    override func copySettings(from o: Animation) {
        super.copySettings(from: o)
        guard let k = o as? KeyframeAnimation else { return }
        values = k.values; keyTimes = k.keyTimes; timingFunctions = k.timingFunctions
        calculationMode = k.calculationMode
    }

    override func value(at t: Double, underlying: AnimationValue) -> AnimationValue? {
        guard !values.isEmpty, let f = progress(at: t) else { return nil }
        return KeyframeEvaluation.value(of: self, at: f)
    }
}
