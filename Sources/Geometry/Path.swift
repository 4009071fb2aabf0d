// Geometry: vector paths (moves, lines, quadratic and cubic Béziers, close),
// the shape language of shadowPath and shape layers. Arcs from SVG data are
// converted to cubics when parsed, so consumers see four element kinds only.

/// One path element, in absolute coordinates.
public enum PathElement: Hashable, Sendable {
    case move(Vec2)
    case line(Vec2)
    case quad(Vec2, Vec2)
    case cubic(Vec2, Vec2, Vec2)
    case close
}

/// A vector path.
public struct Path: Hashable, Sendable {
    public var elements: [PathElement]
    public init(_ elements: [PathElement] = []) { self.elements = elements }

    /// A rectangle starting top-left and running clockwise on screen.
    public static func rect(_ r: Rect) -> Path {
        Path([.move(Vec2(r.minX, r.minY)), .line(Vec2(r.maxX, r.minY)),
              .line(Vec2(r.maxX, r.maxY)), .line(Vec2(r.minX, r.maxY)), .close])
    }

    /// An ellipse inscribed in `r`, starting at the rightmost point, clockwise on screen.
    public static func ellipse(_ r: Rect) -> Path {
        let k = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        return Path([
            .move(Vec2(cx + rx, cy)),
            .cubic(Vec2(cx + rx, cy + k * ry), Vec2(cx + k * rx, cy + ry), Vec2(cx, cy + ry)),
            .cubic(Vec2(cx - k * rx, cy + ry), Vec2(cx - rx, cy + k * ry), Vec2(cx - rx, cy)),
            .cubic(Vec2(cx - rx, cy - k * ry), Vec2(cx - k * rx, cy - ry), Vec2(cx, cy - ry)),
            .cubic(Vec2(cx + k * rx, cy - ry), Vec2(cx + rx, cy - k * ry), Vec2(cx + rx, cy)),
            .close,
        ])
    }

    /// A rounded rectangle (radius clamped to half the shorter side), clockwise from the top edge.
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        if rad == 0 { return rect(r) }
        let k = 0.5522847498307936 * rad
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        return Path([
            .move(Vec2(x0 + rad, y0)), .line(Vec2(x1 - rad, y0)),
            .cubic(Vec2(x1 - rad + k, y0), Vec2(x1, y0 + rad - k), Vec2(x1, y0 + rad)),
            .line(Vec2(x1, y1 - rad)),
            .cubic(Vec2(x1, y1 - rad + k), Vec2(x1 - rad + k, y1), Vec2(x1 - rad, y1)),
            .line(Vec2(x0 + rad, y1)),
            .cubic(Vec2(x0 + rad - k, y1), Vec2(x0, y1 - rad + k), Vec2(x0, y1 - rad)),
            .line(Vec2(x0, y0 + rad)),
            .cubic(Vec2(x0, y0 + rad - k), Vec2(x0 + rad - k, y0), Vec2(x0 + rad, y0)),
            .close,
        ])
    }

    /// Flattens the path into closed polylines (one per subpath) with
    /// curves subdivided until within `tolerance` of the true curve.
    public func polylines(tolerance: Double = 0.1) -> [[Vec2]] {
        var out: [[Vec2]] = []
        var cur: [Vec2] = []
        var p = Vec2.zero, start = Vec2.zero
        func flush() { if cur.count >= 2 { out.append(cur) }; cur = [] }
        for e in elements {
            switch e {
            case .move(let q):
                flush(); cur = [q]; p = q; start = q
            case .line(let q):
                if cur.isEmpty { cur = [p] }
                cur.append(q); p = q
            case .quad(let c, let q):
                if cur.isEmpty { cur = [p] }
                let n = segments(p, c, q, q, tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    cur.append(p * (u * u) + c * (2 * u * t) + q * (t * t))
                }
                p = q
            case .cubic(let c1, let c2, let q):
                if cur.isEmpty { cur = [p] }
                let n = segments(p, c1, c2, q, tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = p * (u * u * u) + c1 * (3 * u * u * t)
                    cur.append(a + c2 * (3 * u * t * t) + q * (t * t * t))
                }
                p = q
            case .close:
                flush(); p = start
            }
        }
        flush()
        return out
    }

    private func segments(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ d: Vec2, _ tol: Double) -> Int {
        let dd = max((a - b * 2 + c).length, (b - c * 2 + d).length)
        return Int(clamping: (dd * 0.75 / max(tol, 1e-3)).squareRoot().rounded(.up), to: 1...256)
    }

    /// The bounding box of the control points.
    public var controlBounds: Rect {
        var pts: [Vec2] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): pts.append(p)
            case .quad(let a, let b): pts += [a, b]
            case .cubic(let a, let b, let c): pts += [a, b, c]
            case .close: break
            }
        }
        return Rect.bounding(pts)
    }
}
