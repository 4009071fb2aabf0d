// Bench: where things are in `experiment carousel` — the book's horizontal
// strip of photos (chapter 14's collection view): cells of the photos'
// aspect ratio filling the canvas height, side by side with a gap, in a strip
// layer scrolled left at constant speed from the first photo to the last,
// then held still for the remaining frames (so images can settle at full
// resolution). Frame f is at timeline time f / 60.

import Compositor
import Foundation

struct CarouselGeometry {
    var canvasWidth: Double, canvasHeight: Double
    var count: Int
    var frames: Int
    var scrollFrames: Int
    var photoWidth: Int, photoHeight: Int
    let gap = 8.0

    static let fps = 60.0

    var cellHeight: Double { canvasHeight - 2 * gap }
    var cellWidth: Double { (cellHeight * Double(photoWidth) / Double(photoHeight)).rounded() }
    /// The cell's pixel size (the canvas renders at scale 1).
    var cellPixels: (width: Int, height: Int) { (Int(cellWidth), Int(cellHeight)) }
    var stripWidth: Double { gap + Double(count) * (cellWidth + gap) }
    /// How far the strip travels: until the last photo's right edge meets the canvas's.
    var travel: Double { max(0, stripWidth - canvasWidth) }
    /// Points per second while scrolling.
    var speed: Double { scrollFrames > 0 ? travel / (Double(scrollFrames) / Self.fps) : 0 }

    func time(_ frame: Int) -> Double { Double(frame) / Self.fps }

    /// The strip's scroll offset at `frame` (constant speed, then still).
    func offset(_ frame: Int) -> Double {
        guard scrollFrames > 0 else { return 0 }
        return travel * Double(min(frame, scrollFrames)) / Double(scrollFrames)
    }

    /// Whether the strip moved between the previous frame and `frame`.
    func moved(_ frame: Int) -> Bool { frame > 0 && offset(frame) != offset(frame - 1) }

    func cellFrame(_ i: Int) -> Rect {
        Rect(x: gap + Double(i) * (cellWidth + gap), y: gap, width: cellWidth, height: cellHeight)
    }

    /// Cells meeting the canvas at scroll `offset`.
    func visible(_ offset: Double) -> [Int] {
        (0..<count).filter { i in
            let f = cellFrame(i)
            return f.maxX > offset && f.minX < offset + canvasWidth
        }
    }

    /// The first frame at which cell `i` is visible (nil: never).
    func entryFrame(_ i: Int) -> Int? { (0..<frames).first { visible(offset($0)).contains(i) } }
}
