// FuzzTargets: the image readers. PNG (libpng underneath) and JPEG
// (TurboJPEG) decode bytes to an Image; PVR inputs that start like a .pvr
// file go through the image loader and then every mip level is decoded,
// others drive the PVRTC block decoder directly (the first byte picks the
// bit depth and a small power-of-two size, the rest is block data).

import Images
import PVRTC

extension FuzzTarget {
    /// PNG bytes → Image.
    public static func png(_ bytes: [UInt8]) throws {
        _ = try PNG.decode(bytes, name: "fuzz.png")
    }

    /// JPEG bytes → Image.
    public static func jpeg(_ bytes: [UInt8]) throws {
        _ = try JPEG.decode(bytes, name: "fuzz.jpg")
    }

    /// A .pvr file (v3 magic "PVR\u{3}", or 52 bytes and more for a v2
    /// header) or raw PVRTC blocks → RGBA8.
    public static func pvr(_ bytes: [UInt8]) throws {
        guard let first = bytes.first else { return }
        if first == 0x50 || bytes.count >= PVRFile.headerSize {
            _ = try ImageLoader.decodeKeepingPVRTC(bytes, name: "fuzz.pvr")
            let texture = try PVRFile.read(bytes)
            for level in texture.levels.indices { _ = try texture.decode(level: level) }
        } else {
            let bpp: PVRTCBitsPerPixel = first & 1 == 0 ? .four : .two
            let width = 1 << Int((first >> 1) & 7), height = 1 << Int((first >> 4) & 7)
            _ = try PVRTCDecoder.decode(Array(bytes.dropFirst()), width: width, height: height, bitsPerPixel: bpp)
        }
    }
}
