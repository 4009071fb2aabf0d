// Geometry: a stroke as polygons. Each centre-line piece becomes a quad per
// segment plus a convex polygon per join (miter, falling back to bevel past
// the miter limit; round as a fan; bevel) and per cap (butt adds nothing,
// square a box, round a half-disc fan). The style's join applies at the
// path's corners only: where the centre line runs on smoothly (the inner
// points of a flattened curve, `Polyline.smooth`) the join is round, so the
// stroke is the band within half the line width of the curve (a miter
// between the chords of a tight curve would spike out). All polygons are
// oriented the same way, so filling them together with the non-zero rule
// gives their union: overlaps (joins over segments, a path crossing itself)
// never blend twice.
// Building one exact offset outline instead would need a polygon union of
// its own; the trapezoid sweep already does that work.

import Foundation

/// The geometry of a stroke (CAShapeLayer's properties).
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var dashPattern: [Double]
    public var dashPhase: Double
    public var strokeStart: Double
    public var strokeEnd: Double
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0,
                strokeStart: Double = 0, strokeEnd: Double = 1) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dashPattern = dashPattern; self.dashPhase = dashPhase
        self.strokeStart = strokeStart; self.strokeEnd = strokeEnd
    }
}

public enum Stroker {
    /// The polygons whose non-zero union is the stroke of `lines`.
    /// `tolerance` bounds the error of round joins and caps (path units).
    public static func outline(_ lines: [Polyline], style: StrokeStyle, tolerance: Double) -> [[Vec2]] {
        var out: [[Vec2]] = [], points = 0
        _ = outline(lines, style: style, tolerance: tolerance, into: &out, points: &points, limit: .max)
        return out
    }

    /// `outline`, refused as `Trapezoids.TooComplex` as soon as its polygons
    /// have more vertices than `Trapezoids.decomposeChecked` accepts within
    /// `budget`: that refusal would come anyway (the sweep counts the same
    /// vertices; only an outline whose every vertex is infinite, which
    /// draws nothing, was returned empty instead), and a wide round-joined
    /// or finely dashed stroke of a long path would first build tens of
    /// millions of vertices (gigabytes) to be refused.
    public static func outlineChecked(_ lines: [Polyline], style: StrokeStyle, tolerance: Double,
                                      budget: Int = Trapezoids.maximumWork) throws -> [[Vec2]] {
        var out: [[Vec2]] = [], points = 0
        let limit = Trapezoids.maximumVertices(budget: budget)
        guard outline(lines, style: style, tolerance: tolerance, into: &out, points: &points, limit: limit) else {
            throw Trapezoids.TooComplex(edges: points, budget: budget, edgesAreLowerBound: true)
        }
        return out
    }

