// Layers: where a keyframe animation is at a given progress — which
// segment of its values, how far into it (after that segment's timing
// function), and the value there for each calculation mode.

enum KeyframeEvaluation {
    /// The value of `k` at overall progress `f` (already eased by `k.timingFunction`).
    static func value(of k: KeyframeAnimation, at f: Double) -> AnimationValue {
        let v = k.values
        let n = v.count
        if n == 1 { return v[0] }
        switch k.calculationMode {
        case .discrete:
            let times = k.keyTimes ?? (0..<n).map { Double($0) / Double(n) }
            var i = 0
            while i + 1 < n && i + 1 < times.count && f >= times[i + 1] { i += 1 }
            if f >= 1 { i = n - 1 }
            return v[i]
        case .paced:
            let (i, s) = segment(pacedTimes(v), f)
            return between(v[i], v[i + 1], s)
        case .linear, .cubic:
            let times = k.keyTimes?.count == n ? k.keyTimes! : (0..<n).map { Double($0) / Double(n - 1) }
            var (i, s) = segment(times, f)
            // A segment's curve maps 0…1; beyond (an overshooting timingFunction) the segment
            // extrapolates straight, as with no curve, so an explicit "linear" is the default.
            if let tf = k.timingFunctions, !tf.isEmpty, (0...1).contains(s) { s = tf[min(i, tf.count - 1)](s) }
            if k.calculationMode == .cubic, let c = catmullRom(v, i, s) { return c }
            return between(v[i], v[i + 1], s)
        }
    }

    /// The value a fraction `s` through the segment from `a` to `b`; values that do not
    /// interpolate (booleans, paths of different shapes, transforms that do not decompose)
    /// switch at the key time that ends the segment, not half-way (docs/scene-format.md).
    static func between(_ a: AnimationValue, _ b: AnimationValue, _ s: Double) -> AnimationValue {
        AnimationMath.mix(a, b, s) ?? (s >= 1 ? b : a)
    }

    /// Key times proportional to the distance travelled along the values.
    static func pacedTimes(_ v: [AnimationValue]) -> [Double] {
        var acc = [0.0]
        for i in 1..<v.count { acc.append(acc[i - 1] + AnimationMath.distance(v[i - 1], v[i])) }
        let total = acc.last!
        guard total > 0 else { return (0..<v.count).map { Double($0) / Double(v.count - 1) } }
        return acc.map { $0 / total }
    }

    /// The segment (index of its first value) containing `f`, and the fraction of the way through it.
    /// Progress outside 0…1 (an overshooting curve) extrapolates the first or last segment.
    static func segment(_ times: [Double], _ f: Double) -> (Int, Double) {
        let last = times.count - 2
        var i = 0
        while i < last && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        return (i, span > 0 ? (f - times[i]) / span : 1)
    }

    /// A Catmull-Rom spline through the values (end tangents from duplicated end points);
    /// nil when the values are not vectors of the same size.
    static func catmullRom(_ v: [AnimationValue], _ i: Int, _ s: Double) -> AnimationValue? {
        let p0c = v[max(i - 1, 0)].components, p1c = v[i].components
        let p2c = v[i + 1].components, p3c = v[min(i + 2, v.count - 1)].components
        guard let p0 = p0c, let p1 = p1c, let p2 = p2c, let p3 = p3c,
              Set([p0.count, p1.count, p2.count, p3.count]).count == 1 else { return nil }
        let s2 = s * s, s3 = s2 * s
        let out = (0..<p1.count).map { j -> Double in
            let a = 2 * p1[j], b = p2[j] - p0[j]
            let c = 2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]
            let d = -p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]
            return 0.5 * (a + b * s + c * s2 + d * s3)
        }
        return v[i].with(components: out)
    }
}
