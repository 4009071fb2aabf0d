// Geometry: a stroke as polygons. Each centre-line piece becomes a quad per
// segment plus a convex polygon per join (miter, falling back to bevel past
// the miter limit; round as a fan; bevel) and per cap (butt adds nothing,
// square a box, round a half-disc fan). A chord of a flattened curve is
// the band between the curve's own normals at its two ends instead of the
// chord's (two triangles where a radius of curvature below half the width
// makes those normals cross inside it), the stroke of a curve being the
// union of its normals; on the outer side of the turn its edge is pushed
// out to the chord's own offset, and the round joins between chords stay,
// both farther out there. So an end cut inside a curve ends along the curve's normal, its cap
// facing along the curve's tangent (the chord's own ends would turn it by
// up to √(2 · tolerance / radius) and stick out past it on the inner side,
// most where half the width passes the radius). The style's join applies at the
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
        // The points without repeats, and per segment between them the curve it is a chord of.
        var pts: [Vec2] = [], smooth: [Bool] = [], spans: [CurveSpan?] = []
        for (i, (p, s)) in zip(piece.points, piece.smooth).enumerated() {
            // A repeated point is a corner if either copy is.
            if pts.last == p {
                smooth[smooth.count - 1] = smooth[smooth.count - 1] && s
            } else {
                if !pts.isEmpty { spans.append(piece.spans[i - 1]) }
                pts.append(p); smooth.append(s)
            }
        }
        var closed = piece.closed
        if closed, pts.count > 1, pts.first == pts.last {
            pts.removeLast()  // the segment into it closes the piece
            let lastSmooth = smooth.removeLast()
            smooth[0] = smooth[0] && lastSmooth
        } else if closed, pts.count > 1 {
            spans.append(piece.spans.last ?? nil)
        }
        if closed && pts.count < 2 { closed = false; spans = [] }
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
        // Per segment, the directions the path leaves its start and arrives
        // at its end in: the curve's tangents for a chord of a curve (unless
        // one turns against the chord, as beside a cusp), else the chord's.
        var ends: [(Vec2, Vec2)] = []
        for i in 0..<segCount {
            if i < spans.count, let c = spans[i], let t0 = c.tangent(at: c.t0, arriving: false),
               let t1 = c.tangent(at: c.t1, arriving: true), t0.dot(dirs[i]) > 0, t1.dot(dirs[i]) > 0 {
                ends.append((t0, t1))
            } else {
                ends.append((dirs[i], dirs[i]))
            }
        }
        for i in 0..<segCount {
            let a = pts[i], b = pts[(i + 1) % n], (t0, t1) = ends[i]
            let oa = perp(t0) * hw, ob = perp(t1) * hw
            let parts = band(a, b, oa, ob)
            // On the outer side of the curve's turn the chord's own offset
            // lies farther out than the chord of the offset curve (by up to
            // the width × the turn² / 16) and never past the end normals.
            let turn = t0.cross(t1)
            if turn == 0 {
                for poly in parts { add(poly) }
            } else {
                let side: Double = turn > 0 ? -1 : 1  // the outer side, along perp
                let o = perp(dirs[i]) * (side * hw)
                if parts.count == 1 && t0.dot(t1) > 0.9 {
                    // One polygon: the band, its outer edge pushed out to the chord's offset.
                    add([a - oa * side, b - ob * side, b + ob * side, b + o, a + o, a + oa * side])
                } else {
                    for poly in parts { add(poly) }
                    add([a, b, b + o, a + o])
                }
            }
            if points > limit { return false }
        }
        let joins = closed ? Array(0..<n) : Array(1..<(n - 1))
        for v in joins {
            // Where the path runs on smoothly (inside a flattened curve) the
            // turn is the flattening's: a round join between the chords
            // follows the curve. At a corner the segments meet in the path's
            // own directions (a curve's tangent).
            let prev = (v - 1 + segCount) % segCount, next = v % segCount
            let d0 = smooth[v] ? dirs[prev] : ends[prev].1, d1 = smooth[v] ? dirs[next] : ends[next].0
            add(join(at: pts[v], d0, d1, hw: hw, join: smooth[v] ? .round : style.lineJoin,
                     miterLimit: style.miterLimit, tolerance: tolerance))
            if points > limit { return false }
        }
        if !closed {
            add(cap(at: pts[0], direction: -ends[0].0, hw: hw, cap: style.lineCap, tolerance: tolerance))
            add(cap(at: pts[n - 1], direction: ends[segCount - 1].1, hw: hw, cap: style.lineCap, tolerance: tolerance))
        }
        return points <= limit
    }

    /// The band of the segment a → b between the normals `oa` at a and
    /// `ob` at b (half-width long): a quad, or where the two normals cross
    /// (a radius of curvature below half the width), the two triangles
    /// either side of the crossing.
    static func band(_ a: Vec2, _ b: Vec2, _ oa: Vec2, _ ob: Vec2) -> [[Vec2]] {
        let den = oa.cross(ob)
        if den != 0 {
            // a + oa·s = b + ob·u: the normals' lines meet there.
            let s = (b - a).cross(ob) / den, u = (b - a).cross(oa) / den
            if abs(s) < 1, abs(u) < 1 {
                let x = a + oa * s
                return [[a + oa, b + ob, x], [x, b - ob, a - oa]]
            }
        }
        return [[a + oa, b + ob, b - ob, a - oa]]
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
