// ImagesTests: the Deep Zoom descriptor reader and the pyramid geometry.
// Expected values come from the Deep Zoom convention itself (level 0 is
// 1 × 1, the top level is ceil(log2(max side)), tiles NAME_files/L/C_R.ext
// with overlap on sides that have a neighbour), worked out by hand here.

import XCTest
@testable import Images

final class DeepZoomDescriptorTests: XCTestCase {
    let dzsave = """
    <?xml version="1.0" encoding="UTF-8"?>
    <Image xmlns="http://schemas.microsoft.com/deepzoom/2008"
      Format="jpeg"
      Overlap="1"
      TileSize="254"
      >
      <Size
        Height="1100"
        Width="1500"
      />
    </Image>

    """

    func parse(_ s: String) throws -> DeepZoomDescriptor {
        try DeepZoomDescriptor.parse(Array(s.utf8), name: "x.dzi")
    }

    func error(_ s: String) -> DeepZoomError? {
        do { _ = try parse(s); return nil } catch let e as DeepZoomError { return e } catch { return nil }
    }

    func testReadsWhatDzsaveWrites() throws {
        let d = try parse(dzsave)
        XCTAssertEqual(d.format, "jpeg")
        XCTAssertEqual(d.pyramid, TilePyramid(width: 1500, height: 1100, tileSize: 254, overlap: 1))
        // Our own writer's text reads back the same.
        XCTAssertEqual(try parse(d.xml), d)
        // Single quotes, attributes in any order, a comment, an explicit end tag.
        let other = try parse("<!-- c --><Image TileSize='256' Overlap='0' Format='png'><Size Width='3' Height='2'></Size></Image>")
        XCTAssertEqual(other.pyramid, TilePyramid(width: 3, height: 2, tileSize: 256, overlap: 0))
    }

    func testGeometryFollowsTheDeepZoomConvention() {
        let p = TilePyramid(width: 1500, height: 1100, tileSize: 254, overlap: 1)
        XCTAssertEqual(p.maxLevel, 11)  // 2^10 = 1024 < 1500 ≤ 2048 = 2^11
        XCTAssertEqual(p.levelSize(11).width, 1500)
        XCTAssertEqual(p.levelSize(10).width, 750); XCTAssertEqual(p.levelSize(10).height, 550)
        XCTAssertEqual(p.levelSize(9).width, 375); XCTAssertEqual(p.levelSize(9).height, 275)
        XCTAssertEqual(p.levelSize(8).width, 188); XCTAssertEqual(p.levelSize(8).height, 138)  // rounded up
        XCTAssertEqual(p.levelSize(0).width, 1); XCTAssertEqual(p.levelSize(0).height, 1)
        XCTAssertEqual(p.grid(11).columns, 6); XCTAssertEqual(p.grid(11).rows, 5)
        // Interior tile: core 254 plus 1 on each side.
        XCTAssertEqual(p.extent(TileID(level: 11, column: 1, row: 1)), PixelBox(x: 253, y: 253, width: 256, height: 256))
        // Top-left tile: no overlap on the left and top.
        XCTAssertEqual(p.extent(TileID(level: 11, column: 0, row: 0)), PixelBox(x: 0, y: 0, width: 255, height: 255))
        // Last column: 1500 − 5·254 = 230 core pixels, overlap on the left only.
        XCTAssertEqual(p.core(TileID(level: 11, column: 5, row: 0)).width, 230)
        XCTAssertEqual(p.extent(TileID(level: 11, column: 5, row: 0)), PixelBox(x: 1269, y: 0, width: 231, height: 255))
        let big = TilePyramid(width: 32768, height: 32768, tileSize: 256, overlap: 0)
        XCTAssertEqual(big.maxLevel, 15)
        XCTAssertEqual(big.grid(15).columns, 128)
        XCTAssertEqual(DeepZoomDescriptor.tilesFolder(forDescriptor: "/a/huge.dzi"), "/a/huge_files")
    }

