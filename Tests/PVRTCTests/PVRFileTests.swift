// PVRFileTests: .pvr v3 write/read round trips (mips, metadata), a hand-built
// legacy v2 file, the exact error messages, and the writer's refusals.

import XCTest
import TestSupport
import PVRTC

final class PVRFileTests: XCTestCase {
    func randomBytes(_ n: Int, _ rng: inout SplitMix64) -> [UInt8] {
        (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    /// 64×64 4bpp RGBA, full chain: levels 64, 32, 16, 8, 4, 2, 1 → 2048, 512, 128, 32, 32, 32, 32 bytes.
    func sampleTexture() -> PVRTCTexture {
        var rng = SplitMix64(seed: 42)
        let sizes = [2048, 512, 128, 32, 32, 32, 32]
        return PVRTCTexture(bitsPerPixel: .four, hasAlpha: true, width: 64, height: 64,
                            levels: sizes.map { randomBytes($0, &rng) }, colorSpace: 1,
                            metadata: randomBytes(20, &rng))
    }

    func u32(_ b: [UInt8], _ o: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[o + $1]) << (8 * UInt32($1)) }
    }

    func put(_ v: UInt32, _ b: inout [UInt8], _ o: Int) {
        for k in 0..<4 { b[o + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(k))) }
    }

    func testV3RoundTripWithMipsAndMetadata() throws {
        let tex = sampleTexture()
        let bytes = try PVRFile.write(tex)
        XCTAssertEqual(bytes.count, 52 + 20 + 2048 + 512 + 128 + 4 * 32)
        XCTAssertEqual(u32(bytes, 0), 0x0352_5650)
        XCTAssertEqual(u32(bytes, 8), 3)      // PVRTC 4bpp RGBA
        XCTAssertEqual(u32(bytes, 24), 64)    // height
        XCTAssertEqual(u32(bytes, 28), 64)    // width
        XCTAssertEqual(u32(bytes, 44), 7)     // mip count
        XCTAssertEqual(u32(bytes, 48), 20)    // metadata size
        XCTAssertEqual(Array(bytes[72..<80]), Array(tex.levels[0][0..<8]))
        XCTAssertEqual(try PVRFile.read(bytes), tex)
        XCTAssertEqual(tex.compressedByteCount, 2048 + 512 + 128 + 128)
        XCTAssertEqual(tex.rgba8ByteCount, 4 * (4096 + 1024 + 256 + 64 + 16 + 4 + 1))
    }

    func testV3TwoBppRGBRoundTripAndFileIO() throws {
        var rng = SplitMix64(seed: 5)
        let tex = PVRTCTexture(bitsPerPixel: .two, hasAlpha: false, width: 32, height: 32,
                               levels: [randomBytes(256, &rng), randomBytes(64, &rng)])
        let path = NSTemporaryDirectory() + "pvrtc-test-\(getpid()).pvr"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PVRFile.write(tex, to: path)
        XCTAssertEqual(try PVRFile.read(path: path), tex)
        XCTAssertEqual(u32(try PVRFile.write(tex), 8), 0)   // PVRTC 2bpp RGB
    }

    /// Rectangular power-of-two textures (PVR v3 and PowerVR hardware allow them):
    /// written with the right width and height fields and level sizes, read back equal.
    func testNonSquareRoundTrip() throws {
        var rng = SplitMix64(seed: 9)
        for (w, h, bpp) in [(128, 32, PVRTCBitsPerPixel.four), (32, 128, .four), (64, 16, .two), (16, 64, .two)] {
            let mips = PVRTCSize.fullMipCount(width: w, height: h)
            let levels = (0..<mips).map { i in
                randomBytes(bpp.dataSize(width: max(1, w >> i), height: max(1, h >> i)), &rng)
            }
            let tex = PVRTCTexture(bitsPerPixel: bpp, hasAlpha: true, width: w, height: h, levels: levels)
            let bytes = try PVRFile.write(tex)
            XCTAssertEqual(u32(bytes, 24), UInt32(h), "\(w)×\(h)")
            XCTAssertEqual(u32(bytes, 28), UInt32(w), "\(w)×\(h)")
            XCTAssertEqual(u32(bytes, 44), UInt32(mips), "\(w)×\(h)")
            XCTAssertEqual(try PVRFile.read(bytes), tex, "\(w)×\(h)")
            XCTAssertEqual(try tex.decode().width, w)
            XCTAssertEqual(try tex.decode().height, h)
        }
    }

    func testLegacyV2HandBuiltHeader() throws {
        // 32×32 2bpp with one extra mip: 32×32 → (32/8)·(32/4)·8 = 256 bytes; 16×16 → 64 bytes.
        var bytes: [UInt8] = []
        for v: UInt32 in [52, 32, 32, 1, 0x18 | 0x8000, 320, 2, 0, 0, 0, 0, 0x2152_5650, 1] {
            for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) }
        }
        let level0 = [UInt8](repeating: 0xAB, count: 256), level1 = [UInt8](repeating: 0xCD, count: 64)
        let tex = try PVRFile.read(bytes + level0 + level1)
        XCTAssertEqual(tex.bitsPerPixel, .two)
        XCTAssertTrue(tex.hasAlpha)
        XCTAssertEqual(tex.width, 32)
        XCTAssertEqual(tex.levels, [level0, level1])
        // Same file typed PVRTC4 (0x19) without the alpha flag or mask: 512 + 128 bytes needed.
        put(0x19, &bytes, 16)
        let tex4 = try PVRFile.read(bytes + [UInt8](repeating: 1, count: 640))
        XCTAssertEqual(tex4.bitsPerPixel, .four)
        XCTAssertFalse(tex4.hasAlpha)
        XCTAssertThrowsError(try PVRFile.read(bytes + level0 + level1)) { e in
            XCTAssertEqual(e as? PVRFileError, .truncated(.mipLevel(0), expected: 512, remaining: 320, at: 52))
        }
    }

    func testTruncatedLevelMessageNamesFileLevelAndOffset() throws {
        var tex = sampleTexture()
        tex.metadata = []
        tex.levels = Array(tex.levels[0..<3])
        let bytes = try PVRFile.write(tex)
        // level 0 at 52 (2048 bytes), level 1 at 2100 (512), level 2 at 2612 (128).
        let cut = Array(bytes[0..<(2612 + 100)])
        XCTAssertThrowsError(try PVRFile.read(cut)) { e in
            XCTAssertEqual(e as? PVRFileError, .truncated(.mipLevel(2), expected: 128, remaining: 100, at: 2612))
            XCTAssertEqual(PVRFileError.inFile("file.pvr", e as! PVRFileError).description,
                           "file.pvr: truncated mip level 2 at byte offset 2612: needs 128 bytes, 100 remain")
        }
    }

    func testHeaderErrors() throws {
        let good = try PVRFile.write(sampleTexture())
        func expect(_ bytes: [UInt8], _ error: PVRFileError, line: UInt = #line) {
            XCTAssertThrowsError(try PVRFile.read(bytes), line: line) { e in
                XCTAssertEqual(e as? PVRFileError, error, line: line)
            }
        }
        expect(Array(good[0..<30]), .truncated(.header, expected: 52, remaining: 30, at: 0))
        expect([1, 2], .truncated(.header, expected: 52, remaining: 2, at: 0))
        var b = good; put(0x1234, &b, 0)
        expect(b, .badMagic(found: 0x1234))
        b = good; put(7, &b, 8)
        expect(b, .unsupportedPixelFormat(7, offset: 8))
        b = good; put(1, &b, 12)
        expect(b, .unsupportedPixelFormat(0x1_0000_0003, offset: 8))
        b = good; put(48, &b, 24); put(48, &b, 28)
        expect(b, .sizeNotRepresentable(width: 48, height: 48, reason: "not a power of two", offset: 24))
        b = good; put(48, &b, 24)
        expect(b, .sizeNotRepresentable(width: 64, height: 48, reason: "not a power of two", offset: 24))
        b = good; put(0, &b, 24); put(0, &b, 28)
        expect(b, .sizeNotRepresentable(width: 0, height: 0, reason: "zero or negative size", offset: 24))
        b = good; put(16384, &b, 24); put(16384, &b, 28)
        expect(b, .sizeNotRepresentable(width: 16384, height: 16384, reason: "larger than 8192", offset: 24))
        b = good; put(6, &b, 40)
        expect(b, .unsupportedLayout(field: "face count", value: 6, offset: 40))
        b = good; put(8, &b, 44)
        expect(b, .badMipCount(8, maximum: 7, offset: 44))
        b = good; put(100_000, &b, 48)
        expect(b, .truncated(.metadata, expected: 100_000, remaining: good.count - 52, at: 52))
        XCTAssertEqual(PVRFileError.unsupportedPixelFormat(7, offset: 8).description,
                       "unsupported pixel format 0x7 at byte offset 8 (only PVRTC1 2bpp/4bpp RGB/RGBA are read)")
    }

    func testWriterRefusesWhatTheFormatCannotHold() {
        var tex = sampleTexture()
        tex.height = 24
        XCTAssertThrowsError(try PVRFile.write(tex)) { e in
            XCTAssertEqual(e as? PVRFileError,
                           .sizeNotRepresentable(width: 64, height: 24, reason: "not a power of two", offset: nil))
        }
        tex = sampleTexture()
        tex.levels[1].removeLast()
        XCTAssertThrowsError(try PVRFile.write(tex)) { e in
            XCTAssertEqual(e as? PVRFileError, .levelSizeMismatch(level: 1, expected: 512, actual: 511))
        }
        tex = sampleTexture()
        tex.levels.append([UInt8](repeating: 0, count: 32))
        XCTAssertThrowsError(try PVRFile.write(tex))
    }
}
