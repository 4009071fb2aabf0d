// Layers: CATiledLayer's model — a layer whose picture is a huge image drawn
// from tiles, loaded only where the layer is visible, at the level of detail
// its on-screen scale needs, on background workers, fading in as they
// arrive. The layer holds the settings and the tile source; which tiles are
// loaded is the renderer's business (Rendering's TileLoader), so a layer
// tree stays plain data that any renderer may draw.

import Geometry
import Images

/// A layer that draws a tiled image (CATiledLayer). Its `tileSource` fills
/// the bounds; `levelsOfDetail` levels are available, the finest at
/// 2^`levelsOfDetailBias` × contentsScale pixels per point, each next one
/// half as fine.
public final class TiledLayer: Layer {
    public override var kind: LayerKind { .tiled }

    /// Tile width and height in pixels of a level (square; 256 × 256 as in Core
    /// Animation). A Deep Zoom source brings its own tile size, which wins.
    public var tileSize = Size(256, 256) { didSet { touch() } }
    /// How many levels of detail may be drawn (Core Animation's default: 1).
    public var levelsOfDetail = 1 { didSet { touch() } }
    /// How many of those levels are magnified (finer than contentsScale).
    public var levelsOfDetailBias = 0 { didSet { touch() } }
    /// Seconds of timeline time a newly arrived tile takes to fade in (0.25).
    public var fadeDuration: Double = 0.25 { didSet { touch() } }
    /// Where the tiles come from (a .dzi pyramid or a plain image cut into tiles).
    public var tileSource: (any TileSource)? { didSet { touch() } }

    public required init() { super.init() }

    override func copyState(from o: Layer) {
        super.copyState(from: o)
        guard let t = o as? TiledLayer else { return }
        tileSize = t.tileSize; levelsOfDetail = t.levelsOfDetail; levelsOfDetailBias = t.levelsOfDetailBias
        fadeDuration = t.fadeDuration; tileSource = t.tileSource
    }

    /// The range of level-of-detail exponents k the layer draws (pixels per
    /// point = contentsScale × 2^k): bias − levelsOfDetail + 1 … bias.
    public var detailRange: ClosedRange<Int> {
        let hi = levelsOfDetailBias
        return (hi - max(1, levelsOfDetail) + 1)...hi
    }
}
