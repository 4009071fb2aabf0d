// Raster: the fragment stage as small value types, one per paint kind and
// one per coverage mode — the CPU twins of the fragment shader variants.
// The span loop is generic over them, so each (paint, coverage, blend)
// combination compiles to its own loop with no per-pixel switch; the
// multiplication order below is the one the GLSL variants use:
//   solid        color · cov
//   texture      (sample · color) · cov
//   textureAlpha (sample.a · color) · cov
//   masked       ((sample · mask.a) · opacity) · cov
//   gradient     (GradientShading.shade(uv) · opacity) · cov
// (textureAlpha and masked use the item's filter for both textures.)

import Geometry
import Plan

/// A paint: the premultiplied colour of a fragment before coverage.
protocol PaintProgram {
    /// Whether `shade` reads the texture coordinates.
    static var usesUV: Bool { get }
    /// Colour from the interpolated `color` attribute and (u, v).
    func shade(color: SIMD4<Float>, u: Float, v: Float) -> SIMD4<Float>
}

/// A flat colour.
struct SolidPaint: PaintProgram {
    static var usesUV: Bool { false }
    @inline(__always)
    func shade(color: SIMD4<Float>, u: Float, v: Float) -> SIMD4<Float> { color }
}

/// A texture times opacity (the `color` attribute holds opacity in all four).
struct TexturePaint<F: TexelFilter>: PaintProgram {
    let texture: TextureView
    let weightScale: Float
    static var usesUV: Bool { true }
    @inline(__always)
    func shade(color: SIMD4<Float>, u: Float, v: Float) -> SIMD4<Float> {
        F.sample(texture, u, v, weightScale: weightScale) * color
    }
}

/// A texture's alpha times a premultiplied colour (shadows).
struct TextureAlphaPaint<F: TexelFilter>: PaintProgram {
    let texture: TextureView
    let weightScale: Float
    static var usesUV: Bool { true }
    @inline(__always)
    func shade(color: SIMD4<Float>, u: Float, v: Float) -> SIMD4<Float> {
        F.sampleAlpha(texture, u, v, weightScale: weightScale) * color
    }
}

/// A texture times a mask's alpha at the same uv, times opacity.
struct MaskedPaint<F: TexelFilter>: PaintProgram {
    let texture: TextureView
    let mask: TextureView
    let weightScale: Float
    static var usesUV: Bool { true }
    @inline(__always)
    func shade(color: SIMD4<Float>, u: Float, v: Float) -> SIMD4<Float> {
        F.sample(texture, u, v, weightScale: weightScale)
            * F.sampleAlpha(mask, u, v, weightScale: weightScale) * color
    }
}

/// A gradient evaluated at the local point, which the uv attribute carries
/// (GradientShading, the twin of ps_gradient.frag.glsl), times opacity.
struct GradientPaintProgram: PaintProgram {
    let uniforms: GradientUniforms
    static var usesUV: Bool { true }
    @inline(__always)
    func shade(color: SIMD4<Float>, u: Float, v: Float) -> SIMD4<Float> {
        GradientShading.shade(x: u, y: v, uniforms) * color
    }
}

/// A coverage mode: whether the shape needs evaluating per pixel.
protocol CoverageProgram {
    /// False for aliased quads: coverage is 1 and the local coordinates are never needed.
    static var isAnalytic: Bool { get }
    /// Coverage from the interpolated homogeneous local point and Jacobian.
    func coverage(local: SIMD4<Float>, jacobian: SIMD4<Float>) -> Float
    /// Columns of a row where coverage is certainly exactly 1 (empty when lo > hi),
    /// given the row's local plane value at x0 and its x gradient.
    func interiorColumns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int)
    /// Columns of a row where coverage is certainly exactly 0 although the
    /// triangle covers them (the hole of a border ring): nothing is written there.
    func holeColumns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int)
}

extension CoverageProgram {
    @inline(__always)
    func holeColumns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int) { (1, 0) }
}

/// Aliased quad: every pixel the rasterizer keeps is fully covered.
struct FullCoverage: CoverageProgram {
    static var isAnalytic: Bool { false }
    @inline(__always)
    func coverage(local: SIMD4<Float>, jacobian: SIMD4<Float>) -> Float { 1 }
    func interiorColumns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int) {
        (1, 0)
    }
}

