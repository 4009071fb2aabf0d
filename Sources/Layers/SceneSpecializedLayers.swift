// Layers: the specialized layer types of scene files. `type` picks the
// class; each type's own keys are read by that type's reader
// (SceneShapeLayer.swift, SceneTextLayer.swift, …).

import Geometry

extension SceneReader {
    /// The specialized types scene files may use.
    static let supportedTypes: Set<String> = ["transformLayer", "replicator", "gradient", "shape", "text", "tiled"]

    /// A fresh layer of the class `type` names (checked by `checkType`).
    static func makeLayer(_ type: String) -> Layer {
        switch type {
        case "shape": return ShapeLayer()
        case "text": return TextLayer()
        case "gradient": return GradientLayer()
        case "transformLayer": return TransformLayer()
        case "replicator": return ReplicatorLayer()
        case "tiled": return TiledLayer()
        default: return Layer()
        }
    }

    /// Reads `key`, one of the keys of the layer's own type.
    func specializedKey(_ layer: Layer, _ key: String, _ value: JSONValue, _ p: SceneKeyPath,
                        depth: Int) throws {
        switch layer.kind {
        case .transform: try transformLayerKey(layer, key, value, p)
        case .replicator: try replicatorKey(layer, key, value, p)
        case .gradient: try gradientKey(layer, key, value, p)
        case .shape: try shapeKey(layer as! ShapeLayer, key, value, p)
        case .text: try textKey(layer, key, value, p)
        case .tiled: try tiledKey(layer, key, value, p)
        default: throw fail(p, "'\(key)' is not supported yet")
        }
    }

    /// Checks of the layer's own type that need all its keys read (run after the layer object).
    func finishSpecialized(_ layer: Layer, _ p: SceneKeyPath) throws {
        if let g = layer as? GradientLayer { try finishGradient(g, p) }
    }
}
