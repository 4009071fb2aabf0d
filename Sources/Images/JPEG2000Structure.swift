// Images: JPEG 2000 structure validation in Swift, before OpenJPEG sees the
// bytes (as JPEGMarkers does for JPEG). Walks the JP2 boxes (signature,
// lengths, the jp2c codestream box) or takes a raw codestream (.j2k/.j2c),
// then the codestream's main header (SIZ, COD/COC for the number of
// resolution levels) and every tile-part by its SOT length up to EOC, so a
// truncated or damaged file fails with one sentence naming the byte offset
// ("tile-part 3 at byte offset 812 declares 4107 bytes but the codestream
// ends at byte offset 2048 (truncated)"), and kinds the compositor does not
// decode (subsampled components, over 16 bits, too many tiles) are refused
// before any pixel memory is allocated. Coded data inside a tile-part can
// still be damaged; OpenJPEG reports that (JPEG2000Decoder).

/// The kind of container a JPEG 2000 file uses.
public enum JPEG2000Container: String, Sendable {
    /// A JP2 file (boxes, `.jp2`) holding one codestream.
    case jp2
    /// A raw codestream (`.j2k`, `.j2c`, `.jpc`).
    case codestream
}

/// One component (channel) as the SIZ marker describes it.
public struct JPEG2000Component: Equatable, Sendable {
    /// Bits per sample, 1…38 in the file (the compositor decodes 1…16).
    public var precision: Int
    public var signed: Bool
    /// Sub-sampling factors on the reference grid (1 = full resolution).
    public var dx: Int, dy: Int
}

/// What the structure walk learned about a JPEG 2000 file.
public struct JPEG2000Info: Equatable, Sendable {
    public var container: JPEG2000Container
    /// The image size at full resolution, in pixels.
    public var width: Int, height: Int
    /// The image origin on the reference grid (XOsiz, YOsiz).
    public var originX: Int, originY: Int
    public var components: [JPEG2000Component]
    /// The nominal tile size and the number of tiles across and down.
    public var tileWidth: Int, tileHeight: Int
    public var tilesAcross: Int, tilesDown: Int
    /// Resolution levels every component has (decomposition levels + 1, the
    /// smallest in the main header): reductions 0…resolutionLevels − 1 are possible.
    public var resolutionLevels: Int
    /// Tile-parts in the codestream.
    public var tileParts: Int { tilePartOffsets.count }
    /// The byte offset in the file of each tile-part's SOT marker, in file order
    /// (for naming where damaged coded data lies).
    public var tilePartOffsets: [Int]
    /// Byte offset of the codestream (SOC) in the file.
    public var codestreamOffset: Int

    /// The size of the image decoded with `reduce` halvings (⌈side / 2^reduce⌉ on the reference grid).
    public func size(reduce: Int) -> (width: Int, height: Int) {
        let d = 1 << reduce
        let x0 = (originX + d - 1) / d, y0 = (originY + d - 1) / d
        let x1 = (originX + width + d - 1) / d, y1 = (originY + height + d - 1) / d
        return (x1 - x0, y1 - y0)
    }
}

enum JPEG2000Structure {
    /// The JP2 signature box: length 12, type 'jP  ', content 0D 0A 87 0A.
    static let jp2Signature: [UInt8] = [0, 0, 0, 12, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    /// SOC followed by SIZ: the start of every raw codestream.
    static let codestreamSignature: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51]
    /// The most tiles a codestream may announce (OpenJPEG keeps a few KiB per tile).
    static let maxTiles = 65536
    /// The most tile-parts a codestream may hold (each may be up to 255 per tile).
    static let maxTileParts = 1 << 20

    static func container(of data: [UInt8]) -> JPEG2000Container? {
        if data.count >= 12 && Array(data[0..<12]) == jp2Signature { return .jp2 }
        if data.count >= 4 && Array(data[0..<4]) == codestreamSignature { return .codestream }
        return nil
    }

