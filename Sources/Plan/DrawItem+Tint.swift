// Plan: colour tints on draw items — how a replicator instance's colour
// reaches every colour the instance draws (solid colours, textures,
// shadows). The tint multiplies the item's premultiplied source colour
// componentwise in the shared vertex stage (Tessellator.paintAttributes), so
// both executors apply it identically.

import Geometry

extension PremultipliedColor {
    /// Componentwise product.
    public func multiplied(by o: PremultipliedColor) -> PremultipliedColor {
        PremultipliedColor(r: r * o.r, g: g * o.g, b: b * o.b, a: a * o.a)
    }

    /// Whether multiplying by this colour changes nothing.
    public var isOpaqueWhite: Bool { r == 1 && g == 1 && b == 1 && a == 1 }
}

extension DrawItem {
    /// The item with `t` multiplied into its tint. An item drawn with
    /// blending off (opaque) keeps it off only while the tint keeps it opaque.
    public func tinted(by t: PremultipliedColor) -> DrawItem {
        var out = self
        out.tint = tint.map { $0.multiplied(by: t) } ?? t
        if t.a < 1 { out.blend = .sourceOver }
        return out
    }
}
