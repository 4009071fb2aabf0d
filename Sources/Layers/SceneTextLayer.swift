// Layers: the keys of `"type": "text"` layers (CATextLayer). Fonts are
// checked here, while the scene loads — a family must be installed, a file
// must exist and open as a font — so rendering never fails late. A font
// file path is stored resolved against the scene's folder.

import Geometry
import Text

extension SceneReader {
    /// The largest fontSize a scene may ask for, in points.
    static let maximumFontSize = 1000.0

    /// Reads one text-layer key into `layer`.
    func textKey(_ l: Layer, _ key: String, _ value: JSONValue, _ p: SceneKeyPath) throws {
        guard let layer = l as? TextLayer else { throw fail(p, "'\(key)' needs a text layer") }
        switch key {
        case "string":
            switch value {
            case .array: layer.attributedString = try attributedText(value, p)
            case .string(let s): layer.string = s
            default: throw mismatch(value, p, "a string or a list of runs such as [{\"text\": \"Red\", \"foregroundColor\": \"#FF0000\"}]")
            }
        case "font": layer.font = value.isNull ? nil : try font(value, p)
        case "fontSize": layer.fontSize = try positive(value, p, max: Self.maximumFontSize)
        case "foregroundColor": layer.foregroundColor = try color(value, p)
        case "alignmentMode": layer.alignmentMode = try choice(value, p, TextAlignment.self)
        case "isWrapped": layer.isWrapped = try bool(value, p)
        case "truncationMode": layer.truncationMode = try choice(value, p, TextTruncation.self)
        default: throw fail(p, "'\(key)' is not a text layer key")
        }
    }

    /// A font family name or font file, checked; files come back resolved.
    func font(_ v: JSONValue, _ p: SceneKeyPath) throws -> String {
        let spec = try string(v, p)
        guard !spec.isEmpty else { throw fail(p, "expected a font family name or font file path, got an empty string") }
        if FontResolver.isFilePath(spec) { _ = try inputFile(spec, p) }
        do {
            let path = try FontResolver.resolve(spec, baseDirectory: baseDirectory)
            _ = try FontFace.open(path: path)
            return FontResolver.isFilePath(spec) ? path : spec
        } catch let e as FontError {
            throw fail(p, "\(e)")
        }
    }
}
