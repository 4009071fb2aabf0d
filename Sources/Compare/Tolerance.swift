// Compare: the pass/fail rule for an image difference, as WebRender's
// reftests write `fuzzy(max_difference, num_pixels)`: a cap on the largest
// channel difference plus a cap on the share of pixels differing by more
// than 2/255. Differences of 1–2 are ordinary rounding between executors and
// are not counted; anything larger must stay rare and bounded.

/// The largest difference two images may have and still count as equal.
public struct Tolerance: Equatable, Codable, Sendable, CustomStringConvertible {
    /// The largest allowed difference in any channel (0–255).
    public var maxChannelDifference: Int
    /// The largest allowed share (0–1) of pixels differing by more than 2/255 in any channel.
    public var maxShareOver2: Double

    public init(maxChannelDifference: Int, maxShareOver2: Double) {
        self.maxChannelDifference = maxChannelDifference
        self.maxShareOver2 = maxShareOver2
    }

    /// The project default: max difference 16, at most 0.1 % of pixels over 2.
    public static let `default` = Tolerance(maxChannelDifference: 16, maxShareOver2: 0.001)

    /// Exact equality.
    public static let exact = Tolerance(maxChannelDifference: 0, maxShareOver2: 0)

    /// Whether `d` is within this tolerance.
    public func accepts(_ d: ImageDifference) -> Bool {
        d.maxChannelDifference.max <= maxChannelDifference && d.shareOver(2) <= maxShareOver2
    }

    /// Parses `"16,0.001"` or `"max=16,share=0.001"` (keys in any order; a missing
    /// key keeps the default). Throws ``ToleranceError``.
    public init(parsing text: String) throws {
        var result = Tolerance.default
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmedOfSpaces() }
        guard !parts.isEmpty, parts.count <= 2, !parts.contains(where: \.isEmpty) else {
            throw ToleranceError(text: text, problem: "expected MAX,SHARE or max=MAX,share=SHARE")
        }
        let keyed = parts.map { $0.contains("=") }
        if keyed.allSatisfy({ $0 }) {
            var seen = Set<String>()
            for part in parts {
                let kv = part.split(separator: "=", maxSplits: 1).map { $0.trimmedOfSpaces() }
                let key = kv[0], value = kv.count > 1 ? kv[1] : ""
                guard seen.insert(key).inserted else {
                    throw ToleranceError(text: text, problem: "'\(key)' is given twice")
                }
                switch key {
                case "max": result.maxChannelDifference = try Self.parseMax(value, text)
                case "share": result.maxShareOver2 = try Self.parseShare(value, text)
                default: throw ToleranceError(text: text, problem: "unknown key '\(key)' (expected max or share)")
                }
            }
        } else if keyed.allSatisfy({ !$0 }) {
            result.maxChannelDifference = try Self.parseMax(parts[0], text)
            if parts.count == 2 { result.maxShareOver2 = try Self.parseShare(parts[1], text) }
        } else {
            throw ToleranceError(text: text, problem: "mixes plain and key=value parts")
        }
        self = result
    }

    private static func parseMax(_ s: String, _ text: String) throws -> Int {
        guard let v = Int(s), (0...255).contains(v) else {
            throw ToleranceError(text: text, problem: "max '\(s)' is not an integer from 0 to 255")
        }
        return v
    }

    private static func parseShare(_ s: String, _ text: String) throws -> Double {
        guard let v = Double(s), v.isFinite, v >= 0, v <= 1 else {
            throw ToleranceError(text: text, problem: "share '\(s)' is not a number from 0 to 1")
        }
        return v
    }

    /// The `max=…,share=…` form, which ``init(parsing:)`` reads back.
    public var description: String { "max=\(maxChannelDifference),share=\(maxShareOver2)" }
}

/// A tolerance string that cannot be parsed.
public struct ToleranceError: Error, Equatable, CustomStringConvertible {
    public var text: String
    public var problem: String
    public var description: String { "invalid tolerance '\(text)': \(problem)" }
}

private extension Substring {
    func trimmedOfSpaces() -> String {
        var s = self[...]
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
