// Layers: a small strict JSON parser (RFC 8259) for scene files.
// Written by hand instead of using JSONSerialization because the scene
// reader needs what Foundation blurs: booleans distinct from numbers, object
// keys in file order (deterministic errors), line:column positions for
// syntax errors, and a nesting limit so hostile input gives an error rather
// than a stack overflow. Numbers keep their Double value even when it
// overflows to ±infinity, so the scene reader can reject `1e999` with the
// key path instead of a position.

/// A parsed JSON value. Object members keep their order and duplicates.
enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// "a number", "true", "an object"… for "expected X, got Y" messages.
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON syntax error at a 1-based line and column (columns count characters).
struct JSONSyntaxError: Error {
    var message: String
    var line: Int
    var column: Int
    var description: String { "line \(line), column \(column): \(message)" }
}

/// Recursive-descent parser over UTF-8 bytes.
struct JSONParser {
    /// Arrays and objects may nest this deep; deeper input is an error.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON document (a UTF-8 byte order mark is skipped).
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var p = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.index = 3 }
        p.skipWhitespace()
        if p.index >= bytes.count { throw p.error("the file is empty") }
        let v = try p.value()
        p.skipWhitespace()
        if p.index < bytes.count { throw p.error("unexpected text after the end of the JSON document") }
        return v
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let end = min(offset ?? index, bytes.count)
        var line = 1, column = 1
        var i = 0
        while i < end {
            let b = bytes[i]
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard let c = current else { return "the end of the file" }
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16, uppercase: true))"
    }

    private mutating func value() throws -> JSONValue {
        guard let c = current else { throw error("expected a value, got the end of the file") }
        switch c {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("expected a value, got \(describeCurrent()) (NaN and Infinity are not JSON numbers)")
        default:
            throw error("expected a value, got \(describeCurrent())")
        }
    }

    private mutating func literal(_ word: String) throws {
        let start = index
        for b in word.utf8 {
            guard current == b else { throw error("invalid literal (expected '\(word)')", at: start) }
            index += 1
        }
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func array() throws -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; depth -= 1; return .array(items)
            default: throw error("expected ',' or ']' in an array, got \(describeCurrent())")
            }
        }
    }

    private mutating func object() throws -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, got \(describeCurrent())")
            }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\", got \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; depth -= 1; return .object(members)
            default: throw error("expected ',' or '}' in an object, got \(describeCurrent())")
            }
        }
    }

    private mutating func number() throws -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while let c = p.current, c >= 0x30, c <= 0x39 { p.index += 1; n += 1 }
            return n
        }
        if current == UInt8(ascii: "0") {
            index += 1
            if let c = current, c >= 0x30, c <= 0x39 { throw error("numbers must not have leading zeros") }
        } else if digits(&self) == 0 {
            throw error("expected a digit, got \(describeCurrent())")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("expected a digit after '.', got \(describeCurrent())") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("expected exponent digits, got \(describeCurrent())") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let v = Double(text) else { throw error("invalid number", at: start) }
        return v  // may be ±infinity (1e999); the scene reader rejects it with the key path
    }

    private mutating func string() throws -> String {
        let start = index
        index += 1
        var buffer: [UInt8] = []
        while true {
            guard let c = current else { throw error("unterminated string", at: start) }
            switch c {
            case UInt8(ascii: "\""):
                index += 1
                guard let s = String(validating: buffer, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: start)
                }
                return s
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &buffer)
            case 0..<0x20:
                throw error("control character in a string (write it as an escape such as \\n)")
            default:
                buffer.append(c)
                index += 1
            }
        }
    }

    private mutating func escape(into buffer: inout [UInt8]) throws {
        guard let c = current else { throw error("unterminated string") }
        index += 1
        let simple: UInt8?
        switch c {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))'", at: index - 2)
        }
        if let s = simple { buffer.append(s); return }
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate in \\u escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw error("unpaired surrogate in \\u escape")
        }
        buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
    }

    private mutating func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, let d = Character(Unicode.Scalar(c)).hexDigitValue else {
                throw error("expected 4 hex digits after \\u")
            }
            v = v * 16 + UInt32(d)
            index += 1
        }
        return v
    }
}
