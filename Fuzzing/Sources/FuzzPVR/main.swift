// Fuzz harness: the PVR reader and the PVRTC decoder. Inputs that start like
// a .pvr file (v3 magic, or anything long enough for a v2 header) go through
// the image loader and then every mip level is decoded; others drive the
// block decoder directly: the first byte picks the bit depth and a small
// power-of-two size, the rest is the block data.

import FuzzSupport
import Images
import PVRTC

func fuzzPVR(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let first = bytes.first else { return 0 }
    if first == 0x50 || bytes.count >= 52 {
        // "P" of the v3 magic "PVR\x03", or a v2 header: the file path.
        _ = try? ImageLoader.decodeKeepingPVRTC(bytes, name: "fuzz.pvr")
        if let texture = try? PVRFile.read(bytes) {
            for level in texture.levels.indices { _ = try? texture.decode(level: level) }
        }
    } else {
        let bpp: PVRTCBitsPerPixel = first & 1 == 0 ? .four : .two
        let width = 1 << Int((first >> 1) & 7), height = 1 << Int((first >> 4) & 7)
        _ = try? PVRTCDecoder.decode(Array(bytes.dropFirst()), width: width, height: height, bitsPerPixel: bpp)
    }
    return 0
}

runFuzzer { data, size in fuzzPVR(data, size) }
