// Layers: the scene reader of a layer's `resolutionSwap` key — an object
// {"scale": 0.25, "settleTime": 0.1} (both optional, those defaults), or
// null for none. Strict like every other key: unknown keys and values out of
// range fail with the key path.

import Geometry

extension SceneReader {
    static let resolutionSwapKeys: Set<String> = ["scale", "settleTime"]

    /// Reads `resolutionSwap`: null → nil, else the object's options.
    func resolutionSwap(_ v: JSONValue, _ path: SceneKeyPath) throws -> ResolutionSwap? {
        if v.isNull { return nil }
        let m = try members(v, path, what: "a resolution swap object such as {\"scale\": 0.25, \"settleTime\": 0.1}",
                            known: Self.resolutionSwapKeys)
        var swap = ResolutionSwap()
        for (key, value) in m {
            let p = path.appending(key)
            switch key {
            case "scale":
                let s = try positive(value, p)
                guard s < 1 else { throw fail(p, "must be less than 1 (got \(fmt(s))); it is the reduced copy's fraction of the full resolution") }
                swap.scale = s
            default:
                swap.settleTime = try nonNegative(value, p)
            }
        }
        return swap
    }
}