    /// Appends the stroke's polygons to `out`, counting their vertices in
    /// `points`; false (stopped) once `points` passes `limit`.
    static func outline(_ lines: [Polyline], style: StrokeStyle, tolerance: Double,
                        into out: inout [[Vec2]], points: inout Int, limit: Int) -> Bool {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return true }
        var pieces = StrokeTrimming.trim(lines, start: style.strokeStart, end: style.strokeEnd)
        pieces = StrokeTrimming.dash(pieces, pattern: style.dashPattern, phase: style.dashPhase)
        for p in pieces {
            guard outline(p, style: style, tolerance: tolerance, into: &out, points: &points, limit: limit) else {
                return false
            }
        }
        return true
    }

    static func outline(_ piece: StrokePiece, style: StrokeStyle, tolerance: Double, into out: inout [[Vec2]],
                        points: inout Int, limit: Int) -> Bool {
        let hw = style.lineWidth / 2
        var pts: [Vec2] = [], smooth: [Bool] = []
        for (p, s) in zip(piece.points, piece.smooth) {
            // A repeated point is a corner if either copy is.
            if pts.last == p { smooth[smooth.count - 1] = smooth[smooth.count - 1] && s } else { pts.append(p); smooth.append(s) }
        }
        var closed = piece.closed
        if closed, pts.count > 1, pts.first == pts.last {
            pts.removeLast()
            let lastSmooth = smooth.removeLast()
            smooth[0] = smooth[0] && lastSmooth
        }
        if closed && pts.count < 2 { closed = false }
        func add(_ poly: [Vec2]) {
            guard poly.count >= 3 else { return }
            var a = 0.0
            for i in poly.indices { a += poly[i].cross(poly[(i + 1) % poly.count]) }
            guard abs(a) > 1e-12 * max(1, hw * hw) else { return }
            out.append(a > 0 ? poly : poly.reversed())
            points += poly.count
        }
        if pts.count == 1 {
            // A zero-length piece: only square and round caps draw (a dot).
            guard style.lineCap != .butt else { return true }
            let d = piece.direction ?? Vec2(1, 0)
            add(cap(at: pts[0], direction: -d, hw: hw, cap: style.lineCap, tolerance: tolerance)
                + cap(at: pts[0], direction: d, hw: hw, cap: style.lineCap, tolerance: tolerance))
            return points <= limit
        }
        guard pts.count >= 2 else { return true }
        let n = pts.count
        let segCount = closed ? n : n - 1
        var dirs: [Vec2] = []
        for i in 0..<segCount {
            let a = pts[i], b = pts[(i + 1) % n]
            let d = b - a
            dirs.append(d * (1 / d.length))
        }
        for i in 0..<segCount {
            let a = pts[i], b = pts[(i + 1) % n]
            let o = perp(dirs[i]) * hw
            add([a + o, b + o, b - o, a - o])
            if points > limit { return false }
        }
        let joins = closed ? Array(0..<n) : Array(1..<(n - 1))
        for v in joins {
            let d0 = dirs[(v - 1 + segCount) % segCount], d1 = dirs[v % segCount]
            // Where the path runs on smoothly (inside a flattened curve) the
            // turn is the flattening's: a round join follows the curve.
            add(join(at: pts[v], d0, d1, hw: hw, join: smooth[v] ? .round : style.lineJoin,
                     miterLimit: style.miterLimit, tolerance: tolerance))
            if points > limit { return false }
        }
        if !closed {
            add(cap(at: pts[0], direction: -dirs[0], hw: hw, cap: style.lineCap, tolerance: tolerance))
            add(cap(at: pts[n - 1], direction: dirs[segCount - 1], hw: hw, cap: style.lineCap, tolerance: tolerance))
        }
        return points <= limit
    }

    /// The left normal (−y, x) of a unit direction.
    static func perp(_ d: Vec2) -> Vec2 { Vec2(-d.y, d.x) }

    /// The join polygon at `p` between incoming direction `d0` and outgoing `d1` (unit vectors).
    static func join(at p: Vec2, _ d0: Vec2, _ d1: Vec2, hw: Double, join: LineJoin, miterLimit: Double,
                     tolerance: Double) -> [Vec2] {
        let cross = d0.cross(d1), dot = d0.dot(d1)
        if abs(cross) < 1e-12 && dot > 0 { return [] }  // straight on
        let s: Double = cross > 0 ? -1 : 1  // the outer side
        let o0 = perp(d0) * (s * hw), o1 = perp(d1) * (s * hw)
        switch join {
        case .bevel:
            return [p, p + o0, p + o1]
        case .miter:
            // The miter tip is p + m, |m| / hw = 1 / cos(θ/2) = the miter ratio.
            let denom = 1 + dot
            if denom > 1e-12 {
                let m = (o0 + o1) * (1 / denom)
                if m.length / hw <= miterLimit { return [p, p + o0, p + m, p + o1] }
            }
            return [p, p + o0, p + o1]
        case .round:
            return [p] + arc(center: p, from: o0, sweep: -s * turnAngle(d0, d1), tolerance: tolerance)
        }
    }

    /// The angle (0…π) the direction turns by.
    static func turnAngle(_ d0: Vec2, _ d1: Vec2) -> Double {
        atan2(abs(d0.cross(d1)), d0.dot(d1))
    }

    /// The cap polygon at the end point `p` of a line leaving in `direction`.
    static func cap(at p: Vec2, direction d: Vec2, hw: Double, cap: LineCap, tolerance: Double) -> [Vec2] {
        let o = perp(d) * hw
        switch cap {
        case .butt: return []
        case .square: return [p + o, p + o + d * hw, p - o + d * hw, p - o]
        case .round: return arc(center: p, from: o, sweep: -Double.pi, tolerance: tolerance)
        }
    }

    /// Points on the circle around `center` from `center + from`, turning
    /// by `sweep` radians (sign: direction), end points included, with
    /// chords within `tolerance` of the arc.
    static func arc(center: Vec2, from v: Vec2, sweep: Double, tolerance: Double) -> [Vec2] {
        let r = v.length
        guard r > 0 else { return [center] }
        let t = min(max(tolerance, r * 1e-6), r)
        let step = 2 * acos(1 - t / r)
        let n = Int(clamping: (abs(sweep) / max(step, 1e-3)).rounded(.up), to: 1...256)
        var out: [Vec2] = []
        for i in 0...n {
            let a = sweep * Double(i) / Double(n)
            let c = cos(a), s = sin(a)
            out.append(center + Vec2(v.x * c - v.y * s, v.x * s + v.y * c))
        }
        return out
    }
}
