// Raster: texture sampling with GL ES 2 conventions — texel centres at
// (i + ½)/W, clamp to edge, GL_NEAREST and GL_LINEAR — on premultiplied
// RGBA8 texels read as byte/255 Floats. The filter is a type parameter so
// each paint's inner loop is compiled for one filter (no per-pixel switch).
// Coordinates that are NaN or far outside clamp like any other, so a
// degenerate perspective never traps on an Int conversion.

/// How texel indices and weights are computed from (u, v).
protocol TexelFilter {
    /// The filtered texel at unit coordinates (u, v).
    static func sample(_ t: TextureView, _ u: Float, _ v: Float, weightScale: Float) -> SIMD4<Float>
    /// Only the alpha of `sample` (same arithmetic, one channel).
    static func sampleAlpha(_ t: TextureView, _ u: Float, _ v: Float, weightScale: Float) -> Float
}

/// ⌊x⌋ and x − ⌊x⌋ for a texel coordinate, exact and without a libm call.
/// Outside −1…size (NaN included) every tap clamps to the same edge texel,
/// so x is clamped first (the Int conversion can never trap) and the
/// fraction reported is 0.
@inline(__always)
func clampedFloor(_ x: Float, _ size: Float) -> (index: Int, fraction: Float) {
    guard x >= -1, x <= size else { return (x > size ? Int(size) : -1, 0) }
    var i = Int(x)                   // truncates toward zero
    if Float(i) > x { i &-= 1 }      // floor for negatives
    return (i, x - Float(i))
}

/// GL_NEAREST: texel index = clamp(⌊u·W + bias⌋, 0, W − 1), with the
/// 1/2048-texel `GLConventions.nearestBias` the GLES shaders add too, so a
/// pixel centre exactly on a texel boundary picks the same texel on both.
struct NearestFilter: TexelFilter {
    @inline(__always)
    static func index(_ u: Float, _ size: Float, _ n: Int) -> Int {
        let i = clampedFloor(u * size + GLConventions.nearestBias, size).index
        return i < 0 ? 0 : (i >= n ? n &- 1 : i)
    }

    @inline(__always)
    static func sample(_ t: TextureView, _ u: Float, _ v: Float, weightScale: Float) -> SIMD4<Float> {
        t.texelUnit(index(u, t.widthF, t.width), index(v, t.heightF, t.height))
    }

    @inline(__always)
    static func sampleAlpha(_ t: TextureView, _ u: Float, _ v: Float, weightScale: Float) -> Float {
        t.alphaUnit(index(u, t.widthF, t.width), index(v, t.heightF, t.height))
    }
}

/// GL_LINEAR: x = u·W − ½, i0 = ⌊x⌋, f = x − i0 (quantized), texels i0 and
/// i0 + 1 clamped to the edge; lerp along x, then along y.
struct LinearFilter: TexelFilter {
    /// Texel pair and weight along one axis.
    @inline(__always)
    static func taps(_ u: Float, _ size: Float, _ n: Int, _ weightScale: Float) -> (Int, Int, Float) {
        let x = u * size - 0.5
        let (i0, fraction) = clampedFloor(x, size)
        let f = quantizeBilinearWeight(fraction, scale: weightScale)
        let a = i0 < 0 ? 0 : (i0 >= n ? n &- 1 : i0)
        let i1 = i0 &+ 1
        let b = i1 < 0 ? 0 : (i1 >= n ? n &- 1 : i1)
        return (a, b, f)
    }

    @inline(__always)
    static func sample(_ t: TextureView, _ u: Float, _ v: Float, weightScale: Float) -> SIMD4<Float> {
        if weightScale < 0 { return sample8(t, u, v) }
        let (x0, x1, fx) = taps(u, t.widthF, t.width, weightScale)
        let (y0, y1, fy) = taps(v, t.heightF, t.height, weightScale)
        let t00 = t.texelUnit(x0, y0), t10 = t.texelUnit(x1, y0)
        let t01 = t.texelUnit(x0, y1), t11 = t.texelUnit(x1, y1)
        let top = t00 * (1 - fx) + t10 * fx
        let bottom = t01 * (1 - fx) + t11 * fx
        return top * (1 - fy) + bottom * fy
    }

    @inline(__always)
    static func sampleAlpha(_ t: TextureView, _ u: Float, _ v: Float, weightScale: Float) -> Float {
        if weightScale < 0 { return sample8(t, u, v).w }
        let (x0, x1, fx) = taps(u, t.widthF, t.width, weightScale)
        let (y0, y1, fy) = taps(v, t.heightF, t.height, weightScale)
        let top = t.alphaUnit(x0, y0) * (1 - fx) + t.alphaUnit(x1, y0) * fx
        let bottom = t.alphaUnit(x0, y1) * (1 - fx) + t.alphaUnit(x1, y1) * fx
        return top * (1 - fy) + bottom * fy
    }
}

extension LinearFilter {
    /// llvmpipe's bilinear filter (`GLConventions.BilinearArithmetic.integerLerp8`):
    /// 8-bit texels, 8-bit rounded weights, integer lerps along x then y; the
    /// byte result becomes a Float like any texel.
    @inline(__always)
    static func sample8(_ t: TextureView, _ u: Float, _ v: Float) -> SIMD4<Float> {
        let (x0, x1, wx) = GLConventions.bilinearTaps(u, size: t.width)
        let (y0, y1, wy) = GLConventions.bilinearTaps(v, size: t.height)
        let p00 = t.texel(x0, y0)
        // Both weights 0 (an unscaled, pixel-aligned image): every lerp8 returns
        // its first texel, a + ((b − a)·0 + 128) >> 8 = a.
        if wx | wy == 0 { return PixelMath.unpackTexel(p00) }
        let q00 = PixelMath.lanes(p00), q10 = PixelMath.lanes(t.texel(x1, y0))
        let q01 = PixelMath.lanes(t.texel(x0, y1)), q11 = PixelMath.lanes(t.texel(x1, y1))
        // GLConventions.bilinear8 on the four channels at once (same integer steps).
        let top = lerp8(q00, q10, wx), bottom = lerp8(q01, q11, wx)
        return SIMD4<Float>(lerp8(top, bottom, wy)) * GLConventions.reciprocal255
    }

    /// `GLConventions.lerp8` per lane.
    @inline(__always)
    static func lerp8(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>, _ w: Int32) -> SIMD4<Int32> {
        a &+ (((b &- a) &* w &+ 128) &>> 8)
    }
}

/// The one place bilinear weights lose precision, as a GPU's texture unit
/// does: f = ⌊f·2^bits⌋ / 2^bits, with `scale` = 2^bits, or 0 for exact Floats
/// (`GLConventions.bilinearWeightBits` = nil).
@inline(__always)
func quantizeBilinearWeight(_ f: Float, scale: Float) -> Float {
    // 0 ≤ f < 1, so truncation is ⌊⌋.
    scale > 0 ? Float(Int32(f * scale)) * (1 / scale) : f   // 1/scale is exact (a power of two)
}

extension GLConventions {
    /// 2^bilinearWeightBits, 0 when weights stay exact, or −1 for llvmpipe's
    /// integer filter (`bilinearArithmetic == .integerLerp8`, `LinearFilter.sample8`).
    var bilinearWeightScale: Float {
        if bilinearArithmetic == .integerLerp8 { return -1 }
        guard let b = bilinearWeightBits else { return 0 }
        return Float(1 << max(0, min(b, 23)))
    }
}
