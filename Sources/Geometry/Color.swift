// Geometry: colours. Scene colours are straight (unpremultiplied) sRGB in
// 0...1; the render plan carries premultiplied colours.

/// An sRGB colour with straight alpha, components in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil when malformed.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8,
              let v = UInt64(digits, radix: 16) else { return nil }
        let n = digits.count == 6 ? (v << 8 | 0xFF) : v
        r = Double((n >> 24) & 0xFF) / 255
        g = Double((n >> 16) & 0xFF) / 255
        b = Double((n >> 8) & 0xFF) / 255
        a = Double(n & 0xFF) / 255
    }

    /// Premultiplied components (r·a, g·a, b·a, a).
    public var premultiplied: PremultipliedColor { PremultipliedColor(r: r * a, g: g * a, b: b * a, a: a) }

    public var description: String {
        func h(_ v: Double) -> String {
            let i = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(i, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + h(a)
    }
}

/// A premultiplied colour, as the render plan and executors use it.
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    public static let opaqueWhite = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
    public func scaled(_ k: Double) -> PremultipliedColor {
        PremultipliedColor(r: r * k, g: g * k, b: b * k, a: a * k)
    }
    public var description: String { "rgba(\(fmt(r)), \(fmt(g)), \(fmt(b)), \(fmt(a)))" }
}