/// Analytic coverage through the shared spec, `Coverage.evaluate`, with a
/// shortcut for pixels deep inside the shape (see `InteriorBoxes`).
struct AnalyticCoverage: CoverageProgram {
    let rect: (Float, Float, Float, Float)
    let params: (Float, Float, Float, Float)
    let interior: InteriorBoxes
    /// Where a ring's coverage is exactly 0 (`InteriorBoxes.holes`); empty for other shapes.
    var holes: (InteriorBoxes, InteriorBoxes) = (.empty, .empty)
    /// A rounded rect's interior along its arcs (`RoundedInterior`), for rows of constant local y.
    var rounded: RoundedInterior? = nil
    static var isAnalytic: Bool { true }
    @inline(__always)
    func coverage(local: SIMD4<Float>, jacobian: SIMD4<Float>) -> Float {
        let lx = local.x / local.z, ly = local.y / local.z
        if interior.contains(lx, ly) { return 1 }
        return Coverage.evaluate(lx: lx, ly: ly, jac: (jacobian.x, jacobian.y, jacobian.z, jacobian.w),
                                 rect: rect, params: params)
    }

    @inline(__always)
    func interiorColumns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int) {
        if let r = rounded, let c = r.columns(localRow: localRow, localDx: localDx, x0: x0) { return c }
        return interior.columns(localRow: localRow, localDx: localDx, x0: x0)
    }

    @inline(__always)
    func holeColumns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int) {
        if holes.0.isEmpty { return (1, 0) }
        let a = holes.0.columns(localRow: localRow, localDx: localDx, x0: x0)
        let b = holes.1.columns(localRow: localRow, localDx: localDx, x0: x0)
        return b.hi - b.lo > a.hi - a.lo ? b : a
    }
}

/// Two local-space boxes (a cross) where `Coverage.evaluate` provably
/// returns exactly 1, so the call can be skipped: every point in them is at
/// least 1 pixel inside each straight edge of the shape and outside the
/// corner arcs' region, where the spec's term for each edge is
/// 0.5 + distance/g ≥ 1.5 → 1 (g is the edge's own gx or gy, the same
/// expression as the margin's) and a rounded rect's share past the far
/// edge is 0 (the shape is over 2 pixels across); the Float
/// error is ~1e-6, far from the half pixel to spare. Built only when the
/// Jacobian is the same at every vertex (affine items), so "1 pixel" is a
/// fixed local distance; otherwise the boxes are empty.
struct InteriorBoxes {
    var a: SIMD4<Float>    // (minX, minY, maxX, maxY)
    var b: SIMD4<Float>

    static let empty = InteriorBoxes(a: SIMD4(1, 1, 0, 0), b: SIMD4(1, 1, 0, 0))

    /// True when both boxes are inverted (no point inside).
    var isEmpty: Bool { !(a.x <= a.z && a.y <= a.w) && !(b.x <= b.z && b.y <= b.w) }

    @inline(__always)
    func contains(_ x: Float, _ y: Float) -> Bool {
        (x >= a.x && x <= a.z && y >= a.y && y <= a.w) || (x >= b.x && x <= b.z && y >= b.y && y <= b.w)
    }

