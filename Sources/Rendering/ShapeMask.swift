// Rendering: a shape's coverage mask as the plan builder keeps it across
// frames: the alpha image and which of its square tiles are drawn, and how.
// Sorting the tiles (empty ones left out, fully covered ones drawn as plain
// solid quads, the rest through the mask) reads every pixel of the mask;
// doing it once when the mask is made, not on every frame that draws it,
// keeps a still frame's plan proportional to its tiles, not its pixels.

import Images

/// A shape coverage mask and its non-empty tiles (PlanBuilder+ShapeMask).
struct ShapeMask {
    /// A tile of the mask, in mask pixels; `full` when every pixel is covered (alpha 255).
    struct Tile: Equatable {
        var x: Int32, y: Int32, width: Int32, height: Int32
        var full: Bool
    }

    var image: Image
    /// The tiles with any coverage, row by row, left to right.
    var tiles: [Tile]

    /// `image` cut into `tile` × `tile` squares (smaller at the right and bottom edges).
    init(_ image: Image, tile: Int) {
        self.image = image
        let w = image.width, h = image.height
        var tiles: [Tile] = []
        image.pixels.withUnsafeBufferPointer { px in
            for ty in stride(from: 0, to: h, by: tile) {
                for tx in stride(from: 0, to: w, by: tile) {
                    let tw = min(tile, w - tx), th = min(tile, h - ty)
                    // Alpha bytes: the smallest and the largest, over the tile.
                    var low: UInt8 = 255, high: UInt8 = 0
                    for y in ty..<(ty + th) {
                        var i = (y * w + tx) * 4 + 3
                        for _ in 0..<tw {
                            let a = px[i]
                            low = min(low, a); high = max(high, a)
                            i += 4
                        }
                    }
                    guard high != 0 else { continue }
                    tiles.append(Tile(x: Int32(tx), y: Int32(ty), width: Int32(tw), height: Int32(th), full: low == 255))
                }
            }
        }
        self.tiles = tiles
    }
}
