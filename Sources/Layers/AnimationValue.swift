// Layers: the value of an animatable property, the currency of property
// change notifications, implicit and explicit animations and presentation
// trees.

import Geometry

/// A value an animatable layer property can take.
public enum AnimationValue: Sendable, Equatable {
    case number(Double)
    case point(Vec2)
    case size(Size)
    case rect(Rect)
    case color(Color?)
    case transform(Transform3D)
    case bool(Bool)
    case path(Path?)
    case colors([Color])
    case numbers([Double])
}
