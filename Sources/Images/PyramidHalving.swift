// Images: one pyramid level from the level above — each output pixel is the
// rounded mean of the 2 × 2 input pixels it covers (1 or 2 at a right or
// bottom edge of odd size), in premultiplied RGBA8. The plain-image tile
// source and the pyramid writer both use it, so a pyramid written by
// `compositor tiles make` holds the same coarse levels the layer would make.

/// Halving rows of premultiplied RGBA8 for pyramid levels.
public enum PyramidHalving {
    /// `image` halved: ceil(width / 2) × ceil(height / 2).
    public static func halve(_ image: Image) -> Image {
        let w = image.width, h = image.height
        let ow = (w + 1) / 2, oh = (h + 1) / 2
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<oh {
                    let y0 = 2 * oy, y1 = min(2 * oy + 1, h - 1)
                    halveRow(src, w, rowA: y0, rowB: y1, into: dst, at: oy * ow * 4)
                }
            }
        }
        return Image(width: ow, height: oh, pixels: out)
    }

    /// One output row from input rows `rowA` and `rowB` (equal at an odd bottom edge) of a `w`-wide image.
    public static func halveRow(_ src: UnsafeBufferPointer<UInt8>, _ w: Int, rowA: Int, rowB: Int,
                                into dst: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let ow = (w + 1) / 2
        let a = rowA * w * 4, b = rowB * w * 4
        let rows = rowA == rowB ? 1 : 2
        for ox in 0..<ow {
            let x0 = 2 * ox, x1 = min(2 * ox + 1, w - 1)
            let cols = x0 == x1 ? 1 : 2
            let n = UInt32(rows * cols)
            for c in 0..<4 {
                var s = UInt32(src[a + x0 * 4 + c])
                if cols == 2 { s += UInt32(src[a + x1 * 4 + c]) }
                if rows == 2 {
                    s += UInt32(src[b + x0 * 4 + c])
                    if cols == 2 { s += UInt32(src[b + x1 * 4 + c]) }
                }
                dst[offset + ox * 4 + c] = UInt8((s + n / 2) / n)
            }
        }
    }

    /// The pixels of `box` copied out of `image` (which must contain it).
    public static func crop(_ image: Image, _ box: PixelBox) -> Image {
        var out = [UInt8](repeating: 0, count: box.width * box.height * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<box.height {
                    let s = ((box.y + y) * image.width + box.x) * 4
                    let d = y * box.width * 4
                    for i in 0..<(box.width * 4) { dst[d + i] = src[s + i] }
                }
            }
        }
        return Image(width: box.width, height: box.height, pixels: out)
    }
}
