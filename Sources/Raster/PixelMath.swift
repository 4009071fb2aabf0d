// Raster: the 8-bit conversions every stage shares — bytes to Float,
// Float to bytes (GL's unorm8 conversion), packing, and the exact x·y/255.
// Kept in one place so the draw path, the blur and the clear all round the
// same way; the GLES side calibrates against exactly these functions.

import Images

enum PixelMath {
    /// Clamps each channel to 0...1 (NaN becomes 0, so no input can trap later).
    @inline(__always)
    static func clamp01(_ c: SIMD4<Float>) -> SIMD4<Float> {
        // Per lane: c > 0 ? (c < 1 ? c : 1) : 0, as two selects.
        var v = SIMD4<Float>(repeating: 0)
        v.replace(with: c, where: c .> 0)
        v.replace(with: 1, where: v .>= 1)
        return v
    }

    /// The four bytes of a packed pixel as Int32 lanes (R, G, B, A).
    @inline(__always)
    static func lanes(_ p: UInt32) -> SIMD4<Int32> {
        SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(p, to: SIMD4<UInt8>.self))
    }

    /// A packed texel as the shader sees it: each byte `GLConventions.texelFloat`.
    @inline(__always)
    static func unpackTexel(_ p: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(lanes(p)) * GLConventions.reciprocal255
    }

    /// Round-to-nearest (ties to even, the FPU's mode, as llvmpipe's unorm
    /// conversion) of v in 0...255, without a libm call: adding 1.5·2²³
    /// leaves round(v) in the low mantissa bits.
    @inline(__always)
    static func roundByte(_ v: Float) -> UInt32 {
        (v + 12_582_912).bitPattern & 0xFF
    }

    /// GL's unorm8 conversion of one channel: round(clamp(c, 0, 1) · 255).
    @inline(__always)
    static func unorm8(_ c: Float) -> UInt32 {
        roundByte((c > 0 ? (c < 1 ? c : 1) : 0) * 255)
    }

    /// GL's unorm8 conversion of a colour, packed R | G<<8 | B<<16 | A<<24.
    @inline(__always)
    static func pack(_ c: SIMD4<Float>) -> UInt32 {
        // roundByte per lane: the low byte of (v + 1.5·2²³)'s bits.
        let bits = unsafeBitCast(clamp01(c) * 255 + 12_582_912, to: SIMD4<UInt32>.self)
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: bits), to: UInt32.self)
    }

    /// A packed pixel as Floats in 0...1 (byte / 255, exactly rounded).
    @inline(__always)
    static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24)) / 255
    }

    /// Every byte b as the shader sees a texel on llvmpipe: Float(b) · Float(1/255)
    /// (`GLConventions.texelFloat`; not b/255, which differs by an ulp for 126 bytes).
    static let byteToUnit: UnsafePointer<Float> = {
        let t = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        for b in 0..<256 { t[b] = GLConventions.texelFloat(UInt8(b)) }
        return UnsafePointer(t)
    }()

    /// The alpha byte of a packed pixel as a Float in 0...1 (as a texel: `GLConventions.texelFloat`).
    @inline(__always)
    static func alpha(_ p: UInt32) -> Float { GLConventions.texelFloat(UInt8(p >> 24)) }

    /// Integer premultiplied source-over of packed pixels:
    /// min(255, s + blendMul(d, 255 − sA)) per channel, with llvmpipe's rounding
    /// (`GLConventions.blendMul`, Blinn's approximation, not `Image.mul255`).
    /// The four channels at once in 16-bit lanes of one UInt64 (`sourceOverLanes`).
    @inline(__always)
    static func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let k = UInt64(255 &- (s >> 24))
        return packLanes(sourceOverLanes(spreadLanes(s), spreadLanes(d), k))
    }

    /// Source-over of one packed source onto `count` pixels (a constant
    /// colour's span): `sourceOver` on each, two pixels per 64-bit step.
    @inline(__always)
    static func sourceOver(_ s: UInt32, onto p: UnsafeMutablePointer<UInt32>, count: Int) {
        let k = UInt64(255 &- (s >> 24))
        let s2 = UInt64(s) | UInt64(s) << 32
        let srb = s2 & laneMask, sag = s2 >> 8 & laneMask
        var i = 0
        while i &+ 2 <= count {
            let raw = UnsafeMutableRawPointer(p + i)
            let d = raw.loadUnaligned(as: UInt64.self)
            let rb = sourceOverLanes(srb, d & laneMask, k)
            let ag = sourceOverLanes(sag, d >> 8 & laneMask, k)
            raw.storeBytes(of: rb | ag << 8, as: UInt64.self)
            i &+= 2
        }
        if i < count { p[i] = sourceOver(s, p[i]) }
    }

    /// 0x00FF in each 16-bit lane.
    static let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF

    /// A packed pixel's bytes in 16-bit lanes: R, B in lanes 0, 1; G, A in lanes 2, 3.
    @inline(__always)
    static func spreadLanes(_ p: UInt32) -> UInt64 {
        UInt64(p & 0x00FF_00FF) | UInt64(p >> 8 & 0x00FF_00FF) << 32
    }

    /// The inverse of `spreadLanes` (every lane ≤ 255).
    @inline(__always)
    static func packLanes(_ v: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: v) | UInt32(truncatingIfNeeded: v >> 32) << 8
    }

    /// Per 16-bit lane holding a byte: min(255, s + ((t + (t >> 8) + 128) >> 8)) with
    /// t = d·k, k ≤ 255. No lane carries into the next: t ≤ 65025, t + (t >> 8) + 128
    /// ≤ 65407, and s + the product ≤ 510, whose bit 8 marks the lanes to saturate.
    @inline(__always)
    static func sourceOverLanes(_ s: UInt64, _ d: UInt64, _ k: UInt64) -> UInt64 {
        let t = d &* k
        let m = (t &+ (t >> 8 & laneMask) &+ 0x0080_0080_0080_0080) >> 8 & laneMask
        let v = s &+ m
        let over = v >> 8 & 0x0001_0001_0001_0001
        return (v | over &* 0xFF) & laneMask
    }

    /// x · y / 255 rounded to nearest: the formula of `Image.mul255`, inlined
    /// here for the hot loop (a test checks all 65,536 inputs agree with it).
    @inline(__always)
    static func mul255(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