    func testErrorsNameTheLineAndByteOffset() throws {
        let bad = dzsave.replacingOccurrences(of: "Overlap=\"1\"", with: "Overlap=\"one\"")
        let e = try XCTUnwrap(error(bad))
        XCTAssertEqual(e.line, 4)
        let offset = try XCTUnwrap(e.offset)
        XCTAssertEqual(Array(bad.utf8)[offset], UInt8(ascii: "o"), "the offset points at the bad value")
        XCTAssertEqual(e.description, "x.dzi: line 4 (byte offset \(offset)): Overlap=\"one\": expected a whole number")

        let cases: [(String, String)] = [
            ("", "unexpected end of file"),
            ("<Image Format=\"gif\" Overlap=\"1\" TileSize=\"254\"><Size Width=\"1\" Height=\"1\"/></Image>", "Format=\"gif\" is not supported"),
            ("<Image Format=\"png\" Overlap=\"1\"><Size Width=\"1\" Height=\"1\"/></Image>", "no TileSize attribute"),
            ("<Image Format=\"png\" Overlap=\"300\" TileSize=\"254\"><Size Width=\"1\" Height=\"1\"/></Image>", "Overlap=300 is out of range"),
            ("<Image Format=\"png\" Overlap=\"1\" TileSize=\"254\"></Image>", "no <Size> element"),
            ("<Image Format=\"png\" Overlap=\"1\" TileSize=\"254\"><Size Width=\"0\" Height=\"1\"/></Image>", "Width=0 is out of range"),
            ("<Image Format=\"png\" Overlap=\"1\" TileSize=\"254\"><Size Width=\"99999999999999\" Height=\"1\"/></Image>", "expected a whole number"),
            ("<Image Format=\"png\" Overlap=\"1\" TileSize=\"254\"><Size Width=\"2\" Height=\"1\"/>", "expected </Image>"),
            ("<Image Format=\"png\" Format=\"png\"", "appears twice"),
            ("<Collection/>", "expected the <Image> element"),
            ("<!DOCTYPE x><Image/>", "DOCTYPE"),
            ("<Image Format=\"png\" Overlap=\"1\" TileSize=\"254\"><Size Width=\"2\" Height=\"1\"/></Image>junk", "after </Image>"),
            ("<Image Format=\"png\" Overlap=\"1\" TileSize=\"254\"><Size Width=\"2\" Height=\"1\"/><Size Width=\"2\" Height=\"1\"/></Image>", "two <Size>"),
            ("<!-- never closed", "unterminated comment"),
        ]
        for (text, expected) in cases {
            let e = error(text)
            XCTAssertNotNil(e, text)
            XCTAssertTrue(e?.description.contains(expected) == true, "\(text): \(e?.description ?? "no error")")
            XCTAssertTrue(e?.description.hasPrefix("x.dzi: line ") == true, "\(text): names the file and line")
        }
    }

    func testEveryPrefixOfAValidFileFailsCleanly() {
        // Truncation at every byte: an error (or, at the very end, success), never a trap.
        let bytes = Array(dzsave.utf8)
        for n in 0..<bytes.count {
            let r = Result { try DeepZoomDescriptor.parse(Array(bytes[0..<n]), name: "x.dzi") }
            if case .success = r, n < bytes.count - 12 { XCTFail("a \(n)-byte prefix parsed") }
        }
    }

    func testFileReadingUsesRegularFilesOnly() throws {
        XCTAssertThrowsError(try DeepZoomDescriptor.read(path: "/dev/zero")) { e in
            XCTAssertTrue("\(e)".contains("not a regular file"), "\(e)")
        }
        XCTAssertThrowsError(try DeepZoomDescriptor.read(path: "/nonexistent/x.dzi")) { e in
            XCTAssertTrue("\(e)".hasPrefix("/nonexistent/x.dzi: "), "\(e)")
        }
    }
}
