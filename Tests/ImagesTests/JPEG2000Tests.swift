// Tests for JPEG 2000 reading (OpenJPEG) against outside references: the
// fixtures of Fixtures/images/make_jpeg2000_images.sh are made by
// opj_compress from project PNGs, so lossless files must decode to exactly
// the source PNG's pixels, a lossy file to exactly opj_decompress's decode,
// a reduced decode to opj_decompress -r 1 exactly and to an independent 2×2
// box mean of the source within a stated bound; region decodes equal crops of
// the full decode; damaged files (truncated at every offset, corrupt coded
// data, broken boxes and markers) throw an ImageFileError naming the file and
// the byte offset, never crash, never return a partial image.

import Foundation
import XCTest
import TestSupport
@testable import Images

final class JPEG2000Tests: XCTestCase {
    static func path(_ name: String) -> String { JPEGTests.path(name) }
    static func bytes(_ name: String) throws -> [UInt8] { try JPEGTests.bytes(name) }
    static func invalid(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: JPEGTests.images.deletingLastPathComponent()
            .appendingPathComponent("invalid/images/\(name)")))
    }

    func maxDifference(_ a: Image, _ b: Image) -> Int {
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        guard a.pixels.count == b.pixels.count else { return 255 }
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    // MARK: Decoding against the source PNGs and opj_decompress

    func testLosslessFilesMatchTheirSourcePNGsExactly() throws {
        for (jp2, png) in [("photo.jp2", "photo.png"), ("photo-tiled.j2k", "photo.png"),
                           ("soft-circle.jp2", "soft-circle.png"), ("gray-alpha.jp2", "gray-alpha.png"),
                           ("gray16.j2k", "gray16.png")] {
            let decoded = try JPEG2000.read(path: Self.path(jp2))
            let source = try PNG.read(path: Self.path(png))
            XCTAssertEqual(maxDifference(decoded, source), 0, "\(jp2) against \(png)")
        }
    }

    func testFormatsAndInfo() throws {
        let photo = try JPEG2000.info(Self.bytes("photo.jp2"), name: "photo.jp2")
        XCTAssertEqual(photo.container, .jp2)
        XCTAssertEqual(photo.width, 128); XCTAssertEqual(photo.height, 96)
        XCTAssertEqual(photo.components.count, 3)
        XCTAssertEqual(photo.resolutionLevels, 4)
        XCTAssertEqual(photo.tilesAcross * photo.tilesDown, 1)
        let tiled = try JPEG2000.info(Self.bytes("photo-tiled.j2k"), name: "t.j2k")
        XCTAssertEqual(tiled.container, .codestream)
        XCTAssertEqual(tiled.tilesAcross, 4); XCTAssertEqual(tiled.tilesDown, 3)
        XCTAssertEqual(tiled.tileParts, 12)
        let gray16 = try JPEG2000.info(Self.bytes("gray16.j2k"), name: "g.j2k")
        XCTAssertEqual(gray16.components, [JPEG2000Component(precision: 16, signed: false, dx: 1, dy: 1)])
        XCTAssertEqual(try JPEG2000.info(Self.bytes("soft-circle.jp2")).components.count, 4)
    }

    func testLossyDecodeMatchesOpjDecompressExactly() throws {
        let decoded = try JPEG2000.read(path: Self.path("photo-lossy.jp2"))
        let outside = try PNG.read(path: Self.path("photo-lossy.opj.png"))
        XCTAssertEqual(maxDifference(decoded, outside), 0)
        // And it is lossy: not the source.
        XCTAssertGreaterThan(maxDifference(decoded, try PNG.read(path: Self.path("photo.png"))), 0)
    }

    func testReducedDecodeMatchesOpjDecompressAndABoxFilter() throws {
        let reduced = try JPEG2000.read(path: Self.path("photo.jp2"), reduce: 1)
        XCTAssertEqual(reduced.width, 64); XCTAssertEqual(reduced.height, 48)
        XCTAssertEqual(maxDifference(reduced, try PNG.read(path: Self.path("photo-r1.opj.png"))), 0)
        let source = try PNG.read(path: Self.path("photo.png"))
        // 1. The standard's own arithmetic, computed here from the source PNG: the
        // reversible colour transform, one level of the 5/3 lifting wavelet (T.800
        // Annex F, symmetric extension), the LL band, the inverse transform.
        let expected = Self.reversibleLL(source)
        XCTAssertLessThanOrEqual(maxDifference(reduced, expected), Self.liftingTolerance, "against the 5/3 LL band")
        // 2. An independent 2×2 box mean of the source. The 5/3 low-pass is not a box
        // (taps −1/8, 1/4, 3/4, 1/4, −1/8 centred on the even pixel), so hard edges
        // (the sun's rim, the hill line) differ a lot; the mean difference stays small.
        var total = 0
        for y in 0..<48 {
            for x in 0..<64 {
                for c in 0..<3 {
                    var sum = 0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        sum += Int(source.pixels[((2 * y + dy) * 128 + 2 * x + dx) * 4 + c])
                    }
                    total += abs(Int(reduced.pixels[(y * 64 + x) * 4 + c]) - (sum + 2) / 4)
                }
            }
        }
        let mean = Double(total) / Double(64 * 48 * 3)
        XCTAssertLessThanOrEqual(mean, Self.boxMeanTolerance, "mean difference from a 2×2 box mean")
        // Reductions beyond the levels the file has are refused.
        XCTAssertEqual(try JPEG2000.read(path: Self.path("photo.jp2"), reduce: 3).width, 16)
        XCTAssertThrowsError(try JPEG2000.read(path: Self.path("photo.jp2"), reduce: 4)) {
            XCTAssertTrue("\($0)".contains("the file has 4 resolution levels"), "\($0)")
        }
    }

    /// Measured: 0 (the lifting below is OpenJPEG's arithmetic exactly).
    static let liftingTolerance = 0
    /// Measured: 2.34 levels mean (max 93, at the sun's rim); bound 3.
    static let boxMeanTolerance = 3.0

    /// The half-resolution image a lossless (RCT + 5/3) JPEG 2000 file decodes to
    /// with one reduction, computed from the source pixels (opaque RGB, even sides).
    static func reversibleLL(_ image: Image) -> Image {
        let w = image.width, h = image.height
        func at(_ x: Int, _ y: Int, _ c: Int) -> Int { Int(image.pixels[(y * w + x) * 4 + c]) - 128 }
        func floorDiv(_ a: Int, _ b: Int) -> Int { Int((Double(a) / Double(b)).rounded(.down)) }
        // Forward RCT: Y = ⌊(R + 2G + B) / 4⌋, U = B − G, V = R − G.
        var planes = [[Int]](repeating: [Int](repeating: 0, count: w * h), count: 3)
        for y in 0..<h {
            for x in 0..<w {
                let r = at(x, y, 0), g = at(x, y, 1), b = at(x, y, 2)
                planes[0][y * w + x] = floorDiv(r + 2 * g + b, 4)
                planes[1][y * w + x] = b - g
                planes[2][y * w + x] = r - g
            }
        }
        // One level of the 5/3 lifting low-pass on a line of even length.
        func low(_ line: [Int]) -> [Int] {
            let n = line.count
            func x(_ i: Int) -> Int { line[i < n ? i : 2 * (n - 1) - i] }
            let d = (0..<n / 2).map { i in x(2 * i + 1) - floorDiv(x(2 * i) + x(2 * i + 2), 2) }
            return (0..<n / 2).map { i in x(2 * i) + floorDiv(d[max(i - 1, 0)] + d[i] + 2, 4) }
        }
        let hw = w / 2, hh = h / 2
        let ll = planes.map { p -> [Int] in
            // Vertical, then horizontal (OpenJPEG's order; both are exact integer steps).
            var columns = [Int](repeating: 0, count: w * hh)
            for x in 0..<w {
                let l = low((0..<h).map { p[$0 * w + x] })
                for y in 0..<hh { columns[y * w + x] = l[y] }
            }
            var out = [Int](repeating: 0, count: hw * hh)
            for y in 0..<hh {
                let l = low(Array(columns[y * w..<(y + 1) * w]))
                for x in 0..<hw { out[y * hw + x] = l[x] }
            }
            return out
        }
        var pixels = [UInt8](repeating: 255, count: hw * hh * 4)
        for i in 0..<hw * hh {
            // Inverse RCT: G = Y − ⌊(U + V) / 4⌋, R = V + G, B = U + G.
            let g = ll[0][i] - floorDiv(ll[1][i] + ll[2][i], 4)
            let rgb = [ll[2][i] + g, g, ll[1][i] + g]
            for c in 0..<3 { pixels[i * 4 + c] = UInt8(min(255, max(0, rgb[c] + 128))) }
        }
        return Image(width: hw, height: hh, pixels: pixels)
    }

    func testReductionForDrawnSize() throws {
        let info = try JPEG2000.info(Self.bytes("photo.jp2"))
        XCTAssertEqual(JPEG2000.reduction(for: info, atLeast: 128, height: 96), 0)
        XCTAssertEqual(JPEG2000.reduction(for: info, atLeast: 64, height: 48), 1)
        XCTAssertEqual(JPEG2000.reduction(for: info, atLeast: 63, height: 30), 1)
        XCTAssertEqual(JPEG2000.reduction(for: info, atLeast: 20, height: 10), 2)
        XCTAssertEqual(JPEG2000.reduction(for: info, atLeast: 1, height: 1), 3)  // the file's coarsest level
        let (image, r) = try ImageLoader.decodeReduced(Self.bytes("photo.jp2"), name: "p.jp2", atLeast: 40, height: 30)
        XCTAssertEqual(r, 1); XCTAssertEqual(image.width, 64)
        XCTAssertEqual(try ImageLoader.decodeReduced(Self.bytes("photo.png"), name: "p.png", atLeast: 40, height: 30).reduce, 0)
    }

    func testRegionDecodeEqualsCropOfTheFullDecode() throws {
        for name in ["photo-tiled.j2k", "photo.jp2"] {
            let full = try JPEG2000.read(path: Self.path(name))
            let region = JPEG2000Region(x: 20, y: 10, width: 50, height: 40)
            let part = try JPEG2000.read(path: Self.path(name), region: region)
            XCTAssertEqual(part.width, 50); XCTAssertEqual(part.height, 40)
            for y in 0..<40 {
                for x in 0..<50 { XCTAssertTrue(part[x, y] == full[20 + x, 10 + y], "\(name) at \(x),\(y)") }
            }
            // Region and reduction together: the region at half resolution.
            let small = try JPEG2000.read(path: Self.path(name), region: region, reduce: 1)
            XCTAssertEqual(small.width, 25); XCTAssertEqual(small.height, 20)
        }
        XCTAssertThrowsError(try JPEG2000.read(path: Self.path("photo.jp2"),
                                               region: JPEG2000Region(x: 100, y: 0, width: 50, height: 10))) {
            XCTAssertTrue("\($0)".contains("is not inside the 128×96 image"), "\($0)")
        }
    }

    func testSubsampledComponentsAreRefusedClearly() throws {
        XCTAssertThrowsError(try JPEG2000.decode(Self.bytes("photo-subsampled.j2k"), name: "s.j2k")) {
            XCTAssertEqual("\($0)", "s.j2k: unsupported JPEG 2000: component 0 is sub-sampled 2×2 "
                + "(only full-resolution components are decoded; re-encode without sub-sampling)")
        }
    }

    func testLoaderPicksJPEG2000BySignature() throws {
        let jp2 = try Self.bytes("photo.jp2"), j2k = try Self.bytes("photo-tiled.j2k")
        XCTAssertEqual(ImageLoader.format(of: jp2, name: "misnamed.png"), .jpeg2000)
        XCTAssertEqual(ImageLoader.format(of: j2k, name: "misnamed.jpg"), .jpeg2000)
        XCTAssertEqual(ImageLoader.format(of: [1, 2, 3], name: "x.J2K"), .jpeg2000)
        XCTAssertEqual(ImageLoader.format(of: [1, 2, 3], name: "x.jp2"), .jpeg2000)
        XCTAssertEqual(try ImageLoader.decode(jp2, name: "misnamed.png"), try JPEG2000.decode(jp2))
        XCTAssertThrowsError(try ImageLoader.decode([1, 2, 3], name: "x.jp2")) {
            XCTAssertTrue("\($0)".hasPrefix("x.jp2: corrupt JPEG 2000: expected the JP2 signature box"), "\($0)")
            XCTAssertTrue("\($0)".hasSuffix("(at byte offset 0)"), "\($0)")
        }
    }

    // MARK: Encoding (for the experiment), checked by the outside decoder's fixtures

    func testEncoderRoundTripsLosslessly() throws {
        let source = try PNG.read(path: Self.path("soft-circle.png"))
        for container in [JPEG2000Container.jp2, .codestream] {
            let bytes = try JPEG2000.encode(source, options: JPEG2000EncodeOptions(container: container))
            XCTAssertEqual(try JPEG2000.info(bytes).container, container)
            XCTAssertEqual(maxDifference(try JPEG2000.decode(bytes), source), 0)
        }
        let photo = try PNG.read(path: Self.path("photo.png"))
        let lossy = try JPEG2000.encode(photo, options: JPEG2000EncodeOptions(lossless: false, compressionRatio: 20))
        XCTAssertLessThan(lossy.count, 128 * 96 * 3 / 10)
        XCTAssertLessThanOrEqual(maxDifference(try JPEG2000.decode(lossy), photo), 40)
    }

    // MARK: Damaged input

    func assertFails(_ data: [UInt8], _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let image = try JPEG2000.decode(data, name: "photo.jp2")
            XCTFail("\(context): decoded to \(image.width)×\(image.height) instead of failing", file: file, line: line)
        } catch let e as ImageFileError {
            XCTAssertEqual(e.path, "photo.jp2", file: file, line: line)
            XCTAssertTrue("\(e)".hasPrefix("photo.jp2: "), "\(context): \(e)", file: file, line: line)
        } catch {
            XCTFail("\(context): not an ImageFileError: \(error)", file: file, line: line)
        }
    }

    func testTruncatedAtEveryOffsetFailsWithAnOffset() throws {
        for name in ["photo.jp2", "photo-tiled.j2k"] {
            let data = try Self.bytes(name)
            for cut in stride(from: 0, to: data.count, by: name == "photo.jp2" ? 1 : 3) {
                assertFails(Array(data.prefix(cut)), "\(name) cut at \(cut)")
            }
        }
        XCTAssertThrowsError(try JPEG2000.decode(Self.invalid("truncated.jp2"), name: "truncated.jp2")) {
            XCTAssertEqual("\($0)", "truncated.jp2: corrupt JPEG 2000: box 'jp2c' declares 5357 bytes but the file "
                + "ends at byte offset 2717 (truncated) (at byte offset 77)")
        }
        let tiled = try Self.bytes("photo-tiled.j2k")
        XCTAssertThrowsError(try JPEG2000.decode(Array(tiled.prefix(3000)), name: "t.j2k")) {
            XCTAssertTrue("\($0)".contains("declares") && "\($0)".contains("but the codestream ends at byte offset 3000 (truncated) (at byte offset "), "\($0)")
        }
    }

    func testCorruptCodedDataNamesTheOffsetReached() throws {
        XCTAssertThrowsError(try JPEG2000.decode(Self.invalid("corrupt.j2k"), name: "corrupt.j2k")) {
            let message = "\($0)"
            // make_jpeg2000_images.sh damaged tile 5, whose tile-part is bytes 2819..<3642.
            XCTAssertTrue(message.hasPrefix("corrupt.j2k: corrupt JPEG 2000: decoding: OpenJPEG: "), message)
            XCTAssertTrue(message.contains("Failed to decode tile 6/12"), message)  // OpenJPEG counts from 1
            XCTAssertTrue(message.hasSuffix("(in the tile-part that starts there; OpenJPEG had read up to byte offset 3642 of 7230) (at byte offset 2819)"), message)
        }
    }

    func testBrokenHeaders() throws {
        let data = try Self.bytes("photo-tiled.j2k")
        var bad = data
        bad[2] = 0x12  // SIZ marker damaged: no longer the codestream signature
        XCTAssertThrowsError(try JPEG2000.decode(bad, name: "t.j2k")) {
            XCTAssertTrue("\($0)".contains("(at byte offset 0)"), "\($0)")
        }
        bad = data
        bad[8] = 0x7F; bad[12] = 0x7F  // Xsiz, Ysiz ≈ 2^31 with 32×32 tiles: millions of tiles
        XCTAssertThrowsError(try JPEG2000.decode(bad, name: "t.j2k")) {
            XCTAssertTrue("\($0)".contains("tiles (at most 65536)"), "\($0)")
        }
        bad = data
        bad[11] = 0xA0  // 160 wide: 5 × 3 tiles, but the data has 4 × 3
        XCTAssertThrowsError(try JPEG2000.decode(bad, name: "t.j2k")) {
            XCTAssertTrue("\($0)".contains("the codestream has no data for tile 12 (12 of 15 tiles present)"), "\($0)")
        }
        bad = data
        bad[42] = 0x1F  // component 0: 32-bit samples
        XCTAssertThrowsError(try JPEG2000.decode(bad, name: "t.j2k")) {
            XCTAssertTrue("\($0)".contains("32-bit samples"), "\($0)")
        }
        // The first tile-part's length past the end.
        let sot = try XCTUnwrap((0..<data.count - 1).first { data[$0] == 0xFF && data[$0 + 1] == 0x90 })
        bad = data
        bad[sot + 6] = 0x10
        XCTAssertThrowsError(try JPEG2000.decode(bad, name: "t.j2k")) {
            XCTAssertTrue("\($0)".contains("tile-part 0 declares") && "\($0)".contains("(at byte offset \(sot))"), "\($0)")
        }
    }

    func testHugeHeaderIsRefusedBeforeDecoding() throws {
        // A lossless 16384×16384 single-tile image would need 1 GiB of samples per component:
        // a hand-made SIZ says so and nothing is allocated.
        var data = try Self.bytes("photo.jp2")
        let soc = try JPEG2000.info(data).codestreamOffset
        for (i, b) in [0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00].enumerated() { data[soc + 8 + i] = UInt8(b) }
        for i in 0..<8 { data[soc + 24 + i] = i % 4 == 1 ? 1 : 0 }  // tiles 65536 × 65536: one tile
        XCTAssertThrowsError(try JPEG2000.decode(data, name: "photo.jp2")) {
            XCTAssertEqual($0 as? ImageFileError, .tooLarge("photo.jp2", width: 65536, height: 65536, limit: "16384 pixels per side"))
        }
    }

    func testRandomAndMutatedBytesNeverCrash() throws {
        var rng = SplitMix64(seed: 2000)
        let seeds = [try Self.bytes("photo-tiled.j2k"), try Self.bytes("soft-circle.jp2")]
        for round in 0..<200 {
            var data = seeds[round % 2]
            for _ in 0..<(1 + Int(rng.next() % 8)) {
                data[Int(rng.next() % UInt64(data.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            _ = try? JPEG2000.decode(data, name: "photo.jp2")
            _ = try? JPEG2000.decode(data, name: "photo.jp2", reduce: 1)
        }
        for round in 0..<100 {
            var data = [UInt8](repeating: 0, count: Int(rng.next() % 300))
            for i in data.indices { data[i] = UInt8(truncatingIfNeeded: rng.next()) }
            if round % 2 == 0 && data.count >= 4 { data[0] = 0xFF; data[1] = 0x4F; data[2] = 0xFF; data[3] = 0x51 }
            assertFails(data, "random round \(round)")
        }
    }
}
