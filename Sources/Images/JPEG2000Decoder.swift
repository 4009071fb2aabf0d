// Images: JPEG 2000 pixel decoding through OpenJPEG, from memory (a
// JPEG2000Stream, never a FILE*), at full or reduced resolution and for the
// whole image or a region. OpenJPEG runs in strict mode, so a codestream cut
// short is an error, never a half-decoded image; its first error message is
// reported with the byte offset it had read up to. The size of what will be
// decoded (the region at the reduced resolution, and one tile of it, which
// OpenJPEG holds as 32-bit samples per component) is checked against
// ImageLimits before OpenJPEG allocates. Samples of any precision 1…16 are
// scaled to 8 bits with rounding; grey, grey + alpha, RGB and RGBA come out
// as premultiplied RGBA8.

import COpenJPEG

enum JPEG2000Decoder {
    /// Decodes a file already checked by ``JPEG2000Structure/validate(_:name:)``.
    /// `region` is in full-resolution pixels from the image's top-left corner.
    static func decode(_ data: [UInt8], info: JPEG2000Info, name: String, region: JPEG2000Region?,
                       reduce: Int) throws -> Image {
        func unsupported(_ detail: String) -> ImageFileError { .unsupported(name, format: "JPEG 2000", detail: detail) }
        guard reduce >= 0, reduce < info.resolutionLevels else {
            throw unsupported("cannot reduce the resolution \(reduce) times: the file has \(info.resolutionLevels) resolution levels (reductions 0…\(info.resolutionLevels - 1))")
        }
        let area = region ?? JPEG2000Region(x: 0, y: 0, width: info.width, height: info.height)
        guard area.width > 0, area.height > 0, area.x >= 0, area.y >= 0,
              area.x <= info.width - area.width, area.y <= info.height - area.height else {
            throw unsupported("the region \(area.width)×\(area.height) at \(area.x),\(area.y) is not inside the \(info.width)×\(info.height) image")
        }
        // What OpenJPEG will allocate: the output region and one tile, at the reduced resolution.
        let expected = reducedSize(x: info.originX + area.x, y: info.originY + area.y,
                                   width: area.width, height: area.height, reduce: reduce)
        try ImageLimits.check(width: expected.width, height: expected.height, path: name)
        let tile = reducedSize(x: 0, y: 0, width: min(info.tileWidth, info.width),
                               height: min(info.tileHeight, info.height), reduce: reduce)
        if tile.width * tile.height > ImageLimits.maxPixels {
            throw ImageFileError.tooLarge(name, width: tile.width, height: tile.height,
                                          limit: "\(ImageLimits.maxPixels) pixels in one tile")
        }

        let context = JPEG2000Stream(bytes: data, input: true)
        func failure(_ what: String) -> ImageFileError {
            failureMessage(what, context: context, info: info, fileSize: data.count, name: name)
        }
        guard let codec = opj_create_decompress(info.container == .jp2 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K) else {
            throw ImageFileError.unreadable(name, reason: "cannot start the JPEG 2000 decoder")
        }
        defer { opj_destroy_codec(codec) }
        context.attachMessages(to: codec)
        var parameters = opj_dparameters_t()
        opj_set_default_decoder_parameters(&parameters)
        parameters.cp_reduce = UInt32(reduce)
        guard opj_setup_decoder(codec, &parameters) != 0 else { throw failure("cannot set up the decoder") }
        // A truncated codestream is an error, not a partly decoded image.
        _ = opj_decoder_set_strict_mode(codec, 1)
        guard let stream = context.makeStream() else {
            throw ImageFileError.unreadable(name, reason: "cannot start the JPEG 2000 stream")
        }
        defer { opj_stream_destroy(stream) }
        var image: UnsafeMutablePointer<opj_image_t>?
        guard opj_read_header(stream, codec, &image) != 0, let image else { throw failure("reading the header") }
        defer { opj_image_destroy(image) }
        if let region {
            let ok = opj_set_decode_area(codec, image,
                                         Int32(info.originX + region.x), Int32(info.originY + region.y),
                                         Int32(info.originX + region.x + region.width),
                                         Int32(info.originY + region.y + region.height))
            guard ok != 0 else { throw failure("setting the decode area") }
        }
        guard opj_decode(codec, stream, image) != 0 else { throw failure("decoding") }
        guard opj_end_decompress(codec, stream) != 0 else { throw failure("finishing the decode") }
        return try convert(image.pointee, expected: expected, name: name)
    }

