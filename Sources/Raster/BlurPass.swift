// Raster: one separable Gaussian blur step over the alpha of an earlier
// pass — the CPU twin of Shaders/cs_blur.frag.glsl (GLES executor), which
// must keep the same arithmetic: for each pixel,
//   sum = Σ_{k = −r…r, ascending} weights[|k|] · alpha(p + k·axis)   (Float)
// with alpha = byte/255 read clamp-to-edge, then a = round(clamp(sum)·255)
// written as (a, a, a, a) — premultiplied white; only alpha is used later.
// The weights come from `BlurStep`, computed once for both executors.
//
// Per pixel the sum is accumulated in the same order as the shader loop,
// but the loops run tap-outer / pixel-inner over a row so they vectorise.

import Dispatch
import Plan

enum BlurPass {
    /// Blurs `source`'s alpha along `step.axis` into `target` (same size).
    /// (An RGBA step goes to `BlurPassRGBA`.)
    static func run(_ step: BlurStep, source: PixelBuffer, into target: PixelBuffer, bands: Int) {
        if step.channels == .rgba { BlurPassRGBA.run(step, source: source, into: target, bands: bands); return }
        let w = source.width, h = source.height
        let r = max(0, step.weights.count - 1)
        // Weights by tap, k = −r…r.
        let taps = (-r...r).map { step.weights[abs($0)] }
        // Alpha of every source pixel as byte/255.
        let alpha = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
        defer { alpha.deallocate() }
        for i in 0..<(w * h) { alpha[i] = PixelMath.alpha(source.pixels[i]) }

        let bandCount = max(1, min(bands, h))
        let work = { (b: Int) in
            let y0 = h * b / bandCount, y1 = h * (b + 1) / bandCount
            let sums = UnsafeMutablePointer<Float>.allocate(capacity: w)
            let padded = UnsafeMutablePointer<Float>.allocate(capacity: w + 2 * r)
            defer { sums.deallocate(); padded.deallocate() }
            taps.withUnsafeBufferPointer { taps in
                for y in y0..<y1 {
                    sums.initialize(repeating: 0, count: w)
                    switch step.axis {
                    case .horizontal:
                        let src = alpha + y * w
                        for i in 0..<(w + 2 * r) { padded[i] = src[min(max(i - r, 0), w - 1)] }
                        for k in 0..<taps.count {
                            let wk = taps[k], s = padded + k
                            for x in 0..<w { sums[x] += wk * s[x] }
                        }
                    case .vertical:
                        for k in 0..<taps.count {
                            let wk = taps[k], s = alpha + min(max(y + k - r, 0), h - 1) * w
                            for x in 0..<w { sums[x] += wk * s[x] }
                        }
                    }
                    let out = target.pixels + y * w
                    for x in 0..<w {
                        let a = PixelMath.unorm8(sums[x])
                        out[x] = a | a << 8 | a << 16 | a << 24
                    }
                }
            }
        }
        if bandCount == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: work) }
    }
}
