// Text: the basic line-breaking prohibitions of CJK text (kinsoku shori)
// as UAX #14 classes them, for the break opportunities beside ideographs
// and kana (TextShaper): a line never starts with closing punctuation, a
// full stop, a comma, a question or exclamation mark, an iteration mark,
// a small kana or the prolonged sound mark (classes CL, CP, EX, IS, NS,
// and CJ taken as NS), and never ends with opening punctuation (OP). The
// members are those of Unicode's LineBreak.txt among ASCII, CJK Symbols
// and Punctuation, kana, small form variants and the fullwidth and
// halfwidth forms; breaks at spaces are not affected.

enum LineBreakProhibitions {
    /// A break beside an ideograph or kana may not fall before `s`: UAX #14
    /// classes CL, CP, EX, IS, NS and CJ (small kana, the prolonged sound mark).
    static func noBreakBefore(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        // ASCII: ! ) , . : ; ? ] }
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D:
            return true
        // 、 。 々 〉 》 」 』 】 〕 〗 〙 〛 〜 〞 〟 〻 〼
        case 0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
             0x301C, 0x301E, 0x301F, 0x303B, 0x303C:
            return true
        // Small hiragana ぁ ぃ ぅ ぇ ぉ っ ゃ ゅ ょ ゎ ゕ ゖ, sound marks ゛ ゜, iteration marks ゝ ゞ.
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x309B...0x309E:
            return true
        // ゠, small katakana ァ ィ ゥ ェ ォ ッ ャ ュ ョ ヮ ヵ ヶ, ・ ー ヽ ヾ, small katakana extensions ㇰ–ㇿ.
        case 0x30A0, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
             0x30FB...0x30FE, 0x31F0...0x31FF:
            return true
        // Small form variants: ﹐ ﹒ ﹔ ﹕ ﹖ ﹗ ﹚ ﹜ ﹞
        case 0xFE50, 0xFE52, 0xFE54...0xFE57, 0xFE5A, 0xFE5C, 0xFE5E:
            return true
        // Fullwidth ！ ） ， ． ： ； ？ ］ ｝ ｠, halfwidth ｡ ｣ ､ ･, small katakana ｧ–ｯ and ｰ, ﾞ ﾟ.
        case 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60,
             0xFF61, 0xFF63, 0xFF64, 0xFF65, 0xFF67...0xFF70, 0xFF9E, 0xFF9F:
            return true
        default:
            return false
        }
    }

    /// A break beside an ideograph or kana may not fall after `s`: UAX #14 class OP.
    static func noBreakAfter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        // ASCII ( [ {
        case 0x28, 0x5B, 0x7B:
            return true
        // 〈 《 「 『 【 〔 〖 〘 〚 〝
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D:
            return true
        // Small ﹙ ﹛ ﹝, fullwidth （ ［ ｛ ｟, halfwidth ｢
        case 0xFE59, 0xFE5B, 0xFE5D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            return true
        default:
            return false
        }
    }
}
