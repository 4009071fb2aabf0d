// Raster: a blur step over all four premultiplied channels of an earlier
// pass (`BlurStep.Channels.rgba`, for effects that blur what is drawn) —
// the CPU twin of cs_blur.frag.glsl's RGBA branch. Same arithmetic as the
// alpha step in BlurPass, per channel: sum = Σ_{k = −r…r, ascending}
// weights[|k|] · c(p + k·axis) in Float with c = byte/255 clamp-to-edge,
// then round(clamp(sum)·255) for each channel.

import Dispatch
import Plan

enum BlurPassRGBA {
    /// Blurs the four channels of `source` along `step.axis` into `target` (same size).
    static func run(_ step: BlurStep, source: PixelBuffer, into target: PixelBuffer, bands: Int) {
        let w = source.width, h = source.height
        let r = max(0, step.weights.count - 1)
        let taps = (-r...r).map { step.weights[abs($0)] }
        // One plane of byte/255 values per channel (r, g, b, a = bits 0, 8, 16, 24).
        let planes = (0..<4).map { c -> UnsafeMutablePointer<Float> in
            let plane = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
            let shift = UInt32(8 * c)
            for i in 0..<(w * h) {
                plane[i] = GLConventions.texelFloat(UInt8(truncatingIfNeeded: source.pixels[i] >> shift))
            }
            return plane
        }
        defer { for p in planes { p.deallocate() } }

        let bandCount = max(1, min(bands, h))
        let work = { (b: Int) in
            let y0 = h * b / bandCount, y1 = h * (b + 1) / bandCount
            let sums = UnsafeMutablePointer<Float>.allocate(capacity: 4 * w)
            let padded = UnsafeMutablePointer<Float>.allocate(capacity: w + 2 * r)
            defer { sums.deallocate(); padded.deallocate() }
            taps.withUnsafeBufferPointer { taps in
                for y in y0..<y1 {
                    for c in 0..<4 {
                        let plane = planes[c], sum = sums + c * w
                        sum.initialize(repeating: 0, count: w)
                        switch step.axis {
                        case .horizontal:
                            let src = plane + y * w
                            for i in 0..<(w + 2 * r) { padded[i] = src[min(max(i - r, 0), w - 1)] }
                            for k in 0..<taps.count {
                                let wk = taps[k], s = padded + k
                                for x in 0..<w { sum[x] += wk * s[x] }
                            }
                        case .vertical:
                            for k in 0..<taps.count {
                                let wk = taps[k], s = plane + min(max(y + k - r, 0), h - 1) * w
                                for x in 0..<w { sum[x] += wk * s[x] }
                            }
                        }
                    }
                    let out = target.pixels + y * w
                    for x in 0..<w {
                        out[x] = PixelMath.unorm8(sums[x]) | PixelMath.unorm8(sums[w + x]) << 8
                            | PixelMath.unorm8(sums[2 * w + x]) << 16 | PixelMath.unorm8(sums[3 * w + x]) << 24
                    }
                }
            }
        }
        if bandCount == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: work) }
    }
}
