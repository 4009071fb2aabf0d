// Layers: "did you mean …?" for unknown scene keys. Plain Levenshtein
// distance, compared case-insensitively (a wrong capital counts as a match),
// with a threshold that grows with the key's length so short typos are
// caught and unrelated words are not suggested.

enum SceneKeySuggestion {
    /// The known key closest to `key`, or nil when none is plausibly meant.
    static func closest(to key: String, in known: [String]) -> String? {
        let k = Array(key.lowercased().unicodeScalars)
        var best: (key: String, distance: Int)?
        for candidate in known {
            let d = distance(k, Array(candidate.lowercased().unicodeScalars))
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let b = best else { return nil }
        let threshold = max(2, k.count / 3)
        return b.distance <= threshold ? b.key : nil
    }

    /// Levenshtein distance (insertions, deletions, substitutions).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &row)
        }
        return previous[b.count]
    }
}