    /// Validates the boxes and codestream of `data`; `name` starts every error.
    static func validate(_ data: [UInt8], name: String) throws -> JPEG2000Info {
        func corrupt(_ offset: Int?, _ detail: String) -> ImageFileError {
            .corruptJPEG2000(name, offset: offset, detail: detail)
        }
        switch container(of: data) {
        case .codestream?:
            return try codestream(data, start: 0, end: data.count, container: .codestream, name: name)
        case .jp2?:
            let (start, end) = try codestreamBox(data, name: name)
            guard end - start >= 4, Array(data[start..<start + 4]) == codestreamSignature else {
                throw corrupt(start, "the codestream box (jp2c) does not start with the SOC and SIZ markers (FF 4F FF 51)")
            }
            return try codestream(data, start: start, end: end, container: .jp2, name: name)
        case nil:
            throw corrupt(0, "expected the JP2 signature box (00 00 00 0C 6A 50 20 20 0D 0A 87 0A) "
                + "or a codestream's SOC and SIZ markers (FF 4F FF 51)")
        }
    }

    /// Walks the top-level boxes of a JP2 file; returns the codestream box's content range.
    private static func codestreamBox(_ data: [UInt8], name: String) throws -> (Int, Int) {
        func corrupt(_ offset: Int, _ detail: String) -> ImageFileError {
            .corruptJPEG2000(name, offset: offset, detail: detail)
        }
        let n = data.count
        var i = 0
        var sawHeader = false
        while i < n {
            guard i + 8 <= n else { throw corrupt(i, "a box header runs past the end of the file (truncated)") }
            var length = Int(be32(data, i))
            let type = String(decoding: data[i + 4..<i + 8].map { (32...126).contains($0) ? $0 : 63 }, as: UTF8.self)
            var header = 8
            if length == 1 {
                guard i + 16 <= n else { throw corrupt(i, "box '\(type)' has an extended length that runs past the end of the file") }
                let high = be32(data, i + 8), low = be32(data, i + 12)
                guard high == 0 else { throw corrupt(i, "box '\(type)' declares a length over 4 GiB") }
                length = Int(low)
                header = 16
            } else if length == 0 {
                length = n - i  // to the end of the file
            }
            guard length >= header else { throw corrupt(i, "box '\(type)' has an invalid length \(length)") }
            guard i + length <= n else {
                throw corrupt(i, "box '\(type)' declares \(length) bytes but the file ends at byte offset \(n) (truncated)")
            }
            if type == "jp2h" { sawHeader = true }
            if type == "jp2c" {
                guard sawHeader else { throw corrupt(i, "the codestream box (jp2c) comes before the header box (jp2h)") }
                return (i + header, i + length)
            }
            i += length
        }
        throw corrupt(n, sawHeader ? "the file ends without a codestream box (jp2c)"
                          : "the file ends without a header box (jp2h) or codestream box (jp2c)")
    }

