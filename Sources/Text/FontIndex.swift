// Text: which installed fonts provide which family, style and weight, as
// fontconfig lists them (FcFontList over the system configuration, read
// once per process). Lookups are case-insensitive over every family name a
// font declares ("DejaVu Sans Condensed" is also "DejaVu Sans"), prefer the
// regular style, and choose by style name or by the nearest weight when
// asked. Fallback (a font that has a character the chosen one lacks) lives
// in FontFallback.

import CFontconfig
import Foundation

/// The installed fonts by family name.
public struct FontIndex: Sendable {
    /// One installed font: a face of a file.
    public struct Entry: Sendable, Equatable {
        public var path: String
        /// The face in the file (.ttc collections hold several).
        public var index: Int
        /// The first family name (fontconfig may list more: "DejaVu Sans", "DejaVu Sans Condensed").
        public var family: String
        public var style: String
        /// Every family and style name the font declares.
        public var families: [String]
        public var styles: [String]
        /// OpenType weight (100 thin … 400 regular … 700 bold … 900 black).
        public var weight: Int
    }

    /// Every indexed face, sorted by path then face.
    public let entries: [Entry]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cachedSystem: FontIndex?

    /// The index of the fonts fontconfig knows, built on first use.
    public static var system: FontIndex {
        lock.lock(); defer { lock.unlock() }
        if let s = cachedSystem { return s }
        let s = FontIndex(entries: Fontconfig.listFonts())
        cachedSystem = s
        return s
    }

    public init(entries: [Entry]) {
        self.entries = entries.sorted { ($0.path, $0.index) < ($1.path, $1.index) }
    }

    /// The distinct family names, sorted.
    public var families: [String] {
        Array(Set(entries.flatMap(\.families))).sorted()
    }

    /// The file for `family` (case-insensitive), preferring the regular style.
    public func file(forFamily family: String) -> String? {
        face(family: family)?.path
    }

    /// The styles installed for `family`, for messages.
    public func styles(ofFamily family: String) -> [String] {
        let wanted = family.lowercased()
        return Array(Set(entries.filter { $0.families.contains { $0.lowercased() == wanted } }.map(\.style))).sorted()
    }

    /// The face of `family` (case-insensitive) with style name `style` when
    /// given, else the nearest to `weight` (400 when not given), regular
    /// styles first; nil when none matches.
    public func face(family: String, style: String? = nil, weight: Int? = nil) -> Entry? {
        let wanted = family.lowercased()
        var matches = entries.filter { $0.families.contains { $0.lowercased() == wanted } }
        if let style {
            let s = style.lowercased()
            matches = matches.filter { $0.styles.contains { $0.lowercased() == s } }
        }
        func rank(_ e: Entry) -> Int {
            switch e.style.lowercased() {
            case "book", "regular": return 0
            case "medium", "normal", "roman": return 1
            default: return 2
            }
        }
        // The primary family name matching beats an alias ("DejaVu Sans" over "DejaVu Sans Condensed").
        func alias(_ e: Entry) -> Int { e.family.lowercased() == wanted ? 0 : 1 }
        let target = weight ?? 400
        return matches.min {
            (abs($0.weight - target), alias($0), rank($0), $0.path, $0.index)
                < (abs($1.weight - target), alias($1), rank($1), $1.path, $1.index)
        }
    }
}

/// The few fontconfig calls the Text target makes, under one lock.
enum Fontconfig {
    static let lock = NSLock()
    nonisolated(unsafe) private static var initialized = false

    /// The current configuration (FcInit on first use); the caller holds `lock`.
    static func ready() -> Bool {
        if !initialized { initialized = FcInit() == FcTrue }
        return initialized
    }

    static func string(_ p: OpaquePointer?, _ object: String, _ n: Int32) -> String? {
        var v: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(p, object, n, &v) == FcResultMatch, let v else { return nil }
        return String(cString: v)
    }

    static func strings(_ p: OpaquePointer?, _ object: String) -> [String] {
        var out: [String] = []
        var n: Int32 = 0
        while let s = string(p, object, n) { out.append(s); n += 1 }
        return out
    }

    static func integer(_ p: OpaquePointer?, _ object: String) -> Int? {
        var v: Int32 = 0
        return FcPatternGetInteger(p, object, 0, &v) == FcResultMatch ? Int(v) : nil
    }

    /// Every scalable font fontconfig lists.
    static func listFonts() -> [FontIndex.Entry] {
        lock.lock(); defer { lock.unlock() }
        guard ready() else { return [] }
        let pattern = FcPatternCreate()
        defer { FcPatternDestroy(pattern) }
        FcPatternAddBool(pattern, "scalable", FcTrue)
        let objects = FcObjectSetCreate()
        defer { FcObjectSetDestroy(objects) }
        for o in ["family", "style", "file", "index", "weight"] { FcObjectSetAdd(objects, o) }
        guard let set = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var out: [FontIndex.Entry] = []
        for i in 0..<Int(set.pointee.nfont) {
            let p = set.pointee.fonts[i]
            guard let file = string(p, "file", 0) else { continue }
            let families = strings(p, "family"), styles = strings(p, "style")
            guard let family = families.first else { continue }
            let weight = integer(p, "weight").map { Int(FcWeightToOpenType(Int32($0))) } ?? 400
            out.append(.init(path: file, index: integer(p, "index") ?? 0, family: family,
                             style: styles.first ?? "", families: families, styles: styles, weight: weight))
        }
        return out
    }
}
