// Bench: the carousel's resolution-swapping strategy (the book's
// "Resolution Swapping"): reduced files while the strip moves, the full
// photos once it has settled.

import Compositor
import Foundation

/// The book's resolution swapping on top of threaded loading: while the
/// strip moves, cells load and show the small copy of their photo (a file
/// stored at reduced resolution, quick to decode); once the strip has been
/// still for the settle time (the same test as the `resolutionSwap` layer
/// option, MotionTracker.isMoving), the visible cells load the full photo
/// and swap it in. A photo already loaded at full resolution keeps showing
/// it.
final class SwappingCarousel: ThreadedCarousel {
    override var name: String { "swapping" }
    override var summary: String {
        "threaded loading with resolution swapping: the reduced file while the strip moves, the full photo once it has been still for \(Int(settleTime * 1000)) ms; "
            + "\(pool.maxConcurrent) worker(s), the same cache"
    }
    let settleTime: Double
    private var lastMove = -Double.infinity
    private var showing: [Int: CarouselCellState] = [:]
    private(set) var swaps = 0

    init(files: [CarouselPhotoFiles], latencyMs: Double, cellPixels: (width: Int, height: Int), cacheBytes: Int,
         workers: Int, settleTime: Double) {
        self.settleTime = settleTime
        super.init(files: files, latencyMs: latencyMs, cellPixels: cellPixels, cacheBytes: cacheBytes, workers: workers)
    }

    override func prepare(frame: Int, time: Double, visible: [Int], upcoming: [Int], moving: Bool) throws -> CarouselPrepared {
        var p = CarouselPrepared()
        if moving { lastMove = time }
        let settling = MotionTracker.isMoving(lastMove: lastMove, at: time, settleTime: settleTime)
        var wanted: Set<String> = []
        for i in visible + upcoming {
            requestReduced(i); wanted.insert(reducedKey(i))
            if !settling && visible.contains(i) { requestFull(i); wanted.insert(fullKey(i)) }
        }
        cancelUnwanted(wanted)
        for (i, cell) in cells where !visible.contains(i) { cell.contents = nil; showing[i] = nil }
        for i in visible {
            let state: CarouselCellState
            if let image = cache.image(forKey: fullKey(i)) {
                cells[i]?.contents = LayerContents(key: fullKey(i), image: image)
                state = .full
            } else if let image = cache.image(forKey: reducedKey(i)) {
                cells[i]?.contents = LayerContents(key: reducedKey(i), image: image)
                state = .reduced
            } else {
                cells[i]?.contents = nil
                state = .blank
            }
            if state == .full && showing[i] == .reduced { swaps += 1 }
            showing[i] = state
            p.states[i] = state
        }
        return p
    }
}
