// Images: "draw it at the right size once" — a box filter that shrinks an
// image to the size it is actually drawn at. Each output pixel is the
// area-weighted mean of the source pixels its footprint covers (fractional
// coverage at the edges), computed separably (rows, then columns) in
// premultiplied RGBA, which is the correct space for averaging alpha.
// Only shrinks: a target side larger than the source keeps the source side.

/// Downscaling of decoded images with an exact-area box filter.
public enum ImageDownscale {
    /// `image` shrunk to `width` × `height` (each clamped to 1…the source side).
    public static func box(_ image: Image, width: Int, height: Int) -> Image {
        let dw = min(max(1, width), image.width), dh = min(max(1, height), image.height)
        if dw == image.width && dh == image.height { return image }
        let sw = image.width, sh = image.height
        let xTaps = taps(source: sw, target: dw)
        let yTaps = taps(source: sh, target: dh)
        // Rows: sh × dw × 4 floats.
        var rows = [Float](repeating: 0, count: sh * dw * 4)
        image.pixels.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { dst in
                for y in 0..<sh {
                    let srow = y * sw * 4, drow = y * dw * 4
                    for x in 0..<dw {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for (i, w) in xTaps[x] {
                            let s = srow + i * 4
                            r += w * Float(src[s]); g += w * Float(src[s + 1])
                            b += w * Float(src[s + 2]); a += w * Float(src[s + 3])
                        }
                        let d = drow + x * 4
                        dst[d] = r; dst[d + 1] = g; dst[d + 2] = b; dst[d + 3] = a
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: dw * dh * 4)
        rows.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<dh {
                    for x in 0..<dw {
                        var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for (j, w) in yTaps[y] {
                            let s = (j * dw + x) * 4
                            acc.0 += w * src[s]; acc.1 += w * src[s + 1]
                            acc.2 += w * src[s + 2]; acc.3 += w * src[s + 3]
                        }
                        let d = (y * dw + x) * 4
                        let a = quantize(acc.3)
                        // Keep premultiplication valid after rounding: colour ≤ alpha.
                        dst[d] = min(quantize(acc.0), a); dst[d + 1] = min(quantize(acc.1), a)
                        dst[d + 2] = min(quantize(acc.2), a); dst[d + 3] = a
                    }
                }
            }
        }
        return Image(width: dw, height: dh, pixels: out)
    }

    /// For each target index, the source indices its footprint covers and their
    /// weights (coverage ÷ footprint, summing to 1).
    static func taps(source: Int, target: Int) -> [[(Int, Float)]] {
        let scale = Double(source) / Double(target)
        return (0..<target).map { t in
            let a = Double(t) * scale, b = Double(t + 1) * scale
            var list: [(Int, Float)] = []
            var i = Int(a.rounded(.down))
            while Double(i) < b && i < source {
                let w = min(b, Double(i + 1)) - max(a, Double(i))
                if w > 1e-9 { list.append((i, Float(w / scale))) }
                i += 1
            }
            return list
        }
    }

    @inline(__always)
    private static func quantize(_ v: Float) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
}