    /// OpenJPEG's messages (the first three distinct ones) with where it stopped:
    /// the stream position when its first error arrived and, when that lies in
    /// the coded data, the tile-part holding it (the stream serves OpenJPEG byte
    /// by byte outside the large tile-part reads, so the position is exact: a
    /// tile's data is read whole, then decoded, so the position is the end of
    /// the tile-part that failed).
    static func failureMessage(_ what: String, context: JPEG2000Stream, info: JPEG2000Info, fileSize: Int,
                               name: String) -> ImageFileError {
        var messages: [String] = []
        for e in context.errors where !messages.contains(e.message) && messages.count < 3 { messages.append(e.message) }
        let reached = context.errors.first?.offset ?? context.position
        let text = messages.isEmpty ? "OpenJPEG failed without a message" : "OpenJPEG: " + messages.joined(separator: "; ")
        let where_ = "OpenJPEG had read up to byte offset \(reached) of \(fileSize)"
        if let part = info.tilePartOffsets.last(where: { $0 < reached }) {
            return .corruptJPEG2000(name, offset: part, detail: "\(what): \(text) (in the tile-part that starts there; \(where_))")
        }
        return .corruptJPEG2000(name, offset: nil, detail: "\(what): \(text) (\(where_))")
    }

    /// The size of the reference-grid area x..<x+width, y..<y+height after `reduce` halvings.
    static func reducedSize(x: Int, y: Int, width: Int, height: Int, reduce: Int) -> (width: Int, height: Int) {
        let d = 1 << reduce
        func up(_ v: Int) -> Int { (v + d - 1) / d }
        return (up(x + width) - up(x), up(y + height) - up(y))
    }

    /// OpenJPEG's decoded components → premultiplied RGBA8.
    private static func convert(_ image: opj_image_t, expected: (width: Int, height: Int),
                                name: String) throws -> Image {
        func unsupported(_ detail: String) -> ImageFileError { .unsupported(name, format: "JPEG 2000", detail: detail) }
        let count = Int(image.numcomps)
        guard count >= 1, count <= 4, let comps = image.comps else {
            throw unsupported("\(count) components (1 grey, 2 grey + alpha, 3 RGB or 4 RGBA are decoded)")
        }
        switch image.color_space {
        case OPJ_CLRSPC_SYCC, OPJ_CLRSPC_EYCC:
            throw unsupported("YCC colour (sYCC/e-YCC) is not converted; re-encode as RGB")
        case OPJ_CLRSPC_CMYK:
            throw unsupported("CMYK colour; convert it to RGB")
        default: break
        }
        let width = Int(comps[0].w), height = Int(comps[0].h)
        guard width == expected.width, height == expected.height else {
            throw ImageFileError.corruptJPEG2000(name, offset: nil,
                detail: "OpenJPEG decoded \(width)×\(height) pixels where \(expected.width)×\(expected.height) were expected")
        }
        for c in 0..<count {
            guard Int(comps[c].w) == width, Int(comps[c].h) == height, comps[c].data != nil else {
                throw unsupported("component \(c) is \(comps[c].w)×\(comps[c].h), not \(width)×\(height) like component 0")
            }
            guard (1...16).contains(Int(comps[c].prec)) else {
                throw unsupported("component \(c) has \(comps[c].prec)-bit samples (1 to 16 bits are decoded)")
            }
        }
        // Which component is alpha: the one the file marks (JP2 cdef box), else the last of 2 or 4.
        let marked = (0..<count).first { comps[$0].alpha != 0 }
        let alpha = marked ?? (count == 2 || count == 4 ? count - 1 : nil)
        let colour = (0..<count).filter { $0 != alpha }
        guard colour.count == 1 || colour.count == 3 else {
            throw unsupported("\(colour.count) colour components besides alpha (1 grey or 3 RGB are decoded)")
        }
        let premultiplied = alpha.map { comps[$0].alpha == 2 } ?? false
        let sources = (colour.count == 1 ? [colour[0], colour[0], colour[0]] : colour) + [alpha ?? -1]
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for (channel, c) in sources.enumerated() where c >= 0 {
                let comp = comps[c]
                let precision = Int(comp.prec)
                let maximum = (1 << precision) - 1
                let offset = comp.sgnd != 0 ? 1 << (precision - 1) : 0
                let data = comp.data!
                var o = channel
                for i in 0..<width * height {
                    let v = min(max(Int(data[i]) + offset, 0), maximum)
                    out[o] = precision == 8 ? UInt8(v) : UInt8((v * 255 + maximum / 2) / maximum)
                    o += 4
                }
            }
            if premultiplied {
                // Keep the premultiplied invariant after scaling: colour ≤ alpha.
                var i = 0
                while i < out.count {
                    let a = out[i + 3]
                    out[i] = min(out[i], a); out[i + 1] = min(out[i + 1], a); out[i + 2] = min(out[i + 2], a)
                    i += 4
                }
            }
        }
        return premultiplied ? Image(width: width, height: height, pixels: pixels)
                             : Image(width: width, height: height, straightRGBA: pixels)
    }
}
