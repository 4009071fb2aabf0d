// Rendering: shadows cast by a shadowPath. Core Animation draws these
// without rendering the layer offscreen; so do we: the path is filled
// (non-zero, antialiased by exact signed-area accumulation) and blurred on
// the CPU once, into a small alpha image in the layer's plane, which both
// executors then sample like any other image. No pass, and identical input
// to both backends.

import Foundation
import Geometry
import Images
import Layers

/// Identifies a blurred path mask (same path, blur and resolution → same image).
struct ShadowMaskKey: Hashable {
    let path: Path
    let sigma: Double
    let scale: Double
    /// The part of the layer plane the mask covers, when not the whole path
    /// (a huge path's mask is made only where its shadow can show).
    var region: Rect? = nil
    /// Where the mask's first pixel starts in the layer plane, when it is
    /// put on the target's pixel grid (PlanBuilder.alignedShadowMaskOrigin);
    /// nil: a pixel-sized pad out from the path's bounds.
    var origin: Vec2? = nil
}

enum ShadowMask {
    /// The mask's size in pixels before rounding (the plan builder checks
    /// it against the limits before `make` allocates anything).
    /// With `origin` (at or before the padded bounds' corner), from there to
    /// the padded bounds' far side.
    static func extent(path: Path, scale: Double, pad: Double, region: Rect? = nil,
                       origin: Vec2? = nil) -> (Double, Double) {
        let b = bounds(path, region)
        guard let o = origin else {
            return (max(1, (b.width * scale + 2 * pad).rounded(.up)), max(1, (b.height * scale + 2 * pad).rounded(.up)))
        }
        return (max(1, ((b.maxX - o.x) * scale + pad).rounded(.up)), max(1, ((b.maxY - o.y) * scale + pad).rounded(.up)))
    }

    /// `extent` as integers; callers have checked it fits.
    static func size(path: Path, scale: Double, pad: Double, region: Rect?, origin: Vec2? = nil) -> (Int, Int) {
        let (w, h) = extent(path: path, scale: scale, pad: pad, region: region, origin: origin)
        return (Int(clamping: w, to: 1...PlanLimits.maximumPassSide), Int(clamping: h, to: 1...PlanLimits.maximumPassSide))
    }

    /// The blurred coverage of `path` at `scale` pixels per point, padded by
    /// the blur support (from `origin` when given); returns the image and
    /// the local rect it covers.
    static func make(path: Path, sigma: Double, scale: Double, pad: Double, region: Rect? = nil,
                     origin: Vec2? = nil) -> (Image, Rect) {
        let b = bounds(path, region)
        let (w, h) = size(path: path, scale: scale, pad: pad, region: region, origin: origin)
        let corner = origin ?? Vec2(b.minX - pad / scale, b.minY - pad / scale)
        let local = Rect(x: corner.x, y: corner.y, width: Double(w) / scale, height: Double(h) / scale)
        var cov = coverage(path: path, width: w, height: h) { p in
            Vec2((p.x - local.minX) * scale, (p.y - local.minY) * scale)
        }
        if sigma > 0 {
            let weights = BlurStep.gaussianWeights(sigma: sigma)
            cov = blur(cov, width: w, height: h, weights: weights, horizontal: true)
            cov = blur(cov, width: w, height: h, weights: weights, horizontal: false)
        }
        var img = Image(width: w, height: h)
        img.pixels.withUnsafeMutableBufferPointer { px in
            for i in 0..<(w * h) {
                let a = UInt8(min(max(cov[i], 0), 1) * 255 + 0.5)
                px[i * 4] = a; px[i * 4 + 1] = a; px[i * 4 + 2] = a; px[i * 4 + 3] = a
            }
        }
        return (img, local)
    }

    /// The path's control bounds, cut to `region` when given. Coverage
    /// stays exact inside the cut: parts of the path left of it accumulate
    /// into its first column, parts right of it beyond its last.
    static func bounds(_ path: Path, _ region: Rect?) -> Rect {
        let b = path.controlBounds
        guard let r = region else { return b }
        return b.intersection(r)
    }

