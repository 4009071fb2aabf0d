// Layers: the scene keys of `"type": "transformLayer"` (CATransformLayer).
// The type has no keys of its own: everything it means — sublayers kept in
// 3D and depth-sorted, its own appearance ignored — happens in the plan
// builder (Rendering/PlanBuilder+TransformLayer.swift).

import Geometry

extension SceneReader {
    /// Reads a key of a transform layer's own type (there are none).
    func transformLayerKey(_ layer: Layer, _ key: String, _ value: JSONValue,
                           _ p: SceneKeyPath) throws {
        throw fail(p, "'\(key)' is not a key of transform layers")
    }
}
