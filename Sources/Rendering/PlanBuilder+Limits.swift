// Rendering: the plan builder's bounds on what a frame may ask for. A size
// computed from scene numbers (a window, a rasterization bitmap, a shadow
// mask) is converted to pixels here, checked against the limits below, and
// refused as a plan problem naming the layer by its key path — before any
// executor allocates it — instead of trapping or allocating without bound.

import Geometry
import Layers

/// The largest things one frame's plan may hold (docs/scene-format.md, Limits).
public enum PlanLimits {
    /// Offscreen passes, rasterization bitmaps and shadow masks: pixels per side.
    public static let maximumPassSide = 16384
    /// Offscreen passes, rasterization bitmaps and shadow masks: pixels in all (64 Mi).
    public static let maximumPassPixels = 64 * 1024 * 1024
    /// All shadowPath masks of one frame together: bytes (1 GiB), checked
    /// before each mask is made, since masks are built while planning.
    public static let maximumShadowMaskBytes = 1 << 30
    /// All text backing images one frame draws: bytes (256 MiB), counted
    /// before each is rendered, since they are rendered while planning
    /// (100,005 text layers of 100 × 20 points asked for 800 MB of images
    /// and took 1.9 GB; 256 MiB keeps such a frame within 1 GB).
    public static let maximumTextImageBytes = 256 << 20
    /// All shape coverage masks one frame draws (PlanBuilder+ShapeMask):
    /// bytes (256 MiB), counted before each is made. A mask covers only
    /// the visible pixels of its shape, so a frame reaches this only with
    /// hundreds of canvas-sized shapes.
    public static let maximumShapeMaskBytes = 256 << 20
}

extension PlanBuilder {
    /// Where `l` sits in the scene document ("sublayers[2].mask"), found
    /// through its superlayers (and, for a mask, which has none, by finding
    /// its owner under `root`). Only called on errors, so the search's cost
    /// does not matter. A replicator's copy, outside the tree, gets "".
    static func keyPath(of l: Layer, root: Layer?) -> String {
        var parts: [String] = []
        var node = l
        while true {
            if let parent = node.superlayer, let i = parent.sublayers.firstIndex(where: { $0 === node }) {
                parts.append("sublayers[\(i)]")
                node = parent
            } else if let root, node !== root, let owner = maskOwner(of: node, under: root) {
                parts.append("mask")
                node = owner
            } else {
                break
            }
        }
        if let root, node !== root { return "" }
        return parts.reversed().joined(separator: ".")
    }

    private static func maskOwner(of mask: Layer, under l: Layer) -> Layer? {
        if l.mask === mask { return l }
        for s in l.sublayers { if let o = maskOwner(of: mask, under: s) { return o } }
        if let m = l.mask { return maskOwner(of: mask, under: m) }
        return nil
    }

    /// "sublayers[2] (shape layer 'scribble')": the key path and the kind and name.
    func describe(_ l: Layer) -> String {
        let kind: String
        switch l {
        case is ShapeLayer: kind = "shape layer"
        case is TextLayer: kind = "text layer"
        case is GradientLayer: kind = "gradient layer"
        case is ReplicatorLayer: kind = "replicator layer"
        case is TransformLayer: kind = "transform layer"
        case is DrawingLayer: kind = "drawing layer"
        default: kind = "layer"
        }
        let name = l.name.map { "\(kind) '\($0)'" } ?? "\(kind) (unnamed)"
        let path = Self.keyPath(of: l, root: rootLayer)
        return path.isEmpty ? name : "\(path) (\(name))"
    }

    /// Records that part of `l` could not be drawn; the renderer refuses the
    /// plan. The first few are described; a flood of them is counted.
    func problem(_ l: Layer, _ message: String) {
        if stats.problems.count < 3 {
            stats.problems.append("\(describe(l)) \(message)")
        } else if stats.problems.count == 3 {
            stats.problems.append("and more")
        }
    }

    /// `width` × `height` (pixels, already rounded) as integers, or nil after
    /// recording a problem when either is not finite or the area is over
    /// the limits of `PlanLimits`.
    func checkedPixelSize(_ width: Double, _ height: Double, layer: Layer, what: String) -> (Int, Int)? {
        let side = PlanLimits.maximumPassSide
        guard let w = Int(checked: width), let h = Int(checked: height), w <= side, h <= side,
              w * h <= PlanLimits.maximumPassPixels else {
            problem(layer, "\(what): \(fmt(width)) × \(fmt(height)) pixels is larger than the limit of "
                    + "\(side) pixels per side and \(PlanLimits.maximumPassPixels) pixels in all")
            return nil
        }
        return (w, h)
    }
}
