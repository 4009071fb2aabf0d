// Images: the Deep Zoom descriptor (.dzi), the XML file OpenSeadragon reads
// and libvips' dzsave writes:
//   <?xml version="1.0" encoding="UTF-8"?>
//   <Image xmlns="http://schemas.microsoft.com/deepzoom/2008"
//          Format="jpeg" Overlap="1" TileSize="254">
//     <Size Width="32768" Height="32768"/>
//   </Image>
// and the tile files beside it: NAME_files/LEVEL/COL_ROW.FORMAT. The reader
// is a small strict parser of exactly this shape (a prolog, comments, the
// Image element with its Size child; attributes in either quote), not a
// general XML parser: anything else is an error naming the file, the line
// and the byte offset. Numbers are checked against the documented limits
// before anything is sized from them.

import Geometry

/// A .dzi file's contents: the pyramid geometry and the tile format.
public struct DeepZoomDescriptor: Equatable, Sendable {
    /// The tile image format as the file spells it ("jpeg", "jpg" or "png"),
    /// which is also the tile files' extension.
    public var format: String
    public var pyramid: TilePyramid

    /// The largest .dzi file read (a descriptor is a few hundred bytes).
    public static let maximumFileBytes = 64 * 1024
    /// The tile formats read.
    public static let formats = ["jpeg", "jpg", "png"]

    public init(format: String, pyramid: TilePyramid) { self.format = format; self.pyramid = pyramid }

    /// The descriptor text dzsave would write for this pyramid.
    public var xml: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Image xmlns="http://schemas.microsoft.com/deepzoom/2008"
          Format="\(format)"
          Overlap="\(pyramid.overlap)"
          TileSize="\(pyramid.tileSize)"
          >
          <Size
            Height="\(pyramid.height)"
            Width="\(pyramid.width)"
          />
        </Image>

