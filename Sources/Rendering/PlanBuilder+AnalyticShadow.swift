// Rendering: shadows of rects in closed form (issue 14 item 5). A
// shadowPath that is a rect — or a plain square-cornered layer's bounds
// (boundsShadowPath) — casts that rect convolved with a Gaussian of σ =
// shadowRadius per axis of the layer's plane. Shape.blurredRect evaluates it
// per pixel in both executors (a product of error-function differences,
// Coverage.blurredRectCoverage), so no mask is rasterized, blurred, cached
// or uploaded and no pass is needed. Rounded rects can be evaluated per
// pixel too (Shape.blurredRoundedRect: 20 erf and 16 polynomial exp a pixel,
// within 0.6/255), but only under PlanOptions.roundedShadowsInShader
// (COMPOSITOR_ROUNDED_SHADOW=shader): measured slower than one bilinear fetch
// of the cached mask (ShadowMask) on llvmpipe and the CPU executor
// (docs/benchmarks.md), so rounded rects and other paths keep the mask by default.

import Foundation
import Geometry
import Layers

extension PlanBuilder {
    /// The shadow of `d` as one closed-form item when its path is a rect;
    /// nil to take the mask route. `scale` is the mask's pixels per point
    /// (about the layer's pixels on screen): below σ = 1 pixel a pointwise
    /// Gaussian would alias the edge the mask's exact-area coverage smooths.
    func analyticShadowItem(_ d: LayerDraw, path: Path, scale: Double, color: PremultipliedColor) -> DrawItem? {
        let l = d.layer
        guard !l.masksToBounds else { return nil }
        let b = path.controlBounds
        guard !b.isEmpty else { return nil }
        let sigma = max(0, l.shadowRadius)
        let shape: Shape
        if path == .rect(b) {
            shape = .blurredRect(b, sigmaX: sigma, sigmaY: sigma)
        } else if options.roundedShadowsInShader, let r = roundedRectRadius(path, bounds: b),
                  min(b.width, b.height) - 2 * r >= 8 * sigma {
            // Folding a pixel onto its nearest corner is exact (to the 4σ cut)
            // only while the straight sides are 8σ long.
            shape = .blurredRoundedRect(b, radius: r, sigma: sigma)
        } else {
            return nil
        }
        guard sigma * scale >= 1 else { return nil }
        // Local coordinates travel as Float: keep them where a Float still resolves the blur.
        let limit = 1e6
        guard sigma <= limit, [b.minX, b.minY, b.maxX, b.maxY].allSatisfy({ abs($0) <= limit }) else { return nil }
        // The Gaussian is cut at 4σ, as the blur weights are.
        let reach = 4 * sigma
        let off = l.shadowOffset
        return DrawItem(layer: d.nameIndex,
                        transform: Homography.translation(off.x, off.y).concatenating(d.toTarget).transform3D,
                        rect: b.insetBy(-reach, -reach), paint: .solid(color),
                        shape: shape, clip: d.clip)
    }

    /// The corner radius of `path` when it is exactly `Path.roundedRect(bounds, radius:)` with a radius > 0.
    func roundedRectRadius(_ path: Path, bounds b: Rect) -> Double? {
        guard case .move(let p)? = path.elements.first, p.y == b.minY else { return nil }
        let r = p.x - b.minX
        guard r > 0, path == .roundedRect(b, radius: r) else { return nil }
        return r
    }

    /// PlanOptions.roundedShadowsInShader's default: COMPOSITOR_ROUNDED_SHADOW=shader
    /// (the per-pixel form); unset or =mask, the cached mask.
    public static func roundedShadowsInShaderFromEnvironment() -> Bool {
        ProcessInfo.processInfo.environment["COMPOSITOR_ROUNDED_SHADOW"] == "shader"
    }

}
