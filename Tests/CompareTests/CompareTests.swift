// Tests for the Compare module: metrics on hand-built images with answers
// worked out by hand, tolerance parsing and judgement, diff image colours,
// and the text and JSON reports.

import Foundation
import XCTest
import Images
@testable import Compare

final class CompareTests: XCTestCase {
    /// A 4×1 image from premultiplied pixels.
    func image(_ pixels: [[UInt8]]) -> Image {
        Image(width: pixels.count, height: 1, pixels: pixels.flatMap { $0 })
    }

    func testIdenticalImages() throws {
        var a = Image(width: 3, height: 2)
        a.fill(10, 20, 30, 40)
        let d = try ImageDifference.compare(a, a)
        XCTAssertTrue(d.isIdentical)
        XCTAssertEqual(d.maxChannelDifference, ChannelDifference(r: 0, g: 0, b: 0, a: 0))
        XCTAssertEqual(d.meanAbsoluteDifference, 0)
        XCTAssertEqual(d.psnr, .infinity)
        XCTAssertEqual(d.exactShare, 1)
        XCTAssertEqual(d.over.map(\.pixels), [0, 0, 0, 0, 0])
        XCTAssertTrue(Tolerance.exact.accepts(d))
    }

    func testKnownMetrics() throws {
        let a = image([[0, 0, 0, 0], [100, 100, 100, 255], [50, 50, 50, 255], [0, 0, 0, 255]])
        let b = image([[0, 0, 0, 0], [101, 100, 100, 255], [50, 53, 50, 255], [0, 0, 20, 245]])
        let d = try ImageDifference.compare(a, b)
        XCTAssertEqual(d.width, 4)
        XCTAssertEqual(d.height, 1)
        XCTAssertEqual(d.maxChannelDifference, ChannelDifference(r: 1, g: 3, b: 20, a: 10))
        XCTAssertEqual(d.maxChannelDifference.max, 20)
        // |Δ| sum = 1 + 3 + 20 + 10 = 34 over 16 samples.
        XCTAssertEqual(d.meanAbsoluteDifference, 34.0 / 16.0, accuracy: 1e-12)
        // MSE = (1 + 9 + 400 + 100) / 16.
        XCTAssertEqual(d.psnr, 10 * log10(255.0 * 255.0 / (510.0 / 16.0)), accuracy: 1e-9)
        // Per-pixel max differences: 0, 1, 3, 20.
        XCTAssertEqual(d.over.map(\.threshold), [0, 1, 2, 4, 8])
        XCTAssertEqual(d.over.map(\.pixels), [3, 2, 2, 1, 1])
        XCTAssertEqual(d.pixelsOver(2), 2)
        XCTAssertEqual(d.shareOver(0), 0.75)
        XCTAssertEqual(d.shareOver(4), 0.25)
        XCTAssertEqual(d.exactShare, 0.25)
    }

    func testSymmetric() throws {
        let a = image([[9, 0, 0, 9], [0, 0, 0, 0]]), b = image([[0, 0, 0, 0], [3, 3, 3, 3]])
        XCTAssertEqual(try ImageDifference.compare(a, b), try ImageDifference.compare(b, a))
    }

    func testSizeMismatchNamesBothSizes() {
        XCTAssertThrowsError(try ImageDifference.compare(Image(width: 3, height: 2), Image(width: 2, height: 3))) {
            XCTAssertEqual($0 as? CompareError, .sizeMismatch(aWidth: 3, aHeight: 2, bWidth: 2, bHeight: 3))
            XCTAssertEqual("\($0)", "image sizes differ: 3×2 vs 2×3")
        }
    }

    func testEmptyImages() throws {
        let d = try ImageDifference.compare(Image(width: 0, height: 0), Image(width: 0, height: 0))
        XCTAssertTrue(d.isIdentical)
        XCTAssertEqual(d.exactShare, 1)
        XCTAssertEqual(d.meanAbsoluteDifference, 0)
    }

    // MARK: Tolerance

    func testToleranceParsing() throws {
        XCTAssertEqual(try Tolerance(parsing: "16,0.001"), .default)
        XCTAssertEqual(try Tolerance(parsing: "max=3,share=0.5"), Tolerance(maxChannelDifference: 3, maxShareOver2: 0.5))
        XCTAssertEqual(try Tolerance(parsing: " share=0.25 , max=7 "), Tolerance(maxChannelDifference: 7, maxShareOver2: 0.25))
        XCTAssertEqual(try Tolerance(parsing: "4"), Tolerance(maxChannelDifference: 4, maxShareOver2: 0.001))
        XCTAssertEqual(try Tolerance(parsing: "share=0"), Tolerance(maxChannelDifference: 16, maxShareOver2: 0))
        XCTAssertEqual(try Tolerance(parsing: Tolerance.default.description), .default)
        for bad in ["", ",", "16,", "abc", "256,0", "-1,0", "16,2", "16,nan", "16,0.1,3", "max=1,max=2",
                    "max=16,0.1", "size=3", "max=", "16.5,0"] {
            XCTAssertThrowsError(try Tolerance(parsing: bad), "'\(bad)' should not parse") {
                XCTAssertTrue("\($0)".hasPrefix("invalid tolerance '\(bad)': "), "\($0)")
            }
        }
    }

