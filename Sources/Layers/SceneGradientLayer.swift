// Layers: the keys of `"type": "gradient"` scene layers (CAGradientLayer):
// colors, locations, startPoint, endPoint, gradientType. Each key is read
// as it comes; the checks that relate two keys (one location per colour)
// run once the whole layer object is read (`finishGradient`), so key order
// in the file does not matter.

import Geometry

extension SceneReader {
    /// The most colours a gradient may have (the fragment stage's uniform arrays).
    static let maximumGradientColors = 16

    /// Reads one key of a gradient layer.
    func gradientKey(_ layer: Layer, _ key: String, _ value: JSONValue, _ p: SceneKeyPath) throws {
        guard let g = layer as? GradientLayer else { throw fail(p, "'\(key)' belongs to gradient layers") }
        switch key {
        case "colors": g.colors = try gradientColors(value, p)
        case "locations": g.locations = try gradientLocations(value, p)
        case "startPoint": g.startPoint = try point(value, p)
        case "endPoint": g.endPoint = try point(value, p)
        case "gradientType": g.type = try choice(value, p, GradientType.self)
        default: throw fail(p, "unknown key")
        }
    }

    /// Checks that need the whole gradient layer: one location per colour.
    func finishGradient(_ g: GradientLayer, _ path: SceneKeyPath) throws {
        guard let l = g.locations, l.count != g.colors.count else { return }
        let colours = g.colors.count == 1 ? "1 colour" : "\(g.colors.count) colours"
        throw fail(path.appending("locations"),
                   "expected one location per colour (\(colours)), got \(l.count)")
    }

    /// An array of colours (null: none), at most `maximumGradientColors`.
    private func gradientColors(_ v: JSONValue, _ p: SceneKeyPath) throws -> [Color] {
        if v.isNull { return [] }
        guard case .array(let items) = v else { throw mismatch(v, p, "an array of colours") }
        guard items.count <= Self.maximumGradientColors else {
            throw fail(p, "at most \(Self.maximumGradientColors) colours are supported (got \(items.count))")
        }
        return try items.enumerated().map { i, item in
            guard let c = try color(item, p[i]) else { throw mismatch(item, p[i], "a colour") }
            return c
        }
    }

    /// An array of numbers in 0…1 that never decreases (null: evenly spaced).
    private func gradientLocations(_ v: JSONValue, _ p: SceneKeyPath) throws -> [Double]? {
        if v.isNull { return nil }
        guard case .array(let items) = v else { throw mismatch(v, p, "an array of numbers in 0…1") }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            let d = try unitInterval(item, p[i])
            if let previous = out.last, d < previous {
                throw fail(p[i], "locations must not decrease (\(fmt(d)) after \(fmt(previous)))")
            }
            out.append(d)
        }
        return out
    }
}
