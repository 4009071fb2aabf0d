// Tests for PNG reading and writing: every PNG kind in Fixtures/png (made by
// Fixtures/png/make_pngs.py) decodes to exact premultiplied values computed
// here from the same formulas; damaged input of every sort throws
// ImageFileError and never crashes; write → read round-trips exactly; writes
// are atomic.

import Foundation
import XCTest
import TestSupport
@testable import Images

final class PNGTests: XCTestCase {
    // MARK: The generation formulas of make_pngs.py

    static let width = 9, height = 7

    static func v8(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 29 + y * 53 + c * 71 + x * y * 7) % 256 }
    static func v16(_ x: Int, _ y: Int, _ c: Int) -> Int {
        (x * 7919 + y * 15733 + c * 4099 + x * y * 257 + 255) % 65536
    }
    /// 16 → 8 bits with rounding: round(v · 255 / 65535).
    static func to8(_ v: Int) -> Int { (v * 255 + 32767) / 65535 }
    static func grayBits(_ x: Int, _ y: Int, _ bits: Int) -> Int { (x + 2 * y) % (1 << bits) }
    static func palette(_ i: Int) -> (Int, Int, Int) { ((i * 16) % 256, 255 - i * 16, (i * 37) % 256) }
    static let paletteAlpha = [0, 64, 128, 200, 255, 17]
    static func paletteIndex(_ x: Int, _ y: Int, _ bits: Int) -> Int { (x + y * 3) % (1 << bits) % 16 }

    /// The expected straight RGBA8 of a fixture at (x, y).
    static func expected(_ name: String, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        switch name {
        case "gray1": let g = grayBits(x, y, 1) * 255; return (g, g, g, 255)
        case "gray2": let g = grayBits(x, y, 2) * 85; return (g, g, g, 255)
        case "gray4": let g = grayBits(x, y, 4) * 17; return (g, g, g, 255)
        case "gray8": let g = v8(x, y, 0); return (g, g, g, 255)
        case "gray8_trns":
            let key = (x + y) % 4 == 0
            let g = key ? 0x55 : v8(x, y, 0)
            return (g, g, g, g == 0x55 ? 0 : 255)
        case "gray16": let g = to8(v16(x, y, 0)); return (g, g, g, 255)
        case "graya8": let g = v8(x, y, 0); return (g, g, g, v8(x, y, 3))
        case "graya16", "graya16_interlaced": let g = to8(v16(x, y, 0)); return (g, g, g, to8(v16(x, y, 3)))
        case "palette1":
            let p = palette(paletteIndex(x, y, 1)); return (p.0, p.1, p.2, 255)
        case "palette4_trns", "palette8_trns":
            let i = paletteIndex(x, y, 4), p = palette(i)
            return (p.0, p.1, p.2, i < paletteAlpha.count ? paletteAlpha[i] : 255)
        case "rgb8", "rgb8_interlaced", "rgb8_gama": return (v8(x, y, 0), v8(x, y, 1), v8(x, y, 2), 255)
        case "rgb8_trns":
            return (x + y) % 3 == 0 ? (10, 20, 30, 0) : (v8(x, y, 0), v8(x, y, 1), v8(x, y, 2), 255)
        case "rgb16", "rgb16_interlaced": return (to8(v16(x, y, 0)), to8(v16(x, y, 1)), to8(v16(x, y, 2)), 255)
        case "rgba8": return (v8(x, y, 0), v8(x, y, 1), v8(x, y, 2), v8(x, y, 3))
        case "rgba16", "rgba16_interlaced":
            return (to8(v16(x, y, 0)), to8(v16(x, y, 1)), to8(v16(x, y, 2)), to8(v16(x, y, 3)))
        default: fatalError("no formula for \(name)")
        }
    }

    static let fixtureNames = ["gray1", "gray2", "gray4", "gray8", "gray8_trns", "gray16", "graya8", "graya16",
                               "palette1", "palette4_trns", "palette8_trns", "rgb8", "rgb8_trns", "rgb16",
                               "rgba8", "rgba16", "rgb8_interlaced", "rgba16_interlaced", "rgb16_interlaced",
                               "graya16_interlaced", "rgb8_gama"]

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/png")

    static func fixturePath(_ name: String) -> String { fixtures.appendingPathComponent(name + ".png").path }
    static func fixtureBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixturePath(name))))
    }

    /// Premultiplies one straight pixel, independently of Image's own code.
    static func premultiply(_ p: (Int, Int, Int, Int)) -> [UInt8] {
        let a = p.3
        func m(_ c: Int) -> UInt8 { UInt8((c * a * 2 + 255) / 510) } // round(c·a/255)
        return [m(p.0), m(p.1), m(p.2), UInt8(a)]
    }

    // MARK: Every kind decodes exactly

    /// Interlaced 16-bit files with partial alpha go through libpng's premultiplied
    /// linear output (see PNGDecoder.readLinearWorkaround) and may be 1 off.
    static let approximate: Set<String> = ["rgba16_interlaced", "graya16_interlaced"]

    func testEveryFixtureDecodesToExactPremultipliedPixels() throws {
        for name in Self.fixtureNames {
            let image = try PNG.read(path: Self.fixturePath(name))
            XCTAssertEqual(image.width, Self.width, name)
            XCTAssertEqual(image.height, Self.height, name)
            var mismatches = 0, offByOne = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let want = Self.premultiply(Self.expected(name, x, y))
                    let g = image[x, y], got = [g.0, g.1, g.2, g.3]
                    if got == want { continue }
                    let within1 = zip(got, want).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
                    if Self.approximate.contains(name) && within1 { offByOne += 1; continue }
                    if mismatches < 3 { XCTFail("\(name) at (\(x), \(y)): got \(got), want \(want)") }
                    mismatches += 1
                }
            }
            XCTAssertEqual(mismatches, 0, "\(name): \(mismatches) pixels differ")
            XCTAssertLessThanOrEqual(offByOne, 2, "\(name): \(offByOne) pixels are 1 off")
        }
    }

    func testSixteenBitFixturesExerciseRoundingNotTruncation() {
        // The check above only proves rounding if truncation (v >> 8) would give another answer.
        var differs = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                for c in 0..<4 where Self.to8(Self.v16(x, y, c)) != Self.v16(x, y, c) >> 8 { differs += 1 }
            }
        }
        XCTAssertGreaterThan(differs, 20)
        XCTAssertEqual(Self.to8(255), 1)       // truncation gives 0
        XCTAssertEqual(Self.to8(65535), 255)
        XCTAssertEqual(Self.to8(32896), 128)   // 128.0 exactly
    }

    func testInterlacedAndGammaTaggedFilesMatchTheirPlainTwins() throws {
        let rgb8 = try PNG.read(path: Self.fixturePath("rgb8"))
        XCTAssertEqual(try PNG.read(path: Self.fixturePath("rgb8_interlaced")), rgb8)
        XCTAssertEqual(try PNG.read(path: Self.fixturePath("rgb8_gama")), rgb8)
        XCTAssertEqual(try PNG.read(path: Self.fixturePath("rgb16_interlaced")),
                       try PNG.read(path: Self.fixturePath("rgb16")))
    }

    // MARK: Damaged input

    func assertThrowsImageError(_ bytes: [UInt8], _ message: String = "",
                                file: StaticString = #filePath, line: UInt = #line,
                                check: (ImageFileError) -> Void = { _ in }) {
        do {
            _ = try PNG.decode(bytes, name: "t.png")
            XCTFail("decoded damaged input \(message)", file: file, line: line)
        } catch let e as ImageFileError {
            XCTAssertTrue(e.description.hasPrefix("t.png: "), e.description, file: file, line: line)
            check(e)
        } catch {
            XCTFail("unexpected error type \(error)", file: file, line: line)
        }
    }

    func testBadSignature() throws {
        var bytes = try Self.fixtureBytes("rgba8")
        bytes[1] = UInt8(ascii: "Q")
        assertThrowsImageError(bytes) { XCTAssertEqual($0, .notAPNG("t.png")) }
        assertThrowsImageError(Array("GIF89a not a png at all".utf8)) {
            XCTAssertEqual($0.description, "t.png: not a PNG file (bad signature at byte offset 0)")
        }
        assertThrowsImageError([]) { XCTAssertEqual($0, .corrupt("t.png", offset: nil, detail: "the file is empty")) }
    }

    func testEveryTruncationFails() throws {
        let bytes = try Self.fixtureBytes("rgba8")
        for n in 0..<bytes.count {
            assertThrowsImageError(Array(bytes[0..<n]), "truncated to \(n) bytes")
        }
        // The offset points at the cut chunk.
        assertThrowsImageError(Array(bytes[0..<50])) {
            guard case .corrupt(_, let offset?, let detail) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(offset, 33)
            XCTAssertTrue(detail.contains("IDAT") && detail.contains("truncated"), detail)
        }
    }

    func testBadCRCNamesTheChunkAndOffset() throws {
        var bytes = try Self.fixtureBytes("rgba8")
        let idatLength = Int(PNGChunks.readUInt32(bytes, 33))
        let crcOffset = 33 + 8 + idatLength
        bytes[crcOffset] ^= 0xFF
        assertThrowsImageError(bytes) {
            XCTAssertEqual($0, .corrupt("t.png", offset: crcOffset, detail: "IDAT: bad CRC"))
        }
    }

    func testDamagedCompressedDataReportsLibpngMessage() throws {
        var bytes = try Self.fixtureBytes("rgba8")
        let idatLength = Int(PNGChunks.readUInt32(bytes, 33))
        // Break the zlib stream's Adler-32 at the end of IDAT, then fix the chunk CRC.
        bytes[33 + 8 + idatLength - 1] ^= 0x5A
        Self.fixCRC(&bytes, chunkAt: 33)
        assertThrowsImageError(bytes) {
            guard case .corrupt(_, _, let detail) = $0 else { return XCTFail("\($0)") }
            XCTAssertFalse(detail.isEmpty)
            print("libpng says: \($0)")
        }
    }

    func testEmptyAndHugeHeadersFailWithoutAllocating() {
        assertThrowsImageError(Self.pngWithHeader(width: 0, height: 5)) {
            guard case .corrupt(_, _, let detail) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(detail.contains("empty"), detail)
        }
        assertThrowsImageError(Self.pngWithHeader(width: 100_000, height: 100_000)) {
            XCTAssertEqual($0, .tooLarge("t.png", width: 100_000, height: 100_000, limit: "16384 pixels per side"))
        }
        assertThrowsImageError(Self.pngWithHeader(width: 10_000, height: 10_000)) {
            guard case .tooLarge(_, 10_000, 10_000, let limit) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(limit.contains("\(ImageLimits.maxPixels)"), limit)
        }
        assertThrowsImageError(Self.pngWithHeader(width: 0x8000_0000, height: 1))
        assertThrowsImageError(Self.pngWithHeader(width: 4, height: 4, bitDepth: 3))
        assertThrowsImageError(Self.pngWithHeader(width: 4, height: 4, colorType: 5))
    }

    func testRandomBytesAndRandomCorruptionNeverCrash() throws {
        var rng = SplitMix64(seed: 42)
        for i in 0..<300 {
            let count = Int(rng.next() % 400)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if i % 2 == 0 { bytes = PNGChunks.signature + bytes }
            assertThrowsImageError(bytes, "random buffer \(i)")
        }
        // Corrupt the data inside valid chunks (CRCs fixed, so libpng sees the damage).
        for name in ["rgba8", "palette4_trns", "rgba16_interlaced", "gray1"] {
            let original = try Self.fixtureBytes(name)
            for _ in 0..<150 {
                var bytes = original
                for _ in 0...(rng.next() % 4) {
                    let at = 8 + Int(rng.next() % UInt64(bytes.count - 8))
                    bytes[at] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
                }
                Self.fixAllCRCs(&bytes)
                // Either a clean error or an image of the declared size; never a crash.
                do {
                    let image = try PNG.decode(bytes, name: "t.png")
                    XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
                } catch is ImageFileError {
                } catch {
                    XCTFail("unexpected error type \(error)")
                }
            }
        }
    }

    func testFileErrors() throws {
        XCTAssertThrowsError(try PNG.read(path: "/nonexistent/dir/x.png")) {
            XCTAssertEqual($0 as? ImageFileError, .fileNotFound("/nonexistent/dir/x.png"))
            XCTAssertEqual("\($0)", "/nonexistent/dir/x.png: file not found")
        }
        let dir = try Self.temporaryDirectory()
        XCTAssertThrowsError(try PNG.read(path: dir)) {
            guard case .unreadable(dir, _)? = $0 as? ImageFileError else { return XCTFail("\($0)") }
        }
    }

    // MARK: Writing

    func testRoundTripIsExactForValidPremultipliedPixels() throws {
        var rng = SplitMix64(seed: 7)
        var image = Image(width: 37, height: 23)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = UInt8(truncatingIfNeeded: rng.next())
            image.pixels[i + 3] = a
            for c in 0..<3 { image.pixels[i + c] = a == 0 ? 0 : UInt8(rng.next() % (UInt64(a) + 1)) }
        }
        XCTAssertEqual(try PNG.decode(try PNG.encode(image)), image)

        let dir = try Self.temporaryDirectory()
        let path = dir + "/out.png"
        try PNG.write(image, to: path)
        XCTAssertEqual(try PNG.read(path: path), image)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.png"])
    }

    func testEncodingRefusesEmptyImages() {
        XCTAssertThrowsError(try PNG.encode(Image(width: 0, height: 3)))
    }

    func testAtomicWriteReplacesAndLeavesNothingOnFailure() throws {
        let dir = try Self.temporaryDirectory()
        let path = dir + "/file.bin"
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write([4, 5], to: path)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), [4, 5])

        // Renaming over a non-empty directory fails: the temporary file must be gone.
        try FileManager.default.createDirectory(atPath: dir + "/sub/inner", withIntermediateDirectories: true)
        XCTAssertThrowsError(try AtomicFile.write([9], to: dir + "/sub")) {
            guard case .writeFailed(dir + "/sub", _)? = $0 as? ImageFileError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["file.bin", "sub"])

        XCTAssertThrowsError(try PNG.write(Image(width: 1, height: 1), to: dir + "/missing/x.png")) {
            XCTAssertTrue("\($0)".hasPrefix(dir + "/missing/x.png: cannot write file"), "\($0)")
        }
    }

    // MARK: Helpers

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "png-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(PNGChunks.crc32(body))
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// A PNG with the given IHDR and a tiny (wrong-sized) IDAT.
    static func pngWithHeader(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6) -> [UInt8] {
        let ihdr = bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0]
        return PNGChunks.signature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", [])
    }

    static func fixCRC(_ bytes: inout [UInt8], chunkAt pos: Int) {
        let length = Int(PNGChunks.readUInt32(bytes, pos))
        let crc = bigEndian(PNGChunks.crc32(bytes[(pos + 4)..<(pos + 8 + length)]))
        bytes.replaceSubrange((pos + 8 + length)..<(pos + 12 + length), with: crc)
    }

    /// Recomputes every chunk CRC it can walk to (stops at a length that runs off the end).
    static func fixAllCRCs(_ bytes: inout [UInt8]) {
        var pos = 8
        while pos + 12 <= bytes.count {
            let length = Int(PNGChunks.readUInt32(bytes, pos))
            guard length <= bytes.count - pos - 12 else { return }
            fixCRC(&bytes, chunkAt: pos)
            pos += 12 + length
        }
    }
}