    func testToleranceJudgement() throws {
        // 1000 pixels; `n` of them differ by `delta` in red.
        func difference(delta: UInt8, n: Int) throws -> ImageDifference {
            let a = Image(width: 1000, height: 1)
            var b = a
            for x in 0..<n { b[x, 0] = (delta, 0, 0, 255) }
            var opaque = a
            for x in 0..<1000 { opaque[x, 0] = (0, 0, 0, 255) }
            for x in n..<1000 { b[x, 0] = (0, 0, 0, 255) }
            return try ImageDifference.compare(opaque, b)
        }
        let t = Tolerance.default
        XCTAssertTrue(t.accepts(try difference(delta: 2, n: 1000)))   // rounding noise everywhere is fine
        XCTAssertTrue(t.accepts(try difference(delta: 16, n: 1)))     // 0.1 % over 2, at the cap
        XCTAssertFalse(t.accepts(try difference(delta: 16, n: 2)))    // 0.2 % over 2
        XCTAssertFalse(t.accepts(try difference(delta: 17, n: 1)))    // over the max difference
        XCTAssertTrue(Tolerance(maxChannelDifference: 17, maxShareOver2: 0.001).accepts(try difference(delta: 17, n: 1)))
    }

    // MARK: Diff image

    func testDiffImageColours() {
        let a = image([[200, 100, 50, 255], [10, 10, 10, 255], [10, 10, 10, 255], [10, 10, 10, 255], [0, 0, 0, 0]])
        let b = image([[200, 100, 50, 255], [12, 10, 10, 255], [10, 10, 10, 247], [10, 19, 10, 255], [0, 0, 0, 0]])
        let d = ImageDifference.diffImage(a, b)
        XCTAssertEqual(d.width, 5)
        XCTAssertEqual(d.height, 1)
        // Identical: gray 32 + luma/4 with luma = (299·200 + 587·100 + 114·50 + 500) / 1000 = 124.
        XCTAssertTrue(d[0, 0] == (63, 63, 63, 255), "\(d[0, 0])")
        XCTAssertTrue(d[1, 0] == (40, 110, 255, 255), "\(d[1, 0])")   // Δ 2 → blue
        XCTAssertTrue(d[2, 0] == (255, 220, 0, 255), "\(d[2, 0])")    // Δ 8 → yellow
        XCTAssertTrue(d[3, 0] == (255, 0, 0, 255), "\(d[3, 0])")      // Δ 9 → red
        XCTAssertTrue(d[4, 0] == (32, 32, 32, 255), "\(d[4, 0])")     // identical, transparent
        XCTAssertTrue(d.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    func testDiffImageOfDifferentSizesMarksTheMissingArea() {
        let d = ImageDifference.diffImage(Image(width: 2, height: 1), Image(width: 1, height: 2))
        XCTAssertEqual(d.width, 2)
        XCTAssertEqual(d.height, 2)
        XCTAssertTrue(d[0, 0] == (32, 32, 32, 255))
        XCTAssertTrue(d[1, 0] == (255, 0, 0, 255))
        XCTAssertTrue(d[0, 1] == (255, 0, 0, 255))
    }

    // MARK: Reports

    func testTextReport() throws {
        let a = image([[0, 0, 0, 255], [0, 0, 0, 255]]), b = image([[0, 0, 0, 255], [5, 0, 0, 255]])
        let text = try ImageDifference.compare(a, b).description
        XCTAssertTrue(text.contains("max channel difference    r 5  g 0  b 0  a 0  (max 5)"), text)
        XCTAssertTrue(text.contains("mean absolute difference  0.6250"), text)
        XCTAssertTrue(text.contains("> 4: 1 (50.000%)"), text)
        XCTAssertTrue(text.contains("identical pixels          50.000%"), text)
        XCTAssertTrue(try ImageDifference.compare(a, a).description.contains("PSNR                      inf"))
    }

    func testJSONRoundTripIncludingInfinitePSNR() throws {
        let a = image([[0, 0, 0, 255], [0, 0, 0, 255]]), b = image([[0, 0, 0, 255], [5, 0, 0, 255]])
        for d in [try ImageDifference.compare(a, b), try ImageDifference.compare(a, a)] {
            let data = try JSONEncoder().encode(d)
            XCTAssertEqual(try JSONDecoder().decode(ImageDifference.self, from: data), d)
        }
        let identical = String(decoding: try JSONEncoder().encode(try ImageDifference.compare(a, a)), as: UTF8.self)
        XCTAssertTrue(identical.contains("\"psnr\":null"), identical)
    }
}
