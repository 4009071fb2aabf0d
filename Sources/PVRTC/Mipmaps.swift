// Mipmaps: the box-filtered mip chain the encoder compresses when asked for
// mipmaps — each level averages 2×2 texels of the one above (colour weighted by
// alpha so transparent texels do not darken their neighbours), down to 1×1.

enum Mipmaps {
    /// `image` halved in each dimension (a dimension of 1 stays 1).
    static func halved(_ image: PVRTCImage) -> PVRTCImage {
        let w = max(1, image.width / 2), h = max(1, image.height / 2)
        let sx = image.width > 1 ? 2 : 1, sy = image.height > 1 ? 2 : 1
        var out = [UInt8](repeating: 0, count: w * h * 4)
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    var rgb = SIMD3<Int>(), alpha = 0, plain = SIMD3<Int>()
                    for dy in 0..<sy {
                        for dx in 0..<sx {
                            let i = ((y * sy + dy) * image.width + x * sx + dx) * 4
                            let a = Int(p[i + 3])
                            let c = SIMD3(Int(p[i]), Int(p[i + 1]), Int(p[i + 2]))
                            rgb &+= c &* a
                            plain &+= c
                            alpha += a
                        }
                    }
                    let n = sx * sy, o = (y * w + x) * 4
                    let c = alpha > 0 ? (rgb &+ alpha / 2) / alpha : (plain &+ n / 2) / n
                    out[o] = UInt8(c.x); out[o + 1] = UInt8(c.y); out[o + 2] = UInt8(c.z)
                    out[o + 3] = UInt8((alpha + n / 2) / n)
                }
            }
        }
        return PVRTCImage(width: w, height: h, pixels: out)
    }

    /// `image` followed by every halving down to 1×1.
    static func chain(_ image: PVRTCImage) -> [PVRTCImage] {
        var levels = [image]
        while levels.last!.width > 1 || levels.last!.height > 1 { levels.append(halved(levels.last!)) }
        return levels
    }
}
