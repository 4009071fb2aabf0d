// GLES: where small images go in an atlas page (TextureAtlas) — a shelf
// packer over a square page whose side is a power of two. Each image takes
// its own size plus a gutter of `gutter` texels on every side, which
// TextureAtlas fills with copies of the image's edge texels. Pure
// arithmetic, no GL, so placements can be tested by hand.

/// Places rectangles on the shelves of one square page.
struct AtlasPacker: Equatable {
    /// Gutter texels around every image (copies of its edge texels).
    static let gutter = 1

    /// The page side in texels.
    let side: Int
    /// Shelves from the top: their top row, height (gutters included) and first free column.
    private(set) var shelves: [Shelf] = []

    struct Shelf: Equatable {
        let y: Int, height: Int
        var x: Int
    }

    init(side: Int) { self.side = side }

    /// The page texel where the image's texel (0, 0) goes (its gutter starts
    /// one texel up and left), or nil when `width` × `height` does not fit.
    /// A shelf of the least height that holds the image and has room takes
    /// it; otherwise a new shelf opens under the last one.
    mutating func place(width: Int, height: Int) -> (x: Int, y: Int)? {
        let g = Self.gutter
        let w = width + 2 * g, h = height + 2 * g
        guard width > 0, height > 0, w <= side, h <= side else { return nil }
        var best: Int?
        for (i, s) in shelves.enumerated() where s.height >= h && side - s.x >= w {
            if best.map({ s.height < shelves[$0].height }) ?? true { best = i }
        }
        if let i = best {
            let x = shelves[i].x
            shelves[i].x += w
            return (x + g, shelves[i].y + g)
        }
        let y = shelves.last.map { $0.y + $0.height } ?? 0
        guard y + h <= side else { return nil }
        shelves.append(Shelf(y: y, height: h, x: w))
        return (g, y + g)
    }

    /// Forgets every placement (the page starts empty).
    mutating func reset() { shelves = [] }
}
