// Geometry: open-aware flattening of paths into polylines, for filling and
// stroking shape layers. `Path.polylines` closes every subpath (all a fill
// needs); a stroke must know which subpaths were closed with `Z`, because
// only those get a join where they end instead of two caps. The tolerance is
// in the path's own units: callers pass pixels ÷ (local → pixel scale) so
// curves stay smooth at any zoom.

/// One flattened subpath.
public struct Polyline: Hashable, Sendable {
    /// The points; a closed polyline does not repeat its first point at the end.
    public var points: [Vec2]
    /// True when the subpath ended with `close`.
    public var closed: Bool
    public init(points: [Vec2], closed: Bool) { self.points = points; self.closed = closed }

    /// Total length, the closing segment included when closed.
    public var length: Double {
        var s = 0.0
        for i in points.indices.dropFirst() { s += (points[i] - points[i - 1]).length }
        if closed, let f = points.first, let l = points.last { s += (f - l).length }
        return s
    }
}

public extension Path {
    /// Flattens the path into polylines, one per subpath, keeping whether
    /// each was closed; curves are subdivided until within `tolerance` of
    /// the true curve. Consecutive duplicate points are dropped; a subpath
    /// made of one point only is kept when it has a drawing command (a
    /// zero-length stroke may still draw caps); a lone move is dropped.
    func subpaths(tolerance: Double) -> [Polyline] {
        var out: [Polyline] = []
        var cur: [Vec2] = []
        var p = Vec2.zero, start = Vec2.zero
        var started = false, drew = false
        func add(_ q: Vec2) {
            if let l = cur.last, l == q { return }
            cur.append(q)
        }
        func flush(closed: Bool) {
            if started && drew {
                var pts = cur
                if closed, pts.count > 1, pts.first == pts.last { pts.removeLast() }
                out.append(Polyline(points: pts, closed: closed && pts.count > 1))
            }
            cur = []; started = false; drew = false
        }
        func begin() { if !started { cur = [p]; started = true }; drew = true }
        for e in elements {
            switch e {
            case .move(let q):
                flush(closed: false); p = q; start = q; cur = [q]; started = true
            case .line(let q):
                begin(); add(q); p = q
            case .quad(let c, let q):
                begin()
                let n = Self.flatteningSteps(p, c, c, q, tolerance, quadratic: true)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(p * (u * u) + c * (2 * u * t) + q * (t * t))
                }
                p = q
            case .cubic(let c1, let c2, let q):
                begin()
                let n = Self.flatteningSteps(p, c1, c2, q, tolerance, quadratic: false)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = p * (u * u * u) + c1 * (3 * u * u * t)
                    add(a + c2 * (3 * u * t * t) + q * (t * t * t))
                }
                p = q
            case .close:
                begin(); flush(closed: true); p = start
            }
        }
        flush(closed: false)
        return out
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
    /// does) where two on one side would overlap.
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
        var e: [PathElement] = [.move(Vec2(x0 + tl, y0)), .line(Vec2(x1 - tr, y0))]
        if tr > 0 { e.append(.cubic(Vec2(x1 - tr + k * tr, y0), Vec2(x1, y0 + tr - k * tr), Vec2(x1, y0 + tr))) }
        e.append(.line(Vec2(x1, y1 - br)))
        if br > 0 { e.append(.cubic(Vec2(x1, y1 - br + k * br), Vec2(x1 - br + k * br, y1), Vec2(x1 - br, y1))) }
        e.append(.line(Vec2(x0 + bl, y1)))
        if bl > 0 { e.append(.cubic(Vec2(x0 + bl - k * bl, y1), Vec2(x0, y1 - bl + k * bl), Vec2(x0, y1 - bl))) }
        e.append(.line(Vec2(x0, y0 + tl)))
        if tl > 0 { e.append(.cubic(Vec2(x0, y0 + tl - k * tl), Vec2(x0 + tl - k * tl, y0), Vec2(x0 + tl, y0))) }
        e.append(.close)
        return Path(e)
    }
}
