// Layers: resolution swapping (Lockwood, chapter 14, "Resolution Swapping"):
// the eye sees less detail in a moving image, so while a layer moves on
// screen its contents may draw from a reduced-resolution copy, and the
// full-resolution image is swapped back in once the layer has been still
// for a while. This is the layer's option; the renderer that tracks motion
// across frames and makes the reduced copies is Compositor's
// ResolutionSwapper.

/// How a layer swaps resolution while it moves (`Layer.resolutionSwap`).
public struct ResolutionSwap: Sendable, Hashable {
    /// The reduced copy's resolution as a fraction of the contents' (0 < scale < 1):
    /// 0.25 draws a moving layer from a copy a quarter as wide and a quarter as tall.
    public var scale: Double
    /// Seconds of timeline time the layer must stay still (its position and
    /// transform on the canvas unchanged from frame to frame) before the
    /// full-resolution image is swapped back in. 0: on the first still frame.
    public var settleTime: Double

    /// The defaults of the scene format: a quarter of the resolution, 0.1 s.
    public static let defaultScale = 0.25
    public static let defaultSettleTime = 0.1

    public init(scale: Double = ResolutionSwap.defaultScale, settleTime: Double = ResolutionSwap.defaultSettleTime) {
        self.scale = scale
        self.settleTime = settleTime
    }

    /// The reduced copy's pixel size for contents of `width` × `height` pixels
    /// (each side rounded, at least 1).
    public func reducedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
