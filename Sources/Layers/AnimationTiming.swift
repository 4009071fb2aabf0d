// Layers: CAMediaTiming's arithmetic — from a layer time to an animation's
// eased progress through its current iteration: begin time, speed, time
// offset, repeat count or duration, autoreverse, fill mode and the timing
// function, in Core Animation's order.

extension Animation {
    /// Core Animation's default duration, used when `duration` is 0.
    public static let defaultDuration = 0.25

    /// One iteration forwards.
    var effectiveDuration: Double { duration > 0 ? duration : Animation.defaultDuration }

    /// One iteration including its way back when autoreversing.
    var cycleDuration: Double { effectiveDuration * (autoreverses ? 2 : 1) }

    /// Local time from the start to the end (infinite when repeating forever).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount.isInfinite { return .infinity }
        return cycleDuration * (repeatCount > 0 ? repeatCount : 1)
    }

    /// The layer time the active interval ends (infinite if it never does).
    public var endTime: Double {
        guard speed > 0 else { return .infinity }
        return beginTime + activeDuration / speed
    }

    /// The eased progress (0 at the start value, 1 at the end; custom curves
    /// may overshoot) at layer time `t`, or nil when the animation does not
    /// apply at `t` (outside its active interval and not filling).
    public func progress(at t: Double) -> Double? {
        let active = activeDuration
        var a = speed == 0 ? 0 : (t - beginTime) * speed
        var atEnd = false
        if a < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            a = 0
        } else if a >= active {
            guard !isRemovedOnCompletion, fillMode == .forwards || fillMode == .both else { return nil }
            a = active
            atEnd = true
        }
        let d = effectiveDuration, cycle = cycleDuration
        let local = a + timeOffset
        var inCycle = local.truncatingRemainder(dividingBy: cycle)
        if inCycle < 0 { inCycle += cycle }
        // Ending exactly on an iteration boundary shows that iteration's end, not the next one's start.
        if atEnd && inCycle == 0 && local != 0 { inCycle = cycle }
        var f = inCycle / d
        if f > 1 { f = 2 - f }  // the way back of an autoreversing iteration
        return timingFunction.map { $0(f) } ?? f
    }
}
