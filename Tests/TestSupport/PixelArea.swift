// TestSupport: the area of a polygon inside a pixel square, computed the
// plain way (Sutherland–Hodgman clipping, then the shoelace formula), as
// an oracle for antialiasing tests that must not trust the code under test.

import Geometry

/// `poly` clipped to the convex polygon `window` (either orientation).
public func clipPolygon(_ poly: [Vec2], to window: [Vec2]) -> [Vec2] {
    var out = poly
    let n = window.count
    var orient = 0.0
    for i in 0..<n { orient += window[i].cross(window[(i + 1) % n]) }
    for i in 0..<n where !out.isEmpty {
        let a = window[i], b = window[(i + 1) % n]
        func inside(_ p: Vec2) -> Bool { (b - a).cross(p - a) * orient >= 0 }
        func cut(_ p: Vec2, _ q: Vec2) -> Vec2 {
            let dp = (b - a).cross(p - a), dq = (b - a).cross(q - a)
            return p + (q - p) * (dp / (dp - dq))
        }
        let input = out
        out = []
        for j in input.indices {
            let p = input[j], q = input[(j + 1) % input.count]
            if inside(q) {
                if !inside(p) { out.append(cut(p, q)) }
                out.append(q)
            } else if inside(p) {
                out.append(cut(p, q))
            }
        }
    }
    return out
}

/// The unsigned area of a simple polygon.
public func polygonArea(_ poly: [Vec2]) -> Double {
    guard poly.count >= 3 else { return 0 }
    var a = 0.0
    for i in poly.indices { a += poly[i].cross(poly[(i + 1) % poly.count]) }
    return abs(a) / 2
}

/// The square of pixel (x, y).
public func pixelSquare(_ x: Int, _ y: Int) -> [Vec2] {
    [Vec2(Double(x), Double(y)), Vec2(Double(x + 1), Double(y)), Vec2(Double(x + 1), Double(y + 1)),
     Vec2(Double(x), Double(y + 1))]
}

/// The area of the simple polygon `poly` inside pixel (x, y).
public func pixelArea(_ poly: [Vec2], _ x: Int, _ y: Int) -> Double {
    polygonArea(clipPolygon(poly, to: pixelSquare(x, y)))
}
