// Layers: CAReplicatorLayer's model — its sublayers drawn instanceCount
// times, each copy transformed by instanceTransform once more than the
// previous one and coloured by instanceColor plus the accumulated offsets.

import Geometry

/// A layer that draws its sublayers several times (CAReplicatorLayer).
public final class ReplicatorLayer: Layer {
    public override var kind: LayerKind { .replicator }

    public var instanceCount = 1 { didSet { touch() } }
    /// Applied to the previous instance to give the next one, about the layer's anchor point.
    public var instanceTransform: Transform3D = .identity {
        didSet { changed("instanceTransform", from: .transform(oldValue)) }
    }
    /// Seconds of animation time between instances.
    public var instanceDelay: Double = 0 { didSet { touch() } }
    /// Multiplies the first instance's colours; nil: white.
    public var instanceColor: Color? { didSet { changed("instanceColor", from: .color(oldValue)) } }
    public var instanceRedOffset: Double = 0 { didSet { touch() } }
    public var instanceGreenOffset: Double = 0 { didSet { touch() } }
    public var instanceBlueOffset: Double = 0 { didSet { touch() } }
    public var instanceAlphaOffset: Double = 0 { didSet { touch() } }

    /// On a presentation copy (`presentation(at:)`) whose replicator has an
    /// instanceDelay and animations under it: the model sublayers and the
    /// time, so instance i can be shown at time − i × instanceDelay
    /// (`instanceSublayers(_:)`). nil otherwise: every instance shows the
    /// same sublayers.
    public internal(set) var delayedInstances: (sublayers: [Layer], time: Double)?

    /// Instance `i`'s sublayers: the presentation of the model sublayers at
    /// time − i × instanceDelay on a presentation copy with
    /// `delayedInstances`, the sublayers themselves otherwise (and for instance 0).
    public func instanceSublayers(_ i: Int) -> [Layer] {
        guard i > 0, let d = delayedInstances else { return sublayers }
        let t = d.time - Double(i) * instanceDelay
        return d.sublayers.map { $0.presentation(at: t) }
    }

    public required init() { super.init() }

    override func copyState(from o: Layer) {
        super.copyState(from: o)
        guard let r = o as? ReplicatorLayer else { return }
        instanceCount = r.instanceCount; instanceTransform = r.instanceTransform; instanceDelay = r.instanceDelay
        instanceColor = r.instanceColor
        instanceRedOffset = r.instanceRedOffset; instanceGreenOffset = r.instanceGreenOffset
        instanceBlueOffset = r.instanceBlueOffset; instanceAlphaOffset = r.instanceAlphaOffset
    }
}
