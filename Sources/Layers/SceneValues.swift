// Layers: typed readers for scene values — numbers with range checks,
// booleans, strings, enums, points, sizes, rects and colours — each failing
// with the key path it was reading. Key paths are built lazily (a linked
// list rendered only when an error is thrown), so a million-layer scene does
// not pay for string concatenation on every key.

import Geometry
import Images

/// A position in the scene document: `sublayers[2].mask.shadowOffset`.
indirect enum SceneKeyPath: CustomStringConvertible {
    case root
    case key(SceneKeyPath, String)
    case index(SceneKeyPath, Int)

    func appending(_ key: String) -> SceneKeyPath { .key(self, key) }
    subscript(_ i: Int) -> SceneKeyPath { .index(self, i) }

    var description: String {
        switch self {
        case .root: return ""
        case .key(let parent, let k):
            let p = parent.description
            return p.isEmpty ? k : p + "." + k
        case .index(let parent, let i):
            return parent.description + "[\(i)]"
        }
    }
}

/// Reading state for one scene: file name, image cache, layer count.
final class SceneReader {
    let file: String
    let baseDirectory: String
    /// Decoded images by resolved path, so shared files decode once per load.
    var images: [String: LayerContents] = [:]
    /// Layers created so far (masks included, root excluded).
    var layerCount = 0
    /// Whether `contents` files are decoded now or only recorded (see SceneImageLoading).
    var imageLoading: SceneImageLoading = .eager
    /// The recorded `contents` references, in document order (deferred loading).
    var imageReferences: [SceneImageReference] = []
    /// Tiled layers' sources by resolved path (and tile size), opened once per load.
    var tileSources: [String: any TileSource] = [:]
    /// Whether files the scene names must lie inside its folder (`--confine-to-scene-dir`).
    var confineToSceneDirectory = false

    init(file: String, baseDirectory: String) {
        self.file = file
        self.baseDirectory = baseDirectory
    }

    func fail(_ path: SceneKeyPath, _ message: String) -> SceneError {
        SceneError(file: file, keyPath: path.description, message: message)
    }

    func mismatch(_ v: JSONValue, _ path: SceneKeyPath, _ expected: String) -> SceneError {
        fail(path, "expected \(expected), got \(v.kindDescription)")
    }

    // MARK: Scalars

    func number(_ v: JSONValue, _ path: SceneKeyPath) throws -> Double {
        guard case .number(let d) = v else { throw mismatch(v, path, "a number") }
        guard d.isFinite else { throw fail(path, "the number is too large (not finite)") }
        guard abs(d) <= SceneLimits.maximumMagnitude else {
            throw fail(path, "the number is too large: \(fmt(d)) is beyond ±1e9, the largest a scene may hold")
        }
        return d
    }

    func nonNegative(_ v: JSONValue, _ path: SceneKeyPath) throws -> Double {
        let d = try number(v, path)
        guard d >= 0 else { throw fail(path, "must not be negative (got \(fmt(d)))") }
        return d
    }

    func positive(_ v: JSONValue, _ path: SceneKeyPath, max upper: Double? = nil) throws -> Double {
        let d = try number(v, path)
        guard d > 0 else { throw fail(path, "must be greater than 0 (got \(fmt(d)))") }
        if let u = upper, d > u { throw fail(path, "must be at most \(fmt(u)) (got \(fmt(d)))") }
        return d
    }

    func unitInterval(_ v: JSONValue, _ path: SceneKeyPath) throws -> Double {
        let d = try number(v, path)
        guard d >= 0 && d <= 1 else { throw fail(path, "must be between 0 and 1 (got \(fmt(d)))") }
        return d
    }

    func bool(_ v: JSONValue, _ path: SceneKeyPath) throws -> Bool {
        guard case .bool(let b) = v else { throw mismatch(v, path, "true or false") }
        return b
    }

    func string(_ v: JSONValue, _ path: SceneKeyPath) throws -> String {
        guard case .string(let s) = v else { throw mismatch(v, path, "a string") }
        return s
    }

    func choice<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ path: SceneKeyPath,
                                                    _ type: E.Type) throws -> E where E.RawValue == String {
        let allowed = E.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard case .string(let s) = v else { throw mismatch(v, path, "one of \(allowed)") }
        guard let e = E(rawValue: s) else { throw fail(path, "unknown value '\(s)'; expected one of \(allowed)") }
        return e
    }

    // MARK: Tuples

    /// Exactly `count` finite numbers: "expected 2 numbers".
    func numbers(_ v: JSONValue, _ path: SceneKeyPath, count: Int) throws -> [Double] {
        guard case .array(let items) = v, items.count == count else {
            throw fail(path, "expected \(count) numbers, got \(Self.describe(v))")
        }
        return try items.enumerated().map { try number($0.element, path[$0.offset]) }
    }

    func point(_ v: JSONValue, _ path: SceneKeyPath) throws -> Vec2 {
        let n = try numbers(v, path, count: 2)
        return Vec2(n[0], n[1])
    }

    /// A rect [x, y, width, height] with width and height ≥ 0.
    func rect(_ v: JSONValue, _ path: SceneKeyPath) throws -> Rect {
        let n = try numbers(v, path, count: 4)
        guard n[2] >= 0, n[3] >= 0 else {
            throw fail(path, "width and height must not be negative (got \(fmt(n[2])) × \(fmt(n[3])))")
        }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// "#RRGGBB", "#RRGGBBAA", [r, g, b, a] in 0…1, or null (nil).
    func color(_ v: JSONValue, _ path: SceneKeyPath) throws -> Color? {
        let expected = "a colour (\"#RRGGBB\", \"#RRGGBBAA\", [r, g, b, a] or null)"
        switch v {
        case .null:
            return nil
        case .string(let s):
            let digits = s.utf8.dropFirst()
            guard s.hasPrefix("#"), digits.count == 6 || digits.count == 8,
                  digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                  let c = Color(hex: s) else {
                throw fail(path, "invalid colour \"\(s)\"; expected \"#RRGGBB\" or \"#RRGGBBAA\"")
            }
            return c
        case .array(let items):
            guard items.count == 4 else { throw fail(path, "expected \(expected), got \(Self.describe(v))") }
            let c = try items.enumerated().map { try unitInterval($0.element, path[$0.offset]) }
            return Color(r: c[0], g: c[1], b: c[2], a: c[3])
        default:
            throw mismatch(v, path, expected)
        }
    }

    /// "an array of 3 items", "a string"…
    static func describe(_ v: JSONValue) -> String {
        if case .array(let items) = v { return items.count == 1 ? "an array of 1 item" : "an array of \(items.count) items" }
        return v.kindDescription
    }

    // MARK: Objects

    /// The members of an object, after rejecting duplicate and unknown keys.
    /// `hint` explains keys that belong elsewhere (e.g. to shape layers).
    func members(_ v: JSONValue, _ path: SceneKeyPath, what: String, known: Set<String>,
                 hint: (String) -> String? = { _ in nil }) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let m) = v else { throw mismatch(v, path, what) }
        var seen = Set<String>()
        for (key, _) in m {
            guard seen.insert(key).inserted else { throw fail(path.appending(key), "duplicate key") }
            guard known.contains(key) else {
                var message = "unknown key"
                if let h = hint(key) {
                    message += " (\(h))"
                } else if let s = SceneKeySuggestion.closest(to: key, in: known.sorted()) {
                    message += "; did you mean '\(s)'?"
                }
                throw fail(path.appending(key), message)
            }
        }
        return m
    }
}
