// Geometry: recognising the simple closed shapes a path may be — a rect, a
// rounded rect with one radius, a circle — exactly as the shorthands build
// them, so renderers can draw such fills analytically (one antialiased
// quad with a rounded-rect distance function) instead of tessellating.

/// A path that is a rect (radius 0), a rounded rect or a circle (radius = half the side).
public struct RoundedRectPrimitive: Equatable, Sendable {
    public var rect: Rect
    public var radius: Double
}

extension Path {
    /// The rounded rect this path traces, when it is `Path.rect`,
    /// `Path.roundedRect(_:radius:)` or a circular `Path.ellipse` (up to
    /// rounding of the last bits of its coordinates); nil otherwise.
    public var roundedRectPrimitive: RoundedRectPrimitive? {
        let b = controlBounds
        guard b.width > 0, b.height > 0, b.minX.isFinite, b.maxX.isFinite, b.minY.isFinite, b.maxY.isFinite,
              case .move(let start)? = elements.first else { return nil }
        if matches(Path.rect(b)) { return RoundedRectPrimitive(rect: b, radius: 0) }
        let r = start.x - b.minX
        if r > 0, matches(Path.roundedRect(b, radius: r)) { return RoundedRectPrimitive(rect: b, radius: r) }
        if abs(b.width - b.height) <= 1e-9 * b.width, matches(Path.ellipse(b)) {
            return RoundedRectPrimitive(rect: b, radius: b.width / 2)
        }
        return nil
    }

    /// Same elements with coordinates equal up to 1e-9 of the path's size.
    func matches(_ other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        let b = controlBounds
        let eps = 1e-9 * max(1, b.width, b.height, abs(b.minX), abs(b.minY))
        func close(_ p: Vec2, _ q: Vec2) -> Bool { abs(p.x - q.x) <= eps && abs(p.y - q.y) <= eps }
        for (a, o) in zip(elements, other.elements) {
            switch (a, o) {
            case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
                if !close(p, q) { return false }
            case (.quad(let p1, let p2), .quad(let q1, let q2)):
                if !close(p1, q1) || !close(p2, q2) { return false }
            case (.cubic(let p1, let p2, let p3), .cubic(let q1, let q2, let q3)):
                if !close(p1, q1) || !close(p2, q2) || !close(p3, q3) { return false }
            case (.close, .close): continue
            default: return false
            }
        }
        return true
    }
}
