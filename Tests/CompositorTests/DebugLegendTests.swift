// The legend strip under --debug overlays: the image keeps its pixels and
// width, gains a dark strip below, and the strip holds one swatch of each
// overlay colour at full strength plus label ink.

import XCTest
import Compositor

final class DebugLegendTests: XCTestCase {
    func image(_ w: Int, _ h: Int) -> Image {
        var i = Image(width: w, height: h)
        i.fill(200, 10, 10, 255)
        return i
    }

    func colors(in img: Image, rows: Range<Int>) -> Set<[UInt8]> {
        var s = Set<[UInt8]>()
        for y in rows { for x in 0..<img.width { s.insert(Array(img.pixels[(y * img.width + x) * 4..<(y * img.width + x) * 4 + 4])) } }
        return s
    }

    func testStripBelowKeepsTheImageAndShowsEachColour() {
        let src = image(320, 40)
        for mode in DebugOverlayMode.allCases {
            let out = DebugLegend.appending(to: src, mode: mode)
            XCTAssertEqual(out.width, 320)
            XCTAssertGreaterThan(out.height, 40, "\(mode): a strip is added")
            XCTAssertEqual(Array(out.pixels[0..<src.pixels.count]), src.pixels, "\(mode): the image is unchanged")
            let strip = colors(in: out, rows: 40..<out.height)
            XCTAssertTrue(strip.contains([24, 24, 24, 255]), "\(mode): dark background")
            for (c, _) in DebugLegend.entries(for: mode) {
                // Full-strength swatch: the half-transparent tint un-premultiplied.
                let rgb = [c.r, c.g, c.b].map { UInt8((min(1, $0 / c.a) * 255).rounded()) }
                XCTAssertTrue(strip.contains(rgb + [255]), "\(mode): a swatch of \(rgb)")
            }
            // Label ink: light grey text over the dark band.
            XCTAssertTrue(strip.contains { $0[0] > 150 && $0[0] == $0[1] && $0[1] == $0[2] }, "\(mode): labels drawn")
        }
    }

    func testNarrowImagesWrapEntriesOntoMoreRows() {
        let wide = DebugLegend.appending(to: image(600, 10), mode: .misaligned)
        let narrow = DebugLegend.appending(to: image(120, 10), mode: .misaligned)
        XCTAssertGreaterThan(narrow.height - 10, wide.height - 10, "two rows on a narrow image")
    }
}
