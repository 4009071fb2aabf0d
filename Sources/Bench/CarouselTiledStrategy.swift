// Bench: the carousel's tiled strategy, the book's listing 14.4 — every cell
// is a tiled layer (CATiledLayer) over its photo's Deep Zoom pyramid, so
// only the tiles of the level the cell is drawn at are decoded, on the tile
// loader's background workers (asynchronous arrival, as on screen), and each
// tile fades in over fadeDuration. How a cell shows is read back from the
// renderer's TileLoader after the frame: full when every tile of the cell's
// level that meets the visible part of the cell is cached and has finished
// fading, reduced while some are still fading or stood in for by a coarser
// level, blank when some tile has nothing to show yet.

import Compositor
import Foundation

/// A tile source that waits `latencyMs` before each tile (the simulated storage latency).
final class DelayedTileSource: TileSource, @unchecked Sendable {
    let inner: any TileSource
    let latencyMs: Double
    init(_ inner: any TileSource, latencyMs: Double) { self.inner = inner; self.latencyMs = latencyMs }
    var pyramid: TilePyramid { inner.pyramid }
    var key: String { inner.key }
    var filesOpened: Int { inner.filesOpened }
    func decodeTile(_ id: TileID) throws -> Image {
        carouselLatency(latencyMs)
        return try inner.decodeTile(id)
    }
}

final class TiledCarousel: CarouselStrategy {
    let name = "tiled"
    var summary: String {
        "tiled layers (listing 14.4): each cell a tiled layer over its photo's Deep Zoom pyramid (\(tileSize)-pixel tiles), "
            + "only the visible tiles of the level the cell is drawn at decoded on the tile loader's workers, fading in over "
            + "\(Int(fadeDuration * 1000)) ms; tile cache \(cacheBytes / (1024 * 1024)) MiB"
    }
    let sources: [any TileSource]
    let geometry: CarouselGeometry
    let cacheBytes: Int
    let fadeDuration = 0.25
    var tileSize: Int { sources.first?.pyramid.tileSize ?? 0 }
    private var loader: TileLoader?
    private var offset = 0.0

    init(pyramids: [String], latencyMs: Double, geometry: CarouselGeometry, cacheBytes: Int) throws {
        sources = try pyramids.map { DelayedTileSource(try DeepZoomSource(path: $0), latencyMs: latencyMs) }
        self.geometry = geometry
        self.cacheBytes = cacheBytes
    }

    func makeCell(_ i: Int, frame: Rect) -> Layer {
        let l = TiledLayer()
        l.tileSource = sources[i]
        l.fadeDuration = fadeDuration
        return carouselCell(frame: frame, l)
    }

    /// Sets the renderer's tile loader to asynchronous arrival with the strategy's budget.
    func attach(_ renderer: Renderer) {
        renderer.tileLoader.arrival = .async
        renderer.tileLoader.budgetBytes = cacheBytes
        loader = renderer.tileLoader
    }

    func prepare(frame: Int, time: Double, visible: [Int], upcoming: [Int], moving: Bool) throws -> CarouselPrepared {
        offset = geometry.offset(frame)
        return CarouselPrepared()
    }

    func rendered(_ p: inout CarouselPrepared, renderer: Renderer, time: Double, visible: [Int]) {
        for i in visible { p.states[i] = state(of: i, time: time) }
    }

    /// The pyramid level the cell is drawn at: the coarsest at least as wide as the cell's pixels.
    func level(_ pyramid: TilePyramid) -> Int {
        let w = geometry.cellPixels.width
        return (0...pyramid.maxLevel).first { pyramid.levelSize($0).width >= w } ?? pyramid.maxLevel
    }

    func state(of i: Int, time: Double) -> CarouselCellState {
        guard let loader else { return .blank }
        let source = sources[i], pyramid = source.pyramid, g = geometry
        let l = level(pyramid)
        let size = pyramid.levelSize(l), grid = pyramid.grid(l)
        let cell = g.cellFrame(i)
        let x0 = max(0, offset - cell.minX), x1 = min(cell.width, offset + g.canvasWidth - cell.minX)
        guard x1 > x0 else { return .full }
        let k = Double(size.width) / cell.width
        let c0 = max(0, Int(x0 * k) / pyramid.tileSize), c1 = min(grid.columns - 1, Int((x1 * k).rounded(.up) - 1) / pyramid.tileSize)
        var state = CarouselCellState.full
        for c in c0...max(c0, c1) {
            for r in 0..<grid.rows {
                let id = TileID(level: l, column: c, row: r)
                if let t = loader.cached(source, id), time - t.readyTime >= fadeDuration { continue }
                if loader.cached(source, id) != nil { state = .reduced; continue }
                var coarser = false
                for up in stride(from: l - 1, through: 0, by: -1) where loader.cached(source, TileID(level: up, column: c >> (l - up), row: r >> (l - up))) != nil {
                    coarser = true
                    break
                }
                if !coarser { return .blank }
                state = .reduced
            }
        }
        return state
    }

    var heldBytes: Int { loader?.stats.cacheBytes ?? 0 }
    var backgroundDecodes: Int { loader?.stats.decoded ?? 0 }
    var decodeSeconds: Double { loader?.stats.decodeSeconds ?? 0 }
}
