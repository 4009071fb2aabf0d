// Images: PNG pixel decoding through libpng's simplified API (png_image_*).
// Why that API and not png_read_*: libpng reports errors with longjmp, which
// must never unwind through Swift frames. The png_image functions catch their
// own errors inside C and return 0 with a message, so no Swift frame is ever
// skipped. They expand every PNG kind (1–16 bits, gray, palette + tRNS,
// colour keys, Adam7) to 8-bit RGBA. Two settings keep the values plain:
// PNG_IMAGE_FLAG_16BIT_sRGB stops libpng from treating 16-bit data as linear
// light (so 16 → 8 bits is png_set_scale_16's round(v·255/65535), no gamma),
// and PNGChunks drops gAMA/iCCP/sRGB/cHRM beforehand.

import CPNG

enum PNGDecoder {
    /// PNG_FORMAT_RGBA (the macro itself is too complex for Swift to import).
    static let formatRGBA = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Decodes a stream already checked by ``PNGChunks/validate(_:name:)``.
    static func decode(stream: [UInt8], header: PNGHeader, name: String) throws -> Image {
        let straight = try decodeStraight(stream: stream, header: header, name: name)
        return Image(width: header.width, height: header.height, straightRGBA: straight)
    }

    /// Decodes a checked stream to straight (unpremultiplied) RGBA8 bytes, as stored.
    static func decodeStraight(stream: [UInt8], header: PNGHeader, name: String) throws -> [UInt8] {
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&png) }

        let began = stream.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&png, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw corrupt(name, png) }
        guard Int(png.width) == header.width, Int(png.height) == header.height else {
            throw ImageFileError.corrupt(name, offset: 16, detail: "IHDR: libpng disagrees about the size")
        }

        if header.bitDepth == 16 && header.interlaced {
            return try readLinearWorkaround(&png, header: header, name: name)
        }
        png.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        png.format = formatRGBA
        let components = header.width * 4 // row_stride counts components, not bytes
        var straight = [UInt8](repeating: 0, count: components * header.height)
        let finished = straight.withUnsafeMutableBytes { raw in
            png_image_finish_read(&png, nil, raw.baseAddress, png_int_32(components), nil)
        }
        guard finished != 0 else { throw corrupt(name, png) }
        return straight
    }

    /// Interlaced 16-bit files. libpng 1.6.39 as patched by Debian (deb12u4) and other
    /// releases with the same buffer-overflow fix mis-combine Adam7 passes when reducing
    /// 16 → 8 bits in png_image_finish_read (libpng issue #853: even rows come out
    /// wrong). Its 16-bit linear output is unaffected, so read that — with the
    /// 16BIT_sRGB flag off, 16-bit input and linear output mean no gamma change — and
    /// reduce here. Linear output has associated alpha (colour × alpha / 65535), so
    /// straight colour is recovered as round(p · 255 / a): exact when alpha is 0 or
    /// 65535 (all gray and RGB files, tRNS included); with partial alpha a
    /// premultiplied channel can be 1/255 off in rare pixels.
    private static func readLinearWorkaround(_ png: inout png_image, header: PNGHeader,
                                             name: String) throws -> [UInt8] {
        png.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_LINEAR)
        let components = header.width * 4
        var linear = [UInt16](repeating: 0, count: components * header.height)
        let finished = linear.withUnsafeMutableBytes { raw in
            png_image_finish_read(&png, nil, raw.baseAddress, png_int_32(components), nil)
        }
        guard finished != 0 else { throw corrupt(name, png) }
        var straight = [UInt8](repeating: 0, count: linear.count)
        var i = 0
        while i < linear.count {
            let a = Int(linear[i + 3])
            straight[i + 3] = UInt8((a * 255 + 32767) / 65535)
            if a != 0 {
                for c in 0..<3 {
                    let p = Int(linear[i + c])
                    straight[i + c] = UInt8(min(255, (p * 510 + a) / (2 * a)))
                }
            }
            i += 4
        }
        return straight
    }

    private static func corrupt(_ name: String, _ png: png_image) -> ImageFileError {
        .corrupt(name, offset: nil, detail: message(png))
    }

    /// The text libpng left in `png.message` (a fixed char[64]).
    static func message(_ png: png_image) -> String {
        let text = withUnsafeBytes(of: png.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed without a message" : text
    }
}
