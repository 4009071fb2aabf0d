// Rendering: how a shadow's Gaussian blur of σ target pixels becomes
// passes, so that it costs what its radius costs. Below σ = 12: blur H then
// V at the body's resolution (2·⌈4σ⌉ + 1 taps a pixel per step). From σ = 12,
// as Skia and WebRender do: the body alpha is box-downsampled by d (the
// largest power of two ≤ σ/6) along x then y, blurred H then V at 1/d
// resolution with σ' = √(σ² − 2·d²/12)/d (the box of the downsample and the
// pixel box of the weights each add d²/12 of variance), and the shadow item
// upsamples it with its bilinear filter. Taps a pixel stay ≤ 2·48 + 1 and the
// blurred area shrinks by d², so a large radius costs about what a small one
// does; the result stays within 2/255 of the exact Gaussian convolution
// (BlurTests.testDownsampledBlurMatchesExactGaussian).

import Layers

/// The pass holding a shadow's blurred alpha and how it maps onto the body window.
struct ShadowBlur {
    /// The pass to sample (the body itself when σ = 0).
    let pass: Int
    /// 1, or the factor the pass is smaller than the body window by (sample it with .linear).
    let downsample: Int
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

    /// Appends the passes that blur `source` (`width` × `height`) by `sigma` and returns the result.
    func makeShadowBlur(source: Int, width: Int, height: Int, sigma: Double, layer: Layer) -> ShadowBlur {
        guard sigma > 0 else { return ShadowBlur(pass: source, downsample: 1) }
        let (d, s) = PlanBuilder.blurSchedule(sigma: sigma)
        var src = source, w = width, h = height
        if d > 1 {
            w = BlurStep.downsampledSide(width, factor: d)
            h = BlurStep.downsampledSide(height, factor: d)
            src = makeBlurPass(step: BlurStep(source: src, axis: .horizontal, downsample: d),
                               width: w, height: height, layer: layer)
            src = makeBlurPass(step: BlurStep(source: src, axis: .vertical, downsample: d),
                               width: w, height: h, layer: layer)
        }
        let bh = makeBlurPass(step: BlurStep(source: src, axis: .horizontal, sigma: s), width: w, height: h, layer: layer)
        let bv = makeBlurPass(step: BlurStep(source: bh, axis: .vertical, sigma: s), width: w, height: h, layer: layer)
        return ShadowBlur(pass: bv, downsample: d)
    }

    /// Appends a blur pass running `step` and returns its id.
    func makeBlurPass(step: BlurStep, width: Int, height: Int, layer: Layer) -> Int {
        let id = passes.count
        passes.append(RenderPass(id: id, width: width, height: height, reason: .shadowBlur,
                                 layerName: layer.name, clear: .clear, content: .blur(step)))
        return id
    }
}
