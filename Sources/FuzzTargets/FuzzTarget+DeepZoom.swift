// FuzzTargets: the Deep Zoom descriptor reader (.dzi). An input that parses
// goes on through the pyramid geometry of every level (sizes, tile grids,
// the first and last tile's extent) and through the plan builder: a tiled
// layer of that pyramid on a 64 × 64 canvas, zoomed in or out by the input's
// last byte, with a made-up tile source of flat tiles, so level choice,
// tile ranges and texture maps see hostile sizes (1 × 2^30, tile size 1,
// overlap = tile size) without any file being read.

import Foundation
import Geometry
import Images
import Layers
import Rendering

/// Flat tiles of the right size, made in memory (no files).
final class FlatTileSource: TileSource, @unchecked Sendable {
    let pyramid: TilePyramid
    var key: String { "fuzz.dzi" }
    var filesOpened: Int { 0 }
    init(_ p: TilePyramid) { pyramid = p }
    func decodeTile(_ id: TileID) throws -> Image {
        let e = pyramid.extent(id)
        guard e.width * e.height <= 1 << 20 else { throw TileError(file: "fuzz.dzi", message: "tile too big for the fuzzer") }
        var image = Image(width: e.width, height: e.height)
        image.fill(UInt8(id.level & 255), UInt8(id.column & 255), UInt8(id.row & 255), 255)
        return image
    }
}

extension FuzzTarget {
    /// .dzi bytes → descriptor → geometry → a tiled layer's plan.
    public static func deepZoom(_ bytes: [UInt8]) throws {
        let d = try DeepZoomDescriptor.parse(bytes, name: "fuzz.dzi")
        let p = d.pyramid
        for level in 0...p.maxLevel {
            let g = p.grid(level)
            _ = p.levelSize(level)
            _ = p.extent(TileID(level: level, column: 0, row: 0))
            _ = p.extent(TileID(level: level, column: g.columns - 1, row: g.rows - 1))
        }
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
        root.position = Vec2(32, 32)
        let t = TiledLayer()
        t.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
        t.position = Vec2(32, 32)
        let zoom = pow(2, Double(Int(bytes.last ?? 0) % 9) - 4)  // 1/16 … 16
        t.transform = Transform3D.scale(zoom, zoom, 1)
        t.levelsOfDetail = 8
        t.levelsOfDetailBias = 4
        t.tileSource = FlatTileSource(p)
        root.addSublayer(t)
        let builder = PlanBuilder()
        builder.tileLoader = TileLoader(arrival: .wait, budgetBytes: 16 << 20, workers: 1, warn: { _ in })
        _ = builder.build(root: root, width: 64, height: 64)
    }
}
