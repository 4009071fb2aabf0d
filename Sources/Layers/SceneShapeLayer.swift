// Layers: the keys of `"type": "shape"` layers (CAShapeLayer), read with
// the same strictness as every other key: each error names its key path.

import Geometry

extension SceneReader {
    /// Longest lineDashPattern accepted.
    static let maximumDashCount = 64

    /// Reads one of a shape layer's own keys.
    func shapeKey(_ layer: ShapeLayer, _ key: String, _ value: JSONValue, _ p: SceneKeyPath) throws {
        switch key {
        case "path": layer.path = try path(value, p)
        case "fillColor": layer.fillColor = try color(value, p)
        case "fillRule": layer.fillRule = try choice(value, p, FillRule.self)
        case "strokeColor": layer.strokeColor = try color(value, p)
        case "lineWidth": layer.lineWidth = try nonNegative(value, p)
        case "lineCap": layer.lineCap = try choice(value, p, LineCap.self)
        case "lineJoin": layer.lineJoin = try choice(value, p, LineJoin.self)
        case "miterLimit": layer.miterLimit = try nonNegative(value, p)
        case "lineDashPattern": layer.lineDashPattern = try dashPattern(value, p)
        case "lineDashPhase": layer.lineDashPhase = try number(value, p)
        case "strokeStart": layer.strokeStart = try unitInterval(value, p)
        case "strokeEnd": layer.strokeEnd = try unitInterval(value, p)
        default: throw fail(p, "'\(key)' is not a key of shape layers")
        }
    }

    /// null, [] (solid) or non-negative dash and gap lengths, not all zero.
    func dashPattern(_ v: JSONValue, _ p: SceneKeyPath) throws -> [Double]? {
        if case .null = v { return nil }
        guard case .array(let items) = v else {
            throw mismatch(v, p, "an array of dash and gap lengths or null")
        }
        guard items.count <= Self.maximumDashCount else {
            throw fail(p, "at most \(Self.maximumDashCount) lengths, got \(items.count)")
        }
        let lengths = try items.enumerated().map { try nonNegative($0.element, p[$0.offset]) }
        if lengths.isEmpty { return nil }
        guard lengths.contains(where: { $0 > 0 }) else {
            throw fail(p, "the dash lengths must not all be zero")
        }
        return lengths
    }
}