    /// Pixel columns of a row whose centres lie inside a box, shrunk by one
    /// more pixel each side so the Float interpolation of the local point
    /// (off by ~1e-5 px) cannot matter. Affine items only (q constant
    /// along the row); solved in Double.
    func columns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int) {
        guard localDx.z == 0, localRow.z != 0 else { return (1, 0) }
        // On the row, lx = (row.x + dx.x · t) / q with t = x + ½ − x0.
        let q = Double(localRow.z)
        let ax = Double(localRow.x) / q, bx = Double(localDx.x) / q
        let ay = Double(localRow.y) / q, by = Double(localDx.y) / q
        guard ax.isFinite, bx.isFinite, ay.isFinite, by.isFinite else { return (1, 0) }
        func solve(_ box: SIMD4<Float>) -> (Double, Double) {
            // An inverted box (radius over half the side) holds no point.
            guard box.x <= box.z, box.y <= box.w else { return (1, 0) }
            var lo = -Double.infinity, hi = Double.infinity
            func axis(_ a: Double, _ b: Double, _ min: Float, _ max: Float) {
                let m0 = Double(min), m1 = Double(max)
                if b == 0 {
                    if !(a >= m0 && a <= m1) { hi = -.infinity }
                } else {
                    let t0 = (m0 - a) / b, t1 = (m1 - a) / b
                    lo = Swift.max(lo, Swift.min(t0, t1))
                    hi = Swift.min(hi, Swift.max(t0, t1))
                }
            }
            axis(ax, bx, box.x, box.z)
            axis(ay, by, box.y, box.w)
            return (lo, hi)
        }
        var (lo, hi) = solve(a)
        let (lo2, hi2) = solve(b)
        if hi2 - lo2 > hi - lo { (lo, hi) = (lo2, hi2) }
        guard lo <= hi else { return (1, 0) }
        // t → column: x = t + x0 − ½; keep 1 px clear of the ends.
        let shift = Double(x0) - 0.5
        let first = (lo + shift).rounded(.up) + 1, last = (hi + shift).rounded(.down) - 1
        guard first <= last else { return (1, 0) }
        let limit = Double(CPUExecutor.maxPassSize)
        return (Int(clamping: first, to: -1...Int(limit)), Int(clamping: last, to: -1...Int(limit)))
    }

    /// The boxes for a shape with `rect`/`params` (VertexLayout) under a constant Jacobian.
    static func make(rect r: SIMD4<Float>, params p: SIMD4<Float>, jacobian j: SIMD4<Float>) -> InteriorBoxes {
        let code = p.w
        let kind = (code / 16).rounded(.down)
        // Local length of 1 screen pixel across vertical / horizontal edges (as gx, gy in the spec).
        let mx = max((j.x * j.x + j.z * j.z).squareRoot(), 1e-6)
        let my = max((j.y * j.y + j.w * j.w).squareRoot(), 1e-6)
        guard mx.isFinite, my.isFinite, r.x < r.z, r.y < r.w else { return .empty }
        if kind == 0 {
            // Edge AA: the product of per-edge terms is 1 beyond half a pixel from each edge.
            let box = SIMD4(r.x + mx, r.y + my, r.z - mx, r.w - my)
            return InteriorBoxes(a: box, b: box)
        }
        guard kind == 1, p.x >= 0 else { return .empty }   // rings have a hole: no shortcut
        let rad = p.x
        return InteriorBoxes(a: SIMD4(r.x + mx, r.y + rad + my, r.z - mx, r.w - rad - my),
                             b: SIMD4(r.x + rad + mx, r.y + my, r.z - rad - mx, r.w - my))
    }

    /// For a ring (kind 2: outer radius p.x, width p.y, inner radius p.z),
    /// four boxes (two pairs) where both the outer and the inner rounded
    /// rect's coverage are provably exactly 1 — the intersections of their
    /// interior crosses (`make` for each) — so the spec's clamp01(outer −
    /// inner) is exactly 0 and the pixel is never written. Empty otherwise.
    static func holes(rect r: SIMD4<Float>, params p: SIMD4<Float>,
                      jacobian j: SIMD4<Float>) -> (InteriorBoxes, InteriorBoxes) {
        guard (p.w / 16).rounded(.down) == 2, p.y >= 0, p.z >= 0 else { return (.empty, .empty) }
        let outer = make(rect: r, params: SIMD4(p.x, 0, 0, 16), jacobian: j)
        let inner = make(rect: SIMD4(r.x + p.y, r.y + p.y, r.z - p.y, r.w - p.y), params: SIMD4(p.z, 0, 0, 16),
                         jacobian: j)
        func meet(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Float> {
            SIMD4(max(u.x, v.x), max(u.y, v.y), min(u.z, v.z), min(u.w, v.w))
        }
        return (InteriorBoxes(a: meet(outer.a, inner.a), b: meet(outer.a, inner.b)),
                InteriorBoxes(a: meet(outer.b, inner.a), b: meet(outer.b, inner.b)))
    }
}
