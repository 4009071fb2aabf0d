// Plan: the one vertex format both executors consume. Positions are
// already divided by w (pass pixels); every attribute that is affine in the
// item's plane travels homogeneous, so plain screen-linear interpolation
// followed by a per-pixel division is perspective-correct on the CPU and on
// the GPU alike (the GPU draws with w = 1).

/// Float offsets of each attribute inside one vertex.
public enum VertexLayout {
    /// Floats per vertex.
    public static let stride = 24
    /// vec2: pass pixel position (x right, y down, origin top-left).
    public static let position = 0
    /// vec3: homogeneous local coordinates (x·q, y·q, q).
    public static let local = 2
    /// vec3: homogeneous texture coordinates (u·q, v·q, q); divide per pixel.
    public static let uv = 5
    /// vec4: premultiplied colour (solid, shadow colour) or opacity in all four (textures).
    public static let color = 8
    /// vec4: ∂local/∂screen: (∂lx/∂sx, ∂ly/∂sx, ∂lx/∂sy, ∂ly/∂sy), for analytic AA.
    public static let jacobian = 12
    /// vec4: the shape's rect (minX, minY, maxX, maxY) in local coordinates.
    public static let shapeRect = 16
    /// vec4: (radius, border width, inner radius, code) with code = kind × 16 + AA edge mask.
    public static let shapeParams = 20

    /// Shape kinds encoded in `shapeParams.w`.
    public static let kindQuad: Float = 0
    public static let kindRoundedRect: Float = 1
    public static let kindRing: Float = 2
    // (Kind 3 was the trapezoid of shape layers' draw items; shape layers
    // now draw from exact coverage masks, and the number is left unused.)
    /// shapeRect = the rect, shapeParams = (σx, σy, 0, code): Shape.blurredRect.
    public static let kindBlurredRect: Float = 4
    /// shapeRect = the rect, shapeParams = (σ, radius, 0, code): Shape.blurredRoundedRect.
    public static let kindBlurredRoundedRect: Float = 5
}

/// A convex polygon of vertices in `VertexLayout`, drawn as a fan
/// (0, i, i+1); both executors triangulate it the same way.
public struct ItemGeometry: Sendable {
    public var vertices: [Float]
    public var vertexCount: Int { vertices.count / VertexLayout.stride }
    public var triangleCount: Int { max(0, vertexCount - 2) }
    public init(vertices: [Float]) { self.vertices = vertices }
}
