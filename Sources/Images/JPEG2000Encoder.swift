// Images: JPEG 2000 encoding through OpenJPEG, to memory. The compositor
// writes JPEG 2000 for its own experiments and tests (the image-loading
// experiment's .jp2 column); it is not an output format of `render`. One
// quality layer: lossless (reversible 5/3 wavelet) or lossy at a compression
// ratio (irreversible 9/7). Opaque images are stored as RGB, others as RGBA
// with straight alpha marked as opacity (a cdef box in JP2 files).

import COpenJPEG

enum JPEG2000Encoder {
    static func encode(_ image: Image, options: JPEG2000EncodeOptions, name: String) throws -> [UInt8] {
        func failed(_ context: JPEG2000Stream, _ what: String) -> ImageFileError {
            .writeFailed(name, reason: "JPEG 2000 encoder: \(what): \(context.errors.first?.message ?? "OpenJPEG failed without a message")")
        }
        guard image.width > 0, image.height > 0 else { throw ImageFileError.writeFailed(name, reason: "the image is empty") }
        let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
        let count = opaque ? 3 : 4
        let straight = opaque ? image.pixels : image.straightRGBA

        var parameters = [opj_image_cmptparm_t](repeating: opj_image_cmptparm_t(), count: count)
        for c in 0..<count {
            parameters[c].dx = 1; parameters[c].dy = 1
            parameters[c].w = UInt32(image.width); parameters[c].h = UInt32(image.height)
            parameters[c].prec = 8; parameters[c].sgnd = 0
        }
        guard let raw = opj_image_create(UInt32(count), &parameters, OPJ_CLRSPC_SRGB) else {
            throw ImageFileError.writeFailed(name, reason: "cannot allocate the JPEG 2000 image")
        }
        defer { opj_image_destroy(raw) }
        raw.pointee.x0 = 0; raw.pointee.y0 = 0
        raw.pointee.x1 = UInt32(image.width); raw.pointee.y1 = UInt32(image.height)
        let comps = raw.pointee.comps!
        straight.withUnsafeBufferPointer { src in
            for c in 0..<count {
                let data = comps[c].data!
                for i in 0..<image.width * image.height { data[i] = Int32(src[i * 4 + c]) }
            }
        }
        if count == 4 { comps[3].alpha = 1 }

        var settings = opj_cparameters_t()
        opj_set_default_encoder_parameters(&settings)
        settings.tcp_numlayers = 1
        settings.tcp_rates.0 = options.lossless ? 0 : Float(options.compressionRatio)
        settings.cp_disto_alloc = 1
        settings.irreversible = options.lossless ? 0 : 1
        settings.tcp_mct = 1
        var side = min(image.width, image.height)
        if let t = options.tileSize {
            settings.tile_size_on = 1
            settings.cp_tdx = Int32(t); settings.cp_tdy = Int32(t)
            side = min(side, t)
        }
        // 2^(levels − 1) must not exceed the smallest side (OpenJPEG refuses otherwise).
        var levels = max(1, options.resolutionLevels)
        while levels > 1 && (1 << (levels - 1)) > side { levels -= 1 }
        settings.numresolution = Int32(levels)

        let context = JPEG2000Stream(bytes: [], input: false)
        guard let codec = opj_create_compress(options.container == .jp2 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K) else {
            throw ImageFileError.writeFailed(name, reason: "cannot start the JPEG 2000 encoder")
        }
        defer { opj_destroy_codec(codec) }
        context.attachMessages(to: codec)
        guard opj_setup_encoder(codec, &settings, raw) != 0 else { throw failed(context, "setting up") }
        guard let stream = context.makeStream() else {
            throw ImageFileError.writeFailed(name, reason: "cannot start the JPEG 2000 stream")
        }
        defer { opj_stream_destroy(stream) }
        guard opj_start_compress(codec, raw, stream) != 0 else { throw failed(context, "starting") }
        guard opj_encode(codec, stream) != 0 else { throw failed(context, "encoding") }
        guard opj_end_compress(codec, stream) != 0 else { throw failed(context, "finishing") }
        return context.bytes
    }
}
