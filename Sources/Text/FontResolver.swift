// Text: turns a layer's `font` value into a font file. nil means the
// default font, DejaVu Sans (Debian's fonts-dejavu-core); a value that
// looks like a path (has a '/' or a font file extension) is a file, relative
// to a base directory; anything else is a family name looked up in the
// system font index.

import Foundation

/// Font lookup by family name or file.
public enum FontResolver {
    /// The family used when a text layer names no font.
    public static let defaultFamily = "DejaVu Sans"
    /// Where fonts-dejavu-core installs the default font.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Whether `spec` names a file rather than a family.
    public static func isFilePath(_ spec: String) -> Bool {
        if spec.contains("/") { return true }
        let ext = (spec as NSString).pathExtension.lowercased()
        return ["ttf", "otf", "ttc", "pfb", "pfa", "woff", "woff2"].contains(ext)
    }

    /// The file `spec` names: a path resolved against `baseDirectory`, the
    /// file of a family, or the default font for nil. Throws FontError.
    public static func resolve(_ spec: String?, baseDirectory: String = "",
                               index: @autoclosure () -> FontIndex = FontIndex.system) throws -> String {
        guard let spec else {
            if FileManager.default.fileExists(atPath: defaultFontPath) { return defaultFontPath }
            if let p = index().file(forFamily: defaultFamily) { return p }
            throw FontError.familyNotFound(defaultFamily, installed: index().families)
        }
        if isFilePath(spec) {
            if spec.hasPrefix("/") || baseDirectory.isEmpty { return spec }
            return ((baseDirectory as NSString).appendingPathComponent(spec) as NSString).standardizingPath
        }
        let idx = index()
        guard let p = idx.file(forFamily: spec) else {
            throw FontError.familyNotFound(spec, installed: idx.families)
        }
        return p
    }

    /// The open face `spec` names (see ``resolve(_:baseDirectory:index:)``).
    public static func face(_ spec: String?, baseDirectory: String = "") throws -> FontFace {
        try FontFace.open(path: resolve(spec, baseDirectory: baseDirectory))
    }
}
