// Images: PNG encoding through libpng's simplified write API
// (png_image_write_to_memory), for the same reason as PNGDecoder: errors are
// returned, never longjmp'd through Swift. Output is always 8-bit straight-
// alpha RGBA, non-interlaced, so any image the compositor writes reads back
// to the same premultiplied bytes whenever the unpremultiply/premultiply
// round trip is exact (always for opaque and fully transparent pixels).

import CPNG

enum PNGEncoder {
    static func encode(_ image: Image, name: String = "<memory>") throws -> [UInt8] {
        try encode(straightRGBA: image.straightRGBA, width: image.width, height: image.height, name: name)
    }

    /// Encodes straight RGBA8 bytes (`width * height * 4`) exactly as given.
    static func encode(straightRGBA straight: [UInt8], width: Int, height: Int,
                       name: String = "<memory>") throws -> [UInt8] {
        guard width > 0, height > 0 else {
            throw ImageFileError.writeFailed(name, reason: "cannot encode an empty \(width)×\(height) image")
        }
        if width > ImageLimits.maxDimension || height > ImageLimits.maxDimension
            || width * height > ImageLimits.maxPixels {
            throw ImageFileError.tooLarge(name, width: width, height: height,
                                          limit: "\(ImageLimits.maxDimension) pixels per side and \(ImageLimits.maxPixels) in all")
        }
        precondition(straight.count == width * height * 4, "PNG: pixel buffer size mismatch")
        let rowBytes = width * 4
        // Stored deflate blocks plus chunk overhead stay well under raw + raw/8 + 1 KiB.
        let raw = (rowBytes + 1) * height
        var capacity = raw + raw / 8 + 1024
        for _ in 0..<2 {
            var png = png_image()
            png.version = png_uint_32(PNG_IMAGE_VERSION)
            png.width = png_uint_32(width)
            png.height = png_uint_32(height)
            png.format = PNGDecoder.formatRGBA
            var out = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = out.withUnsafeMutableBytes { dst in
                straight.withUnsafeBytes { src in
                    png_image_write_to_memory(&png, dst.baseAddress, &size, 0, src.baseAddress,
                                              png_int_32(rowBytes), nil)
                }
            }
            png_image_free(&png)
            if ok != 0 {
                out.removeSubrange(size...)
                return out
            }
            guard size > capacity else {
                throw ImageFileError.writeFailed(name, reason: "PNG encoding failed: \(PNGDecoder.message(png))")
            }
            capacity = size // The buffer was too small; libpng told us the size it needs.
        }
        throw ImageFileError.writeFailed(name, reason: "PNG encoding failed: output buffer too small")
    }
}
