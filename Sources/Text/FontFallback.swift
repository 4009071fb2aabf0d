// Text: the installed font to use for a character the chosen font lacks.
// fontconfig sorts the installed fonts by closeness to "sans-serif" in the
// character's language (FcFontSort with a language hint from its script:
// Hangul → ko, Han → zh-cn, kana → ja, Arabic → ar, Hebrew → he), and the
// first font whose character set (FC_CHARSET) has the character wins. The
// sorted lists and each character's answer are kept for the process, so the
// same text always falls back to the same font.

import CFontconfig
import Foundation

/// Fallback fonts per character.
public enum FontFallback {
    private struct Candidate { var location: FontLocation; var charset: OpaquePointer }
    nonisolated(unsafe) private static var sorted: [String: [Candidate]] = [:]
    nonisolated(unsafe) private static var answers: [UInt32: FontLocation?] = [:]
    nonisolated(unsafe) private static var sets: [OpaquePointer] = []

    /// The language fontconfig should prefer for `s` ("" when none).
    static func language(_ s: Unicode.Scalar) -> String {
        switch s.value {
        case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: return "ko"
        case 0x3040...0x30FF, 0x31F0...0x31FF: return "ja"
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xFF00...0xFFEF, 0x20000...0x2FFFF: return "zh-cn"
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "ar"
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "he"
        default: return ""
        }
    }

    /// The installed font that has `s` (nil when none does).
    public static func font(for s: Unicode.Scalar) -> FontLocation? {
        Fontconfig.lock.lock(); defer { Fontconfig.lock.unlock() }
        if let a = answers[s.value] { return a }
        let lang = language(s)
        let list = candidates(language: lang)
        let found = list.first { FcCharSetHasChar($0.charset, s.value) == FcTrue }?.location
        if answers.count > 100_000 { answers = [:] }
        answers[s.value] = found
        return found
    }

    /// The fonts sorted for `language`; the caller holds Fontconfig.lock.
    private static func candidates(language: String) -> [Candidate] {
        if let c = sorted[language] { return c }
        var out: [Candidate] = []
        if Fontconfig.ready(), let pattern = FcNameParse("sans-serif") {
            defer { FcPatternDestroy(pattern) }
            if !language.isEmpty { FcPatternAddString(pattern, "lang", language) }
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            // The coverage union comes back through `coverage` and is freed here: passing nil for
            // it leaks fontconfig's copy (LeakSanitizer under FuzzText).
            var coverage: OpaquePointer?
            let found = FcFontSort(nil, pattern, FcFalse, &coverage, &result)
            if let coverage { FcCharSetDestroy(coverage) }
            if let set = found {
                sets.append(OpaquePointer(set))  // kept: the candidates' charsets point into it
                for i in 0..<Int(set.pointee.nfont) {
                    let p = set.pointee.fonts[i]
                    var cs: OpaquePointer?
                    guard let file = Fontconfig.string(p, "file", 0),
                          FcPatternGetCharSet(p, "charset", 0, &cs) == FcResultMatch, let cs else { continue }
                    var scalable: FcBool = FcTrue
                    if FcPatternGetBool(p, "scalable", 0, &scalable) == FcResultMatch, scalable != FcTrue { continue }
                    out.append(Candidate(location: FontLocation(path: file, index: Fontconfig.integer(p, "index") ?? 0),
                                         charset: cs))
                }
            }
        }
        sorted[language] = out
        return out
    }
}
