// Layers: the scene keys of `"type": "replicator"` (CAReplicatorLayer):
// instanceCount, instanceTransform, instanceDelay, instanceColor and the
// four colour offsets, each checked with the key path it was read at.

import Geometry

extension SceneLimits {
    /// instanceCount of one replicator: 0…10000.
    public static let maximumInstanceCount = 10_000
}

extension SceneReader {
    /// Reads one of the replicator's own keys.
    func replicatorKey(_ layer: Layer, _ key: String, _ value: JSONValue,
                       _ p: SceneKeyPath) throws {
        guard let r = layer as? ReplicatorLayer else { throw fail(p, "'\(key)' needs a replicator layer") }
        switch key {
        case "instanceCount": r.instanceCount = try instanceCount(value, p)
        case "instanceTransform": r.instanceTransform = try transform(value, p)
        case "instanceDelay": r.instanceDelay = try number(value, p)
        case "instanceColor": r.instanceColor = try color(value, p)
        case "instanceRedOffset": r.instanceRedOffset = try colorOffset(value, p)
        case "instanceGreenOffset": r.instanceGreenOffset = try colorOffset(value, p)
        case "instanceBlueOffset": r.instanceBlueOffset = try colorOffset(value, p)
        case "instanceAlphaOffset": r.instanceAlphaOffset = try colorOffset(value, p)
        default: throw fail(p, "'\(key)' is not a key of replicator layers")
        }
    }

    /// A whole number of instances, 0…maximumInstanceCount.
    private func instanceCount(_ v: JSONValue, _ p: SceneKeyPath) throws -> Int {
        let d = try number(v, p)
        let limit = SceneLimits.maximumInstanceCount
        guard d >= 0 else { throw fail(p, "must not be negative (got \(fmt(d)))") }
        guard d == d.rounded() else { throw fail(p, "must be a whole number (got \(fmt(d)))") }
        guard d <= Double(limit) else { throw fail(p, "must be at most \(limit) (got \(fmt(d)))") }
        return Int(d)
    }

    /// A per-instance colour step: −1…1 (larger steps saturate after one instance).
    private func colorOffset(_ v: JSONValue, _ p: SceneKeyPath) throws -> Double {
        let d = try number(v, p)
        guard d >= -1 && d <= 1 else { throw fail(p, "must be between -1 and 1 (got \(fmt(d)))") }
        return d
    }
}
