// Geometry: text from outside (scene strings, file names) made safe to put
// in a one-line message (issue 18). Control characters — escape sequences
// that would recolour or rewrite the terminal, newlines that would split a
// message in two — are shown as \n, \t, \r or \u{1B}; everything else,
// non-ASCII letters included, is kept. Lives beside `fmt`, the other helper
// every error message uses.

/// `s` with each control character (C0, DEL, C1) escaped.
public func escapingControlCharacters(_ s: String) -> String {
    func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }
    guard s.unicodeScalars.contains(where: isControl) else { return s }
    var out = ""
    for u in s.unicodeScalars {
        switch u {
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case _ where isControl(u): out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}
