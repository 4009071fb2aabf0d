// Text: which font files provide which family. Scans the system font
// folders (/usr/share/fonts, /usr/local/share/fonts) for .ttf/.otf files
// once per process, reading each file's FreeType family and style names;
// lookups are case-insensitive and prefer the regular style ("Book",
// "Regular") when a family has several files.

import Foundation

/// The installed fonts by family name.
public struct FontIndex: Sendable {
    /// One indexed font file.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var family: String
        public var style: String
    }

    /// Every indexed file, sorted by path.
    public let entries: [Entry]

    /// The folders the system index scans.
    public static let systemDirectories = ["/usr/share/fonts", "/usr/local/share/fonts"]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cachedSystem: FontIndex?

    /// The index of the system font folders, built on first use.
    public static var system: FontIndex {
        lock.lock(); defer { lock.unlock() }
        if let s = cachedSystem { return s }
        let s = FontIndex(scanning: systemDirectories)
        cachedSystem = s
        return s
    }

    /// Indexes the .ttf and .otf files under `directories` (recursively).
    public init(scanning directories: [String]) {
        var found: [Entry] = []
        let fm = FileManager.default
        for dir in directories {
            guard let walker = fm.enumerator(atPath: dir) else { continue }
            while let rel = walker.nextObject() as? String {
                let ext = (rel as NSString).pathExtension.lowercased()
                guard ext == "ttf" || ext == "otf" else { continue }
                let path = (dir as NSString).appendingPathComponent(rel)
                if let n = FontFace.names(path: path) {
                    found.append(Entry(path: path, family: n.family, style: n.style))
                }
            }
        }
        entries = found.sorted { $0.path < $1.path }
    }

    /// The distinct family names, sorted.
    public var families: [String] {
        Array(Set(entries.map(\.family))).sorted()
    }

    /// The file for `family` (case-insensitive), preferring the regular style.
    public func file(forFamily family: String) -> String? {
        let wanted = family.lowercased()
        let matches = entries.filter { $0.family.lowercased() == wanted }
        func rank(_ e: Entry) -> Int {
            switch e.style.lowercased() {
            case "book", "regular": return 0
            case "medium", "normal", "roman": return 1
            default: return 2
            }
        }
        return matches.min { (rank($0), $0.path) < (rank($1), $1.path) }?.path
    }
}
