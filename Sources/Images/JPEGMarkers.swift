// Images: JPEG marker validation in Swift, before libjpeg-turbo sees the
// bytes. Walks the segment structure (SOI, length-prefixed segments, the
// entropy-coded data after each SOS, EOI) and reads the SOF header, so
// truncated and damaged files fail with one sentence naming the segment and
// byte offset ("segment 0xC0 at byte offset 20 runs past the end of the
// file") and oversized headers fail before any pixel memory is allocated.
// A file that passes can still have bad entropy data; TurboJPEG reports
// that (JPEGDecoder treats its warnings as errors too).

/// What the marker walk learned: the frame header of a structurally complete JPEG.
struct JPEGHeader: Equatable {
    var width: Int
    var height: Int
    /// Components in the frame: 1 (gray) or 3 (YCbCr/RGB). 4 is rejected as CMYK/YCCK.
    var components: Int
    var progressive: Bool
    /// Number of SOS segments (scans); 1 for baseline, several for progressive.
    var scans: Int
}

enum JPEGMarkers {
    /// Validates the marker structure of `data`; `name` starts every error.
    static func validate(_ data: [UInt8], name: String) throws -> JPEGHeader {
        func corrupt(_ detail: String) -> ImageFileError { .corruptJPEG(name, detail: detail) }
        func hex(_ m: UInt8) -> String {
            let s = String(m, radix: 16, uppercase: true)
            return "0x" + (s.count < 2 ? "0" + s : s)
        }
        let n = data.count
        guard n >= 2, data[0] == 0xFF, data[1] == 0xD8 else { throw ImageFileError.notAJPEG(name) }

        var header: JPEGHeader?
        var scans = 0
        var i = 2
        while true {
            // A marker: 0xFF, optional 0xFF fill bytes, then the code.
            guard i < n else {
                throw corrupt("the file ends at byte offset \(n) without an EOI marker (truncated)")
            }
            guard data[i] == 0xFF else {
                throw corrupt("expected a marker at byte offset \(i), found 0x\(String(data[i], radix: 16, uppercase: true))")
            }
            let start = i
            while i < n && data[i] == 0xFF { i += 1 }
            guard i < n else {
                throw corrupt("the file ends at byte offset \(n) without an EOI marker (truncated)")
            }
            let marker = data[i]
            i += 1
            switch marker {
            case 0xD9:  // EOI
                guard let h = header else { throw corrupt("EOI at byte offset \(start) before any frame header (SOF)") }
                guard scans > 0 else { throw corrupt("EOI at byte offset \(start) before any image data (SOS)") }
                var result = h
                result.scans = scans
                return result
            case 0xD8:
                throw corrupt("a second SOI marker at byte offset \(start)")
            case 0xD0...0xD7, 0x01:  // RSTn outside a scan, TEM: no length
                continue
            case 0x00:
                throw corrupt("invalid marker 0xFF00 at byte offset \(start)")
            default:
                break
            }
            // A segment with a two-byte big-endian length that counts itself.
            guard i + 2 <= n else {
                throw corrupt("segment \(hex(marker)) at byte offset \(start) runs past the end of the file")
            }
            let length = Int(data[i]) << 8 | Int(data[i + 1])
            guard length >= 2 else {
                throw corrupt("segment \(hex(marker)) at byte offset \(start) has an invalid length \(length)")
            }
            let body = i + 2
            let end = i + length
            guard end <= n else {
                throw corrupt("segment \(hex(marker)) at byte offset \(start) runs past the end of the file")
            }
            switch marker {
            case 0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
                guard header == nil else { throw corrupt("a second frame header (SOF) at byte offset \(start)") }
                header = try frame(data, marker: marker, body: body, end: end, start: start, name: name)
            case 0xDA:  // SOS, then entropy-coded data up to the next real marker
                guard header != nil else { throw corrupt("scan (SOS) at byte offset \(start) before the frame header (SOF)") }
                scans += 1
                i = end
                while true {
                    guard i + 1 < n else {
                        throw corrupt("the file ends inside the image data of the scan (SOS) at byte offset \(start) (truncated)")
                    }
                    if data[i] == 0xFF {
                        let next = data[i + 1]
                        // Stuffed zero, a restart marker or fill bytes stay inside the scan.
                        if next == 0x00 || (0xD0...0xD7).contains(next) { i += 2; continue }
                        if next == 0xFF { i += 1; continue }
                        break
                    }
                    i += 1
                }
                continue
            default:
                break
            }
            i = end
        }
    }

    /// Reads a frame header (SOFn); rejects kinds TurboJPEG cannot decode here.
    private static func frame(_ data: [UInt8], marker: UInt8, body: Int, end: Int, start: Int,
                              name: String) throws -> JPEGHeader {
        func corrupt(_ detail: String) -> ImageFileError { .corruptJPEG(name, detail: detail) }
        func unsupported(_ detail: String) -> ImageFileError { .unsupported(name, format: "JPEG", detail: detail) }
        guard end - body >= 6 else { throw corrupt("frame header (SOF) at byte offset \(start) is too short") }
        let precision = Int(data[body])
        let height = Int(data[body + 1]) << 8 | Int(data[body + 2])
        let width = Int(data[body + 3]) << 8 | Int(data[body + 4])
        let components = Int(data[body + 5])
        guard end - body >= 6 + 3 * components else {
            throw corrupt("frame header (SOF) at byte offset \(start) is too short for \(components) components")
        }
        switch marker {
        case 0xC3, 0xCB: throw unsupported("lossless JPEG (SOF marker 0xFF\(String(marker, radix: 16, uppercase: true)))")
        case 0xC5, 0xC6, 0xC7, 0xCD, 0xCE, 0xCF:
            throw unsupported("hierarchical JPEG (SOF marker 0xFF\(String(marker, radix: 16, uppercase: true)))")
        default: break
        }
        guard precision == 8 else { throw unsupported("\(precision)-bit samples (only 8-bit JPEG is supported)") }
        guard height > 0 else { throw unsupported("the height is defined by a DNL marker (height 0 in the frame header)") }
        guard width > 0 else { throw corrupt("frame header (SOF) at byte offset \(start) has width 0") }
        switch components {
        case 1, 3: break
        case 4: throw unsupported("CMYK or YCCK colour (4 components); convert it to RGB")
        default: throw corrupt("frame header (SOF) at byte offset \(start) has \(components) components")
        }
        try ImageLimits.check(width: width, height: height, path: name)
        let progressive = marker == 0xC2 || marker == 0xCA
        return JPEGHeader(width: width, height: height, components: components, progressive: progressive, scans: 0)
    }
}
