// Plan: where a pass-pixel position lands after the GLES executor's vertex
// shader and the driver's viewport transform. ps_quad.vert.glsl maps pass
// pixel x to NDC 2x/P − 1 and the viewport maps it back to (ndc + 1)·P/2,
// with P the viewport side: the pass side rounded up to a power of two
// (so both steps are exact but the "− 1" and "+ 1", which round in Float).
// The rasterizer snaps what comes back, so a position that is not on the
// 1/512-pixel grid can reach it moved by an ulp of the NDC range (about
// 3·10⁻⁵ pixel at P = 512), and snap to the neighbouring 1/256 step when it
// lay that close to a rounding boundary. Whatever decides which pixel
// centres an edge covers must snap the position as it arrives, so it is
// computed here for the CPU executor and the GLES executor's own
// bookkeeping alike.

/// The viewport side for a pass side and the round trip of a position through it (see the file comment).
public enum ViewportMapping {
    /// The largest viewport side Mesa llvmpipe accepts (GL_MAX_VIEWPORT_DIMS).
    public static let llvmpipeMaxSide = 16384

    /// `side` rounded up to a power of two when that is at most `max`, else `side`.
    public static func viewportSide(_ side: Int, max: Int = llvmpipeMaxSide) -> Int {
        var p = 1
        while p < side { p <<= 1 }
        return p <= max ? p : side
    }

    /// Pass pixel `v` as the rasterizer receives it through a viewport of
    /// `viewportSide` pixels: (P/2)·fl(fl(2v/P − 1) + 1), Float arithmetic.
    /// For a side that is not a power of two (passes wider than the
    /// driver's largest viewport) the division rounds too and is not
    /// reproduced: `v` is returned as it is.
    @inline(__always)
    public static func windowPosition(_ v: Float, viewportSide: Int) -> Float {
        guard viewportSide > 0, viewportSide & (viewportSide - 1) == 0 else { return v }
        let p = Float(viewportSide)
        let ndc = 2 * v / p - 1
        return (ndc + 1) * (p / 2)
    }
}
