// Layers: a text layer's `string` given as rich text — a list of runs,
// each an object with `text` and NSAttributedString's attribute names
// (font, fontSize, foregroundColor, kerning, underlineStyle,
// strikethroughStyle, baselineOffset, paragraphStyle with lineSpacing,
// lineHeightMultiple, paragraphSpacing, alignment, lineBreakMode,
// baseWritingDirection). Keys are strict: an unknown key, a wrong type or
// an unknown font fails naming the key path and listing what exists.

import Geometry
import Text

extension SceneReader {
    static let runKeys: [String] = ["text", "font", "fontSize", "foregroundColor", "kerning", "underlineStyle",
                                    "strikethroughStyle", "baselineOffset", "paragraphStyle"]
    static let paragraphStyleKeys: [String] = ["alignment", "lineSpacing", "lineHeightMultiple", "paragraphSpacing",
                                               "lineBreakMode", "baseWritingDirection"]
    /// At most this many runs, and characters in all (a text layer is a label, not a book).
    static let maximumRuns = 10_000
    static let maximumAttributedCharacters = 1 << 20

    /// "unknown key; did you mean 'x'? (known keys: …)".
    private func listingHint(_ known: [String]) -> (String) -> String? {
        { key in
            let list = "known keys: " + known.joined(separator: ", ")
            if let s = SceneKeySuggestion.closest(to: key, in: known) { return "did you mean '\(s)'?; \(list)" }
            return list
        }
    }

    /// Reads a list of runs.
    func attributedText(_ v: JSONValue, _ p: SceneKeyPath) throws -> AttributedText {
        guard case .array(let items) = v else { throw mismatch(v, p, "a string or a list of runs") }
        guard items.count <= Self.maximumRuns else {
            throw fail(p, "\(items.count) runs; at most \(Self.maximumRuns) are allowed")
        }
        var runs: [TextRun] = []
        var characters = 0
        for (i, item) in items.enumerated() {
            let rp = p[i]
            let m = try members(item, rp, what: "a run object such as {\"text\": \"Red\", \"foregroundColor\": \"#FF0000\"}",
                                known: Set(Self.runKeys), hint: listingHint(Self.runKeys))
            guard let textValue = m.first(where: { $0.key == "text" })?.value else {
                throw fail(rp, "a run needs 'text' (known keys: \(Self.runKeys.joined(separator: ", ")))")
            }
            var run = TextRun(try string(textValue, rp.appending("text")))
            characters += run.text.unicodeScalars.count
            guard characters <= Self.maximumAttributedCharacters else {
                throw fail(rp.appending("text"), "the runs hold more than \(Self.maximumAttributedCharacters) characters")
            }
            for (key, value) in m {
                let kp = rp.appending(key)
                switch key {
                case "text": break
                case "font": run.font = value.isNull ? nil : try font(value, kp)
                case "fontSize": run.fontSize = try positive(value, kp, max: Self.maximumFontSize)
                case "foregroundColor": run.foregroundColor = try color(value, kp) ?? .clear
                case "kerning": run.kerning = try bounded(value, kp, limit: Self.maximumFontSize)
                case "underlineStyle": run.underlineStyle = try choice(value, kp, TextLineStyle.self)
                case "strikethroughStyle": run.strikethroughStyle = try choice(value, kp, TextLineStyle.self)
                case "baselineOffset": run.baselineOffset = try bounded(value, kp, limit: Self.maximumFontSize)
                case "paragraphStyle": run.paragraphStyle = try paragraphStyle(value, kp)
                default: throw fail(kp, "unknown key")
                }
            }
            runs.append(run)
        }
        return AttributedText(runs)
    }

    /// A finite number in −limit…limit.
    private func bounded(_ v: JSONValue, _ p: SceneKeyPath, limit: Double) throws -> Double {
        let x = try number(v, p)
        guard abs(x) <= limit else { throw fail(p, "expected a number from \(-limit) to \(limit), got \(x)") }
        return x
    }

    private func paragraphStyle(_ v: JSONValue, _ p: SceneKeyPath) throws -> ParagraphStyle {
        let m = try members(v, p, what: "a paragraph style object such as {\"alignment\": \"center\"}",
                            known: Set(Self.paragraphStyleKeys), hint: listingHint(Self.paragraphStyleKeys))
        var s = ParagraphStyle()
        for (key, value) in m {
            let kp = p.appending(key)
            switch key {
            case "alignment":
                switch try choice(value, kp, TextAlignment.self) {
                case .natural: s.alignment = .natural
                case .left: s.alignment = .left
                case .right: s.alignment = .right
                case .center: s.alignment = .center
                case .justified: s.alignment = .justified
                }
            case "lineSpacing": s.lineSpacing = try bounded(value, kp, limit: Self.maximumFontSize)
            case "lineHeightMultiple":
                s.lineHeightMultiple = try nonNegative(value, kp)
                guard s.lineHeightMultiple <= 100 else { throw fail(kp, "expected a number from 0 to 100") }
            case "paragraphSpacing": s.paragraphSpacing = try bounded(value, kp, limit: Self.maximumFontSize)
            case "lineBreakMode": s.lineBreakMode = try choice(value, kp, LineBreakMode.self)
            case "baseWritingDirection": s.baseWritingDirection = try choice(value, kp, WritingDirection.self)
            default: throw fail(kp, "unknown key")
            }
        }
        return s
    }
}
