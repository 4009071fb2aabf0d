// Geometry: the parts of a stroke that exist before any outline is built —
// strokeStart/strokeEnd trimming (fractions of the whole path length, all
// subpaths together, as CAShapeLayer measures them) and then dashing of
// what remains (each trimmed piece restarts the pattern at the phase, so
// dashes "apply after trimming"). On a closed piece (a subpath trimming left
// whole) the dash that runs into the end and the one that leaves the start
// are one dash, joined at the start point as at any other point of the path.
// Lengths are the path's own: a chord of a flattened curve counts the curve's
// arc length (its `CurveSpan`), and a cut inside a curve lands on the curve;
// the cut chord keeps its part of the curve, so the stroker ends it along
// the curve's normal and turns its cap with the curve's tangent there, not
// with the flattening's chord (MeasuredLine).

/// A piece of a stroke centre line, open or closed.
public struct StrokePiece: Hashable, Sendable {
    public var points: [Vec2]
    public var closed: Bool
    /// For a zero-length open piece (a dash of length 0): the direction
    /// its caps face; nil otherwise.
    public var direction: Vec2?
    /// Per point: whether the path runs on smoothly there (`Polyline.smooth`).
    public var smooth: [Bool]
    /// Per segment: the curve it is a chord of (`Polyline.spans`).
    public var spans: [CurveSpan?]
    public init(points: [Vec2], closed: Bool, direction: Vec2? = nil, smooth: [Bool]? = nil,
                spans: [CurveSpan?]? = nil) {
        self.points = points; self.closed = closed; self.direction = direction
        self.smooth = smooth ?? Array(repeating: false, count: points.count)
        let segments = Polyline.segmentCount(points: points.count, closed: closed)
        self.spans = spans ?? Array(repeating: nil, count: segments)
        precondition(self.smooth.count == points.count, "StrokePiece: one smooth flag per point")
        precondition(self.spans.count == segments, "StrokePiece: one span per segment")
    }

    /// The whole of `line`.
    init(_ line: Polyline) {
        self.init(points: line.points, closed: line.closed, smooth: line.smooth, spans: line.spans)
    }
}

public enum StrokeTrimming {
    /// The pieces of `lines` between the fractions `start` and `end` of
    /// their total length (nothing when start ≥ end, unless both are 0…1
    /// with start == 0 and end == 1 on a zero-length path).
    public static func trim(_ lines: [Polyline], start: Double, end: Double) -> [StrokePiece] {
        let s0 = min(max(start, 0), 1), s1 = min(max(end, 0), 1)
        if s0 <= 0 && s1 >= 1 { return lines.map { StrokePiece($0) } }
        guard s1 > s0 else { return [] }
        let measured = lines.map { MeasuredLine($0) }
        let total = measured.reduce(0) { $0 + $1.length }
        guard total > 0 else { return [] }
        let a = s0 * total, b = s1 * total
        var out: [StrokePiece] = []
        var offset = 0.0
        for (line, m) in zip(lines, measured) {
            let len = m.length
            defer { offset += len }
            let lo = max(a, offset), hi = min(b, offset + len)
            guard hi > lo else { continue }
            if lo <= offset && hi >= offset + len {
                out.append(StrokePiece(line))
            } else {
                out.append(m.extract(from: lo - offset, to: hi - offset))
            }
        }
        return out
    }

    /// Most dashes one stroke is split into; past it the rest of the
    /// stroke is left undrawn (a pattern far finer than a pixel would
    /// otherwise cost without bound).
    public static let maximumDashes = 50_000

    /// Splits each piece into the dashes of `pattern` (alternating on and
    /// off lengths) starting `phase` into the pattern. An empty or all-zero
    /// pattern leaves the pieces solid.
    ///
    /// On a closed piece, when a dash of non-zero length runs into the end
    /// and another leaves the start, the two are one open piece running
    /// through the start point (which keeps its smooth flag, so the stroke
    /// joins there with the line join at a corner, round on a curve), as
    /// Skia's dash effect and cairo's stroker draw it; when one dash covers
    /// the whole piece it stays closed (as if solid). A dash that only
    /// begins at the end (no length left) or a zero-length dash at the
    /// start or end joins nothing: the pieces there keep their caps.
    public static func dash(_ pieces: [StrokePiece], pattern: [Double], phase: Double) -> [StrokePiece] {
        let pat = pattern.map { max(0, $0) }
        var cycle = pat.reduce(0, +)
        if pat.count % 2 == 1 { cycle *= 2 }  // an odd pattern repeats with on/off swapped
        guard !pat.isEmpty, cycle > 0, cycle.isFinite else { return pieces }
        let full = pat.count % 2 == 1 ? pat + pat : pat
        var out: [StrokePiece] = []
        for piece in pieces {
            let line = MeasuredLine(Polyline(points: piece.points, closed: piece.closed, smooth: piece.smooth,
                                             spans: piece.spans))
            let len = line.length
            guard len > 0 else { out.append(piece); continue }
            // Where the pattern stands at arc length 0.
            var p = phase.truncatingRemainder(dividingBy: cycle)
            if p < 0 { p += cycle }
            var index = 0
            while p > 0 && p >= full[index] {  // ends: p < cycle = sum(full)
                p -= full[index]; index = (index + 1) % full.count
            }
            var s = -p
            var guardCount = 0
            // The dash leaving the start (its index in `out` and where it
            // ends) and the one running into the end (index, where it starts).
            var first: (index: Int, end: Double)?, last: (index: Int, start: Double)?
            while s <= len && guardCount < 4 * maximumDashes && out.count < maximumDashes {
                let segEnd = s + full[index]
                if index % 2 == 0 {
                    let lo = max(s, 0), hi = min(segEnd, len)
                    if hi > lo {
                        if lo == 0, first == nil { first = (out.count, hi) }
                        if hi == len { last = (out.count, lo) }
                        out.append(line.extract(from: lo, to: hi))
                    } else if full[index] == 0, s >= 0, s <= len {
                        out.append(line.extract(from: s, to: s))  // a dot: caps only
                    }
                }
                s = segEnd
                index = (index + 1) % full.count
                guardCount += 1
            }
            if piece.closed, let first, let last {
                if first.index == last.index {
                    out[first.index] = piece  // one dash all the way round: as if solid
                } else {
                    out[first.index] = line.extract(from: last.start, to: len + first.end, wrapping: true)
                    out.remove(at: last.index)
                }
            }
        }
        return out
    }
}
