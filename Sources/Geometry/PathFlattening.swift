// Geometry: open-aware flattening of paths into polylines, for filling and
// stroking shape layers. `Path.polylines` closes every subpath (all a fill
// needs); a stroke must know which subpaths were closed with `Z`, because
// only those get a join where they end instead of two caps. The tolerance is
// in the path's own units: callers pass pixels ÷ (local → pixel scale) so
// curves stay smooth at any zoom. Each point also says whether the path
// turns a corner there or runs on smoothly (a point inside a flattened
// curve, or two segments meeting on one tangent): a stroke applies its
// lineJoin only at corners (Stroker).

/// One flattened subpath.
public struct Polyline: Hashable, Sendable {
    /// The points; a closed polyline does not repeat its first point at the end.
    public var points: [Vec2]
    /// True when the subpath ended with `close`.
    public var closed: Bool
    /// Per point: true where the path's direction is continuous (a vertex
    /// inside a flattened curve, or segments meeting on one tangent), so the
    /// turn there is the flattening's, not a corner of the path. A stroke
    /// joins such points round, which follows the curve; a miter there would
    /// reach out along the chords (past the stroke of a tight curve, such
    /// as the tip of a very flat ellipse). End points of an open polyline
    /// are false.
    public var smooth: [Bool]
    /// Per segment (point i to point i + 1, and for a closed polyline last
    /// to first): the piece of the curve the segment is a chord of, nil
    /// for a straight segment. Trimming and dashing measure and cut curves
    /// by these (StrokeTrimming).
    public var spans: [CurveSpan?]
    /// A polyline whose every point is a corner unless `smooth` says
    /// otherwise, and whose segments are straight unless `spans` says otherwise.
    public init(points: [Vec2], closed: Bool, smooth: [Bool]? = nil, spans: [CurveSpan?]? = nil) {
        self.points = points; self.closed = closed
        self.smooth = smooth ?? Array(repeating: false, count: points.count)
        let segments = Self.segmentCount(points: points.count, closed: closed)
        self.spans = spans ?? Array(repeating: nil, count: segments)
        precondition(self.smooth.count == points.count, "Polyline: one smooth flag per point")
        precondition(self.spans.count == segments, "Polyline: one span per segment")
    }

    /// Segments of a polyline of `points` points.
    static func segmentCount(points: Int, closed: Bool) -> Int {
        closed && points > 1 ? points : max(points - 1, 0)
    }

    /// Total length, the closing segment included when closed: a chord of
    /// a curve counts the curve's arc length between its ends.
    public var length: Double {
        var s = 0.0
        for i in spans.indices { s += segmentLength(i) }
        return s
    }

    /// The length of segment `i`: its span's arc length, else the chord's.
    func segmentLength(_ i: Int) -> Double {
        if let c = spans[i] { return c.length }
        return (points[(i + 1) % points.count] - points[i]).length
    }
}

