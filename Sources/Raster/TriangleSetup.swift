// Raster: triangle setup, the part of a GL rasterizer between the vertex
// stage and the pixels. Positions go through the GLES executor's viewport
// round trip as the driver receives them (ViewportMapping) and snap to fixed
// point (GLConventions.subpixelBits, round to nearest); coverage of pixel centres is decided by
// three integer edge functions (Int64, no rounding anywhere) with the fill
// rule breaking ties, so triangles sharing an edge never both draw a pixel.
// Attributes get GL-style plane equations solved in Float from the unsnapped
// positions (as llvmpipe does), anchored at the first vertex.
//
// Coordinates are kept doubled (2·fixed) so pixel centres, at (x + ½, y + ½),
// are integers for any number of sub-pixel bits, zero included.

import Plan

/// A plane equation for four attributes at once: a(x, y) = a0 + dadx·(x − x0) + dady·(y − y0).
struct Plane4 {
    var a0: SIMD4<Float>
    var dadx: SIMD4<Float>
    var dady: SIMD4<Float>

    /// The row's part: a0 + dady·dy, where dy = (y + ½) − y0.
    @inline(__always)
    func row(_ dy: Float) -> SIMD4<Float> { a0 + dady * dy }
}

/// One edge function, already biased by the fill rule: a pixel is on the
/// inside of the edge iff its value is ≥ 0.
struct EdgeFunction {
    /// Value at the centre of the bounding box's top-left pixel.
    var origin: Int64
    /// Change per pixel to the right.
    var stepX: Int64
    /// Change per row down.
    var stepY: Int64
}

/// A triangle ready to rasterize: integer edges, pixel bounds, attribute planes.
struct TriangleSetup {
    var e0: EdgeFunction, e1: EdgeFunction, e2: EdgeFunction
    /// Inclusive pixel bounds of the centres the triangle may cover, clipped to the target.
    var minX: Int, maxX: Int, minY: Int, maxY: Int
    /// Plane origin: the first vertex's snapped position.
    var x0: Float, y0: Float
    /// Homogeneous local coordinates (x·q, y·q, q, 0).
    var local: Plane4
    /// Homogeneous texture coordinates (u·q, v·q, q, 0).
    var uv: Plane4
    var color: Plane4
    /// ∂local/∂screen.
    var jacobian: Plane4

