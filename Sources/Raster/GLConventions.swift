// Raster: the GL conventions the CPU executor reproduces so its output
// matches a GLES2 driver pixel for pixel. Each value here was measured on
// Mesa 22.3 llvmpipe (the CI GPU path) with probe plans run through the GLES
// executor; Tests/GLESTests/CalibrationTests.swift keeps each probe that
// needs no debug shader as a bit-exact GPU-vs-CPU regression test. Where a behaviour is more than a number, the
// exact integer/Float recipe is a small pure function below, so the CPU
// executor calls it instead of re-deriving it.
//
// Measured (probe → finding):
// - rect edges at 2.5 + k/4096: coverage flips between k = 7 and 8 → vertex
//   positions snap to 1/256 pixel, round half to even (subpixelBits = 8).
//   (Ties only agree because the GLES executor's viewport is a power of two,
//   which makes its pass → NDC → window round trip exact on the 1/512 grid.
//   Off that grid the "− 1" and "+ 1" of the round trip round in Float and
//   can carry a position across a snapping boundary, so coverage snaps the
//   position as it arrives: Plan's ViewportMapping. Differential fuzzing
//   found it: a thin layer under perspective whose bottom edge covered four
//   pixel centres on the GPU and none on the CPU.)
// - rect 1.5…4.5 square: pixels 1, 2, 3 covered on both axes → an edge
//   through a pixel centre owns it on the left and on the top (smallest pass
//   y), with our y mapping (pass row y = framebuffer row y): topLeft.
// - solid colours (k+½)/255 (exact Float ties), copy blend and glClear: the
//   byte is round-half-to-even(clamp(c)·255) in Float → unorm8.
// - 256×256 sourceOver of every (dst, srcA) pair: dst' = min(255, s +
//   blendMul(d, 255 − sA)) with Blinn's (t + (t >> 8) + 128) >> 8, not the
//   exactly rounded x·y/255 (24 of 65,536 pairs differ).
// - 2×2 textures sampled at weights 0…255 on both axes (random texels):
//   llvmpipe filters in 8-bit integers: s = roundEven(u·W·256) − 128,
//   i0 = s >> 8, w = s & 255, per axis lerp a + (((b − a)·w + 128) >> 8),
//   along x first, then y — 0 mismatches of 262,144 channel samples.
// - 256 texel values × 16 opacities, nearest: a texel byte x reaches the
//   shader as Float(x) · Float(1/255) (not x/255: 126 of 256 differ by an
//   ulp, which flips ties such as x·0.5) → texelFloat. (With the default
//   lowp sampler Mesa even returns fp16 truncated toward zero; every
//   Shaders/*.glsl sampler is declared highp to avoid that.)
// - nearest at u·W = 1 ∓ j/65536: texel = ⌊u·W⌋ in Float, no fixed point;
//   both executors add `nearestBias` (see there).
// - a rect with vertices off the 1/256 grid, a shader writing the bits of
//   its interpolated local x: attributes are interpolated from the UNSNAPPED
//   Float positions (only coverage uses the snapped ones); llvmpipe anchors
//   its planes at the framebuffer origin, so its values differ from the CPU's
//   vertex-anchored planes by an ulp or two (a few pixels per scene at most).

/// How the CPU executor emulates GL rasterization, sampling and blending.
public struct GLConventions: Sendable {
    /// Bits of sub-pixel precision vertex positions are snapped to (llvmpipe: 8, round to nearest).
    public var subpixelBits: Int = 8
    /// Which edges own the pixel centres lying exactly on them.
    public enum FillRule: String, Sendable {
        /// D3D/GL "top-left": edges on the top (smallest y) or left own them.
        case topLeft
        /// Bottom-left: edges on the bottom (largest y) or left own them.
        case bottomLeft
    }
    /// llvmpipe with the GLES executor's y mapping: top-left in pass coordinates.
    public var fillRule: FillRule = .topLeft
    /// Bits of precision of the bilinear interpolation weights (nil = exact float).
    /// llvmpipe: 8, rounded to nearest (see `bilinearArithmetic`).
    public var bilinearWeightBits: Int? = 8
    /// Fragment colours are rounded to 8 bits before blending (llvmpipe's unorm8 path).
    public var quantizeSourceBeforeBlend = true

    /// How a bilinear sample is computed from the four texels.
    public enum BilinearArithmetic: String, Sendable {
        /// Float lerps with weights quantized down to `bilinearWeightBits`, one rounding at the end.
        case float
        /// llvmpipe: 8-bit integer texels, weights w = fraction of roundEven(u·W·256) − 128,
        /// each lerp `lerp8`, along x first, then y; the byte result becomes `texelFloat`.
        case integerLerp8
    }
    public var bilinearArithmetic: BilinearArithmetic = .integerLerp8

