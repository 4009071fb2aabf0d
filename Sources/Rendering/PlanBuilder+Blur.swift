// Rendering: how a shadow's Gaussian blur of σ target pixels (per axis) becomes
// passes, so that it costs what its radius costs. Below σ = 12: blur H then
// V at the body's resolution (2·⌈4σ⌉ + 1 taps a pixel per step). From σ = 12,
// as Skia and WebRender do: the body alpha is box-downsampled by d (the
// largest power of two ≤ σ/6) along x then y, blurred H then V at 1/d
// resolution with σ' = √(σ² − 2·d²/12)/d (the box of the downsample and the
// pixel box of the weights each add d²/12 of variance), and the shadow item
// upsamples it with its bilinear filter. Taps a pixel stay ≤ 2·48 + 1 and the
// blurred area shrinks by d², so a large radius costs about what a small one
// does; the result stays within 2/255 of the exact Gaussian convolution
// (BlurTests.testDownsampledBlurMatchesExactGaussian). A full-resolution
// step computes only the pixels its taps let the body reach (BlurStep.region:
// the horizontal step only the body's rows, the vertical one its columns
// widened by the horizontal radius), so the passes cost the blurred region,
// not the whole window.

import Layers

/// The pass holding a shadow's blurred alpha and how it maps onto the body window.
struct ShadowBlur {
    /// The pass to sample (the body itself when σ = 0).
    let pass: Int
    /// 1, or the factor the pass is narrower than the body window by (sample it with .linear).
    let downsampleX: Int
    /// 1, or the factor the pass is shorter than the body window by (sample it with .linear).
    let downsampleY: Int
}

extension PlanBuilder {
    /// How a blur of `sigma` pixels runs: the downsampling factor (the
    /// largest power of two ≤ σ/6, at most 64; 1 below σ = 12) and the σ of
    /// the Gaussian steps at that resolution, in its pixels.
    static func blurSchedule(sigma: Double) -> (downsample: Int, sigma: Double) {
        var d = 1
        while d < 64, Double(2 * d) * 6 <= sigma { d *= 2 }
        guard d > 1 else { return (1, sigma) }
        return (d, (sigma * sigma - 2 * Double(d * d) / 12).squareRoot() / Double(d))
    }

    /// Appends the passes that blur `source` (`width` × `height`) by `sigmaX`
    /// along x and `sigmaY` along y and returns the result. Each axis has its
    /// own schedule: a layer scaled unevenly downsamples only where its σ is large.
    /// `sourceRegion`, when known, holds every non-zero pixel of `source`:
    /// full-resolution steps then compute only where their taps can reach it
    /// (BlurStep.region), the rest of each pass staying cleared to 0.
    func makeShadowBlur(source: Int, width: Int, height: Int, sigmaX: Double, sigmaY: Double,
                        sourceRegion: BlurRegion? = nil, layer: Layer) -> ShadowBlur {
        let (dx, sx) = PlanBuilder.blurSchedule(sigma: max(0, sigmaX))
        let (dy, sy) = PlanBuilder.blurSchedule(sigma: max(0, sigmaY))
        var src = source, w = width, h = height
        // Downsampled blurs keep whole passes.
        var live = dx == 1 && dy == 1 ? sourceRegion : nil
        func limited(_ s: BlurStep) -> BlurStep {
            guard let r = live else { return s }
            var s = s
            live = r.spread(by: s.radius, along: s.axis, width: w, height: h)
            s.region = live
            return s
        }
        if dx > 1 {
            w = BlurStep.downsampledSide(width, factor: dx)
            src = makeBlurPass(step: BlurStep(source: src, axis: .horizontal, downsample: dx),
                               width: w, height: h, layer: layer)
        }
        if dy > 1 {
            h = BlurStep.downsampledSide(height, factor: dy)
            src = makeBlurPass(step: BlurStep(source: src, axis: .vertical, downsample: dy),
                               width: w, height: h, layer: layer)
        }
        if sx > 0 {
            src = makeBlurPass(step: limited(BlurStep(source: src, axis: .horizontal, sigma: sx)),
                               width: w, height: h, layer: layer)
        }
        if sy > 0 {
            src = makeBlurPass(step: limited(BlurStep(source: src, axis: .vertical, sigma: sy)),
                               width: w, height: h, layer: layer)
        }
        return ShadowBlur(pass: src, downsampleX: dx, downsampleY: dy)
    }

    /// Appends a blur pass running `step` and returns its id.
    func makeBlurPass(step: BlurStep, width: Int, height: Int, layer: Layer) -> Int {
        let id = passes.count
        passes.append(RenderPass(id: id, width: width, height: height, reason: .shadowBlur,
                                 layerName: layer.name, clear: .clear, content: .blur(step)))
        return id
    }
}