    /// Sets up triangle (i0, i1, i2) of `vertices` (VertexLayout) for a
    /// `width` × `height` target; nil when it has no area or covers no pixel
    /// centre of the target.
    static func make(_ vertices: UnsafeBufferPointer<Float>, _ i0: Int, _ i1: Int, _ i2: Int,
                     width: Int, height: Int, conventions: GLConventions) -> TriangleSetup? {
        // Up to 12 bits; |fixed| < 2²⁸ keeps every edge product below 2⁶¹.
        let bits = max(0, min(conventions.subpixelBits, 12))
        let one = Int64(1) << bits                 // one pixel in fixed point
        let scale = Double(one)
        let limit = Double(1 << 28)
        let sideX = ViewportMapping.viewportSide(width), sideY = ViewportMapping.viewportSide(height)
        func snap(_ v: Float, _ side: Int) -> Int64? {
            let s = (Double(ViewportMapping.windowPosition(v, viewportSide: side)) * scale).rounded(.toNearestOrEven)
            guard s.isFinite, abs(s) < limit else { return nil }
            return Int64(s)
        }
        let s = VertexLayout.stride, p = VertexLayout.position
        guard let fx0 = snap(vertices[i0 * s + p], sideX), let fy0 = snap(vertices[i0 * s + p + 1], sideY),
              let fx1 = snap(vertices[i1 * s + p], sideX), let fy1 = snap(vertices[i1 * s + p + 1], sideY),
              let fx2 = snap(vertices[i2 * s + p], sideX), let fy2 = snap(vertices[i2 * s + p + 1], sideY)
        else { return nil }

        // Doubled fixed point: pixel centre of column x is (2x + 1)·one.
        let X0 = 2 * fx0, Y0 = 2 * fy0, X1 = 2 * fx1, Y1 = 2 * fy1, X2 = 2 * fx2, Y2 = 2 * fy2
        let area = (X1 - X0) * (Y2 - Y0) - (X2 - X0) * (Y1 - Y0)
        guard area != 0 else { return nil }
        let sign: Int64 = area > 0 ? 1 : -1

        // Pixel bounds: centres inside the vertices' bounding box.
        let minX = max(0, ceilDiv(min(X0, X1, X2) - one, 2 * one))
        let maxX = min(Int64(width - 1), floorDiv(max(X0, X1, X2) - one, 2 * one))
        let minY = max(0, ceilDiv(min(Y0, Y1, Y2) - one, 2 * one))
        let maxY = min(Int64(height - 1), floorDiv(max(Y0, Y1, Y2) - one, 2 * one))
        guard minX <= maxX, minY <= maxY else { return nil }
        let cx = (2 * minX + 1) * one, cy = (2 * minY + 1) * one

        func edge(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> EdgeFunction {
            let dx = bx - ax, dy = by - ay
            // Inward normal (nx, ny) = sign·(−dy, dx); y grows downward.
            let nx = -sign * dy, ny = sign * dx
            let owned: Bool
            switch conventions.fillRule {
            case .topLeft: owned = nx > 0 || (nx == 0 && ny > 0)
            case .bottomLeft: owned = nx > 0 || (nx == 0 && ny < 0)
            }
            let value = sign * (dx * (cy - ay) - dy * (cx - ax))
            return EdgeFunction(origin: value - (owned ? 0 : 1),
                                stepX: -sign * dy * 2 * one, stepY: sign * dx * 2 * one)
        }

        // Attribute planes from the unsnapped Float positions (as llvmpipe: only
        // coverage uses the snapped ones; see GLConventions).
        let px0 = vertices[i0 * s + p], py0 = vertices[i0 * s + p + 1]
        let dx1 = vertices[i1 * s + p] - px0, dy1 = vertices[i1 * s + p + 1] - py0
        let dx2 = vertices[i2 * s + p] - px0, dy2 = vertices[i2 * s + p + 1] - py0
        let det = dx1 * dy2 - dx2 * dy1
        func plane(_ offset: Int, _ n: Int) -> Plane4 {
            var a0 = SIMD4<Float>(repeating: 0), a1 = a0, a2 = a0
            for k in 0..<n {
                a0[k] = vertices[i0 * s + offset + k]
                a1[k] = vertices[i1 * s + offset + k]
                a2[k] = vertices[i2 * s + offset + k]
            }
            let da1 = a1 - a0, da2 = a2 - a0
            if det == 0 || (da1 == .zero && da2 == .zero) {
                return Plane4(a0: a0, dadx: .zero, dady: .zero)
            }
            return Plane4(a0: a0, dadx: (da1 * dy2 - da2 * dy1) / det,
                          dady: (da2 * dx1 - da1 * dx2) / det)
        }

        return TriangleSetup(
            e0: edge(X0, Y0, X1, Y1), e1: edge(X1, Y1, X2, Y2), e2: edge(X2, Y2, X0, Y0),
            minX: Int(minX), maxX: Int(maxX), minY: Int(minY), maxY: Int(maxY),
            x0: px0, y0: py0,
            local: plane(VertexLayout.local, 3), uv: plane(VertexLayout.uv, 3),
            color: plane(VertexLayout.color, 4), jacobian: plane(VertexLayout.jacobian, 4))
    }

    /// The inclusive column range of row `y` whose centres are inside all
    /// three edges (empty when lo > hi). Exact integer arithmetic.
    @inline(__always)
    func span(row y: Int) -> (lo: Int, hi: Int) {
        let k = Int64(y &- minY)
        var lo: Int64 = 0, hi = Int64(maxX &- minX)
        clip(e0, k, &lo, &hi)
        clip(e1, k, &lo, &hi)
        clip(e2, k, &lo, &hi)
        return (minX &+ Int(truncatingIfNeeded: lo), minX &+ Int(truncatingIfNeeded: hi))
    }

    /// Narrows [lo, hi] to the columns where `e` is ≥ 0 on row k.
    @inline(__always)
    private func clip(_ e: EdgeFunction, _ k: Int64, _ lo: inout Int64, _ hi: inout Int64) {
        let w = e.origin &+ e.stepY &* k
        if e.stepX > 0 {
            // w + stepX·i ≥ 0  ⇔  i ≥ ⌈−w / stepX⌉
            let first = ceilDiv(-w, e.stepX)
            if first > lo { lo = first }
        } else if e.stepX < 0 {
            // w − |stepX|·i ≥ 0  ⇔  i ≤ ⌊w / |stepX|⌋
            let last = floorDiv(w, -e.stepX)
            if last < hi { hi = last }
        } else if w < 0 {
            hi = lo &- 1
        }
    }
}

/// ⌊a / b⌋ for b > 0.
@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
}

/// ⌈a / b⌉ for b > 0.
@inline(__always)
func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
    -floorDiv(-a, b)
}
