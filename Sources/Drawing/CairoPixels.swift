// Drawing: the exact conversion between cairo's pixel format and ours.
// cairo's ARGB32 is premultiplied, one native-endian 32-bit word a pixel
// (A in bits 24–31, then R, G, B); our Image is premultiplied RGBA, one byte
// a channel. Both are premultiplied 8-bit, so converting is a lossless
// shuffle of channels, done through the 32-bit word so byte order never matters.

import CCairo
import Images

enum CairoPixels {
    /// Copies the pixel rectangle [x0, x1) × [y0, y1) of an ARGB32 surface into `image`.
    static func copy(from surface: OpaquePointer, into image: inout Image, x0: Int, y0: Int, x1: Int, y1: Int) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface), x1 > x0, y1 > y0 else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let w = image.width
        image.pixels.withUnsafeMutableBufferPointer { dst in
            for y in y0..<y1 {
                let row = UnsafeRawPointer(data + y * stride)
                var o = (y * w + x0) * 4
                for x in x0..<x1 {
                    let v = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    dst[o] = UInt8(truncatingIfNeeded: v >> 16)
                    dst[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    dst[o + 2] = UInt8(truncatingIfNeeded: v)
                    dst[o + 3] = UInt8(truncatingIfNeeded: v >> 24)
                    o += 4
                }
            }
        }
    }

    /// A new ARGB32 surface holding `image` (premultiplied RGBA), or nil when cairo refuses the size.
    static func surface(from image: Image) -> OpaquePointer? {
        guard image.width > 0, image.height > 0,
              let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)) else {
            return nil
        }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(s) else {
            cairo_surface_destroy(s)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(s))
        let w = image.width
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride)
                var i = y * w * 4
                for x in 0..<w {
                    let v = UInt32(src[i + 3]) << 24 | UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
                    row.storeBytes(of: v, toByteOffset: x * 4, as: UInt32.self)
                    i += 4
                }
            }
        }
        cairo_surface_mark_dirty(s)
        return s
    }
}
