// Images: the geometry of a Deep Zoom tile pyramid, shared by the .dzi
// reader, the plain-image tile source and the pyramid writer, so all three
// cut tiles the same way. The convention is Deep Zoom's (OpenSeadragon,
// libvips dzsave): level `maxLevel` = ceil(log2(max(w, h))) is the full
// image, each level below halves it (rounding up), level 0 is 1 × 1. Tile
// (c, r) of a level covers the core [c·ts, min((c+1)·ts, levelWidth)) and,
// on every side that has a neighbour, `overlap` more pixels, so bilinear
// sampling across a tile seam reads the same texels as one big image.

/// One tile of a pyramid: level (0 = 1 × 1), column and row.
public struct TileID: Hashable, Sendable, CustomStringConvertible {
    public var level: Int
    public var column: Int
    public var row: Int
    public init(level: Int, column: Int, row: Int) { self.level = level; self.column = column; self.row = row }
    /// "level 12, tile 3_7" (Deep Zoom's COL_ROW naming).
    public var description: String { "level \(level), tile \(column)_\(row)" }
}

/// A pixel rectangle in one level's image (integers, half-open).
public struct PixelBox: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
}

/// The Deep Zoom geometry of an image of `width` × `height` cut into `tileSize` tiles with `overlap`.
public struct TilePyramid: Equatable, Sendable {
    /// Full-resolution size in pixels.
    public let width: Int
    public let height: Int
    /// The core size of a tile, in pixels of its level.
    public let tileSize: Int
    /// Extra pixels on each side of a tile that has a neighbour there.
    public let overlap: Int

    /// The largest width or height of a pyramid (2^30 pixels: level numbers stay below 31).
    public static let maximumSide = 1 << 30
    /// The largest tile size (core plus overlap on both sides stays under ImageLimits).
    public static let maximumTileSize = 4096

    public init(width: Int, height: Int, tileSize: Int, overlap: Int) {
        precondition(width >= 1 && height >= 1 && width <= Self.maximumSide && height <= Self.maximumSide)
        precondition(tileSize >= 1 && tileSize <= Self.maximumTileSize && overlap >= 0 && overlap <= tileSize)
        self.width = width; self.height = height; self.tileSize = tileSize; self.overlap = overlap
    }

    /// ceil(log2(max(width, height))): the full-resolution level.
    public var maxLevel: Int {
        var level = 0, side = 1
        while side < max(width, height) { side <<= 1; level += 1 }
        return level
    }

    /// Number of levels (maxLevel + 1).
    public var levelCount: Int { maxLevel + 1 }

    /// The image size at `level`: ceil(size / 2^(maxLevel − level)).
    public func levelSize(_ level: Int) -> (width: Int, height: Int) {
        let shift = maxLevel - level
        let d = 1 << shift
        return ((width + d - 1) >> shift, (height + d - 1) >> shift)
    }

    /// Columns and rows of tiles at `level`.
    public func grid(_ level: Int) -> (columns: Int, rows: Int) {
        let s = levelSize(level)
        return ((s.width + tileSize - 1) / tileSize, (s.height + tileSize - 1) / tileSize)
    }

    /// Whether `id` names a tile of this pyramid.
    public func contains(_ id: TileID) -> Bool {
        guard id.level >= 0, id.level <= maxLevel else { return false }
        let g = grid(id.level)
        return id.column >= 0 && id.column < g.columns && id.row >= 0 && id.row < g.rows
    }

    /// The pixels the tile shows without its overlap, in its level's image.
    public func core(_ id: TileID) -> PixelBox {
        let s = levelSize(id.level)
        let x = id.column * tileSize, y = id.row * tileSize
        return PixelBox(x: x, y: y, width: min(tileSize, s.width - x), height: min(tileSize, s.height - y))
    }

    /// The pixels the tile's image holds: the core plus the overlap on sides with a neighbour.
    public func extent(_ id: TileID) -> PixelBox {
        let s = levelSize(id.level)
        let c = core(id)
        let x0 = max(0, c.x - overlap), y0 = max(0, c.y - overlap)
        let x1 = min(s.width, c.x + c.width + overlap), y1 = min(s.height, c.y + c.height + overlap)
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
