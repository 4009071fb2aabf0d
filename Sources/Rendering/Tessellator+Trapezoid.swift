// Rendering: the antialiasing margin of trapezoid items (shape layers).
// The polygon drawn is the trapezoid with each FLAGGED edge pushed outward
// until its edge function is at least one pixel (measured through the
// Jacobian at the corners, as `expandedRect` does for quads); unflagged
// edges are exact internal cuts, drawn aliased, so neighbouring trapezoids
// tile without gaps or double blending. Corners of neighbouring trapezoids
// on a shared top or bottom edge become vertices too (collinear ones), so
// shared edges are drawn between identical vertices on both sides — a
// T-junction would crack after the rasterizer snaps vertices. Where pushed
// sides cross before the pushed top or bottom (sharp tips), the polygon
// ends at the crossing, so it stays convex. The polygon never reaches
// more than a pixel left or right of the trapezoid (an almost horizontal
// side would otherwise push its margin across the canvas).

import Geometry

extension Tessellator {
    /// The local polygon drawn for trapezoid `z` with antialiased `edges`.
    static func expandedTrapezoid(_ z: Trapezoid, edges: EdgeMask, h: Homography, inv: Homography) -> [Vec2] {
        guard z.y1 > z.y0 else { return [] }
        var gl = 0.0, gr = 0.0, gy = 0.0, gx = 0.0
        if !edges.isEmpty {
            for c in z.corners {
                let (_, _, w) = h.applyHomogeneous(c.x, c.y)
                guard w > nearW else { continue }
                let j = jacobian(inv, h.apply(c))
                let lx = j.0 - z.sl * j.1, ly = j.2 - z.sl * j.3
                let rx = j.0 - z.sr * j.1, ry = j.2 - z.sr * j.3
                gl = max(gl, (lx * lx + ly * ly).squareRoot())
                gr = max(gr, (rx * rx + ry * ry).squareRoot())
                gy = max(gy, (j.1 * j.1 + j.3 * j.3).squareRoot())
                gx = max(gx, (j.0 * j.0 + j.2 * j.2).squareRoot())
            }
        }
        let eL = edges.contains(.left) ? gl : 0, eR = edges.contains(.right) ? gr : 0
        let eT = edges.contains(.top) ? gy : 0, eB = edges.contains(.bottom) ? gy : 0
        // The pushed side lines; unpushed ones return the exact corner doubles.
        func left(_ y: Double) -> Double { eL == 0 && (y == z.y0 || y == z.y1) ? z.left(at: y) : z.xl0 - eL + (y - z.y0) * z.sl }
        func right(_ y: Double) -> Double { eR == 0 && (y == z.y0 || y == z.y1) ? z.right(at: y) : z.xr0 + eR + (y - z.y0) * z.sr }
        // Pushed top and bottom, but not past the point where the pushed sides cross.
        var yTop = z.y0 - eT, yBot = z.y1 + eB
        let ds = z.sl - z.sr  // d(left − right)/dy
        if left(yTop) > right(yTop), ds != 0 {
            yTop = max(yTop, z.y0 + (z.xr0 + eR - (z.xl0 - eL)) / ds)
        }
        if left(yBot) > right(yBot), ds != 0 {
            yBot = min(yBot, z.y0 + (z.xr0 + eR - (z.xl0 - eL)) / ds)
        }
        var poly: [Vec2] = []
        func add(_ p: Vec2) { if poly.last != p { poly.append(p) } }
        // Top, left to right: shared corners of the neighbours as vertices (no T-junctions).
        add(Vec2(left(yTop), yTop))
        if yTop == z.y0 {
            var xs = z.topXs
            if eL > 0 { xs.append(z.xl0) }
            if eR > 0 { xs.append(z.xr0) }
            for x in xs.sorted() where x > left(yTop) && x < right(yTop) { add(Vec2(x, yTop)) }
        }
        add(Vec2(right(yTop), yTop))
        if yTop < z.y0 { add(Vec2(right(z.y0), z.y0)) }
        if yBot > z.y1 { add(Vec2(right(z.y1), z.y1)) }
        add(Vec2(right(yBot), yBot))
        if yBot == z.y1 {
            var xs = z.bottomXs
            if eL > 0 { xs.append(z.xl1) }
            if eR > 0 { xs.append(z.xr1) }
            for x in xs.sorted(by: >) where x > left(yBot) && x < right(yBot) { add(Vec2(x, yBot)) }
        }
        add(Vec2(left(yBot), yBot))
        if yBot > z.y1 { add(Vec2(left(z.y1), z.y1)) }
        if yTop < z.y0 { add(Vec2(left(z.y0), z.y0)) }
        if poly.count > 1 && poly.first == poly.last { poly.removeLast() }
        // Nothing lies more than a pixel left or right of the trapezoid
        // itself. A pushed side runs along the side's line, |slope| pixels
        // sideways per pixel down: for an almost horizontal side (a slab a
        // hair thin, a hairline stroke's join) that is far across the
        // canvas, where its ramp and the top's would still add up to a
        // visible line (issue 12 item 5). Vertices inside the strip stay
        // the same doubles.
        let minX = min(z.xl0, z.xl1) - gx, maxX = max(z.xr0, z.xr1) + gx
        if poly.contains(where: { $0.x < minX }) { poly = clip(poly, keepingWhere: { $0.x - minX }) }
        if poly.contains(where: { $0.x > maxX }) { poly = clip(poly, keepingWhere: { maxX - $0.x }) }
        return poly
    }

    /// The fan both executors draw, (0, i, i+1), restarted from the
    /// polygon's centroid: trapezoid polygons carry collinear vertices
    /// (shared corners), and a fan from a corner would make zero-area
    /// slivers along those edges, whose attribute planes the GPU and the
    /// CPU would extrapolate differently.
    static func centredFan(_ poly: [Vec2]) -> [Vec2] {
        guard poly.count > 3 else { return poly }
        var c = Vec2.zero
        for p in poly { c = c + p }
        c = c * (1 / Double(poly.count))
        return [c] + poly + [poly[0]]
    }
}
