// Raster: the GL conventions the CPU executor reproduces so its output
// matches a GLES2 driver pixel for pixel. Each value here was chosen to
// match what Mesa's llvmpipe does (the CI GPU path); the GLES executor's
// differential tests are what keep them honest.

/// How the CPU executor emulates GL rasterization, sampling and blending.
public struct GLConventions: Sendable {
    /// Bits of sub-pixel precision vertex positions are snapped to (llvmpipe: 8).
    public var subpixelBits: Int = 8
    /// Which edges own the pixel centres lying exactly on them.
    public enum FillRule: String, Sendable {
        /// D3D/GL "top-left": edges on the top (smallest y) or left own them.
        case topLeft
        /// Bottom-left: edges on the bottom (largest y) or left own them.
        case bottomLeft
    }
    public var fillRule: FillRule = .topLeft
    /// Bits of precision of the bilinear interpolation weights (nil = exact float).
    public var bilinearWeightBits: Int? = 8
    /// Fragment colours are rounded to 8 bits before blending (llvmpipe's unorm8 path).
    public var quantizeSourceBeforeBlend = true

    public init() {}

    /// The conventions matching Mesa llvmpipe.
    public static let llvmpipe = GLConventions()
}
