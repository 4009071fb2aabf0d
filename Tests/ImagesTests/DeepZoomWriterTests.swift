// ImagesTests: writing Deep Zoom pyramids from strips, reading them back.
// The full-resolution level must hold exactly the original pixels (crops
// checked against the image we generated, not against our reader), each
// coarser pixel the rounded mean of the 2 × 2 pixels above it (computed
// here by hand from the original); the strip readers must decode exactly
// what the whole-image decoders (libpng's simplified API, TurboJPEG) do; a
// failed write leaves nothing behind and an older pyramid as it was.

import XCTest
import Foundation
@testable import Images

final class DeepZoomWriterTests: XCTestCase {
    func scratch() throws -> String {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("dzw-\(UUID())")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: u) }
        return u.path
    }

    /// A deterministic picture with varied colour and alpha.
    static func picture(_ w: Int, _ h: Int, alpha: Bool = true) -> Image {
        var straight = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                straight[i] = UInt8((x * 7 + y) & 255)
                straight[i + 1] = UInt8((y * 5 + x / 3) & 255)
                straight[i + 2] = UInt8(((x / 16 + y / 16) % 2) * 200 + 20)
                straight[i + 3] = alpha ? UInt8(128 + (x + y) % 128) : 255
            }
        }
        return Image(width: w, height: h, straightRGBA: straight)
    }

    func testFullLevelHoldsTheOriginalAndCoarserLevelsTheTwoByTwoMeans() throws {
        let dir = try scratch()
        let image = Self.picture(300, 170)
        let summary = try DeepZoomWriter.write(ImageRowSource(image), to: dir + "/p.dzi",
                                               options: .init(tileSize: 64, overlap: 1, format: .png))
        let source = try DeepZoomSource(path: dir + "/p.dzi")
        let p = source.pyramid
        XCTAssertEqual(p, TilePyramid(width: 300, height: 170, tileSize: 64, overlap: 1))
        var expectedTiles = 0
        for l in 0...p.maxLevel { expectedTiles += p.grid(l).columns * p.grid(l).rows }
        XCTAssertEqual(summary.tilesWritten, expectedTiles)
        // Top level: every tile is the exact crop of the original, overlap included.
        let top = p.maxLevel
        for r in 0..<p.grid(top).rows {
            for c in 0..<p.grid(top).columns {
                let id = TileID(level: top, column: c, row: r)
                let tile = try source.decodeTile(id)
                let e = p.extent(id)
                for y in stride(from: 0, to: e.height, by: 7) {
                    for x in stride(from: 0, to: e.width, by: 5) {
                        XCTAssertTrue(tile[x, y] == image[e.x + x, e.y + y], "\(id) at \(x),\(y)")
                    }
                }
            }
        }
        // One level down (150 × 85): the rounded mean of the 2 × 2 block, 1 × 2 at the odd bottom edge.
        func mean(_ x: Int, _ y: Int) -> [UInt8] {
            var sums = [Int](repeating: 0, count: 4), n = 0
            for yy in [2 * y, 2 * y + 1] where yy < image.height {
                for xx in [2 * x, 2 * x + 1] where xx < image.width {
                    let px = image[xx, yy]
                    sums[0] += Int(px.0); sums[1] += Int(px.1); sums[2] += Int(px.2); sums[3] += Int(px.3); n += 1
                }
            }
            return sums.map { UInt8(($0 + n / 2) / n) }
        }
        for (x, y) in [(0, 0), (63, 63), (64, 10), (149, 84), (100, 84), (149, 0)] {
            let id = TileID(level: top - 1, column: x / 64, row: y / 64)
            let e = p.extent(id)
            let px = try source.decodeTile(id)[x - e.x, y - e.y]
            XCTAssertEqual([px.0, px.1, px.2, px.3], mean(x, y), "level \(top - 1) at \(x),\(y)")
        }
        // The plain-image tile source cuts the same pyramid.
        let png = dir + "/p.png"
        try PNG.write(image, to: png)
        let plain = try ImageTileSource(path: png, tileSize: 64)
        for l in [0, 3, top - 2, top - 1, top] {
            for r in 0..<p.grid(l).rows {
                for c in 0..<p.grid(l).columns {
                    let id = TileID(level: l, column: c, row: r)
                    XCTAssertEqual(try plain.decodeTile(id), try source.decodeTile(id), "\(id)")
                }
            }
        }
        XCTAssertEqual(plain.filesOpened, 1, "the plain image is decoded once")
    }

    func testAJPEGNeededCoarselyIsDecodedScaledDown() throws {
        let dir = try scratch()
        // A smooth picture: DCT scaling and 2 × 2 means agree closely on it.
        var image = Image(width: 800, height: 600)
        for y in 0..<600 { for x in 0..<800 { image[x, y] = (UInt8(x * 255 / 799), UInt8(y * 255 / 599), 128, 255) } }
        try AtomicFile.write(try JPEG.encode(image, quality: 95), to: dir + "/s.jpg")
        let source = try ImageTileSource(path: dir + "/s.jpg", tileSize: 64)
        let p = source.pyramid
        XCTAssertEqual(p.maxLevel, 10)
        // Level 7 (100 × 75) is first made from a 1/8 decode: 100 × 75 = ceil(800 / 8) × ceil(600 / 8).
        let coarse = try source.decodeTile(TileID(level: 7, column: 0, row: 0))
        XCTAssertEqual(coarse.width, 65); XCTAssertEqual(coarse.height, 65)
        XCTAssertEqual(source.bytesHeld, 100 * 75 * 4, "only the 1/8 level is held, not the 800 × 600 image")
        // Against the 2 × 2-mean pyramid of the full decode: a few levels at most.
        var full = try JPEG.read(path: dir + "/s.jpg")
        for _ in 0..<3 { full = PyramidHalving.halve(full) }
        var worst = 0
        for y in 0..<65 { for x in 0..<65 {
            let a = coarse[x, y], b = full[x, y]
            worst = max(worst, abs(Int(a.0) - Int(b.0)), abs(Int(a.1) - Int(b.1)), abs(Int(a.2) - Int(b.2)))
        } }
        XCTAssertLessThanOrEqual(worst, 4)
        // A finer level later needs the full image (the top level is exact).
        let top = try source.decodeTile(TileID(level: 10, column: 2, row: 1))
        XCTAssertTrue(top[5, 5] == (try JPEG.read(path: dir + "/s.jpg"))[128 - 1 + 5, 64 - 1 + 5])
        XCTAssertEqual(source.filesOpened, 2)
    }

    func testStripReadersDecodeWhatTheWholeImageDecodersDo() throws {
        let dir = try scratch()
        let image = Self.picture(123, 77)
        try PNG.write(image, to: dir + "/a.png")
        try AtomicFile.write(try JPEG.encode(Self.picture(123, 77, alpha: false), quality: 85), to: dir + "/a.jpg")
        for file in ["a.png", "a.jpg"] {
            let whole = try ImageLoader.read(path: dir + "/" + file)
            let source = try ImageStripSource.open(path: dir + "/" + file)
            XCTAssertTrue(source is PNGStripSource || source is JPEGStripSource, "\(file) streams")
            var rows: [UInt8] = []
            var k = 1
            while rows.count < whole.pixels.count {
                let got = try source.readRows(k)
                XCTAssertFalse(got.isEmpty)
                rows += got
                k = k % 9 + 3
            }
            XCTAssertEqual(rows, whole.pixels, file)
        }
    }

    func testAFailedWriteLeavesNothingAndKeepsTheOlderPyramid() throws {
        let dir = try scratch()
        let out = dir + "/p.dzi"
        try DeepZoomWriter.write(ImageRowSource(Self.picture(90, 60)), to: out, options: .init(tileSize: 32, format: .png))
        let before = try String(contentsOfFile: out, encoding: .utf8)
        let tile = dir + "/p_files/7/0_0.png"
        let tileBytes = try Data(contentsOf: URL(fileURLWithPath: tile))
        // A JPEG cut short in its entropy data fails part-way through the rows.
        var jpeg = try JPEG.encode(Self.picture(400, 300, alpha: false), quality: 90)
        jpeg = Array(jpeg.prefix(jpeg.count / 2))
        try AtomicFile.write(jpeg, to: dir + "/cut.jpg")
        XCTAssertThrowsError(try DeepZoomWriter.write(try ImageStripSource.open(path: dir + "/cut.jpg"), to: out,
                                                      options: .init(tileSize: 32))) { e in
            XCTAssertTrue("\(e)".contains("cut.jpg"), "\(e)")
        }
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), before)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: tile)), tileBytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["cut.jpg", "p.dzi", "p_files"],
                       "no temporary folder is left")
        // And with no older pyramid: nothing at all.
        XCTAssertThrowsError(try DeepZoomWriter.write(try ImageStripSource.open(path: dir + "/cut.jpg"), to: dir + "/q.dzi",
                                                      options: .init(tileSize: 32)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/q.dzi"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/q_files"))
    }

    func testRowMemoryStaysNearATileRowWhateverTheHeight() throws {
        let dir = try scratch()
        // 64 × 4000: the rows held stay bounded by the tile size and the strip, not the height.
        let s = try DeepZoomWriter.write(ImageRowSource(Self.picture(64, 4000)), to: dir + "/t.dzi",
                                         options: .init(tileSize: 64, overlap: 1, format: .png))
        XCTAssertLessThan(s.peakRowBytes, 64 * 4 * 2 * (64 + 2 + 64) * 2, "\(s.peakRowBytes) bytes of rows held")
    }
}