    /// Walks a codestream in data[start..<end]: main header, tile-parts, EOC.
    private static func codestream(_ data: [UInt8], start: Int, end: Int, container: JPEG2000Container,
                                   name: String) throws -> JPEG2000Info {
        func corrupt(_ offset: Int, _ detail: String) -> ImageFileError {
            .corruptJPEG2000(name, offset: offset, detail: detail)
        }
        func unsupported(_ detail: String) -> ImageFileError { .unsupported(name, format: "JPEG 2000", detail: detail) }
        // SIZ right after SOC.
        let siz = start + 2
        guard siz + 4 <= end else { throw corrupt(siz, "the SIZ marker segment runs past the end of the codestream") }
        let lsiz = Int(be16(data, siz + 2))
        guard lsiz >= 41, siz + 2 + lsiz <= end else {
            throw corrupt(siz, "the SIZ marker segment has an invalid length \(lsiz) or runs past the end of the codestream")
        }
        let b = siz + 4
        let xsiz = Int(be32(data, b + 2)), ysiz = Int(be32(data, b + 6))
        let x0 = Int(be32(data, b + 10)), y0 = Int(be32(data, b + 14))
        let xt = Int(be32(data, b + 18)), yt = Int(be32(data, b + 22))
        let xt0 = Int(be32(data, b + 26)), yt0 = Int(be32(data, b + 30))
        let count = Int(be16(data, b + 34))
        guard count >= 1, lsiz == 38 + 3 * count else {
            throw corrupt(siz, "the SIZ marker segment's length \(lsiz) does not fit its \(count) components")
        }
        guard xsiz > x0, ysiz > y0 else {
            throw corrupt(siz, "the SIZ marker segment describes an empty image (\(xsiz)×\(ysiz) with origin \(x0),\(y0))")
        }
        guard xt > 0, yt > 0, xt0 <= x0, yt0 <= y0, xt0 + xt > x0, yt0 + yt > y0 else {
            throw corrupt(siz, "the SIZ marker segment has an invalid tile grid (\(xt)×\(yt) at \(xt0),\(yt0))")
        }
        var components: [JPEG2000Component] = []
        for c in 0..<count {
            let s = Int(data[b + 36 + 3 * c])
            let comp = JPEG2000Component(precision: (s & 0x7F) + 1, signed: s & 0x80 != 0,
                                         dx: Int(data[b + 37 + 3 * c]), dy: Int(data[b + 38 + 3 * c]))
            guard comp.dx > 0, comp.dy > 0 else {
                throw corrupt(siz, "component \(c) has a zero sub-sampling factor")
            }
            components.append(comp)
        }
        let tilesAcross = (xsiz - xt0 + xt - 1) / xt, tilesDown = (ysiz - yt0 + yt - 1) / yt
        // Refusals of kinds the compositor does not decode come after the structure is known sound.
        var levels: Int?
        // Main header marker segments up to the first SOT.
        var i = siz + 2 + lsiz
        while true {
            guard i + 2 <= end else { throw corrupt(i, "the main header runs past the end of the codestream (truncated)") }
            guard data[i] == 0xFF else {
                throw corrupt(i, "expected a marker in the main header, found 0x\(hex(data[i]))")
            }
            let marker = data[i + 1]
            if marker == 0x90 { break }  // SOT
            guard marker >= 0x40 else { throw corrupt(i, "unexpected marker 0xFF\(hex(marker)) in the main header") }
            guard i + 4 <= end else { throw corrupt(i, "marker segment 0xFF\(hex(marker)) runs past the end of the codestream") }
            let length = Int(be16(data, i + 2))
            guard length >= 2, i + 2 + length <= end else {
                throw corrupt(i, "marker segment 0xFF\(hex(marker)) declares \(length) bytes, past the end of the codestream at byte offset \(end)")
            }
            if marker == 0x52 {  // COD: Scod, progression, layers (2), MCT, decomposition levels
                guard length >= 12 else { throw corrupt(i, "the COD marker segment is too short") }
                levels = min(levels ?? Int.max, Int(data[i + 9]) + 1)
            } else if marker == 0x53 {  // COC: component (1 or 2 bytes), Scoc, decomposition levels
                let at = i + 4 + (count < 257 ? 1 : 2) + 1
                guard at < i + 2 + length else { throw corrupt(i, "the COC marker segment is too short") }
                levels = min(levels ?? Int.max, Int(data[at]) + 1)
            }
            i += 2 + length
        }
        guard let levels else { throw corrupt(i, "the main header has no COD marker segment (coding style)") }
        guard levels <= 33 else { throw corrupt(i, "the COD marker segment announces \(levels - 1) decomposition levels (at most 32)") }
        // Tile-parts, each found by its SOT length, then EOC.
        let tileCount = tilesAcross * tilesDown
        guard tileCount <= maxTiles else {
            throw unsupported("\(tilesAcross) × \(tilesDown) = \(tileCount) tiles (at most \(maxTiles))")
        }
        var seen = [Bool](repeating: false, count: tileCount)
        var seenCount = 0, parts = 0
        var offsets: [Int] = []
        while true {
            guard i + 2 <= end else {
                throw corrupt(i, "the codestream ends at byte offset \(end) without an EOC marker (truncated): expected a tile-part (SOT) or EOC")
            }
            if data[i] == 0xFF && data[i + 1] == 0xD9 { break }
            guard data[i] == 0xFF && data[i + 1] == 0x90 else {
                throw corrupt(i, "expected a tile-part (SOT marker FF 90) or the end of the codestream (EOC, FF D9), found \(hex(data[i])) \(hex(data[i + 1]))")
            }
            guard i + 12 <= end else { throw corrupt(i, "tile-part \(parts) header runs past the end of the codestream (truncated)") }
            let tile = Int(be16(data, i + 4))
            let psot = Int(be32(data, i + 6))
            guard tile < tileCount else {
                throw corrupt(i, "tile-part \(parts) names tile \(tile), but the image has \(tileCount) tiles")
            }
            if !seen[tile] { seen[tile] = true; seenCount += 1 }
            parts += 1
            guard parts <= maxTileParts else {
                throw unsupported("more than \(maxTileParts) tile-parts")
            }
            offsets.append(i)
            if psot == 0 {
                // The last tile-part runs to the EOC marker just before the end.
                guard end - 2 >= i + 12, data[end - 2] == 0xFF, data[end - 1] == 0xD9 else {
                    throw corrupt(end, "the last tile-part (at byte offset \(i)) runs to the end, but the codestream does not end with an EOC marker (truncated)")
                }
                i = end - 2
                break
            }
            guard psot >= 14 else { throw corrupt(i, "tile-part \(parts - 1) has an invalid length \(psot)") }
            guard i + psot <= end else {
                throw corrupt(i, "tile-part \(parts - 1) declares \(psot) bytes but the codestream ends at byte offset \(end) (truncated)")
            }
            i += psot
        }
        guard seenCount == tileCount else {
            let missing = seen.firstIndex(of: false) ?? 0
            throw corrupt(i, "the codestream has no data for tile \(missing) (\(seenCount) of \(tileCount) tiles present)")
        }
        let info = JPEG2000Info(container: container, width: xsiz - x0, height: ysiz - y0, originX: x0, originY: y0,
                                components: components, tileWidth: xt, tileHeight: yt,
                                tilesAcross: tilesAcross, tilesDown: tilesDown, resolutionLevels: levels,
                                tilePartOffsets: offsets, codestreamOffset: start)
        try checkSupported(info, name: name)
        return info
    }

