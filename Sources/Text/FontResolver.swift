// Text: turns a `font` value into a font file and face. nil means the
// default font, DejaVu Sans (Debian's fonts-dejavu-core); a value that
// looks like a path (has a '/' or a font file extension) is a file, relative
// to a base directory; anything else is a family name, optionally with a
// style and weight in fontconfig's name syntax ("DejaVu Sans:style=Bold",
// "Noto Sans CJK KR:weight=700"), looked up in the fontconfig index.

import Foundation

/// Where a font is: a file and the face in it.
public struct FontLocation: Hashable, Sendable {
    public var path: String
    public var index: Int
    public init(path: String, index: Int = 0) { self.path = path; self.index = index }
}

/// A family name with an optional style and weight.
public struct FontName: Hashable, Sendable {
    public var family: String
    public var style: String?
    public var weight: Int?

    public init(family: String, style: String? = nil, weight: Int? = nil) {
        self.family = family; self.style = style; self.weight = weight
    }

    /// Parses "Family", "Family:style=Bold", "Family:weight=700" (either or both).
    public init(parsing spec: String) throws {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        family = parts[0].trimmingCharacters(in: .whitespaces)
        guard !family.isEmpty else { throw FontError.badName(spec, reason: "no family name") }
        for part in parts.dropFirst() {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { throw FontError.badName(spec, reason: "'\(part)' is not key=value") }
            switch kv[0] {
            case "style": style = kv[1]
            case "weight":
                guard let w = Int(kv[1]), (1...1000).contains(w) else {
                    throw FontError.badName(spec, reason: "weight must be a whole number from 1 to 1000")
                }
                weight = w
            default: throw FontError.badName(spec, reason: "unknown property '\(kv[0])' (known: style, weight)")
            }
        }
    }

    /// The spec form ("Family:style=Bold:weight=700").
    public var spec: String {
        family + (style.map { ":style=\($0)" } ?? "") + (weight.map { ":weight=\($0)" } ?? "")
    }
}

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
        try location(spec, baseDirectory: baseDirectory, index: index()).path
    }

    /// The file and face `spec` names (see ``resolve(_:baseDirectory:index:)``).
    public static func location(_ spec: String?, baseDirectory: String = "",
                                index: @autoclosure () -> FontIndex = FontIndex.system) throws -> FontLocation {
        guard let spec else {
            if FileManager.default.fileExists(atPath: defaultFontPath) { return FontLocation(path: defaultFontPath) }
            if let e = index().face(family: defaultFamily) { return FontLocation(path: e.path, index: e.index) }
            throw FontError.familyNotFound(defaultFamily, installed: index().families)
        }
        guard !spec.utf8.contains(0) else { throw FontError.badName(spec, reason: "the name contains a NUL character") }
        if isFilePath(spec) {
            if spec.hasPrefix("/") || baseDirectory.isEmpty { return FontLocation(path: spec) }
            return FontLocation(path: ((baseDirectory as NSString).appendingPathComponent(spec) as NSString).standardizingPath)
        }
        let name = try FontName(parsing: spec)
        let idx = index()
        guard let e = idx.face(family: name.family, style: name.style, weight: name.weight) else {
            if name.style != nil, !idx.styles(ofFamily: name.family).isEmpty {
                throw FontError.styleNotFound(name.family, style: name.style ?? "",
                                              installed: idx.styles(ofFamily: name.family))
            }
            throw FontError.familyNotFound(name.family, installed: idx.families)
        }
        return FontLocation(path: e.path, index: e.index)
    }

    /// The open face `spec` names (see ``resolve(_:baseDirectory:index:)``).
    public static func face(_ spec: String?, baseDirectory: String = "") throws -> FontFace {
        let l = try location(spec, baseDirectory: baseDirectory)
        return try FontFace.open(path: l.path, index: l.index)
    }
}
