// CompositorCLI: what `compositor check` runs — one scene file, the scenes of
// a folder (every *.json below it), of a plain list (one scene path a line, optionally with
// `tolerance(MAX,SHARE)` and `time(T)`), or of a reftest manifest (`== a.json
// b.json fuzzy(…)` lines, see Fixtures/reftests/README.md: both scenes of each
// pair, at the pair's `time(t)` / `ref-time(t)`). A manifest line may also
// `include other.list`. Paths are relative to the list's folder. Errors name
// `file:line`.

import Compare
import Foundation

/// One scene to check and the settings its list gave it.
struct CheckSceneEntry: Equatable {
    /// The scene file, as a path usable from the current directory.
    var path: String
    /// Timeline times from the list (`time(T)`); empty: the command's `--times`.
    var times: [Double] = []
    /// The list's `tolerance(MAX,SHARE)` for this scene; nil: the command's `--tolerance`.
    var tolerance: Tolerance?
}

/// A scene list that cannot be read.
struct CheckManifestError: Error, CustomStringConvertible {
    let description: String
}

enum CheckManifest {
    /// The scenes named by all `sources`, in order; duplicate (path, times)
    /// entries are dropped, the first kept.
    static func entries(from sources: [String]) throws -> [CheckSceneEntry] {
        var found: [CheckSceneEntry] = []
        for s in sources { found += try entries(from: s) }
        var seen = Set<String>()
        return found.filter { seen.insert($0.path + "|" + $0.times.map { "\($0)" }.joined(separator: ",")).inserted }
    }

    /// The scenes named by `source`: a scene file, a folder (searched recursively
    /// for *.json) or a list file. Duplicate (path, times) entries are dropped, first kept.
    static func entries(from source: String) throws -> [CheckSceneEntry] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            throw CheckManifestError(description: "\(source): no such file or folder")
        }
        var found: [CheckSceneEntry]
        if isDirectory.boolValue {
            found = try folderEntries(source)
        } else if source.hasSuffix(".json") {
            found = [CheckSceneEntry(path: source)]
        } else {
            var visited = Set<String>()
            found = try listEntries(source, visited: &visited)
        }
        var seen = Set<String>()
        found = found.filter { seen.insert($0.path + "|" + $0.times.map { "\($0)" }.joined(separator: ",")).inserted }
        guard !found.isEmpty else { throw CheckManifestError(description: "\(source): no scenes found") }
        return found
    }

    /// Every *.json file below `folder`, sorted by path.
    static func folderEntries(_ folder: String) throws -> [CheckSceneEntry] {
        let root = URL(fileURLWithPath: folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw CheckManifestError(description: "\(folder): cannot list the folder")
        }
        var paths: [String] = []
        for case let url as URL in walker where url.pathExtension == "json" {
            let regular = (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile ?? false
            guard regular else { continue }
            let relative = url.path.hasPrefix(root.path + "/") ? String(url.path.dropFirst(root.path.count + 1)) : url.path
            paths.append(relative)
        }
        return paths.sorted().map { CheckSceneEntry(path: join(folder, $0)) }
    }

    /// The entries of a list file; `visited` guards against include cycles.
    static func listEntries(_ file: String, visited: inout Set<String>) throws -> [CheckSceneEntry] {
        let key = URL(fileURLWithPath: file).standardizedFileURL.path
        guard visited.insert(key).inserted else {
            throw CheckManifestError(description: "\(file): included twice (include cycle)")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CheckManifestError(description: "\(file): cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CheckManifestError(description: "\(file): not UTF-8 text")
        }
        let base = (file as NSString).deletingLastPathComponent
        var out: [CheckSceneEntry] = []
        for (n, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            if line.isEmpty { continue }
            let place = "\(file):\(n + 1)"
            let tokens = tokenize(line)
            if tokens.first == "include" {
                guard tokens.count == 2 else { throw CheckManifestError(description: "\(place): expected 'include FILE'") }
                out += try listEntries(join(base, tokens[1]), visited: &visited)
            } else if tokens.contains("==") || tokens.contains("!=") {
                out += try reftestEntries(tokens, base: base, place: place)
            } else {
                out.append(try plainEntry(tokens, base: base, place: place))
            }
        }
        return out
    }

    /// `path [time(T)] [tolerance(MAX,SHARE)]`.
    static func plainEntry(_ tokens: [String], base: String, place: String) throws -> CheckSceneEntry {
        var entry: CheckSceneEntry?
        var times: [Double] = []
        var tolerance: Tolerance?
        for token in tokens {
            if let arg = argument(token, of: "time") {
                times.append(try number(arg, place: place, what: "time"))
            } else if let arg = argument(token, of: "tolerance") {
                do { tolerance = try Tolerance(parsing: arg) } catch {
                    throw CheckManifestError(description: "\(place): \(error)")
                }
            } else if entry == nil, !token.contains("(") {
                entry = CheckSceneEntry(path: join(base, token))
            } else {
                throw CheckManifestError(description: "\(place): unexpected '\(token)' (expected a scene path, time(T) or tolerance(MAX,SHARE))")
            }
        }
        guard var e = entry else { throw CheckManifestError(description: "\(place): no scene path") }
        e.times = times
        e.tolerance = tolerance
        return e
    }

    /// Both scenes of a reftest pair, at the pair's `time(t)` and `ref-time(t)`.
    /// The pair's fuzz concerns test against reference, not GPU against CPU, so
    /// it is not used here; other options are skipped.
    static func reftestEntries(_ tokens: [String], base: String, place: String) throws -> [CheckSceneEntry] {
        guard let r = tokens.firstIndex(where: { $0 == "==" || $0 == "!=" }), r + 2 < tokens.count else {
            throw CheckManifestError(description: "\(place): expected '== TEST REFERENCE'")
        }
        var testTimes: [Double] = [], refTimes: [Double] = []
        for (i, token) in tokens.enumerated() where i < r || i > r + 2 {
            if let arg = argument(token, of: "time") {
                testTimes.append(try number(arg, place: place, what: "time"))
            } else if let arg = argument(token, of: "ref-time") {
                refTimes.append(try number(arg, place: place, what: "ref-time"))
            }
        }
        return [CheckSceneEntry(path: join(base, tokens[r + 1]), times: testTimes),
                CheckSceneEntry(path: join(base, tokens[r + 2]), times: refTimes)]
    }

    /// Splits on spaces outside parentheses, so `fuzzy(1, 24)` stays one token.
    static func tokenize(_ line: String) -> [String] {
        var tokens: [String] = [], current = "", depth = 0
        for ch in line {
            if ch == "(" { depth += 1 } else if ch == ")" { depth = max(0, depth - 1) }
            if (ch == " " || ch == "\t") && depth == 0 {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else if !(depth > 0 && (ch == " " || ch == "\t")) {
                current.append(ch)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// The text inside `name(…)`, or nil when `token` is not that option.
    static func argument(_ token: String, of name: String) -> String? {
        guard token.hasPrefix(name + "("), token.hasSuffix(")") else { return nil }
        return String(token.dropFirst(name.count + 1).dropLast())
    }

    static func number(_ text: String, place: String, what: String) throws -> Double {
        guard let v = Double(text), v.isFinite else {
            throw CheckManifestError(description: "\(place): \(what)(\(text)) is not a finite number")
        }
        return v
    }

    /// `path` relative to `base` unless it is absolute; "./" prefixes dropped.
    static func join(_ base: String, _ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var b = base
        while b.hasSuffix("/") && b.count > 1 { b.removeLast() }
        if b.isEmpty || b == "." { return path }
        return b + "/" + path
    }
}
