// Text: what can go wrong finding, opening and using a font. Each case says
// which font and why in words a scene author can act on; the scene reader
// prefixes the key path.

/// A font that cannot be found, read or used.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// No installed font has this family name; `installed` lists some that do exist.
    case familyNotFound(String, installed: [String])
    /// The family exists but has no such style; `installed` lists its styles.
    case styleNotFound(String, style: String, installed: [String])
    /// A font name that cannot be read ("Family:style=Bold:weight=700" is the form).
    case badName(String, reason: String)
    /// The font file does not exist (or is a directory).
    case fileNotFound(String)
    /// FreeType could not open the file as a font.
    case notAFont(String, reason: String)
    /// FreeType failed while using an open font (sizing, loading a glyph).
    case freeType(String, operation: String, code: Int32)

    public var description: String {
        switch self {
        case .familyNotFound(let name, let installed):
            let list = installed.isEmpty ? "none (install fonts-dejavu-core)"
                : installed.prefix(12).joined(separator: ", ") + (installed.count > 12 ? ", …" : "")
            return "no font named '\(name)'; installed families include \(list)"
        case .styleNotFound(let family, let style, let installed):
            return "font '\(family)' has no style '\(style)'; its styles are \(installed.joined(separator: ", "))"
        case .badName(let name, let reason):
            return "font name '\(name)' is not usable (\(reason))"
        case .fileNotFound(let path):
            return "font file '\(path)' not found"
        case .notAFont(let path, let reason):
            return "'\(path)' is not a usable font file (\(reason))"
        case .freeType(let path, let operation, let code):
            return "FreeType failed to \(operation) for '\(path)' (\(FreeTypeErrors.describe(code)))"
        }
    }
}

/// Words for FreeType's error codes (the common ones; others by number).
enum FreeTypeErrors {
    static func describe(_ code: Int32) -> String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x10: return "invalid glyph index"
        case 0x17: return "invalid pixel size"
        case 0x40: return "out of memory"
        case 0x51: return "unknown or missing table"
        // Reading a font from memory past the end of the file's bytes.
        case 0x55: return "unknown file format: the data ends too early"
        default: return "error \(code)"
        }
    }
}