    /// Texels added to u·W before ⌊⌋ in nearest lookups, by both executors
    /// (Shaders/ps_common.frag.glsl fetches texel ⌊u·W + bias⌋ at its centre).
    /// Not GL: with a plain ⌊u·W⌋, pixel centres exactly on a texel boundary
    /// (2× minification, half-pixel offsets) pick their side by the last ulp of
    /// llvmpipe's interpolator, which the CPU cannot reproduce bit for bit
    /// (Fixtures/scenes/filters-nearest-linear.json: 0.22 % of pixels off).
    public static let nearestBias: Float = 1.0 / 2048

    public init() {}

    /// The conventions matching Mesa llvmpipe.
    public static let llvmpipe = GLConventions()

    // MARK: - Recipes (pure, shared by any CPU code that needs them)

    /// Float → unorm8 as GL does on llvmpipe (fragment output, clear colour):
    /// round-half-to-even of clamp(c, 0, 1)·255 computed in Float.
    @inline(__always)
    public static func unorm8(_ c: Float) -> UInt8 {
        let v = (c > 0 ? (c < 1 ? c : 1) : 0) * 255
        return UInt8(truncatingIfNeeded: (v + 12_582_912).bitPattern & 0xFF)
    }

    /// A texel byte as the shader sees it on llvmpipe (highp sampler): Float(x) · Float(1/255).
    @inline(__always)
    public static func texelFloat(_ x: UInt8) -> Float { Float(x) * reciprocal255 }

    /// Float(1/255): the constant llvmpipe multiplies unorm8 texels by.
    public static let reciprocal255: Float = Float(1.0 / 255.0)

    /// x·y/255 as llvmpipe's 8-bit blend computes it (lp_build_mul_norm):
    /// Blinn's (t + (t >> 8) + 128) >> 8 with t = x·y — not the exactly rounded
    /// `Image.mul255` (they differ on 24 of the 65,536 byte pairs).
    @inline(__always)
    public static func blendMul(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y
        return (t &+ (t >> 8) &+ 128) >> 8
    }

    /// Premultiplied source-over of one 8-bit channel: min(255, s + blendMul(d, 255 − sA)).
    @inline(__always)
    public static func sourceOver(s: UInt32, sA: UInt32, d: UInt32) -> UInt32 {
        min(255, s &+ blendMul(d, 255 &- sA))
    }

    /// llvmpipe's bilinear texel pair and weight along one axis of `size` texels at unit
    /// coordinate `u` (clamp to edge): i0 = s >> 8, w = s & 255 with s = roundEven(u·size·256) − 128.
    @inline(__always)
    public static func bilinearTaps(_ u: Float, size: Int) -> (i0: Int, i1: Int, w: Int32) {
        var f = u * Float(size) * 256
        if !(f > -1_000_000) { f = -1_000_000 }   // NaN and far-outside coordinates clamp
        if f > 1_000_000_000 { f = 1_000_000_000 }
        // roundEven(f) without a libm call: below 2²² in magnitude, f + 1.5·2²³ keeps
        // round(f) + 2²² in its mantissa (exact, ties to even); beyond, rounded() does it.
        let r = f < 4_194_304 ? Int32(bitPattern: (f + 12_582_912).bitPattern & 0x7F_FFFF) &- 0x40_0000
            : Int32(f.rounded(.toNearestOrEven))
        let s = r &- 128
        let i = Int(s >> 8)
        let w = s & 255
        let i0 = min(max(i, 0), size - 1), i1 = min(max(i + 1, 0), size - 1)
        return (i0, i1, w)
    }

    /// llvmpipe's 8-bit lerp: a + (((b − a)·w + 128) >> 8), arithmetic shift, w in 0…255.
    @inline(__always)
    public static func lerp8(_ a: Int32, _ b: Int32, _ w: Int32) -> Int32 {
        a &+ (((b &- a) &* w &+ 128) >> 8)
    }

    /// One channel of llvmpipe's bilinear sample: lerp along x on both rows, then along y.
    @inline(__always)
    public static func bilinear8(_ t00: UInt8, _ t10: UInt8, _ t01: UInt8, _ t11: UInt8,
                                 wx: Int32, wy: Int32) -> UInt8 {
        let top = lerp8(Int32(t00), Int32(t10), wx)
        let bottom = lerp8(Int32(t01), Int32(t11), wx)
        return UInt8(truncatingIfNeeded: lerp8(top, bottom, wy))
    }
}
