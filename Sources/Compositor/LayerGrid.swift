// Compositor: the scrolling 3D grid of coloured squares from chapter 15 of
// Lockwood's "iOS Core Animation: Advanced Techniques" (Layer Performance),
// used by `compositor experiment layers`: a container with a perspective
// sublayerTransform (m34 = −1/cameraDistance) holding W×H×D squares of side
// `size`, `spacing` apart in x, y and z (zPosition = −z·spacing), added back
// to front, and scrolled (the container's bounds origin) so the canvas shows
// a window around the grid's centre; for big grids most squares are off screen.

import Geometry
import Layers

/// The book's W×H×D grid of squares under perspective.
public struct LayerGrid: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var depth: Int
    /// Square side and spacing, in points (the book: 100 and 150).
    public var size: Double = 100
    public var spacing: Double = 150
    /// The eye's distance from the z = 0 plane (the book: 500).
    public var cameraDistance: Double = 500
    /// Canvas size in points.
    public var canvasWidth: Double = 1280
    public var canvasHeight: Double = 720

    public init(width: Int, height: Int, depth: Int) {
        self.width = width; self.height = height; self.depth = depth
    }

    /// Parses "WxHxD" (e.g. "100x100x10").
    public init?(_ text: String) {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 3, parts.allSatisfy({ $0 > 0 }) else { return nil }
        self.init(width: parts[0], height: parts[1], depth: parts[2])
    }

    /// W×H×D.
    public var layerCount: Int { width * height * depth }

    public var label: String { "\(width)x\(height)x\(depth)" }

    /// One grid cell.
    public struct Cell: Hashable, Sendable {
        public var x: Int, y: Int, z: Int
        public init(x: Int, y: Int, z: Int) { self.x = x; self.y = y; self.z = z }
        /// The square's layer name, "x,y,z" (short enough to be stored inline).
        public var name: String { "\(x),\(y),\(z)" }
        /// Parses a layer name made by `name`.
        public init?(name: String) {
            let p = name.split(separator: ",").compactMap { Int($0) }
            guard p.count == 3 else { return nil }
            self.init(x: p[0], y: p[1], z: p[2])
        }
    }

    /// The root layer (bounds = canvas) holding the scrolled container and the
    /// squares for which `include` is true, back to front as in the book.
    public func build(including include: (Cell) -> Bool = { _ in true }) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: canvasWidth, height: canvasHeight)
        let scroll = Layer()
        scroll.name = "scroll"
        scroll.frame = root.bounds
        // Scrolled so the view's centre is the grid's centre.
        let cx = Double(width - 1) * spacing / 2, cy = Double(height - 1) * spacing / 2
        scroll.bounds.origin = Vec2(cx - canvasWidth / 2, cy - canvasHeight / 2)
        var t = Transform3D.identity
        t.m34 = -1 / cameraDistance
        scroll.sublayerTransform = t
        root.addSublayer(scroll)
        var squares: [Layer] = []
        squares.reserveCapacity(layerCount)
        for z in (0..<depth).reversed() {
            for y in 0..<height {
                for x in 0..<width {
                    let cell = Cell(x: x, y: y, z: z)
                    guard include(cell) else { continue }
                    squares.append(square(cell))
                }
            }
        }
        scroll.setSublayers(squares)
        return root
    }

    /// The square of one cell: hue from x and y, darker further back, opaque.
    public func square(_ c: Cell) -> Layer {
        let l = Layer()
        l.name = c.name
        l.bounds = Rect(x: 0, y: 0, width: size, height: size)
        l.position = Vec2(Double(c.x) * spacing, Double(c.y) * spacing)
        l.zPosition = -Double(c.z) * spacing
        let shade = 1 - Double(c.z) / Double(max(depth, 1)) * 0.8
        let u = width > 1 ? Double(c.x) / Double(width - 1) : 0.5
        let v = height > 1 ? Double(c.y) / Double(height - 1) : 0.5
        l.backgroundColor = Color(r: (0.25 + 0.75 * u) * shade, g: (0.35 + 0.5 * v) * shade,
                                  b: (1 - 0.7 * u) * shade, a: 1)
        l.isOpaque = true
        return l
    }
}
