// Layers: the specialized layer types of scene files. `type` picks the
// class; each type's own keys are read by that type's reader
// (SceneShapeLayer.swift, SceneTextLayer.swift, …).

import Geometry

extension SceneReader {
    /// The specialized types scene files may use.
    static let supportedTypes: Set<String> = ["text"]

    /// A fresh layer of the class `type` names (checked by `checkType`).
    static func makeLayer(_ type: String) -> Layer {
        switch type {
        case "shape": return ShapeLayer()
        case "text": return TextLayer()
        case "gradient": return GradientLayer()
        case "transformLayer": return TransformLayer()
        case "replicator": return ReplicatorLayer()
        default: return Layer()
        }
    }

    /// Reads `key`, one of the keys of the layer's own type.
    func specializedKey(_ layer: Layer, _ key: String, _ value: JSONValue, _ p: SceneKeyPath,
                        depth: Int) throws {
        switch layer.kind {
        case .text: try textKey(layer, key, value, p)
        default: throw fail(p, "'\(key)' is not supported yet")
        }
    }
}
