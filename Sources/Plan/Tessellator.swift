// Plan: the vertex stage shared by both executors. Turns a draw item
// into a convex polygon in pass pixels: projects the quad (clipping at the
// w > 0 plane first), widens antialiased edges by one pixel, clips by the
// item's convex clip polygon and the pass bounds, then computes each
// vertex's attributes from the inverse map. Doing this once, on the CPU, for
// both backends is what lets the GPU and CPU outputs agree pixel for pixel.

import Geometry

public enum Tessellator {
    /// Smallest w kept when clipping against the eye plane.
    public static let nearW = 1e-6

    /// The geometry of `item` in a pass of `width` × `height` pixels; nil when nothing is visible.
    public static func geometry(of item: DrawItem, width: Int, height: Int) -> ItemGeometry? {
        guard let (poly, inv) = polygon(of: item, width: width, height: height) else { return nil }
        return ItemGeometry(vertices: attributes(for: poly, item: item, inv: inv))
    }

    /// The polygon `geometry` draws, in pass pixels, without vertex
    /// attributes (for culling), and the item's inverse map.
    public static func polygon(of item: DrawItem, width: Int, height: Int) -> ([Vec2], Homography)? {
        let h = item.transform.flattened
        guard let inv = h.inverse else { return nil }
        let rect = expandedRect(item, h: h, inv: inv)
        guard !rect.isEmpty else { return nil }
        let corners = rect.corners

        // Project the corners, clipping against w > 0 in homogeneous space.
        var hom = corners.map { c -> (Double, Double, Double) in h.applyHomogeneous(c.x, c.y) }
        hom = clipNear(hom)
        guard hom.count >= 3 else { return nil }
        var poly = hom.map { Vec2($0.0 / $0.2, $0.1 / $0.2) }

        // Clip to the pass, then to the item's clip polygon.
        // (Skipped when every vertex already lies inside: clipping would return them unchanged.)
        let passCorners = Rect(x: 0, y: 0, width: Double(width), height: Double(height)).corners
        if !allInside(poly, clip: passCorners) { poly = clip(poly, against: passCorners) }
        if let c = item.clip { poly = clip(poly, against: c) }
        guard poly.count >= 3, abs(signedArea(poly)) > 1e-9 else { return nil }
        return (poly, inv)
    }

    // MARK: - Attributes

    static func attributes(for poly: [Vec2], item: DrawItem, inv: Homography) -> [Float] {
        // The per-item constants once, as values (no arrays); each vertex is
        // then written straight into the one output array.
        let (color, uvMap) = paintVector(item.paint, tint: item.tint)
        let (shapeRect, params) = shapeVectors(item)
        let stride = VertexLayout.stride
        return [Float](unsafeUninitializedCapacity: poly.count * stride) { out, initialized in
            var o = 0
            for p in poly {
                let (X, Y, W) = inv.applyHomogeneous(p.x, p.y)
                // uv is projective in the local plane: map the homogeneous local point.
                let U = X * uvMap.a + Y * uvMap.d + W * uvMap.g
                let V = X * uvMap.b + Y * uvMap.e + W * uvMap.h
                let Q = X * uvMap.c + Y * uvMap.f + W * uvMap.i
                let j = jacobian(inv, p)
                out[o] = Float(p.x); out[o + 1] = Float(p.y)
                out[o + 2] = Float(X); out[o + 3] = Float(Y); out[o + 4] = Float(W)
                out[o + 5] = Float(U); out[o + 6] = Float(V); out[o + 7] = Float(Q)
                for k in 0..<4 { out[o + 8 + k] = color[k] }
                out[o + 12] = Float(j.0); out[o + 13] = Float(j.1); out[o + 14] = Float(j.2); out[o + 15] = Float(j.3)
                for k in 0..<4 { out[o + 16 + k] = shapeRect[k]; out[o + 20 + k] = params[k] }
                o += stride
            }
            initialized = o
        }
    }

    /// The colour attribute (a premultiplied colour, or opacity in all four
    /// channels for textures) times the item's tint, and the uv map.
    static func paintAttributes(_ paint: Paint, tint: PremultipliedColor? = nil) -> ([Float], Homography) {
        let (c, uv) = paintVector(paint, tint: tint)
        return ([c.x, c.y, c.z, c.w], uv)
    }

