// TestSupport: the winding number of a point about polygons, counted the
// plain way (signed crossings of a ray), as an oracle for tessellation
// tests that must not trust the code under test.

import Geometry

/// How many times the (implicitly closed) polygons wind around `p`, counting
/// each edge that crosses the horizontal ray from `p` to +x: +1 upward, −1 downward.
public func windingNumber(_ polygons: [[Vec2]], _ p: Vec2) -> Int {
    var w = 0
    for poly in polygons {
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            if a.y <= p.y && b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
            if a.y > p.y && b.y <= p.y && (b - a).cross(p - a) < 0 { w -= 1 }
        }
    }
    return w
}
