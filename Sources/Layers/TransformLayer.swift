// Layers: CATransformLayer's model — a layer that does not flatten: its
// sublayers keep their 3D positions in its superlayer's space and are
// depth-sorted there. It draws none of its own appearance.

import Geometry

/// A layer whose sublayers live in 3D (CATransformLayer).
public final class TransformLayer: Layer {
    public override var kind: LayerKind { .transform }
    public required init() { super.init() }
}