    /// `paintAttributes` as a vector (no array to allocate per item).
    static func paintVector(_ paint: Paint, tint: PremultipliedColor? = nil) -> (SIMD4<Float>, Homography) {
        let c: PremultipliedColor, uv: Homography
        switch paint {
        case .solid(let s): (c, uv) = (s, .identity)
        case .texture(_, let m, _, let o), .masked(_, _, let m, _, let o):
            (c, uv) = (PremultipliedColor(r: o, g: o, b: o, a: o), m)
        case .textureAlpha(_, let m, _, let s): (c, uv) = (s, m)
        case .gradient(let g):
            // uv = the local point itself: (U/Q, V/Q) per pixel is the perspective-correct local point.
            let o = g.opacity
            (c, uv) = (PremultipliedColor(r: o, g: o, b: o, a: o), .identity)
        }
        guard let t = tint else { return (SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a)), uv) }
        return (SIMD4(Float(c.r * t.r), Float(c.g * t.g), Float(c.b * t.b), Float(c.a * t.a)), uv)
    }

    static func shapeAttributes(_ item: DrawItem) -> ([Float], [Float]) {
        let (r, p) = shapeVectors(item)
        return ([r.x, r.y, r.z, r.w], [p.x, p.y, p.z, p.w])
    }

    /// `shapeAttributes` as vectors: the shape's rect and its parameters.
    static func shapeVectors(_ item: DrawItem) -> (SIMD4<Float>, SIMD4<Float>) {
        func rectF(_ r: Rect) -> SIMD4<Float> { SIMD4(Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY)) }
        let mask = Float(item.aaEdges.rawValue)
        switch item.shape {
        case .quad:
            return (rectF(item.rect), SIMD4(0, 0, 0, VertexLayout.kindQuad * 16 + mask))
        case .roundedRect(let r, let radius):
            return (rectF(r), SIMD4(Float(radius), 0, 0, VertexLayout.kindRoundedRect * 16 + mask))
        case .ring(let r, let radius, let width, let inner):
            return (rectF(r), SIMD4(Float(radius), Float(width), Float(inner), VertexLayout.kindRing * 16 + mask))
        case .blurredRect(let r, let sx, let sy):
            return (rectF(r), SIMD4(Float(sx), Float(sy), 0, VertexLayout.kindBlurredRect * 16 + mask))
        case .blurredRoundedRect(let r, let radius, let sigma):
            return (rectF(r), SIMD4(Float(sigma), Float(radius), 0, VertexLayout.kindBlurredRoundedRect * 16 + mask))
        }
    }

    /// ∂(local)/∂(screen) at screen point p for the inverse map `inv`.
    public static func jacobian(_ inv: Homography, _ p: Vec2) -> (Double, Double, Double, Double) {
        let (X, Y, W) = inv.applyHomogeneous(p.x, p.y)
        let w2 = W * W
        return ((inv.a * W - X * inv.c) / w2, (inv.b * W - Y * inv.c) / w2,
                (inv.d * W - X * inv.f) / w2, (inv.e * W - Y * inv.f) / w2)
    }

    // MARK: - Antialiasing margin

    /// The quad widened by one pixel (in local units) on each antialiased edge.
    static func expandedRect(_ item: DrawItem, h: Homography, inv: Homography) -> Rect {
        let r = item.rect
        guard !item.aaEdges.isEmpty, !r.isEmpty else { return r }
        var gx = 0.0, gy = 0.0
        for c in r.corners {
            let (_, _, w) = h.applyHomogeneous(c.x, c.y)
            guard w > nearW else { continue }
            let j = jacobian(inv, h.apply(c))
            gx = max(gx, (j.0 * j.0 + j.2 * j.2).squareRoot())
            gy = max(gy, (j.1 * j.1 + j.3 * j.3).squareRoot())
        }
        let e = item.aaEdges
        return Rect(minX: r.minX - (e.contains(.left) ? gx : 0),
                    minY: r.minY - (e.contains(.top) ? gy : 0),
                    maxX: r.maxX + (e.contains(.right) ? gx : 0),
                    maxY: r.maxY + (e.contains(.bottom) ? gy : 0))
    }

    // MARK: - Clipping

    public static func clipNear(_ pts: [(Double, Double, Double)]) -> [(Double, Double, Double)] {
        if pts.allSatisfy({ $0.2 > nearW }) { return pts }
        var out: [(Double, Double, Double)] = []
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            let ina = a.2 > nearW, inb = b.2 > nearW
            if ina { out.append(a) }
            if ina != inb {
                let t = (nearW - a.2) / (b.2 - a.2)
                out.append((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, nearW))
            }
        }
        return out
    }

    /// Sutherland–Hodgman clipping of `poly` by the convex polygon `clip` (either winding).
    public static func clip(_ poly: [Vec2], against clip: [Vec2]) -> [Vec2] {
        guard clip.count >= 3 else { return [] }
        let orient: Double = signedArea(clip) >= 0 ? 1 : -1
        var out = poly
        for i in clip.indices {
            if out.isEmpty { break }
            let a = clip[i], b = clip[(i + 1) % clip.count]
            let edge = b - a
            out = Tessellator.clip(out, keepingWhere: { edge.cross($0 - a) * orient })
        }
        return out
    }

    /// Whether `clip(poly, against: clip)` would keep every vertex of `poly`
    /// and add none: every vertex passes every edge's test, computed with the
    /// same arithmetic as `clip`, so the clipped polygon is `poly` itself.
    static func allInside(_ poly: [Vec2], clip: [Vec2]) -> Bool {
        guard clip.count >= 3 else { return false }
        let orient: Double = signedArea(clip) >= 0 ? 1 : -1
        for i in clip.indices {
            let a = clip[i], b = clip[(i + 1) % clip.count]
            let edge = b - a
            for p in poly where !(edge.cross(p - a) * orient >= 0) { return false }
        }
        return true
    }

    /// Clips `poly` to the half-plane where `side` ≥ 0 (`side` must be affine
    /// along each edge for the cut points to be exact).
    public static func clip(_ poly: [Vec2], keepingWhere side: (Vec2) -> Double) -> [Vec2] {
        var out: [Vec2] = []
        out.reserveCapacity(poly.count + 1)
        for j in poly.indices {
            let p = poly[j], q = poly[(j + 1) % poly.count]
            let sp = side(p), sq = side(q)
            if sp >= 0 { out.append(p) }
            if (sp >= 0) != (sq >= 0) {
                let t = sp / (sp - sq)
                out.append(p + (q - p) * t)
            }
        }
        return out
    }

    /// Twice-free signed area (positive when clockwise on screen, y down).
    public static func signedArea(_ p: [Vec2]) -> Double {
        var s = 0.0
        for i in p.indices { s += p[i].cross(p[(i + 1) % p.count]) }
        return s / 2
    }
}
