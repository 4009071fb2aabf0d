// Images: hybrid images, a colour image (typically a JPEG, which has no
// alpha) combined at load time with a separate alpha mask into one
// premultiplied image. The chapter's trick: JPEG-sized colour plus a small,
// well-compressing PNG mask instead of one large RGBA PNG.
//
// Which channel is the mask: if any pixel of the mask image is not fully
// opaque, its alpha channel; otherwise (gray or RGB PNGs, JPEGs, opaque RGBA)
// its luminance, round(0.299 R + 0.587 G + 0.114 B), which for a gray image
// is exactly its gray value. The mask multiplies the whole premultiplied
// colour pixel, so an opaque colour pixel c under mask value m becomes
// (c·m/255, m) rounded to nearest, exactly as straight colour c at alpha m.

extension ImageLoader {
    /// `color` with its alpha multiplied by the mask value of `mask` (see the file
    /// comment for which channel that is). The names are only for the error.
    /// - Throws: ``ImageFileError/alphaMaskSizeMismatch(_:width:height:color:colorWidth:colorHeight:)``
    ///   when the sizes differ.
    public static func applyAlphaMask(_ mask: Image, maskName: String,
                                      to color: Image, colorName: String) throws -> Image {
        guard mask.width == color.width, mask.height == color.height else {
            throw ImageFileError.alphaMaskSizeMismatch(maskName, width: mask.width, height: mask.height,
                                                       color: colorName, colorWidth: color.width,
                                                       colorHeight: color.height)
        }
        let values = maskValues(mask)
        var out = color.pixels
        var i = 0, p = 0
        while i < out.count {
            let m = UInt32(values[p])
            if m != 255 {
                out[i] = Image.mul255(UInt32(out[i]), m)
                out[i + 1] = Image.mul255(UInt32(out[i + 1]), m)
                out[i + 2] = Image.mul255(UInt32(out[i + 2]), m)
                out[i + 3] = Image.mul255(UInt32(out[i + 3]), m)
            }
            i += 4
            p += 1
        }
        return Image(width: color.width, height: color.height, pixels: out)
    }

    /// One mask value per pixel: the alpha channel when the mask has any
    /// transparency, otherwise the luminance (mask pixels are then opaque, so
    /// premultiplied colour is the straight colour).
    public static func maskValues(_ mask: Image) -> [UInt8] {
        let px = mask.pixels
        let count = mask.width * mask.height
        var usesAlpha = false
        var i = 3
        while i < px.count { if px[i] != 255 { usesAlpha = true; break }; i += 4 }
        var values = [UInt8](repeating: 0, count: count)
        for p in 0..<count {
            let o = p * 4
            if usesAlpha {
                values[p] = px[o + 3]
            } else {
                let l = 299 * Int(px[o]) + 587 * Int(px[o + 1]) + 114 * Int(px[o + 2])
                values[p] = UInt8((l + 500) / 1000)
            }
        }
        return values
    }
}
