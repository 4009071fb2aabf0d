// CLISupport: named figures as JSON text, for every command that writes
// stats or reports (one formatting, sorted keys).

import Foundation

/// Named figures as a pretty-printed JSON object with sorted keys (values
/// are numbers, strings, or dictionaries of them).
public func jsonText(_ fields: [(String, Any)]) -> String {
    var dict: [String: Any] = [:]
    for (k, v) in fields { dict[k] = v }
    let data = (try? JSONSerialization.data(withJSONObject: dict, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
}
