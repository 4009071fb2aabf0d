// Images: JPEG writing through libjpeg-turbo's TurboJPEG API (tjCompress2),
// for the image-loading experiment and test fixtures. Alpha is dropped (JPEG
// has none): the straight colour is encoded, so opaque images round-trip
// within JPEG's loss. 4:2:0 chroma subsampling, like most photographs.

import CJPEG

extension JPEG {
    /// Encodes `image` as a baseline JPEG at `quality` (1…100), 4:2:0.
    /// - Throws: ``ImageFileError/writeFailed(_:reason:)`` naming `name` when libjpeg-turbo fails.
    public static func encode(_ image: Image, quality: Int = 90, name: String = "<memory>") throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw ImageFileError.writeFailed(name, reason: "cannot encode an empty image as JPEG")
        }
        guard let handle = tjInitCompress() else {
            throw ImageFileError.writeFailed(name, reason: "cannot start the JPEG encoder")
        }
        defer { tjDestroy(handle) }
        let straight = image.straightRGBA
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let result = straight.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(image.width), Int32(image.width * 4), Int32(image.height),
                        Int32(TJPF_RGBA.rawValue), &buffer, &size, Int32(TJSAMP_420.rawValue),
                        Int32(min(100, max(1, quality))), 0)
        }
        defer { if let buffer { tjFree(buffer) } }
        guard result == 0, let buffer else {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown libjpeg-turbo error"
            throw ImageFileError.writeFailed(name, reason: message)
        }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
