// Images: a Swift-side walk over a PNG's chunk structure, run before libpng
// sees the bytes. It checks the signature, every chunk's length, type and CRC,
// chunk order, and the IHDR fields and size limits, so that errors name the
// chunk and byte offset (libpng would only say "bad CRC" or run out of data)
// and so an oversized header is refused before anything is allocated.
// It also rebuilds the stream with only the chunks that define pixels (IHDR,
// PLTE, tRNS, IDAT, IEND): dropping gAMA, cHRM, sRGB, iCCP and sBIT is how
// the decoder guarantees "no colour management" while still using libpng's
// simplified API, which would otherwise act on them.

/// The fields of a PNG's IHDR chunk.
struct PNGHeader: Equatable {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var interlaced: Bool
}

enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Chunks kept for libpng; every other ancillary chunk is dropped.
    private static let kept: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]

    /// Validates `data` and returns its header and the reduced stream for libpng.
    static func validate(_ data: [UInt8], name: String) throws -> (header: PNGHeader, stream: [UInt8]) {
        func corrupt(_ offset: Int?, _ detail: String) -> ImageFileError {
            .corrupt(name, offset: offset, detail: detail)
        }
        if data.isEmpty { throw corrupt(nil, "the file is empty") }
        if data.count < 8 {
            if Array(signature.prefix(data.count)) == data {
                throw corrupt(data.count, "file truncated inside the signature")
            }
            throw ImageFileError.notAPNG(name)
        }
        if Array(data[0..<8]) != signature { throw ImageFileError.notAPNG(name) }

        var stream = signature
        stream.reserveCapacity(data.count)
        var header: PNGHeader?
        var pos = 8
        var sawPLTE = false, sawIDAT = false, idatEnded = false

        while true {
            if pos + 8 > data.count {
                let what = header == nil ? "no IHDR chunk" : "no IEND chunk"
                throw corrupt(pos, "file truncated (\(what))")
            }
            let length = Int(readUInt32(data, pos))
            let typeBytes = data[(pos + 4)..<(pos + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw corrupt(pos + 4, "invalid chunk type (bytes are not letters)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            if length > 0x7FFF_FFFF { throw corrupt(pos, "\(type): chunk length \(length) is invalid") }
            let end = pos + 12 + length
            if end > data.count {
                throw corrupt(pos, "\(type): chunk truncated (needs \(length + 12) bytes, \(data.count - pos) left)")
            }
            let stored = readUInt32(data, pos + 8 + length)
            let computed = crc32(data[(pos + 4)..<(pos + 8 + length)])
            if stored != computed { throw corrupt(pos + 8 + length, "\(type): bad CRC") }

            if header == nil {
                guard type == "IHDR" else { throw corrupt(pos, "the first chunk is \(type), not IHDR") }
                header = try parseIHDR(Array(data[(pos + 8)..<(pos + 8 + length)]), at: pos, name: name)
            } else {
                switch type {
                case "IHDR": throw corrupt(pos, "IHDR: a second IHDR chunk")
                case "PLTE":
                    if sawIDAT { throw corrupt(pos, "PLTE: after the image data") }
                    sawPLTE = true
                case "IDAT":
                    if idatEnded { throw corrupt(pos, "IDAT: image data chunks are not consecutive") }
                    if header!.colorType == 3 && !sawPLTE {
                        throw corrupt(pos, "IDAT: palette image without a PLTE chunk")
                    }
                    sawIDAT = true
                case "IEND":
                    if !sawIDAT { throw corrupt(pos, "IEND: no image data (IDAT) in the file") }
                default:
                    if typeBytes.first! & 0x20 == 0 {
                        throw corrupt(pos, "\(type): unknown critical chunk")
                    }
                }
                if type != "IDAT" && sawIDAT { idatEnded = true }
            }
            if kept.contains(type) { stream += data[pos..<end] }
            pos = end
            if type == "IEND" { break } // Bytes after IEND are ignored, as libpng does.
        }
        return (header!, stream)
    }

    private static func parseIHDR(_ d: [UInt8], at pos: Int, name: String) throws -> PNGHeader {
        func corrupt(_ detail: String) -> ImageFileError {
            .corrupt(name, offset: pos, detail: "IHDR: \(detail)")
        }
        guard d.count == 13 else { throw corrupt("length is \(d.count), not 13") }
        let w = readUInt32(d, 0), h = readUInt32(d, 4)
        if w > 0x7FFF_FFFF || h > 0x7FFF_FFFF { throw corrupt("image size \(w)×\(h) is invalid") }
        let bits = Int(d[8]), color = Int(d[9])
        let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowed[color] else { throw corrupt("unknown colour type \(color)") }
        guard depths.contains(bits) else { throw corrupt("bit depth \(bits) is invalid for colour type \(color)") }
        guard d[10] == 0 else { throw corrupt("unknown compression method \(d[10])") }
        guard d[11] == 0 else { throw corrupt("unknown filter method \(d[11])") }
        guard d[12] <= 1 else { throw corrupt("unknown interlace method \(d[12])") }
        try ImageLimits.check(width: Int(w), height: Int(h), path: name)
        return PNGHeader(width: Int(w), height: Int(h), bitDepth: bits, colorType: color, interlaced: d[12] == 1)
    }

    static func readUInt32(_ d: [UInt8], _ i: Int) -> UInt32 {
        UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3])
    }

    /// The CRC-32 (ISO 3309, as PNG uses) of `bytes`.
    static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
