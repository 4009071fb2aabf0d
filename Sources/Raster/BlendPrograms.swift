// Raster: the output merger. A fragment colour is clamped to 0...1, and
// either rounded to 8 bits first and blended in integers (llvmpipe's unorm8
// path, GLConventions.quantizeSourceBeforeBlend) or blended in Float and
// rounded once. Like the paints, each mode is a type so the span loop is
// compiled per mode.

/// Combines a fragment colour with a packed destination pixel.
protocol BlendProgram {
    static func blend(_ src: SIMD4<Float>, over dst: UInt32) -> UInt32
}

/// `.copy`: dst = round(clamp(c)·255) (the same with or without pre-quantization).
struct CopyBlend: BlendProgram {
    @inline(__always)
    static func blend(_ src: SIMD4<Float>, over dst: UInt32) -> UInt32 { PixelMath.pack(src) }
}

/// `.sourceOver` on 8-bit source: dst = min(255, s8 + mul255(dst, 255 − sA8)).
struct QuantizedSourceOver: BlendProgram {
    @inline(__always)
    static func blend(_ src: SIMD4<Float>, over dst: UInt32) -> UInt32 {
        PixelMath.sourceOver(PixelMath.pack(src), dst)
    }
}

/// `.sourceOver` in Float: dst = round((c + dst/255·(1 − c.a))·255).
struct FloatSourceOver: BlendProgram {
    @inline(__always)
    static func blend(_ src: SIMD4<Float>, over dst: UInt32) -> UInt32 {
        let c = PixelMath.clamp01(src)
        return PixelMath.pack(c + PixelMath.unpack(dst) * (1 - c.w))
    }
}
