// Truncation keeps as many clusters as fit, searched from the most down:
// the ellipsis takes its neighbour's style, so a line's width is not
// monotone in the clusters it keeps. The expected cut comes from the rule
// and DejaVu Sans' hinted advances (benchmarks/peers/translate_text.py lays
// the same runs out the same way).

import XCTest
@testable import Text

/// A cut keeps as many clusters as fit. The ellipsis takes the style of the cluster before it, so
/// one more cluster can make the line narrower: here "do…m" (the ellipsis at 36 px) is 98.5 pixels
/// and "do…mm" 111.5, over the 109, but "dog…mm" (the ellipsis at 20 px after the "g") is 107 and
/// fits. The widths are DejaVu Sans' hinted advances, as benchmarks/peers/translate_text.py lays
/// the same runs out; a binary search over the count stopped at "do…m".
final class LargestTruncationTests: XCTestCase {
    func testAMiddleCutKeepsTheMostClustersThatFitEvenWhenFewerAreWider() throws {
        var r = TextImageRequest(string: "", fontPath: FontResolver.defaultFontPath, fontSize: 13,
                                 width: 109, height: 29.5, scale: 1, color: .white, alignment: .natural,
                                 wrapped: true, truncation: .middle)
        r.attributed = AttributedText([TextRun("do", fontSize: 36, kerning: 1.5), TextRun("g  ", fontSize: 20),
                                       TextRun("!?", fontSize: 26.27), TextRun(" lazy mm")])
        let l = try TextRasterizer.layout(r)
        XCTAssertEqual(l.lines.map(\.text), ["dog\u{2026}mm"])
        XCTAssertEqual(l.lines[0].width, 107, accuracy: 1e-9)
    }
}
