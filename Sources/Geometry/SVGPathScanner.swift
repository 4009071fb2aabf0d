// Geometry: the lexical layer of SVG path data (numbers, arc flags,
// comma-or-whitespace separators), kept apart from the command logic in
// SVGPath.swift. It scans UTF-8 bytes by hand rather than with a regular
// expression or Scanner so that every error carries the exact offset and
// the SVG number grammar is followed precisely: `.5.5` is two numbers,
// `-1-2` is two numbers, `1e-3` is one, and an arc flag is one character,
// so `a1 1 0 00 1 1` reads as flags 0 and 0.

/// An error in SVG path data, with the 0-based character offset where it was found.
public struct SVGPathError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. "expected a number".
    public var message: String
    /// The 0-based offset of the offending character in the path string
    /// (path data is ASCII; non-ASCII text counts in UTF-8 bytes).
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// "expected a number at character 14".
    public var description: String { "\(message) at character \(offset)" }
}

/// A cursor over path data bytes.
struct SVGPathScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
    }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isNumberStart(_ c: UInt8) -> Bool {
        isDigit(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
    }

    mutating func skipWhitespace() {
        while let c = current, Self.isWhitespace(c) { index += 1 }
    }

    /// Skips whitespace, at most one comma, and whitespace again.
    mutating func skipSeparator() {
        skipWhitespace()
        if current == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
    }

    /// Whether a number (another argument set) follows the separator.
    mutating func numberFollows() -> Bool {
        skipWhitespace()
        guard let c = current else { return false }
        return Self.isNumberStart(c)
    }

    func error(_ message: String, at offset: Int? = nil) -> SVGPathError {
        SVGPathError(message: message, offset: offset ?? index)
    }

    /// Reads one number (SVG grammar: sign? (digits ("." digits?)? | "." digits) exponent?)
    /// and the separator after it.
    mutating func number() throws -> Double {
        skipWhitespace()
        let start = index
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        var mantissaDigits = 0
        while let c = current, Self.isDigit(c) { index += 1; mantissaDigits += 1 }
        if current == UInt8(ascii: ".") {
            index += 1
            while let c = current, Self.isDigit(c) { index += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else {
            index = start
            throw error("expected a number")
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            var exponentDigits = 0
            while let c = current, Self.isDigit(c) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { throw error("expected exponent digits", at: exponentStart + 1) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number out of range", at: start)
        }
        skipSeparator()
        return value
    }

    /// Reads an arc flag: exactly one character, '0' or '1', then the separator.
    mutating func flag() throws -> Bool {
        skipWhitespace()
        guard let c = current, c == UInt8(ascii: "0") || c == UInt8(ascii: "1") else {
            throw error("expected a flag (0 or 1)")
        }
        index += 1
        skipSeparator()
        return c == UInt8(ascii: "1")
    }

    /// Reads `count` numbers.
    mutating func numbers(_ count: Int) throws -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(count)
        for _ in 0..<count { out.append(try number()) }
        return out
    }

    /// Reads a coordinate pair.
    mutating func point() throws -> Vec2 {
        let x = try number()
        return Vec2(x, try number())
    }
}
