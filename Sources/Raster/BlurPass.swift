// Raster: one separable blur step over the alpha of an earlier pass — the
// CPU twin of Shaders/cs_blur.frag.glsl (GLES executor), which must keep
// the same arithmetic. For each output pixel, in Float:
//   Gaussian step:  sum = Σ_{k = −r…r, ascending} weights[|k|] · alpha(p + k·axis)
//   box step (downsample d, along the axis):
//                   sum = Σ_{j = 0…d−1, ascending} (1/d) · alpha(d·i + j)
// with alpha = byte/255 read clamp-to-edge, then a = round(clamp(sum)·255)
// written as (a, a, a, a) — premultiplied white; only alpha is used later.
// The weights come from `BlurStep`, computed once for both executors. (The
// shader pads a Gaussian step to its radius bucket with zero weights,
// which add +0.0 and leave every sum unchanged.)
//
// Per pixel the sum is accumulated in the same order as the shader loop,
// but the loops run tap-outer / pixel-inner over a row so they vectorise.
// A step with a region (BlurStep.region) computes only the pixels inside it
// and leaves the rest as the pass was cleared, transparent (0), as the GLES
// executor's cleared pass holds.

import Dispatch
import Plan

enum BlurPass {
    /// Blurs `source`'s alpha along `step.axis` into `target` (the size
    /// `step.outputSize` makes of the source).
    /// (An RGBA step goes to `BlurPassRGBA`.)
    static func run(_ step: BlurStep, source: PixelBuffer, into target: PixelBuffer, bands: Int) {
        if step.channels == .rgba { BlurPassRGBA.run(step, source: source, into: target, bands: bands); return }
        run([step], source: source, into: target, bands: bands)
    }

    /// Runs alpha `steps` over `source` into `target` one after the other,
    /// reading the source's alpha once: a `.blur` pass (one step) or a pass
    /// of packed steps (`PassContent.blurs`, each over its own region).
    static func run(_ steps: [BlurStep], source: PixelBuffer, into target: PixelBuffer, bands: Int) {
        let sw = source.width, sh = source.height
        // Alpha of the source pixels as byte/255: every pixel, or, when each
        // step is a full-resolution one with a region, only the pixels its
        // taps read (the region widened by the radius along the axis, cut to
        // the pass, where clamped reads land); no other entry is read.
        let alpha = UnsafeMutablePointer<Float>.allocate(capacity: sw * sh)
        defer { alpha.deallocate() }
        var reads: [BlurRegion] = []
        for step in steps {
            guard step.downsample == 1, let r = step.readRegion(width: sw, height: sh),
                  step.outputSize(sourceWidth: sw, sourceHeight: sh) == (target.width, target.height) else {
                reads = [BlurRegion(x0: 0, y0: 0, x1: sw, y1: sh)]; break
            }
            reads.append(r)
        }
        for r in reads where !r.isEmpty {
            for y in r.y0..<r.y1 {
                for i in (y * sw + r.x0)..<(y * sw + r.x1) { alpha[i] = PixelMath.alpha(source.pixels[i]) }
            }
        }
        for step in steps { run(step, alpha: alpha, width: sw, height: sh, into: target, bands: bands) }
    }

    /// One alpha step over the source alpha `alpha` (`sw` × `sh`).
    private static func run(_ step: BlurStep, alpha: UnsafeMutablePointer<Float>, width sw: Int, height sh: Int,
                            into target: PixelBuffer, bands: Int) {
        let tw = target.width, th = target.height
        // Taps by offset from the first source pixel of an output pixel:
        // Gaussian k = −r…r (first = −r, stride 1); box j = 0…d−1 (first = 0, stride d).
        let d = step.downsample
        let taps: [Float], first: Int
        if d > 1 {
            taps = step.weights; first = 0
        } else {
            let r = step.radius
            taps = (-r...r).map { step.weights[abs($0)] }; first = -r
        }
        // Only the step's region is computed; outside it every sum is 0, which
        // the target already holds: a step with a region is valid only on a
        // pass cleared to transparent (PlanValidation), and the executor
        // created the target filled with its clear colour.
        let reg = step.region ?? BlurRegion(x0: 0, y0: 0, x1: tw, y1: th)
        let x0 = reg.x0, cw = reg.x1 - reg.x0, rows = reg.y1 - reg.y0
        let bandCount = max(1, min(bands, rows))
        let work = { (b: Int) in
            let y0 = reg.y0 + rows * b / bandCount, y1 = reg.y0 + rows * (b + 1) / bandCount
            let sums = UnsafeMutablePointer<Float>.allocate(capacity: cw)
            // Horizontal: the source row, clamped to edge (padded, or gathered per tap when downsampling).
            let row = UnsafeMutablePointer<Float>.allocate(capacity: cw + taps.count)
            defer { sums.deallocate(); row.deallocate() }
            taps.withUnsafeBufferPointer { taps in
                for y in y0..<y1 {
                    sums.initialize(repeating: 0, count: cw)
                    switch step.axis {
                    case .horizontal:
                        let src = alpha + y * sw
                        if d == 1 {
                            // The row padded by r on each side once; tap k reads it from offset k.
                            for i in 0..<(cw + taps.count - 1) { row[i] = src[min(max(i + x0 + first, 0), sw - 1)] }
                            for k in 0..<taps.count {
                                let wk = taps[k], s = row + k
                                for x in 0..<cw { sums[x] += wk * s[x] }
                            }
                        } else {
                            for k in 0..<taps.count {
                                let wk = taps[k], off = first + k
                                for x in 0..<cw { row[x] = src[min(max(d * (x0 + x) + off, 0), sw - 1)] }
                                for x in 0..<cw { sums[x] += wk * row[x] }
                            }
                        }
                    case .vertical:
                        for k in 0..<taps.count {
                            let wk = taps[k], s = alpha + min(max(d * y + first + k, 0), sh - 1) * sw + x0
                            for x in 0..<cw { sums[x] += wk * s[x] }
                        }
                    }
                    let out = target.pixels + y * tw + x0
                    for x in 0..<cw {
                        let a = PixelMath.unorm8(sums[x])
                        out[x] = a | a << 8 | a << 16 | a << 24
                    }
                }
            }
        }
        if bandCount == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: work) }
    }
}
