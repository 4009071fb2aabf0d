// Bench: the carousel's first strategy, the book's listing 14.1 — every
// photo decoded on the render thread, the frame waiting for it.

import Compositor
import Foundation

/// Listing 14.1: each photo is read and decoded on the render thread when its
/// cell becomes visible; a cell that scrolls out drops its image (cells are
/// recycled), so coming back decodes again.
final class SyncCarousel: CarouselStrategy {
    let name = "sync"
    let summary = "synchronous loading on the render thread (listing 14.1): the full photo is decoded when its cell appears; cells that leave drop it"
    let files: [CarouselPhotoFiles]
    let latencyMs: Double
    private var cells: [Int: Layer] = [:]
    private var held: [Int: Image] = [:]
    private(set) var decodeSeconds = 0.0

    init(files: [CarouselPhotoFiles], latencyMs: Double) { self.files = files; self.latencyMs = latencyMs }

    func makeCell(_ i: Int, frame: Rect) -> Layer {
        let l = carouselCell(frame: frame)
        cells[i] = l
        return l
    }

    func prepare(frame: Int, time: Double, visible: [Int], upcoming: [Int], moving: Bool) throws -> CarouselPrepared {
        var p = CarouselPrepared()
        for i in held.keys where !visible.contains(i) {
            held[i] = nil
            cells[i]?.contents = nil
        }
        for i in visible {
            if held[i] == nil {
                let t0 = DispatchTime.now().uptimeNanoseconds
                carouselLatency(latencyMs)
                let image = try ImageLoader.read(path: files[i].full)
                decodeSeconds += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
                held[i] = image
                cells[i]?.contents = LayerContents(key: files[i].full, image: image)
                p.renderThreadDecodes += 1
            }
            p.states[i] = .full
        }
        return p
    }

    var heldBytes: Int { held.values.reduce(0) { $0 + $1.byteCount } }
    var backgroundDecodes: Int { 0 }
}