        """
    }

    /// The folder of tiles for the descriptor at `path`: "x.dzi" → "x_files".
    public static func tilesFolder(forDescriptor path: String) -> String {
        (path.lowercased().hasSuffix(".dzi") ? String(path.dropLast(4)) : path) + "_files"
    }

    /// Parses descriptor bytes; `name` starts every error message.
    /// - Throws: ``DeepZoomError`` with the line and byte offset of the problem.
    public static func parse(_ bytes: [UInt8], name: String) throws -> DeepZoomDescriptor {
        var p = DZIScanner(bytes: bytes, name: name)
        return try p.document()
    }

    /// Reads and parses the .dzi file at `path` (a regular file of at most ``maximumFileBytes``).
    public static func read(path: String) throws -> DeepZoomDescriptor {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maxBytes: maximumFileBytes)
        } catch let e as RegularFileError {
            throw DeepZoomError(file: path, line: nil, offset: nil, message: "cannot read the Deep Zoom descriptor: \(e)")
        }
        return try parse(bytes, name: path)
    }
}

/// A malformed .dzi file: the file, where (line and byte offset when known) and what.
public struct DeepZoomError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var offset: Int?
    public var message: String
    public init(file: String, line: Int?, offset: Int?, message: String) {
        self.file = file; self.line = line; self.offset = offset; self.message = message
    }
    /// "x.dzi: line 3 (byte offset 57): Overlap: expected a whole number".
    public var description: String {
        var s = file + ": "
        if let line, let offset { s += "line \(line) (byte offset \(offset)): " }
        return escapingControlCharacters(s + message)
    }
}

/// The descriptor parser: a cursor over the bytes with line tracking.
struct DZIScanner {
    let bytes: [UInt8]
    let name: String
    var i = 0

    init(bytes: [UInt8], name: String) {
        self.bytes = bytes; self.name = name
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }  // UTF-8 byte order mark
    }

    func fail(_ message: String, at offset: Int? = nil) -> DeepZoomError {
        let o = min(offset ?? i, bytes.count)
        let line = 1 + bytes[0..<o].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return DeepZoomError(file: name, line: line, offset: o, message: message)
    }

    var atEnd: Bool { i >= bytes.count }

    func starts(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && Array(bytes[i..<i + u.count]) == u
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == 0x3A || b == 0x5F || b == 0x2D || b == 0x2E
    }

    mutating func skipSpace() { while !atEnd, Self.isSpace(bytes[i]) { i += 1 } }

    /// Skips whitespace, comments and processing instructions (the prolog).
    mutating func skipMisc() throws {
        while true {
            skipSpace()
            if starts("<!--") {
                let start = i
                i += 4
                while !atEnd && !starts("-->") { i += 1 }
                guard !atEnd else { throw fail("unterminated comment", at: start) }
                i += 3
            } else if starts("<?") {
                let start = i
                i += 2
                while !atEnd && !starts("?>") { i += 1 }
                guard !atEnd else { throw fail("unterminated <?…?> declaration", at: start) }
                i += 2
            } else if starts("<!") {
                throw fail("DOCTYPE and other <!…> declarations are not allowed in a Deep Zoom descriptor")
            } else {
                return
            }
        }
    }

    mutating func xmlName() throws -> String {
        let start = i
        while !atEnd, Self.isNameByte(bytes[i]) { i += 1 }
        guard i > start else { throw fail(atEnd ? "unexpected end of file" : "expected a name") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// A start tag's name and attributes (with each value's offset); `selfClosing` when it ends in "/>".
    mutating func startTag() throws -> (name: String, attributes: [String: (String, Int)], selfClosing: Bool, at: Int) {
        let at = i
        guard !atEnd else { throw fail("unexpected end of file; expected an element") }
        guard bytes[i] == 0x3C else { throw fail("expected '<' starting an element") }
        i += 1
        let tag = try xmlName()
        var attributes: [String: (String, Int)] = [:]
        while true {
            let hadSpace = !atEnd && Self.isSpace(bytes[i])
            skipSpace()
            guard !atEnd else { throw fail("unexpected end of file inside <\(tag)>") }
            if starts("/>") { i += 2; return (tag, attributes, true, at) }
            if bytes[i] == 0x3E { i += 1; return (tag, attributes, false, at) }
            guard hadSpace else { throw fail("expected whitespace, '>' or '/>' in <\(tag)>") }
            let attrAt = i
            let key = try xmlName()
            skipSpace()
            guard !atEnd, bytes[i] == 0x3D else { throw fail("expected '=' after attribute \(key)") }
            i += 1
            skipSpace()
            guard !atEnd, bytes[i] == 0x22 || bytes[i] == 0x27 else {
                throw fail("expected a quoted value for attribute \(key)")
            }
            let quote = bytes[i]
            i += 1
            let valueAt = i
            while !atEnd && bytes[i] != quote {
                if bytes[i] == 0x3C { throw fail("'<' inside the value of attribute \(key)") }
                i += 1
            }
            guard !atEnd else { throw fail("unterminated value of attribute \(key)", at: valueAt - 1) }
            let value = String(decoding: bytes[valueAt..<i], as: UTF8.self)
            i += 1
            guard attributes[key] == nil else { throw fail("attribute \(key) appears twice in <\(tag)>", at: attrAt) }
            attributes[key] = (value, valueAt)
        }
    }

    mutating func endTag(_ tag: String) throws {
        guard starts("</") else { throw fail("expected </\(tag)>") }
        i += 2
        let at = i
        let n = try xmlName()
        guard n == tag else { throw fail("expected </\(tag)>, found </\(n)>", at: at) }
        skipSpace()
        guard !atEnd, bytes[i] == 0x3E else { throw fail("expected '>' closing </\(tag)>") }
        i += 1
    }

    func integer(_ attributes: [String: (String, Int)], _ key: String, in tag: String, at: Int,
                 range: ClosedRange<Int>) throws -> Int {
        guard let (text, o) = attributes[key] else { throw fail("<\(tag)> has no \(key) attribute", at: at) }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.count <= 12, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let n = Int(trimmed) else {
            throw fail("\(key)=\"\(text.prefix(40))\": expected a whole number", at: o)
        }
        guard range.contains(n) else {
            throw fail("\(key)=\(n) is out of range; expected \(range.lowerBound)…\(range.upperBound)", at: o)
        }
        return n
    }

    mutating func document() throws -> DeepZoomDescriptor {
        try skipMisc()
        let image = try startTag()
        guard image.name == "Image" else {
            throw fail("expected the <Image> element of a Deep Zoom descriptor, found <\(image.name)>", at: image.at)
        }
        guard !image.selfClosing else { throw fail("<Image> has no <Size> element", at: image.at) }
        guard let (formatText, formatAt) = image.attributes["Format"] else {
            throw fail("<Image> has no Format attribute", at: image.at)
        }
        let format = formatText.trimmingSpaces.lowercased()
        guard DeepZoomDescriptor.formats.contains(format) else {
            throw fail("Format=\"\(formatText.prefix(40))\" is not supported; expected jpeg, jpg or png", at: formatAt)
        }
        let tileSize = try integer(image.attributes, "TileSize", in: "Image", at: image.at,
                                   range: 1...TilePyramid.maximumTileSize)
        let overlap = try integer(image.attributes, "Overlap", in: "Image", at: image.at, range: 0...tileSize)
        var size: (Int, Int)?
        while true {
            try skipMisc()
            if starts("</") { break }
            guard !atEnd else { throw fail("unexpected end of file; expected </Image>") }
            let child = try startTag()
            guard child.name == "Size" else {
                throw fail("unexpected <\(child.name)> in <Image> (only <Size> is read)", at: child.at)
            }
            guard size == nil else { throw fail("<Image> has two <Size> elements", at: child.at) }
            let w = try integer(child.attributes, "Width", in: "Size", at: child.at, range: 1...TilePyramid.maximumSide)
            let h = try integer(child.attributes, "Height", in: "Size", at: child.at, range: 1...TilePyramid.maximumSide)
            size = (w, h)
            if !child.selfClosing {
                try skipMisc()
                try endTag("Size")
            }
        }
        guard let (w, h) = size else { throw fail("<Image> has no <Size> element", at: image.at) }
        try endTag("Image")
        try skipMisc()
        guard atEnd else { throw fail("unexpected content after </Image>") }
        return DeepZoomDescriptor(format: format, pyramid: TilePyramid(width: w, height: h, tileSize: tileSize,
                                                                       overlap: overlap))
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let u = Array(utf8)
        guard let a = u.firstIndex(where: { !DZIScanner.isSpace($0) }),
              let b = u.lastIndex(where: { !DZIScanner.isSpace($0) }) else { return "" }
        return String(decoding: u[a...b], as: UTF8.self)
    }
}