public extension Path {
    /// Flattens the path into polylines, one per subpath, keeping whether
    /// each was closed; curves are subdivided until within `tolerance` of
    /// the true curve. Consecutive duplicate points are dropped; a subpath
    /// made of one point only is kept when it has a drawing command (a
    /// zero-length stroke may still draw caps); a lone move is dropped.
    /// With `tangentEnds` (for strokes), each curve's first and last chord
    /// run along the curve's own tangents there: a point a quarter of the
    /// tolerance along each end tangent is added, so a join at a corner
    /// between a curve and the next segment turns by the true angle (a
    /// miter's length and its limit depend on it), not by the chords'.
    func subpaths(tolerance: Double, tangentEnds: Bool = false) -> [Polyline] {
        var out: [Polyline] = []
        var cur: [Vec2] = [], smooth: [Bool] = [], spans: [CurveSpan?] = []
        var p = Vec2.zero, start = Vec2.zero
        var started = false, drew = false
        // The direction the path leaves the subpath's first point in, and
        // the direction it arrives at the current point in (nil: none yet).
        var firstTangent: Vec2?, lastTangent: Vec2?, hasFirst = false
        // Appends the points of one segment from the current point `p`,
        // leaving along `t0` and arriving along `t1` (nil where the
        // direction is not a number: never smooth); the inner points of a
        // curve are smooth, and its chords keep where they lie on it
        // (`curve` at the points' parameters `params`). A segment that goes
        // nowhere adds nothing.
        func segment(_ pts: [Vec2], leaving t0: Vec2?, arriving t1: Vec2?, curve: CurveSpan? = nil,
                     params: [Double] = []) {
            var added = false
            var from = 0.0  // the parameter of the last point added
            for (i, q) in pts.enumerated() where cur.last != q {
                if !added {
                    // The segment's first point out of `p`: whether `p` is a corner.
                    smooth[smooth.count - 1] = Self.sameDirection(lastTangent, t0)
                    if !hasFirst { firstTangent = t0; hasFirst = true }
                    added = true
                }
                cur.append(q)
                smooth.append(curve != nil && i < pts.count - 1)
                spans.append(curve.map { $0.with(t0: from, t1: params[i]) })
                if curve != nil { from = params[i] }
            }
            if added { lastTangent = t1 }
        }
        func flush(closed: Bool) {
            if started && drew {
                var pts = cur, flags = smooth
                // Whether the subpath's last segment ended on its start (else a closing line is implied).
                let endsAtStart = pts.count > 1 && pts.first == pts.last
                var segs = spans
                if closed, endsAtStart { pts.removeLast(); flags.removeLast() }
                let isClosed = closed && pts.count > 1
                if isClosed, !endsAtStart { segs.append(nil) }  // the closing line
                if isClosed {
                    // The join where the subpath closes: the last segment (the
                    // closing line, or the segment that ended on the start) into the first.
                    if endsAtStart {
                        flags[0] = Self.sameDirection(lastTangent, firstTangent)
                    } else {
                        let t = (pts[0] - pts[pts.count - 1]).normalizedOrNil
                        flags[flags.count - 1] = Self.sameDirection(lastTangent, t)
                        flags[0] = Self.sameDirection(t, firstTangent)
                    }
                } else {
                    flags[0] = false
                    flags[flags.count - 1] = false
                }
                out.append(Polyline(points: pts, closed: isClosed, smooth: flags, spans: segs))
            }
            cur = []; smooth = []; spans = []; started = false; drew = false
            firstTangent = nil; lastTangent = nil; hasFirst = false
        }
        func begin() { if !started { cur = [p]; smooth = [false]; spans = []; started = true }; drew = true }
        // Appends a curve's flattened points `pts` at parameters `params`,
        // `controls` being its control points from the current point to its end.
        func curve(_ pts: [Vec2], params: [Double], controls: [Vec2]) {
            let t0 = Self.endTangent(controls), t1 = Self.endTangent(controls.reversed()).map { -$0 }
            let span = controls.count == 3
                ? CurveSpan.quadratic(controls[0], controls[1], controls[2], t0: 0, t1: 1)
                : CurveSpan(controls[0], controls[1], controls[2], controls[3], t0: 0, t1: 1)
            var out = (pts, params)
            if tangentEnds { out = Self.alongTangents(pts, params: params, on: span, t0, t1, step: tolerance / 4) }
            segment(out.0, leaving: t0, arriving: t1, curve: span, params: out.1)
        }
        for e in elements {
            switch e {
            case .move(let q):
                flush(closed: false); p = q; start = q; cur = [q]; smooth = [false]; spans = []; started = true
            case .line(let q):
                begin()
                let t = (q - p).normalizedOrNil
                segment([q], leaving: t, arriving: t)
                p = q
            case .quad(let c, let q):
                begin()
                let n = Self.flatteningSteps(p, c, c, q, tolerance, quadratic: true)
                var pts: [Vec2] = [], params: [Double] = []
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    pts.append(p * (u * u) + c * (2 * u * t) + q * (t * t)); params.append(t)
                }
                curve(pts, params: params, controls: [p, c, q])
                p = q
            case .cubic(let c1, let c2, let q):
                begin()
                let n = Self.flatteningSteps(p, c1, c2, q, tolerance, quadratic: false)
                var pts: [Vec2] = [], params: [Double] = []
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = p * (u * u * u) + c1 * (3 * u * u * t)
                    pts.append(a + c2 * (3 * u * t * t) + q * (t * t * t)); params.append(t)
                }
                curve(pts, params: params, controls: [p, c1, c2, q])
                p = q
            case .close:
                begin(); flush(closed: true); p = start
            }
        }
        flush(closed: false)
        return out
    }

    /// The flattened points `pts` of the curve `span` (at its parameters
    /// `params`, the last being its end point 1) with a point `step` along
    /// each end tangent added, where the neighbouring point is farther than
    /// twice that. The added points lie within curvature × step² / 2 of the
    /// curve; each gets the parameter `step` along the curve from its end.
    static func alongTangents(_ pts: [Vec2], params: [Double], on span: CurveSpan, _ t0: Vec2?, _ t1: Vec2?,
                              step: Double) -> ([Vec2], [Double]) {
        guard let q = pts.last, step > 0, step.isFinite else { return (pts, params) }
        let p = span.p0
        var out = pts, ts = params
        if let t1, (q - (pts.count > 1 ? pts[pts.count - 2] : p)).length > 2 * step {
            let before = pts.count > 1 ? params[params.count - 2] : 0
            let piece = span.with(t0: before, t1: 1)
            out.insert(q - t1 * step, at: out.count - 1)
            ts.insert(piece.parameter(atLength: max(0, piece.length - step)), at: ts.count - 1)
        }
        if let t0, (out[0] - p).length > 2 * step {
            out.insert(p + t0 * step, at: 0)
            ts.insert(span.with(t0: 0, t1: ts[0]).parameter(atLength: step), at: 0)
        }
        return (out, ts)
    }

    /// The unit direction a Bézier curve leaves its first control point
    /// in: toward the first control point that differs from it (nil when
    /// all coincide, a curve that draws nothing).
    static func endTangent(_ controls: [Vec2]) -> Vec2? {
        for c in controls.dropFirst() { if let t = (c - controls[0]).normalizedOrNil { return t } }
        return nil
    }

    /// Whether unit directions `a` (arriving) and `b` (leaving) are one
    /// tangent: within 0.01 radian (0.57°). Joins of any style differ from
    /// a round one by under w·θ²/8 there (w/80,000 of the line width).
    static func sameDirection(_ a: Vec2?, _ b: Vec2?) -> Bool {
        guard let a, let b else { return false }
        return a.dot(b) > 0 && abs(a.cross(b)) < 0.01
    }

    /// Segments needed so a uniform subdivision stays within `tol`
    /// (the classic bound from the second differences of the control polygon).
    static func flatteningSteps(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ d: Vec2, _ tol: Double,
                                quadratic: Bool) -> Int {
        let dd: Double
        let k: Double
        if quadratic {
            dd = (a - b * 2 + d).length; k = 0.25
        } else {
            dd = max((a - b * 2 + c).length, (b - c * 2 + d).length); k = 0.75
        }
        let t = max(tol, 1e-9)
        let n = (dd * k / t).squareRoot().rounded(.up)
        guard n.isFinite else { return 1024 }
        return Int(clamping: n, to: 1...1024)
    }

    /// A rounded rectangle with its own radius per corner — top-left,
    /// top-right, bottom-right, bottom-left — clockwise from the top edge.
    /// Radii are made non-negative, then all scaled down together (as CSS
    /// does) where two on one side would overlap. A side the radii fill
    /// (scaled to fit, their sum equals it up to rounding) has no straight
    /// segment: it would be a few ulps long, sometimes pointing backwards,
    /// and a stroke would join that reversal at a square corner next to it
    /// (the miter's outer square lost; CornerRadiiStrokeTests).
    static func roundedRect(_ r: Rect, radii: [Double]) -> Path {
        precondition(radii.count == 4, "roundedRect(_:radii:) takes 4 radii")
        var rad = radii.map { max(0, $0.isFinite ? $0 : 0) }
        var f = 1.0
        let sides = [(rad[0] + rad[1], r.width), (rad[1] + rad[2], r.height),
                     (rad[2] + rad[3], r.width), (rad[3] + rad[0], r.height)]
        for (sum, len) in sides where sum > len { f = min(f, sum > 0 ? len / sum : 1) }
        rad = rad.map { $0 * f }
        if rad.allSatisfy({ $0 == 0 }) { return rect(r) }
        let k = 0.5522847498307936
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        let (tl, tr, br, bl) = (rad[0], rad[1], rad[2], rad[3])
        // A straight side only where it is longer than rounding (relative to the rect's size).
        let tiny = 1e-9 * max(r.width, r.height)
        var e: [PathElement] = [.move(Vec2(x0 + tl, y0))]
        if (x1 - tr) - (x0 + tl) > tiny { e.append(.line(Vec2(x1 - tr, y0))) }
        if tr > 0 { e.append(.cubic(Vec2(x1 - tr + k * tr, y0), Vec2(x1, y0 + tr - k * tr), Vec2(x1, y0 + tr))) }
        if (y1 - br) - (y0 + tr) > tiny { e.append(.line(Vec2(x1, y1 - br))) }
        if br > 0 { e.append(.cubic(Vec2(x1, y1 - br + k * br), Vec2(x1 - br + k * br, y1), Vec2(x1 - br, y1))) }
        if (x1 - br) - (x0 + bl) > tiny { e.append(.line(Vec2(x0 + bl, y1))) }
        if bl > 0 { e.append(.cubic(Vec2(x0 + bl - k * bl, y1), Vec2(x0, y1 - bl + k * bl), Vec2(x0, y1 - bl))) }
        if (y1 - bl) - (y0 + tl) > tiny { e.append(.line(Vec2(x0, y0 + tl))) }
        if tl > 0 { e.append(.cubic(Vec2(x0, y0 + tl - k * tl), Vec2(x0 + tl - k * tl, y0), Vec2(x0 + tl, y0))) }
        e.append(.close)
        return Path(e)
    }
}