    /// Refuses kinds the compositor does not decode, with what would work instead.
    static func checkSupported(_ info: JPEG2000Info, name: String) throws {
        func unsupported(_ detail: String) -> ImageFileError { .unsupported(name, format: "JPEG 2000", detail: detail) }
        guard info.components.count <= 4 else {
            throw unsupported("\(info.components.count) components (1 grey, 2 grey + alpha, 3 RGB or 4 RGBA are decoded)")
        }
        for (c, comp) in info.components.enumerated() {
            guard comp.dx == 1 && comp.dy == 1 else {
                throw unsupported("component \(c) is sub-sampled \(comp.dx)×\(comp.dy) (only full-resolution components are decoded; re-encode without sub-sampling)")
            }
            guard comp.precision <= 16 else {
                throw unsupported("component \(c) has \(comp.precision)-bit samples (at most 16 bits are decoded)")
            }
        }
    }

    static func be16(_ d: [UInt8], _ o: Int) -> UInt16 { UInt16(d[o]) << 8 | UInt16(d[o + 1]) }
    static func be32(_ d: [UInt8], _ o: Int) -> UInt32 {
        UInt32(d[o]) << 24 | UInt32(d[o + 1]) << 16 | UInt32(d[o + 2]) << 8 | UInt32(d[o + 3])
    }
    static func hex(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return s.count < 2 ? "0" + s : s
    }
}
