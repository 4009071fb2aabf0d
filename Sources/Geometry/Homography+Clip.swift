// Geometry: a polygon of a layer's plane mapped through a projective map
// into a window of the target, clipped on the way. Under perspective part of
// a plane may lie behind the eye (w ≤ 0), where dividing by w mirrors it,
// and points just in front of the eye map arbitrarily far away. Each bound
// of the window, and the near limit, is a linear function of the
// homogeneous image (X, Y, W), so clipping in homogeneous coordinates is
// clipping by half-planes of the layer's plane (the window's own limits
// already exclude W < 0, where they contradict each other; the near limit
// keeps W from reaching 0 inside the window): the result is the exact
// image of the part of the polygon that lands in the window, and for a
// closed ring every point of the window keeps its winding number (the cut
// is closed along the window's sides), so fill rules read it unchanged.

extension Homography {
    /// The image of the closed ring `polygon` inside `window`, clipped to
    /// W ≥ `nearW` and to the window's four sides (Sutherland–Hodgman in
    /// homogeneous coordinates); fewer than 3 points when nothing of it is
    /// there.
    public func mapClipped(_ polygon: [Vec2], to window: Rect, nearW: Double) -> [Vec2] {
        var ring = polygon.map { p -> SIMD3<Double> in
            let (x, y, w) = applyHomogeneous(p.x, p.y)
            return SIMD3(x, y, w)
        }
        // Each limit as a linear function that is ≥ 0 on the kept side.
        let limits: [(SIMD3<Double>) -> Double] = [
            { $0.z - nearW },
            { $0.x - window.minX * $0.z }, { window.maxX * $0.z - $0.x },
            { $0.y - window.minY * $0.z }, { window.maxY * $0.z - $0.y },
        ]
        for side in limits {
            guard ring.count >= 3 else { return [] }
            var kept: [SIMD3<Double>] = []
            kept.reserveCapacity(ring.count + 2)
            var previous = ring[ring.count - 1], previousValue = side(previous)
            for current in ring {
                let value = side(current)
                if (value >= 0) != (previousValue >= 0) {
                    // Where the edge crosses the limit (the values differ in sign, so t is in [0, 1]).
                    let t = previousValue / (previousValue - value)
                    kept.append(previous + (current - previous) * t)
                }
                if value >= 0 { kept.append(current) }
                previous = current; previousValue = value
            }
            ring = kept
        }
        guard ring.count >= 3 else { return [] }
        return ring.map { Vec2($0.x / $0.z, $0.y / $0.z) }
    }
}
