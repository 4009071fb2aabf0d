// Plan: the gradient paint of a draw item — what a gradient layer
// hands the executors. It keeps the layer's own description (unpremultiplied
// colours, stop locations, start and end points already converted from unit
// coordinates to the item's local plane) rather than a baked ramp texture:
// both executors evaluate it per pixel through GradientShading, so the
// result is exact at any scale or perspective and costs no texture upload.

import Geometry

/// The geometry of a gradient paint (mirrors CAGradientLayer's types).
public enum GradientKind: String, Sendable, CaseIterable {
    /// t is the projection of the point onto start → end.
    case axial
    /// Centre `start`, radii |end − start| per axis.
    case radial
    /// Centre `start`, angle 0 toward `end`, clockwise on screen.
    case conic
}

/// A gradient evaluated per pixel in the item's local plane.
public struct GradientPaint: Sendable, Equatable, CustomStringConvertible {
    /// The most stops the fragment stage holds (uniform arrays of this size).
    public static let maximumStops = 16

    public var kind: GradientKind
    /// Start and end points in the item's local coordinates.
    public var start: Vec2
    public var end: Vec2
    /// Straight-alpha colours; interpolation happens before premultiplication.
    public var colors: [Color]
    /// One location per colour, non-decreasing in 0...1.
    public var locations: [Double]
    /// Multiplies the premultiplied result (travels in the colour attribute).
    public var opacity: Double

    /// A paint with `colors` and `locations` used as given (`GradientStops.normalized`
    /// makes arbitrary input valid); at most `maximumStops` stops are used.
    public init(kind: GradientKind, start: Vec2, end: Vec2, colors: [Color], locations: [Double],
                opacity: Double) {
        self.kind = kind; self.start = start; self.end = end
        self.colors = colors; self.locations = locations; self.opacity = opacity
    }

    /// Whether every colour is opaque.
    public var isOpaque: Bool { colors.allSatisfy { $0.a >= 1 } }

    public var description: String {
        let stops = zip(colors, locations).map { "\($0.0)@\(fmt($0.1))" }.joined(separator: " ")
        return "gradient \(kind.rawValue) \(start)→\(end) [\(stops)] opacity \(fmt(opacity))"
    }
}

/// Making stop lists valid whatever the model layer holds.
public enum GradientStops {
    /// Locations for `count` colours: `locations` when it has one per colour
    /// (clamped to 0...1 and made non-decreasing), evenly spaced otherwise.
    public static func normalized(_ locations: [Double]?, count: Int) -> [Double] {
        guard count > 1 else { return count == 1 ? [0] : [] }
        guard let l = locations, l.count == count, l.allSatisfy({ $0.isFinite }) else {
            return (0..<count).map { Double($0) / Double(count - 1) }
        }
        var out: [Double] = []
        var previous = 0.0
        for v in l {
            let c = max(previous, min(max(v, 0), 1))
            out.append(c)
            previous = c
        }
        return out
    }
}
