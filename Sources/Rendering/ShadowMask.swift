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
}

enum ShadowMask {
    /// The blurred coverage of `path` at `scale` pixels per point, padded by
    /// the blur support; returns the image and the local rect it covers.
    static func make(path: Path, sigma: Double, scale: Double, pad: Double) -> (Image, Rect) {
        let b = path.controlBounds
        let w = max(1, Int((b.width * scale + 2 * pad).rounded(.up)))
        let h = max(1, Int((b.height * scale + 2 * pad).rounded(.up)))
        let local = Rect(x: b.minX - pad / scale, y: b.minY - pad / scale,
                         width: Double(w) / scale, height: Double(h) / scale)
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
        let yStart = max(0, Int(a.y.rounded(.down)))
        let yEnd = min(height, Int(b.y.rounded(.up)))
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
            let i0 = Int(loFloor), i1 = Int(hiCeil)
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
    /// blur's tap limit or the mask would exceed 4096 pixels a side.
    func shadowMaskScale(_ l: Layer, path: Path, _ h: Homography) -> Double {
        let b = path.controlBounds
        let own = pixelsPerUnit(h, around: b) / pixelScale  // the layer's own scale on screen
        var s = pixelScale * exp2((log2(own) * 8).rounded() / 8)
        let r = max(0, l.shadowRadius)
        if r > 0 { s = min(s, Double(BlurStep.maxRadius) / 4 / r) }
        let side = max(b.width, b.height) + 8 * r + 2
        if side > 0 { s = min(s, 4096 / side) }
        return s
    }

    /// The shadow of a layer with a shadowPath, from a CPU-blurred path mask.
    func emitShadowFromPath(_ d: LayerDraw, opacityOverride: Double? = nil) {
        let l = d.layer
        guard hasShadow(l), let path = l.shadowPath ?? boundsShadowPath(d), !path.elements.isEmpty else { return }
        let scale = shadowMaskScale(l, path: path, d.toTarget)
        let sigma = max(0, l.shadowRadius) * scale
        let key = ShadowMaskKey(path: path, sigma: sigma, scale: scale)
        let pad = blurPad(sigma) + 1
        let index: Int, local: Rect
        if let cached = shadowMasks[key] {
            (index, local) = cached
        } else {
            let (img, r) = ShadowMaskCache.shared.mask(for: key) {
                ShadowMask.make(path: path, sigma: sigma, scale: scale, pad: pad)
            }
            images.append(PlanImage(key: "shadowPath(\(d.nameIndex))", image: img))
            index = images.count - 1
            local = r
            shadowMasks[key] = (index, local)
        }
        let opacity = opacityOverride ?? d.opacity
        let color = (l.shadowColor ?? .black).premultiplied.scaled(l.shadowOpacity * opacity)
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
