// PVRFileWriter: serialises a PVRTCTexture as a PVR v3 file (52-byte header,
// metadata, levels largest first), refusing sizes and level data PVRTC1 cannot
// hold; file output goes through a temporary file and a rename.

import Foundation

extension PVRFile {
    /// The PVR v3 bytes of `texture`.
    /// - Throws: `PVRFileError.sizeNotRepresentable`, `.badMipCount` or `.levelSizeMismatch`.
    public static func write(_ texture: PVRTCTexture) throws -> [UInt8] {
        let w = texture.width, h = texture.height
        if let reason = PVRTCSize.problem(width: w, height: h) {
            throw PVRFileError.sizeNotRepresentable(width: w, height: h, reason: reason, offset: nil)
        }
        let maximum = PVRTCSize.fullMipCount(width: w, height: h)
        guard (1...maximum).contains(texture.levels.count) else {
            throw PVRFileError.badMipCount(texture.levels.count, maximum: maximum, offset: nil)
        }
        for (i, level) in texture.levels.enumerated() {
            let s = texture.levelSize(i)
            let expected = texture.bitsPerPixel.dataSize(width: s.width, height: s.height)
            if level.count != expected {
                throw PVRFileError.levelSizeMismatch(level: i, expected: expected, actual: level.count)
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(headerSize + texture.metadata.count + texture.compressedByteCount)
        out.appendLE(v3Magic)
        out.appendLE(UInt32(0))                                   // flags: not premultiplied
        let format: UInt64 = (texture.bitsPerPixel == .four ? 2 : 0) + (texture.hasAlpha ? 1 : 0)
        out.appendLE(format)
        out.appendLE(texture.colorSpace)
        out.appendLE(UInt32(0))                                   // channel type: unsigned byte, normalised
        out.appendLE(UInt32(h))
        out.appendLE(UInt32(w))
        out.appendLE(UInt32(1))                                   // depth
        out.appendLE(UInt32(1))                                   // surfaces
        out.appendLE(UInt32(1))                                   // faces
        out.appendLE(UInt32(texture.levels.count))
        out.appendLE(UInt32(texture.metadata.count))
        out += texture.metadata
        for level in texture.levels { out += level }
        return out
    }

    /// Writes `texture` to `path` atomically: a temporary file in the same folder,
    /// then a rename, so a failure never leaves a partial file behind.
    public static func write(_ texture: PVRTCTexture, to path: String) throws {
        let bytes: [UInt8]
        do { bytes = try write(texture) } catch let e as PVRFileError { throw PVRFileError.inFile(path, e) }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PVRFileError.inFile(path, .io("cannot write the file (\(error.localizedDescription))"))
        }
    }
}
