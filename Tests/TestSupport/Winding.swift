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

/// `windingNumber` for a whole row of points at once: the winding number of
/// each point (x, y) for x in `xs` (ascending), by the same crossing rule
/// (an edge counts for the points strictly left of where it crosses the
/// row, +1 upward, −1 downward) — sorting the crossings once per row instead
/// of testing every edge for every point, for supersampled coverage.
public func windingNumbers(_ polygons: [[Vec2]], y: Double, xs: [Double]) -> [Int] {
    var edges: [(Vec2, Vec2)] = []
    for poly in polygons {
        for i in poly.indices { edges.append((poly[i], poly[(i + 1) % poly.count])) }
    }
    return windingNumbers(edges: edges, y: y, xs: xs)
}

/// `windingNumbers` over directed edges (a → b) rather than closed
/// polygons: callers may pass only the edges whose y range meets the row.
public func windingNumbers(edges: [(Vec2, Vec2)], y: Double, xs: [Double]) -> [Int] {
    var crossings: [(x: Double, dir: Int)] = []
    for (a, b) in edges {
        if a.y <= y && b.y > y {
            crossings.append((a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x), 1))
        } else if a.y > y && b.y <= y {
            crossings.append((a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x), -1))
        }
    }
    crossings.sort { $0.x < $1.x }
    // Winding of a point = sum of the dirs of the crossings to its right.
    var w = crossings.reduce(0) { $0 + $1.dir }
    var out = [Int](repeating: 0, count: xs.count)
    var k = 0
    for (n, x) in xs.enumerated() {
        while k < crossings.count && crossings[k].x <= x { w -= crossings[k].dir; k += 1 }
        out[n] = w
    }
    return out
}
