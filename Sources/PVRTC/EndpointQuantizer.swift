// EndpointQuantizer: the encoder's view of what colours A and B can hold. For
// each endpoint kind (A/B × opaque/translucent) and channel it knows the 8-bit
// values a block colour decodes to at its own block centre, finds the nearest or
// bracketing codes for a continuous value, and packs chosen codes into a word.
// Tables live in one flat, immutable allocation so hot loops touch no refcounts.

/// The five channel scales PVRTC1 colours use.
enum ChannelScale: Int, Sendable {
    case five, fourAsFive, threeAsFive, alphaThree, alphaOpaque

    /// Number of codes.
    var count: Int { [32, 16, 8, 8, 1][rawValue] }

    /// Working-precision value (5-bit RGB or 4-bit alpha) of a code, as the decoder widens it.
    func widen(_ code: Int) -> Int {
        switch self {
        case .five: return code
        case .fourAsFive: return (code << 1) | (code >> 3)
        case .threeAsFive: return (code << 2) | (code >> 1)
        case .alphaThree: return code << 1
        case .alphaOpaque: return 15
        }
    }

    /// 8-bit value of a code at the block centre: RGB (w << 3) | (w >> 2), alpha 17·w.
    @inline(__always) func value(_ code: Int) -> Float { ScaleTables.values[rawValue * 32 + code] }

    /// Code of the value nearest to `v` (clamped to 0…255).
    @inline(__always) func nearest(_ v: Float) -> Int {
        let i = Int(min(max(v, 0), 255) + 0.5)
        return Int(ScaleTables.nearest[rawValue * 256 + i])
    }

    /// The codes just below and just above `v` (equal at the ends of the scale).
    @inline(__always) func bracket(_ v: Float) -> (Int, Int) {
        let n = nearest(v)
        if value(n) <= v { return (n, min(n + 1, count - 1)) }
        return (max(n - 1, 0), n)
    }
}

/// Flat lookup tables: 32 values and 256 nearest-code entries per scale.
enum ScaleTables {
    static let values: UnsafeMutablePointer<Float> = {
        let p = UnsafeMutablePointer<Float>.allocate(capacity: 5 * 32)
        p.initialize(repeating: 0, count: 5 * 32)
        for s in 0..<5 {
            let scale = ChannelScale(rawValue: s)!
            for code in 0..<scale.count {
                let w = scale.widen(code)
                p[s * 32 + code] = Float(s >= 3 ? w * 17 : (w << 3) | (w >> 2))
            }
        }
        return p
    }()

    static let nearest: UnsafeMutablePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 5 * 256)
        for s in 0..<5 {
            let count = ChannelScale(rawValue: s)!.count
            for v in 0..<256 {
                var best = 0
                for i in 0..<count where abs(values[s * 32 + i] - Float(v)) < abs(values[s * 32 + best] - Float(v)) {
                    best = i
                }
                p[s * 256 + v] = UInt8(best)
            }
        }
        return p
    }()
}

/// The four kinds of block colour and their channel scales.
enum EndpointKind: Int, Sendable {
    case opaqueA, translucentA, opaqueB, translucentB

    @inline(__always) static func kind(isB: Bool, opaque: Bool) -> EndpointKind {
        isB ? (opaque ? .opaqueB : .translucentB) : (opaque ? .opaqueA : .translucentA)
    }

    /// Scale of channel `c` (0 red … 3 alpha).
    @inline(__always) func scale(_ c: Int) -> ChannelScale {
        switch self {
        case .opaqueA: return c == 3 ? .alphaOpaque : (c == 2 ? .fourAsFive : .five)
        case .translucentA: return c == 3 ? .alphaThree : (c == 2 ? .threeAsFive : .fourAsFive)
        case .opaqueB: return c == 3 ? .alphaOpaque : .five
        case .translucentB: return c == 3 ? .alphaThree : .fourAsFive
        }
    }

    /// Colour-word bits (A in bits 1–15 or B in 16–31) for per-channel codes.
    func pack(_ codes: SIMD4<Int32>) -> UInt32 {
        let r = Int(codes[0]), g = Int(codes[1]), b = Int(codes[2]), a = Int(codes[3])
        switch self {
        case .opaqueA: return ColorWord.packA(opaque: true, r: r, g: g, b: b)
        case .translucentA: return ColorWord.packA(opaque: false, r: r, g: g, b: b, a: a)
        case .opaqueB: return ColorWord.packB(opaque: true, r: r, g: g, b: b)
        case .translucentB: return ColorWord.packB(opaque: false, r: r, g: g, b: b, a: a)
        }
    }

    /// Nearest codes and their 8-bit values for a continuous colour.
    @inline(__always)
    func quantize(_ v: SIMD4<Float>) -> (codes: SIMD4<Int32>, values: SIMD4<Float>) {
        var codes = SIMD4<Int32>(), values = SIMD4<Float>()
        for c in 0..<4 {
            let s = scale(c)
            let n = s.nearest(v[c])
            codes[c] = Int32(n)
            values[c] = s.value(n)
        }
        return (codes, values)
    }
}
