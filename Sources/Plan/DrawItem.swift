// Plan: a draw item, the unit both executors draw. A quad (a rect in
// the item's local plane) mapped to the pass's pixels by a flattened 4x4
// transform, painted with a colour or a texture, shaped by a rounded rect
// or ring with analytic antialiasing, optionally clipped by a convex polygon
// in pass pixels (aliased clips) — everything a textured-triangle pipeline
// with one shader family can do.

import Geometry

/// Which quad edges get analytic antialiasing (the others are aliased and
/// follow the rasterizer's pixel-centre, top-left rule).
public struct EdgeMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let left = EdgeMask(rawValue: 1)
    public static let top = EdgeMask(rawValue: 2)
    public static let right = EdgeMask(rawValue: 4)
    public static let bottom = EdgeMask(rawValue: 8)
    public static let all: EdgeMask = [.left, .top, .right, .bottom]
    public var description: String {
        if self == [] { return "none" }
        if self == .all { return "all" }
        var s: [String] = []
        if contains(.left) { s.append("l") }
        if contains(.top) { s.append("t") }
        if contains(.right) { s.append("r") }
        if contains(.bottom) { s.append("b") }
        return s.joined()
    }
}

/// Texture filtering, decided per item from GL's magnification rule.
public enum TextureFilter: String, Sendable {
    case linear, nearest
}

/// What colours an item's pixels (premultiplied, before coverage).
public enum Paint: Sendable, Equatable {
    /// A flat premultiplied colour.
    case solid(PremultipliedColor)
    /// A texture, clamp to edge, times `opacity`. `uv` maps the item's local
    /// plane to unit texture coordinates (top-left origin); it is projective
    /// so an offscreen pass drawn back under perspective samples correctly.
    case texture(TextureRef, uv: Homography, filter: TextureFilter, opacity: Double)
    /// The alpha of a texture times a premultiplied colour (shadows).
    case textureAlpha(TextureRef, uv: Homography, filter: TextureFilter, color: PremultipliedColor)
    /// A texture times the alpha of a mask texture sampled at the same uv, times opacity.
    case masked(TextureRef, mask: TextureRef, uv: Homography, filter: TextureFilter, opacity: Double)
    /// A gradient evaluated per pixel at the local point (GradientShading), times its opacity.
    case gradient(GradientPaint)
}

/// The coverage shape evaluated per pixel in the item's local plane.
public enum Shape: Sendable, Equatable {
    /// The quad itself: full coverage, except analytic AA on the flagged edges.
    case quad
    /// A rounded rect (antialiased all round).
    case roundedRect(Rect, radius: Double)
    /// A rounded rect minus its inset by `width` (a border), antialiased.
    case ring(Rect, radius: Double, width: Double, innerRadius: Double)
    /// A rect convolved with a Gaussian of standard deviations `sigmaX`,
    /// `sigmaY` (local units, per axis of the item's plane), evaluated at the
    /// pixel centre's local point in closed form — the product of two error
    /// function differences — instead of antialiased coverage: the shadow of
    /// a rect without a blur pass or a mask (Coverage.blurredRectCoverage).
    case blurredRect(Rect, sigmaX: Double, sigmaY: Double)
    /// A rounded rect (corner radius `radius`) convolved with a Gaussian of
    /// standard deviation `sigma` (local units), evaluated per pixel: the
    /// blurred rect less its four blurred corner pieces
    /// (Coverage.blurredRoundedRectCoverage). Exact to the Gaussian's 4σ cut
    /// only where the straight sides are at least 8σ long.
    case blurredRoundedRect(Rect, radius: Double, sigma: Double)
}

/// How an item combines with the target.
public enum BlendMode: String, Sendable {
    /// Premultiplied source-over.
    case sourceOver
    /// Replace (an opaque item fully covering its pixels: blending off).
    case copy
}

/// One quad to draw.
public struct DrawItem: Sendable {
    /// Index into the plan's layer names.
    public var layer: Int
    /// Local plane → pass pixels (z ignored: the subtree is already flattened).
    public var transform: Transform3D
    /// The quad, in local coordinates.
    public var rect: Rect
    public var paint: Paint
    public var shape: Shape
    public var aaEdges: EdgeMask
    public var blend: BlendMode
    /// Convex clip polygon in pass pixels (aliased), nil for none.
    public var clip: [Vec2]?
    /// Multiplies every colour the item draws, componentwise (a replicator
    /// instance's colour, premultiplied); nil for none. See DrawItem+Tint.
    public var tint: PremultipliedColor? = nil

    public init(layer: Int, transform: Transform3D, rect: Rect, paint: Paint,
                shape: Shape = .quad, aaEdges: EdgeMask = [], blend: BlendMode = .sourceOver,
                clip: [Vec2]? = nil) {
        self.layer = layer; self.transform = transform; self.rect = rect; self.paint = paint
        self.shape = shape; self.aaEdges = aaEdges; self.blend = blend; self.clip = clip
    }

    /// The filter used for the item's textures (nil for solid paint).
    public var filter: TextureFilter? {
        switch paint {
        case .solid, .gradient: return nil
        case .texture(_, _, let f, _), .textureAlpha(_, _, let f, _), .masked(_, _, _, let f, _): return f
        }
    }

    /// The textures the item samples.
    public var textures: [TextureRef] {
        switch paint {
        case .solid, .gradient: return []
        case .texture(let t, _, _, _), .textureAlpha(let t, _, _, _): return [t]
        case .masked(let t, let m, _, _, _): return [t, m]
        }
    }
}