    /// Non-zero fill coverage by signed-area accumulation: each edge adds
    /// the area it sweeps to the cells it crosses; a running sum along each
    /// row turns that into the winding-weighted coverage of every pixel.
    static func coverage(path: Path, width w: Int, height h: Int, map: (Vec2) -> Vec2) -> [Float] {
        let stride = w + 2
        var acc = [Float](repeating: 0, count: stride * h)
        for poly in path.polylines(tolerance: 0.05) {
            let pts = poly.map(map)
            for i in pts.indices {
                accumulate(&acc, stride: stride, height: h, pts[i], pts[(i + 1) % pts.count])
            }
        }
        var out = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            var sum: Float = 0
            for x in 0..<w {
                sum += acc[y * stride + x]
                out[y * w + x] = min(abs(sum), 1)
            }
        }
        return out
    }

    private static func accumulate(_ acc: inout [Float], stride: Int, height: Int, _ p0: Vec2, _ p1: Vec2) {
        if p0.y == p1.y { return }
        let dir: Float = p0.y < p1.y ? 1 : -1
        let (a, b) = p0.y < p1.y ? (p0, p1) : (p1, p0)
        let dxdy = (b.x - a.x) / (b.y - a.y)
        let yStart = Int(clamping: a.y.rounded(.down), to: 0...height)
        let yEnd = Int(clamping: b.y.rounded(.up), to: 0...height)
        if yStart >= yEnd { return }
        var x = a.x + (Double(yStart) > a.y ? (Double(yStart) - a.y) * dxdy : 0)
        let maxX = Double(stride - 2)
        for y in yStart..<yEnd {
            let row = y * stride
            let dy = min(Double(y + 1), b.y) - max(Double(y), a.y)
            let xNext = x + dxdy * dy
            let d = Float(dy) * dir
            let lo = min(max(min(x, xNext), 0), maxX), hi = min(max(max(x, xNext), 0), maxX)
            let loFloor = lo.rounded(.down), hiCeil = hi.rounded(.up)
            let i0 = Int(clamping: loFloor, to: 0...stride), i1 = Int(clamping: hiCeil, to: 0...stride)
            if i1 <= i0 + 1 {
                // Within one cell: split by the segment's mean x.
                let xm = Float((lo + hi) * 0.5 - loFloor)
                acc[row + i0] += d - d * xm
                acc[row + i0 + 1] += d * xm
            } else {
                // Across cells: a trapezoid ramp from i0 to i1.
                let s = Float(1 / (hi - lo))
                let f0 = Float(lo - loFloor)
                let a0 = 0.5 * s * (1 - f0) * (1 - f0)
                let f1 = Float(hi - hiCeil + 1)
                let am = 0.5 * s * f1 * f1
                acc[row + i0] += d * a0
                if i1 == i0 + 2 {
                    acc[row + i0 + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - f0)
                    acc[row + i0 + 1] += d * (a1 - a0)
                    if i0 + 2 < i1 - 1 { for i in (i0 + 2)..<(i1 - 1) { acc[row + i] += d * s } }
                    let a2 = a1 + Float(i1 - i0 - 3) * s
                    acc[row + i1 - 1] += d * (1 - a2 - am)
                }
                acc[row + i1] += d * am
            }
            x = xNext
        }
    }

    /// One separable Gaussian pass with clamp-to-edge sampling. Rows (or
    /// columns) are copied into a padded line first, so the tap loop has no
    /// clamping or bounds checks.
    static func blur(_ src: [Float], width w: Int, height h: Int, weights: [Float], horizontal: Bool) -> [Float] {
        var out = [Float](repeating: 0, count: src.count)
        let r = weights.count - 1
        let n = horizontal ? w : h, lines = horizontal ? h : w
        let step = horizontal ? 1 : w, lineStep = horizontal ? w : 1
        var line = [Float](repeating: 0, count: n + 2 * r)
        src.withUnsafeBufferPointer { sp in
            out.withUnsafeMutableBufferPointer { op in
                weights.withUnsafeBufferPointer { wp in
                    line.withUnsafeMutableBufferPointer { lp in
                        for l in 0..<lines {
                            let base = l * lineStep
                            for i in 0..<n { lp[r + i] = sp[base + i * step] }
                            let first = lp[r], last = lp[r + n - 1]
                            for i in 0..<r { lp[i] = first; lp[r + n + i] = last }
                            for i in 0..<n {
                                // Ascending k, as the executors' blur passes sum.
                                var s: Float = 0
                                var k = -r
                                while k <= r {
                                    s += wp[k < 0 ? -k : k] * lp[r + i + k]
                                    k += 1
                                }
                                op[base + i * step] = s
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

extension PlanBuilder {
    /// Mask pixels per point for a layer's shadowPath: about the layer's
    /// pixels on screen through `h` (the pass's pixel scale times the layer's
    /// own scale, the latter quantized to steps of 2^(1/8), as shapes are, so
    /// nearby scales share masks), so a layer scaled 2× gets the mask a
    /// layer of twice the size would; lowered where the blur would exceed the
    /// blur's tap limit or, under perspective, the mask would exceed 4096
    /// pixels a side.
    func shadowMaskScale(_ l: Layer, path: Path, _ h: Homography) -> Double {
        let b = path.controlBounds
        let own = pixelsPerUnit(h, around: b) / pixelScale  // the layer's own scale on screen
        var s = pixelScale * exp2((log2(own) * 8).rounded() / 8)
        let r = max(0, l.shadowRadius)
        if r > 0 { s = min(s, Double(BlurStep.maxRadius) / 4 / r) }
        // Under perspective the whole mask is made (an affine map cuts a
        // large one to where it can show, in emitShadowFromPath): keep it small.
        let side = max(b.width, b.height) + 8 * r + 2
        if (h.c != 0 || h.f != 0), side > 0 { s = min(s, 4096 / side) }
        return s
    }

    /// Where a shadowPath mask starts so that its pixels are the target's,
    /// moved by the shadow offset: when the layer plane reaches the target
    /// by a plain scale equal to the mask's (no turn, flip or perspective)
    /// and a translation, the corner at or before the padded bounds' corner
    /// whose image is a whole target pixel. Each target pixel then samples
    /// one mask pixel at its centre, which holds the exact antialiased
    /// coverage of that pixel (a mask off the grid, resampled bilinearly,
    /// smeared an edge over two pixels: up to 64 levels off). Nil otherwise.
    func alignedShadowMaskOrigin(_ l: Layer, path: Path, scale: Double, pad: Double, _ h: Homography) -> Vec2? {
        let m = Homography.translation(l.shadowOffset.x, l.shadowOffset.y).concatenating(h)
        guard m.isAffine, m.b == 0, m.d == 0, m.i == 1, scale > 0,
              abs(m.a - scale) <= 1e-12 * scale, abs(m.e - scale) <= 1e-12 * scale else { return nil }
        let b = path.controlBounds
        // Row-vector convention: x' = a x + g, y' = e y + h.
        let x = ((m.a * (b.minX - pad / scale) + m.g).rounded(.down) - m.g) / m.a
        let y = ((m.e * (b.minY - pad / scale) + m.h).rounded(.down) - m.h) / m.e
        guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return nil }
        return Vec2(x, y)
    }

    /// Masks of blurs below this σ (mask pixels) are put on the target's grid.
    static let alignedShadowMaskSigma = 4.0

    /// The key of the whole (uncut) mask of `path` for `l` drawn through `h`,
    /// at `scale` with blur `sigma` (mask pixels) and `pad`: on the target's
    /// grid where the resampling would show (alignedShadowMaskOrigin). A blur
    /// of σ ≥ 4 mask pixels hides it (half a pixel's bilinear widening moves
    /// an edge's values by under half a level), and its mask serves every
    /// position. The shadow item and a rasterized bitmap's sizing both take
    /// their mask by this key.
    func wholeShadowMaskKey(_ l: Layer, path: Path, sigma: Double, scale: Double, pad: Double,
                            _ h: Homography) -> ShadowMaskKey {
        var key = ShadowMaskKey(path: path, sigma: sigma, scale: scale)
        if sigma < Self.alignedShadowMaskSigma {
            key.origin = alignedShadowMaskOrigin(l, path: path, scale: scale, pad: pad, h)
        }
        return key
    }

    /// Masks wider or taller than this (pixels) are cut to where they can show.
    static let shadowMaskClipSide = 4096.0

    /// The shadow of a layer with a shadowPath, from a CPU-blurred path mask.
    func emitShadowFromPath(_ d: LayerDraw, opacityOverride: Double? = nil) {
        let l = d.layer
        guard hasShadow(l), let path = l.shadowPath ?? boundsShadowPath(d), !path.elements.isEmpty else { return }
        let scale = shadowMaskScale(l, path: path, d.toTarget)
        let shadowColor = (l.shadowColor ?? .black).premultiplied.scaled(l.shadowOpacity * (opacityOverride ?? d.opacity))
        if l.shadowPath == nil, shadowSigma(l) == 0 {
            add(hardBoundsShadowItem(d, color: shadowColor))
            return
        }
        if let item = analyticShadowItem(d, path: path, scale: scale, color: shadowColor) {
            add(item)
            return
        }
        let sigma = max(0, l.shadowRadius) * scale
        let pad = blurPad(sigma) + 1
        var key = wholeShadowMaskKey(l, path: path, sigma: sigma, scale: scale, pad: pad, d.toTarget)
        // A large mask is made only for the part of the layer plane whose
        // shadow can land in the target (or clip), widened by the blur
        // support, when the map is affine (under perspective, the whole path).
        let (fw, fh) = ShadowMask.extent(path: path, scale: scale, pad: pad)
        if fw > Double(Self.shadowMaskClipSide) || fh > Double(Self.shadowMaskClipSide) {
            let toTarget = Homography.translation(l.shadowOffset.x, l.shadowOffset.y).concatenating(d.toTarget)
            var visible = d.target
            if let c = d.clip { visible = visible.intersection(Rect.bounding(c)) }
            if toTarget.c == 0, toTarget.f == 0, !visible.isEmpty,
               let r = localRect(ofTargetRect: visible.insetBy(-1, -1), through: toTarget) {
                let margin = pad / scale
                let region = r.insetBy(-margin, -margin)
                guard !path.controlBounds.intersection(region).isEmpty else { return }
                key.region = region
                key.origin = nil
            }
        }
        let index: Int, local: Rect
        if let cached = shadowMasks[key] {
            (index, local) = cached
        } else {
            let region = key.region, origin = key.origin
            let (ew, eh) = ShadowMask.extent(path: path, scale: scale, pad: pad, region: region, origin: origin)
            guard let (mw, mh) = checkedPixelSize(ew, eh, layer: l, what: "shadowPath mask") else { return }
            shadowMaskBytes += mw * mh * 4
            stats.shadowMaskBytes = shadowMaskBytes
            guard shadowMaskBytes <= PlanLimits.maximumShadowMaskBytes else {
                problem(l, "shadowPath mask: this frame's shadowPath masks would need more than "
                        + "\(PlanLimits.maximumShadowMaskBytes >> 20) MiB")
                return
            }
            let (img, r) = shadowMaskCache.value(for: key) {
                ShadowMask.make(path: path, sigma: sigma, scale: scale, pad: pad, region: region, origin: origin)
            }
            images.append(PlanImage(key: "shadowPath(\(d.nameIndex))", image: img))
            index = images.count - 1
            local = r
            shadowMasks[key] = (index, local)
        }
        let color = shadowColor
        let off = l.shadowOffset
        let (rect, shape, aa) = shadowGeometry(l, covering: local)
        guard !rect.isEmpty else { return }
        add(DrawItem(layer: d.nameIndex,
                     transform: Homography.translation(off.x, off.y).concatenating(d.toTarget).transform3D,
                     rect: rect,
                     paint: .textureAlpha(.image(index), uv: Homography.mapping(local, to: Rect(x: 0, y: 0, width: 1, height: 1)),
                                          filter: .linear, color: color),
                     shape: shape, aaEdges: aa, clip: d.clip))
    }
}
