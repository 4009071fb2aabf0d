// Tests for JPEG reading and ImageLoader: the fixtures of
// Fixtures/images/make_jpeg_images.py decode to within the measured bound of
// Pillow's decode of the same files (the *.pillow.png beside them); gray,
// progressive and restart-marker files decode; damaged input of every sort
// (truncation at every offset, broken markers, random bytes) throws an
// ImageFileError naming the file and never crashes or returns a half image.

import Foundation
import XCTest
import TestSupport
@testable import Images

final class JPEGTests: XCTestCase {
    static let images = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")
    static func path(_ name: String) -> String { images.appendingPathComponent(name).path }
    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: images.appendingPathComponent(name))) }

    /// Largest per-channel difference between two images of the same size.
    func maxDifference(_ a: Image, _ b: Image) -> Int {
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        guard a.pixels.count == b.pixels.count else { return 255 }
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    // MARK: Decoding against Pillow

    /// Pillow 13 (its wheel's libjpeg-turbo 3.2.0) against Debian's libjpeg-turbo
    /// 2.1.5 through TurboJPEG, both with default settings (accurate integer IDCT,
    /// fancy upsampling). Measured: identical, max difference 0 for every fixture,
    /// baseline, progressive, gray and restart markers alike. libjpeg-turbo keeps
    /// its SIMD islow IDCT and upsampling bit-exact with the C code, so 0 is
    /// asserted; a failure here means other decode settings, not noise.
    static let pillowTolerance = 0

    func testDecodesLikePillow() throws {
        for name in ["photo", "photo-progressive", "photo-gray", "photo-restart"] {
            let image = try JPEG.read(path: Self.path(name + ".jpg"))
            XCTAssertEqual(image.width, 96, name)
            XCTAssertEqual(image.height, 64, name)
            let pillow = try PNG.read(path: Self.path(name + ".pillow.png"))
            let d = maxDifference(image, pillow)
            XCTAssertLessThanOrEqual(d, Self.pillowTolerance, "\(name): max difference \(d) from Pillow's decode")
            XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 },
                          "\(name): JPEG pixels must be opaque")
        }
    }

    func testKnownPixels() throws {
        let image = try JPEG.read(path: Self.path("photo.jpg"))
        // Inside the sun disc (generated as 255, 220, 90) and on the hill (green):
        // JPEG keeps flat areas within a few levels.
        let sun = image[70, 16]
        XCTAssertLessThanOrEqual(abs(Int(sun.0) - 255), 6); XCTAssertLessThanOrEqual(abs(Int(sun.1) - 220), 6)
        XCTAssertLessThanOrEqual(abs(Int(sun.2) - 90), 8)
        let hill = image[20, 60]
        XCTAssertGreaterThan(Int(hill.1), Int(hill.0) + 40)
        XCTAssertGreaterThan(Int(hill.1), Int(hill.2) + 40)
    }

    func testGrayscaleBecomesRGB() throws {
        let image = try JPEG.read(path: Self.path("photo-gray.jpg"))
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            XCTAssertEqual(image.pixels[i], image.pixels[i + 1])
            XCTAssertEqual(image.pixels[i], image.pixels[i + 2])
            XCTAssertEqual(image.pixels[i + 3], 255)
        }
    }

    func testProgressiveMatchesBaselinePixels() throws {
        let header = try JPEGMarkers.validate(Self.bytes("photo-progressive.jpg"), name: "p.jpg")
        XCTAssertTrue(header.progressive)
        XCTAssertGreaterThan(header.scans, 1)
        let baseline = try JPEG.read(path: Self.path("photo.jpg"))
        let progressive = try JPEG.read(path: Self.path("photo-progressive.jpg"))
        // Same quantisation, same coefficients; only the scan order differs.
        XCTAssertEqual(maxDifference(baseline, progressive), 0)
    }

    func testCMYKIsUnsupported() throws {
        XCTAssertThrowsError(try JPEG.decode(Self.bytes("photo-cmyk.jpg"), name: "photo-cmyk.jpg")) {
            XCTAssertEqual("\($0)", "photo-cmyk.jpg: unsupported JPEG: CMYK or YCCK colour (4 components); convert it to RGB")
        }
    }

    // MARK: ImageLoader

    func testLoaderPicksDecoderBySignature() throws {
        let jpeg = try Self.bytes("photo.jpg")
        let png = try Self.bytes("photo-mask.png")
        XCTAssertEqual(ImageLoader.format(of: jpeg, name: "misnamed.png"), .jpeg)
        XCTAssertEqual(ImageLoader.format(of: png, name: "misnamed.jpg"), .png)
        XCTAssertEqual(ImageLoader.format(of: [1, 2, 3], name: "x.JPG"), .jpeg)
        XCTAssertNil(ImageLoader.format(of: [1, 2, 3], name: "x.gif"))
        XCTAssertEqual(try ImageLoader.decode(jpeg, name: "misnamed.png"), try JPEG.decode(jpeg))
        XCTAssertThrowsError(try ImageLoader.decode([1, 2, 3], name: "x.gif")) {
            XCTAssertEqual("\($0)", "x.gif: not a PNG, JPEG, JPEG 2000 or PVR file (unrecognized signature at byte offset 0)")
        }
        XCTAssertThrowsError(try ImageLoader.decode([1, 2, 3], name: "x.jpg")) {
            XCTAssertEqual($0 as? ImageFileError, .notAJPEG("x.jpg"))
        }
        XCTAssertThrowsError(try ImageLoader.read(path: "/nonexistent/photo.jpg")) {
            XCTAssertEqual("\($0)", "/nonexistent/photo.jpg: file not found")
        }
    }

    // MARK: Damaged input

    /// Every error is an ImageFileError whose message starts with the file's name.
    func assertFails(_ data: [UInt8], _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let image = try JPEG.decode(data, name: "photo.jpg")
            XCTFail("\(context): decoded to \(image.width)×\(image.height) instead of failing", file: file, line: line)
        } catch let e as ImageFileError {
            XCTAssertEqual(e.path, "photo.jpg", file: file, line: line)
            XCTAssertTrue("\(e)".hasPrefix("photo.jpg: "), "\(context): \(e)", file: file, line: line)
        } catch {
            XCTFail("\(context): not an ImageFileError: \(error)", file: file, line: line)
        }
    }

    func testTruncatedAtEveryOffsetFails() throws {
        let data = try Self.bytes("photo.jpg")
        for cut in 0..<data.count { assertFails(Array(data.prefix(cut)), "cut at \(cut)") }
        let progressive = try Self.bytes("photo-progressive.jpg")
        for cut in stride(from: 0, to: progressive.count - 1, by: 7) {
            assertFails(Array(progressive.prefix(cut)), "progressive cut at \(cut)")
        }
    }

    func testTruncationMessages() throws {
        let data = try Self.bytes("photo.jpg")
        // The SOF0 segment: its length runs past a file cut just after the marker's length bytes.
        let sof = try XCTUnwrap(markerOffset(data, 0xC0))
        XCTAssertThrowsError(try JPEG.decode(Array(data.prefix(sof + 6)), name: "photo.jpg")) {
            XCTAssertEqual("\($0)", "photo.jpg: corrupt JPEG: segment 0xC0 at byte offset \(sof) runs past the end of the file")
        }
        XCTAssertThrowsError(try JPEG.decode(Array(data.prefix(data.count / 2)), name: "photo.jpg")) {
            XCTAssertTrue("\($0)".contains("the file ends inside the image data of the scan"), "\($0)")
        }
        XCTAssertThrowsError(try JPEG.decode([0xFF, 0xD8, 0xFF, 0xD9], name: "photo.jpg")) {
            XCTAssertTrue("\($0)".contains("EOI at byte offset 2 before any frame header"), "\($0)")
        }
    }

    func testCorruptMarkers() throws {
        let data = try Self.bytes("photo.jpg")
        let sof = try XCTUnwrap(markerOffset(data, 0xC0))
        var bad = data
        bad[sof + 2] = 0; bad[sof + 3] = 1  // segment length 1
        XCTAssertThrowsError(try JPEG.decode(bad, name: "photo.jpg")) {
            XCTAssertTrue("\($0)".contains("segment 0xC0 at byte offset \(sof) has an invalid length 1"), "\($0)")
        }
        bad = data
        bad[sof + 2] = 0xFF  // segment length far past the end
        assertFails(bad, "huge SOF length")
        bad = data
        bad[sof + 5] = 0xFF; bad[sof + 6] = 0xFF; bad[sof + 7] = 0xFF; bad[sof + 8] = 0xFF  // 65535 × 65535
        XCTAssertThrowsError(try JPEG.decode(bad, name: "photo.jpg")) {
            XCTAssertEqual($0 as? ImageFileError,
                           .tooLarge("photo.jpg", width: 65535, height: 65535, limit: "16384 pixels per side"))
        }
        bad = data
        bad[sof + 9] = 4  // four components in a segment sized for three
        assertFails(bad, "component count")
        bad = data
        bad[sof + 4] = 12  // 12-bit precision
        assertFails(bad, "12-bit")
        // A marker byte where a segment should start.
        bad = data
        bad[2] = 0x12
        XCTAssertThrowsError(try JPEG.decode(bad, name: "photo.jpg")) {
            XCTAssertTrue("\($0)".contains("expected a marker at byte offset 2"), "\($0)")
        }
        // No SOS: the SOS marker renamed to an APP segment, its data then is not a marker.
        let sos = try XCTUnwrap(markerOffset(data, 0xDA))
        bad = data
        bad[sos + 1] = 0xE5
        assertFails(bad, "no SOS")
        // Damaged entropy data (valid markers): libjpeg-turbo's warning becomes an error.
        bad = data
        for i in stride(from: sos + 20, to: data.count - 40, by: 3) where bad[i] != 0xFF && bad[i - 1] != 0xFF {
            bad[i] = 0xFF; bad[i + 1] = 0xD3  // restart markers where none belong
        }
        XCTAssertNoThrow(try JPEGMarkers.validate(bad, name: "photo.jpg"))  // the markers are fine …
        XCTAssertThrowsError(try JPEG.decode(bad, name: "photo.jpg")) {  // … libjpeg-turbo's warning is the error
            XCTAssertTrue("\($0)".hasPrefix("photo.jpg: corrupt JPEG: Corrupt JPEG data"), "\($0)")
        }
    }

    func testRandomBytesNeverCrash() {
        var rng = SplitMix64(seed: 8)
        for round in 0..<300 {
            var data = [UInt8](repeating: 0, count: Int(rng.next() % 400))
            for i in data.indices { data[i] = UInt8(truncatingIfNeeded: rng.next()) }
            if round % 2 == 0 && data.count >= 3 { data[0] = 0xFF; data[1] = 0xD8; data[2] = 0xFF }
            assertFails(data, "random round \(round)")
        }
    }

    func testBitFlipsNeverCrash() throws {
        let data = try Self.bytes("photo.jpg")
        var rng = SplitMix64(seed: 14)
        for _ in 0..<300 {
            var bad = data
            for _ in 0..<3 { bad[Int(rng.next() % UInt64(bad.count))] ^= UInt8(1 << (rng.next() % 8)) }
            // A flip may leave a decodable file; it must then be the full size, never half an image.
            if let image = try? JPEG.decode(bad, name: "photo.jpg") {
                XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
            }
        }
    }

    func testFixtureTruncatedJPEG() {
        XCTAssertThrowsError(try ImageLoader.read(path: Self.images.appendingPathComponent("../invalid/images/truncated.jpg").path)) {
            XCTAssertTrue("\($0)".contains("truncated.jpg: corrupt JPEG"), "\($0)")
        }
    }

    /// The byte offset of the first 0xFF `marker` outside entropy data (good enough for these fixtures).
    private func markerOffset(_ data: [UInt8], _ marker: UInt8) -> Int? {
        var i = 2
        while i + 3 < data.count {
            guard data[i] == 0xFF else { return nil }
            if data[i + 1] == marker { return i }
            i += 2 + (Int(data[i + 2]) << 8 | Int(data[i + 3]))
        }
        return nil
    }
}
