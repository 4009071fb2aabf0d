// Geometry: a stroke's centre line measured along its length, for cutting
// pieces out of it (StrokeTrimming). A chord of a flattened curve measures
// the curve's arc length between its ends, and a cut inside it lands on the
// curve at the parameter of that arc length; the piece's end segments keep
// the part of the curve they span, so the stroker ends them along the
// curve's own normal there and turns their caps with its tangent.

struct MeasuredLine {
    /// The line unrolled as an open sequence of points (a closed line ends
    /// on its first point again), with its flags and its segments' spans.
    let points: [Vec2], smooth: [Bool], spans: [CurveSpan?]
    let closed: Bool
    /// Per point of `points`: the length along the line up to it.
    let along: [Double]

    init(_ line: Polyline) {
        var pts = line.points, flags = line.smooth
        if line.closed, let f = pts.first { pts.append(f); flags.append(flags[0]) }
        points = pts; smooth = flags; spans = line.spans; closed = line.closed
        var acc = 0.0, along = pts.isEmpty ? [] : [0.0]
        for i in line.spans.indices { acc += line.segmentLength(i); along.append(acc) }
        self.along = along
    }

    private init(points: [Vec2], smooth: [Bool], spans: [CurveSpan?], along: [Double]) {
        self.points = points; self.smooth = smooth; self.spans = spans; self.along = along; closed = false
    }

    /// The total length.
    var length: Double { along.last ?? 0 }

    /// A closed line followed round twice from its start, as one open line.
    var twice: MeasuredLine {
        guard closed else { return self }
        let len = length
        return MeasuredLine(points: points + points.dropFirst(), smooth: smooth + smooth.dropFirst(),
                            spans: spans + spans, along: along + along.dropFirst().map { $0 + len })
    }

    /// The first segment of non-zero length that ends past `s` (`strictly`)
    /// or at or past it; the last such segment when none does.
    func segment(at s: Double, strictly: Bool) -> Int? {
        var lo = 0, hi = spans.count  // the first segment whose end passes s is in lo…hi
        while lo < hi {
            let mid = (lo + hi) / 2
            if strictly ? along[mid + 1] > s : along[mid + 1] >= s { hi = mid } else { lo = mid + 1 }
        }
        var k = lo
        while k < spans.count, along[k + 1] <= along[k] { k += 1 }  // skip zero-length segments
        if k < spans.count { return k }
        return spans.indices.last { along[$0 + 1] > along[$0] }
    }

    /// The point at length `s` inside segment `k`, its parameter on the
    /// segment's curve (if any) and the direction the line runs in there
    /// (arriving at the point, or leaving it).
    func cut(_ k: Int, at s: Double, arriving: Bool) -> (point: Vec2, t: Double, direction: Vec2?) {
        let p = points[k], q = points[k + 1]
        let local = s - along[k], len = along[k + 1] - along[k]
        guard let c = spans[k] else {
            let f = len > 0 ? min(max(local / len, 0), 1) : 0
            return (local >= len ? q : p + (q - p) * f, 0, (q - p).normalizedOrNil)
        }
        let t = local <= 0 ? c.t0 : local >= len ? c.t1 : c.parameter(atLength: local, total: len)
        let point = local <= 0 ? p : local >= len ? q : c.point(t)
        return (point, t, c.tangent(at: t, arriving: arriving) ?? (q - p).normalizedOrNil)
    }

    /// The open piece between lengths `a` ≤ `b`. Points inside it keep
    /// their smooth flags; its ends are cut there (caps, not joins). With
    /// `wrapping`, a closed line is followed round twice, so `b` may pass
    /// its length: the piece then runs on through the start point (an inner
    /// point, with its own flag).
    func extract(from a: Double, to b: Double, wrapping: Bool = false) -> StrokePiece {
        if wrapping && closed { return twice.extract(from: a, to: b) }
        guard let j = segment(at: b, strictly: false) else { return StrokePiece(points: [], closed: false) }
        if b <= a {
            let c = cut(j, at: a, arriving: false)
            return StrokePiece(points: [c.point], closed: false, direction: c.direction)
        }
        let i = segment(at: a, strictly: true) ?? j
        let start = cut(i, at: a, arriving: false), end = cut(j, at: b, arriving: true)
        var out = [start.point], flags = [false], segs: [CurveSpan?] = []
        // The segment from the previous point to `q` lies on `span`.
        func add(_ q: Vec2, _ flag: Bool, _ span: CurveSpan?) {
            if q == out.last { return }
            out.append(q); flags.append(flag); segs.append(span)
        }
        if i == j {
            add(end.point, false, spans[i]?.with(t0: start.t, t1: end.t))
        } else {
            add(points[i + 1], smooth[i + 1], spans[i].map { $0.with(t0: start.t, t1: $0.t1) })
            for k in (i + 1)..<j { add(points[k + 1], smooth[k + 1], spans[k]) }
            add(end.point, false, spans[j].map { $0.with(t0: $0.t0, t1: end.t) })
        }
        flags[flags.count - 1] = false
        if out.count == 1 { return StrokePiece(points: out, closed: false, direction: start.direction) }
        return StrokePiece(points: out, closed: false, smooth: flags, spans: segs)
    }
}
