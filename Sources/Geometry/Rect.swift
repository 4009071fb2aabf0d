// Geometry: axis-aligned rectangles and sizes (CGRect-like, origin top-left).

/// A width and height.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

/// An axis-aligned rectangle; y grows downward.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Vec2
    public var size: Size
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Vec2(x, y); size = Size(width, height)
    }
    public init(origin: Vec2, size: Size) { self.origin = origin; self.size = size }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Corners in drawing order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [Vec2] {
        [Vec2(minX, minY), Vec2(maxX, minY), Vec2(maxX, maxY), Vec2(minX, maxY)]
    }

    /// Builds the rectangle spanning two corners.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return Rect(minX: min(minX, o.minX), minY: min(minY, o.minY),
                    maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    public func insetBy(_ dx: Double, _ dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func contains(_ p: Vec2) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether `o` lies entirely inside this rectangle.
    public func contains(_ o: Rect) -> Bool {
        o.minX >= minX && o.minY >= minY && o.maxX <= maxX && o.maxY <= maxY
    }

    /// The smallest rectangle holding all the points.
    public static func bounding(_ pts: [Vec2]) -> Rect {
        guard let f = pts.first else { return .zero }
        var x0 = f.x, y0 = f.y, x1 = f.x, y1 = f.y
        for p in pts.dropFirst() {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    public var description: String { "[\(fmt(minX)), \(fmt(minY)), \(fmt(width)), \(fmt(height))]" }
}
