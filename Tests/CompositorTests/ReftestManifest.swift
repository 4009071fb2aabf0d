// Reftest manifests (Fixtures/reftests/*.list), read the way WebRender's
// wrench reads its reftest.list: one pair of scenes per line, the relation
// between their pictures (`==` or `!=`) and the options of the pair. The
// syntax is documented in Fixtures/reftests/README.md.

import Foundation

/// How far two pictures may differ and still count as the same: at most
/// `maxPixels` pixels differ at all, and none by more than `maxDifference`
/// in any channel (premultiplied RGBA8, 0–255), as wrench's `fuzzy(max, count)`.
struct ReftestFuzz: Equatable, CustomStringConvertible {
    var maxDifference: Int
    var maxPixels: Int
    static let exact = ReftestFuzz(maxDifference: 0, maxPixels: 0)
    var description: String { "fuzzy(\(maxDifference),\(maxPixels))" }
}

/// One line of a manifest: `test` relates to `reference` on every backend.
struct ReftestPair: CustomStringConvertible {
    enum Relation: String { case equal = "==", notEqual = "!=" }

    var relation: Relation
    /// Scene files, resolved against the manifest's folder.
    var test: URL
    var reference: URL
    /// Bound for both backends, and per-backend overrides (`fuzzy-cpu`, `fuzzy-gpu`).
    var fuzz = ReftestFuzz.exact
    var fuzzByBackend: [String: ReftestFuzz] = [:]
    /// Timeline times at which the test and the reference are rendered
    /// (`time(t)`, `ref-time(t)`); nil renders the model tree.
    var testTime: Double?
    var referenceTime: Double?
    /// `fails`: a known bug breaks the rule today; the pair must then NOT hold
    /// on any backend, so that fixing the bug makes the marker's removal due.
    var knownFailure = false
    /// Where the line is, for messages: `geometry.list:12`.
    var location: String

    func fuzz(for backend: String) -> ReftestFuzz { fuzzByBackend[backend] ?? fuzz }

    var description: String {
        "\(location): \(test.lastPathComponent) \(relation.rawValue) \(reference.lastPathComponent)"
    }
}

/// A manifest line that cannot be read.
struct ReftestManifestError: Error, CustomStringConvertible {
    var location: String
    var message: String
    var description: String { "\(location): \(message)" }
}

enum ReftestManifest {
    /// Reads every pair of the manifest at `url`.
    static func load(_ url: URL) throws -> [ReftestPair] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try parse(text, name: url.lastPathComponent, directory: url.deletingLastPathComponent())
    }

    /// Reads every pair of manifest text; scene paths are relative to `directory`.
    static func parse(_ text: String, name: String, directory: URL) throws -> [ReftestPair] {
        var pairs: [ReftestPair] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let location = "\(name):\(index + 1)"
            var line = String(raw)
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            let tokens = try tokenize(line, location: location)
            if tokens.isEmpty { continue }
            pairs.append(try pair(tokens, location: location, directory: directory))
        }
        return pairs
    }

    /// Splits a line at white space outside parentheses, so `fuzzy(2, 40)` is one token.
    private static func tokenize(_ line: String, location: String) throws -> [String] {
        var tokens: [String] = [], current = "", depth = 0
        for ch in line {
            if ch == "(" { depth += 1 }
            if ch == ")" {
                depth -= 1
                if depth < 0 { throw ReftestManifestError(location: location, message: "unbalanced ')'") }
            }
            if ch.isWhitespace && depth == 0 {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else if !ch.isWhitespace {
                current.append(ch)
            }
        }
        if depth != 0 { throw ReftestManifestError(location: location, message: "unbalanced '('") }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    private static func pair(_ tokens: [String], location: String, directory: URL) throws -> ReftestPair {
        func fail(_ m: String) -> ReftestManifestError { ReftestManifestError(location: location, message: m) }
        var relation: ReftestPair.Relation?
        var files: [String] = []
        var options: [(name: String, args: [Double])] = []
        var knownFailure = false
        for token in tokens {
            if let r = ReftestPair.Relation(rawValue: token) {
                if relation != nil { throw fail("more than one relation ('==' or '!=')") }
                relation = r
            } else if let open = token.firstIndex(of: "("), token.hasSuffix(")") {
                let name = String(token[..<open])
                let inner = token[token.index(after: open)..<token.index(before: token.endIndex)]
                var args: [Double] = []
                for a in inner.split(separator: ",") {
                    guard let v = Double(a), v.isFinite else { throw fail("\(name): '\(a)' is not a number") }
                    args.append(v)
                }
                options.append((name, args))
            } else if token == "fails" {
                if knownFailure { throw fail("'fails' given twice") }
                knownFailure = true
            } else if relation != nil {
                files.append(token)
            } else {
                throw fail("unknown option '\(token)' before the relation")
            }
        }
        guard let relation else { throw fail("no relation ('==' or '!=')") }
        guard files.count == 2 else { throw fail("expected two scene files after '\(relation.rawValue)', got \(files.count)") }
        var p = ReftestPair(relation: relation, test: directory.appendingPathComponent(files[0]),
                            reference: directory.appendingPathComponent(files[1]), location: location)
        p.knownFailure = knownFailure
        for (name, args) in options {
            switch name {
            case "fuzzy", "fuzzy-cpu", "fuzzy-gpu":
                guard args.count == 2, args.allSatisfy({ $0 >= 0 && $0 == $0.rounded() }), args[0] <= 255 else {
                    throw fail("\(name) takes two whole numbers: max channel difference (0…255), pixel count")
                }
                let f = ReftestFuzz(maxDifference: Int(args[0]), maxPixels: Int(args[1]))
                if name == "fuzzy" { p.fuzz = f } else { p.fuzzByBackend[String(name.dropFirst(6))] = f }
            case "time", "ref-time":
                guard args.count == 1 else { throw fail("\(name) takes one time in seconds") }
                if name == "time" { p.testTime = args[0] } else { p.referenceTime = args[0] }
            default:
                throw fail("unknown option '\(name)' (fuzzy, fuzzy-cpu, fuzzy-gpu, time, ref-time)")
            }
        }
        return p
    }
}
