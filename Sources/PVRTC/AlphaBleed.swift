// AlphaBleed: gives fully transparent texels the colour of their nearest
// visible surroundings before encoding. Their own colour is never seen, but the
// least-squares colour fit and the endpoint search would otherwise be pulled
// toward it (typically black), darkening the edges of sprites.

enum AlphaBleed {
    /// `pixels` (RGBA8) with every alpha-0 texel's RGB replaced by the alpha-weighted
    /// mean colour of the smallest enclosing 2^k × 2^k cell that has any alpha.
    static func apply(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        // Level 0: alpha-weighted colour sums and alpha sums per texel.
        var levels: [(w: Int, h: Int, sums: [SIMD4<Int64>])] = []
        var sums = [SIMD4<Int64>](repeating: .zero, count: width * height)
        for i in 0..<(width * height) {
            let a = Int64(pixels[4 * i + 3])
            sums[i] = SIMD4(Int64(pixels[4 * i]) * a, Int64(pixels[4 * i + 1]) * a, Int64(pixels[4 * i + 2]) * a, a)
        }
        levels.append((width, height, sums))
        while levels.last!.w > 1 || levels.last!.h > 1 {
            let prev = levels.last!
            let w = (prev.w + 1) / 2, h = (prev.h + 1) / 2
            var next = [SIMD4<Int64>](repeating: .zero, count: w * h)
            for y in 0..<prev.h {
                for x in 0..<prev.w { next[(y / 2) * w + x / 2] &+= prev.sums[y * prev.w + x] }
            }
            levels.append((w, h, next))
        }
        var out = pixels
        for y in 0..<height {
            for x in 0..<width where pixels[4 * (y * width + x) + 3] == 0 {
                for (k, level) in levels.enumerated().dropFirst() {
                    let s = level.sums[(y >> k) * level.w + (x >> k)]
                    if s[3] > 0 {
                        let i = 4 * (y * width + x)
                        for c in 0..<3 { out[i + c] = UInt8((s[c] + s[3] / 2) / s[3]) }
                        break
                    }
                }
            }
        }
        return out
    }
}
