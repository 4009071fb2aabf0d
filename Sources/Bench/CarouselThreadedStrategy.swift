// Bench: the carousel's threaded strategy, the book's listings 14.3 and
// 14.5 — background workers, a cost-limited cache, speculative preloading.
// The swapping strategy builds on it.

import Compositor
import Foundation

/// Listings 14.3 and 14.5: photos decode on background workers and are drawn
/// once at the cell's pixel size (the book's forced decompression into a
/// context of the cell's size), kept in a cost-limited cache; the next cell
/// in the scrolling direction is loaded speculatively. A cell is blank until
/// its photo arrives.
class ThreadedCarousel: CarouselStrategy {
    var name: String { "threaded" }
    var summary: String {
        "threaded loading (listings 14.3, 14.5): \(pool.maxConcurrent) background worker(s) decode and draw each photo at the cell's size, "
            + "a cost-limited cache of \(cache.budgetBytes / (1024 * 1024)) MiB, the next cell preloaded"
    }
    let files: [CarouselPhotoFiles]
    let latencyMs: Double
    let cellPixels: (width: Int, height: Int)
    let cache: ImageCache
    let pool: ImageLoadingPool
    var cells: [Int: Layer] = [:]
    var tickets: [String: ImageLoadTicket] = [:]

    init(files: [CarouselPhotoFiles], latencyMs: Double, cellPixels: (width: Int, height: Int), cacheBytes: Int, workers: Int) {
        self.files = files; self.latencyMs = latencyMs; self.cellPixels = cellPixels
        cache = ImageCache(budgetBytes: cacheBytes)
        pool = ImageLoadingPool(maxConcurrent: workers, cache: cache)
    }

    func makeCell(_ i: Int, frame: Rect) -> Layer {
        let l = carouselCell(frame: frame)
        cells[i] = l
        return l
    }

    func fullKey(_ i: Int) -> String { files[i].full + "#cell" }
    func reducedKey(_ i: Int) -> String { files[i].reduced }

    /// Starts loading the full photo of cell `i` at the cell's size, unless cached or loading.
    func requestFull(_ i: Int) {
        let key = fullKey(i)
        guard !cache.contains(key), tickets[key].map({ $0.state == .queued || $0.state == .decoding }) != true else { return }
        let path = files[i].full, latency = latencyMs, (w, h) = cellPixels
        tickets[key] = pool.request(key) {
            carouselLatency(latency)
            return ImageDownscale.box(try ImageLoader.read(path: path), width: w, height: h)
        }
    }

    /// Starts loading the reduced file of cell `i`, unless cached or loading.
    func requestReduced(_ i: Int) {
        let key = reducedKey(i)
        guard !cache.contains(key), tickets[key].map({ $0.state == .queued || $0.state == .decoding }) != true else { return }
        let path = files[i].reduced, latency = latencyMs
        tickets[key] = pool.request(key) {
            carouselLatency(latency)
            return try ImageLoader.read(path: path)
        }
    }

    /// Cancels loads no cell wants any more (cells scrolled away before their photo arrived).
    func cancelUnwanted(_ wanted: Set<String>) {
        for (key, t) in tickets where !wanted.contains(key) {
            if t.state == .queued || t.state == .decoding { pool.cancel(t) }
            tickets[key] = nil
        }
        for (key, t) in tickets where t.state == .finished || t.state == .cancelled { tickets[key] = nil }
    }

    func prepare(frame: Int, time: Double, visible: [Int], upcoming: [Int], moving: Bool) throws -> CarouselPrepared {
        var p = CarouselPrepared()
        for i in visible + upcoming { requestFull(i) }
        cancelUnwanted(Set((visible + upcoming).map(fullKey)))
        for (i, cell) in cells where !visible.contains(i) { cell.contents = nil }
        for i in visible {
            if let image = cache.image(forKey: fullKey(i)) {
                cells[i]?.contents = LayerContents(key: fullKey(i), image: image)
                p.states[i] = .full
            } else {
                cells[i]?.contents = nil
                p.states[i] = .blank
            }
        }
        return p
    }

    var heldBytes: Int { cache.stats.bytesHeld }
    var backgroundDecodes: Int { cache.stats.decodes }
    var decodeSeconds: Double { cache.stats.decodeSeconds }
    func finish() {
        for t in tickets.values { pool.cancel(t) }
        pool.waitUntilIdle()
    }
}
