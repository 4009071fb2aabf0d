// Bench: the four ways `experiment carousel` loads its photos, after the
// book's listings 14.1–14.5 and its "Resolution Swapping" section. A
// strategy owns the cells' contents: before each frame it is told which
// cells are visible, which come next, and whether the strip is moving, and
// it sets each visible cell's contents (or leaves the cell blank) and says
// how each cell shows (blank, reduced, full). Everything it decodes off the
// render thread goes through Images' ImageLoadingPool and the cost-limited
// ImageCache (NSCache's totalCostLimit, with the decoded bytes as the cost).

import Compositor
import Foundation

/// How one visible cell shows in a frame.
enum CarouselCellState: Equatable {
    case blank, reduced, full
}

/// What a strategy did before one frame.
struct CarouselPrepared {
    var states: [Int: CarouselCellState] = [:]
    /// Decodes that ran on the render thread in this frame.
    var renderThreadDecodes = 0
}

/// One way of loading the carousel's photos.
protocol CarouselStrategy: AnyObject {
    /// Short name: file names and the report's rows.
    var name: String { get }
    /// What it does, for the report.
    var summary: String { get }
    /// The layer of cell `i` (called once per cell, before the first frame).
    func makeCell(_ i: Int, frame: Rect) -> Layer
    /// Sets the contents of the visible cells for `frame`.
    func prepare(frame: Int, time: Double, visible: [Int], upcoming: [Int], moving: Bool) throws -> CarouselPrepared
    /// Called after the frame at `time` rendered (tiled layers read the tile loader here).
    func rendered(_ prepared: inout CarouselPrepared, renderer: Renderer, time: Double, visible: [Int])
    /// Decoded bytes the strategy holds now (cells, caches).
    var heldBytes: Int { get }
    /// Decodes run on background workers so far.
    var backgroundDecodes: Int { get }
    /// Seconds all decodes took so far (render thread and workers; a photo's or a tile's, with any simulated latency).
    var decodeSeconds: Double { get }
    /// Stops background work.
    func finish()
}

extension CarouselStrategy {
    func rendered(_ prepared: inout CarouselPrepared, renderer: Renderer, time: Double, visible: [Int]) {}
    func finish() {}
}

/// Shared cell setup: a grey placeholder (what a blank cell shows), contents stretched over it.
func carouselCell(frame: Rect, _ layer: Layer = Layer()) -> Layer {
    layer.frame = frame
    layer.backgroundColor = Color(r: 0.82, g: 0.82, b: 0.84, a: 1)
    return layer
}

/// Sleeps `ms` milliseconds (the simulated storage latency of --load-latency).
func carouselLatency(_ ms: Double) {
    if ms > 0 { usleep(useconds_t(ms * 1000)) }
}
