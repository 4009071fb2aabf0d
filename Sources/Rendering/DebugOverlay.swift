// Rendering: Core Animation Instruments' colour overlays as a post-process
// of a built plan. For every item of the canvas pass that the mode marks,
// an item with the same transform, rect, shape, antialiased edges and clip
// is appended to the canvas pass, painted with a half-transparent tint, so
// both executors draw the overlay with no code of their own:
//
//   blended     sourceOver items red, copy (opaque, blending off) items green
//   offscreen   items drawing back an offscreen pass yellow
//   raster      rasterized layers: cached bitmap (hit) green, rebuilt (miss) red
//   misaligned  image items off the pixel grid magenta, scaled (texel ≠ pixel) yellow
//   bounds      every layer's bounds outlined, its anchor point marked (DebugBounds)
//   copied      image contents the executor copies while drawing (uploads,
//               tile splits, format expansions) cyan, as Instruments' "Color
//               Copied Images"; the executor says which (imagesCopied). Only
//               contents are marked, not shadow or mask alpha images
//
// blended, misaligned and copied also mark the items drawn inside offscreen passes of
// colour content (group opacity, rounded clips, shape content, the content of
// a masked layer), so an image scaled inside a clipped, faded or masked group
// is marked where it lands; the tint then goes through the pass's clip, mask
// and fade like the item itself. Mask sources and shadow passes (read for
// their alpha) and rasterized bitmaps (kept across frames) are left alone: there, and for offscreen and raster, what is drawn
// inside shows through the item that draws the pass back.

import Geometry

/// The `--debug` overlays.
public enum DebugOverlayMode: String, Sendable, CaseIterable {
    case blended, offscreen, raster, misaligned, bounds, copied
}

/// Tints and the classification of items for the debug overlays.
public enum DebugOverlay {
    /// Overlay opacity.
    public static let alpha = 0.5
    public static let red = tint(1, 0, 0)
    public static let green = tint(0, 1, 0)
    public static let yellow = tint(1, 1, 0)
    public static let magenta = tint(1, 0, 1)
    public static let cyan = tint(0, 1, 1)

    static func tint(_ r: Double, _ g: Double, _ b: Double) -> PremultipliedColor {
        Color(r: r, g: g, b: b, a: alpha).premultiplied
    }

    /// The overlay tint of `item` (drawn in `plan`'s canvas) for `mode`, nil when
    /// unmarked; `copied` lists the images the executor copies (`.copied` mode).
    public static func tint(of item: DrawItem, in plan: RenderPlan, mode: DebugOverlayMode,
                            copied: Set<Int> = []) -> PremultipliedColor? {
        switch mode {
        case .blended:
            return item.blend == .copy ? green : red
        case .offscreen:
            return item.textures.contains { if case .pass = $0 { return true } else { return false } } ? yellow : nil
        case .raster:
            for t in item.textures {
                switch t {
                case .cached: return green
                case .pass(let p):
                    if plan.passes.first(where: { $0.id == p })?.reason == .rasterize { return red }
                case .image: break
                }
            }
            return nil
        case .bounds:
            return nil  // drawn from the layer tree: RenderPlan.withLayerBoundsOverlay
        case .copied:
            // Image contents only: shadow and mask alpha (textureAlpha, a mask's
            // texture) are the compositor's own intermediate images, not contents.
            switch item.paint {
            case .texture(.image(let i), _, _, _), .masked(.image(let i), _, _, _, _):
                return copied.contains(i) ? cyan : nil
            default:
                return nil
            }
        case .misaligned:
            guard case .texture(.image(let i), let uv, _, _) = item.paint, plan.images.indices.contains(i)
            else { return nil }
            let img = plan.images[i].image
            return alignment(item, uv: uv, width: img.width, height: img.height)
        }
    }

    /// The copied overlay follows the image's own alpha (a shadow mask is
    /// tinted where the shadow is, not over its whole quad); other paints get a flat tint.
    static func copiedPaint(_ paint: Paint, tint c: PremultipliedColor) -> Paint {
        switch paint {
        case .texture(let t, let uv, let filter, _), .textureAlpha(let t, let uv, let filter, _):
            return .textureAlpha(t, uv: uv, filter: filter, color: c)
        default:
            return .solid(c)
        }
    }

    /// Yellow when the image's texels do not map one to one onto pixels,
    /// magenta when they do but the texel grid is offset by a fraction of a pixel.
    static func alignment(_ item: DrawItem, uv: Homography, width: Int, height: Int) -> PremultipliedColor? {
        guard width > 0, height > 0, let uvInv = uv.inverse else { return yellow }
        let texelToPixel = Homography.scale(1 / Double(width), 1 / Double(height))
            .concatenating(uvInv).concatenating(item.transform.flattened)
        let o = texelToPixel.apply(Vec2(0, 0))
        let dx = texelToPixel.apply(Vec2(1, 0)) - o, dy = texelToPixel.apply(Vec2(0, 1)) - o
        let far = texelToPixel.apply(Vec2(Double(width), Double(height)))
        let affine = far - (o + dx * Double(width) + dy * Double(height))
        let eps = 1e-3
        guard abs(dx.x - 1) < eps, abs(dx.y) < eps, abs(dy.x) < eps, abs(dy.y - 1) < eps,
              affine.length < eps else { return yellow }
        let offGrid = abs(o.x - o.x.rounded()) > eps || abs(o.y - o.y.rounded()) > eps
        return offGrid ? magenta : nil
    }
}

extension RenderPlan {
    /// This plan with `mode`'s overlay items appended to the canvas pass (and,
    /// for blended, misaligned and copied, to the offscreen passes of colour
    /// content); `copied` is the executor's `imagesCopied(in:)` for `.copied`.
    public func withDebugOverlay(_ mode: DebugOverlayMode, copied: Set<Int> = []) -> RenderPlan {
        var plan = self
        let canvas = plan.passes.count - 1
        guard canvas >= 0 else { return plan }
        let insidePasses: Set<PassReason> = mode == .blended || mode == .misaligned || mode == .copied
            ? [.groupOpacity, .roundedClip, .shapeContent, .mask] : []
        // Passes sampled as a mask's alpha: tinting them would change what the mask lets through.
        var alphaSources = Set<Int>()
        for pass in passes {
            guard case .draw(let items) = pass.content else { continue }
            for item in items {
                if case .masked(_, mask: .pass(let m), _, _, _) = item.paint { alphaSources.insert(m) }
            }
        }
        for p in plan.passes.indices where p == canvas || insidePasses.contains(plan.passes[p].reason)
            && !alphaSources.contains(plan.passes[p].id) {
            guard case .draw(let items) = plan.passes[p].content else { continue }
            var out = items
            for item in items {
                guard let c = DebugOverlay.tint(of: item, in: self, mode: mode, copied: copied) else { continue }
                var o = item
                o.paint = mode == .copied ? DebugOverlay.copiedPaint(item.paint, tint: c) : .solid(c)
                o.blend = .sourceOver
                out.append(o)
            }
            plan.passes[p].content = .draw(out)
        }
        return plan
    }
}
