// Images: JPEG pixel decoding through libjpeg-turbo's TurboJPEG API
// (tjDecompressHeader3 / tjDecompress2). Why TurboJPEG and not jpeglib.h:
// libjpeg reports fatal errors through error_exit, which calls exit() unless
// the caller longjmps out, and neither may cross Swift frames. TurboJPEG
// catches them inside C and returns -1 with tjGetErrorStr2's message. Warnings
// (damaged entropy data, a premature end) count as errors here: with
// TJFLAG_STOPONWARNING libjpeg-turbo stops at the first one, so a damaged
// file never comes back as a half-grey image. Default settings otherwise
// (accurate integer IDCT, fancy upsampling), the same as Pillow's, so
// decodes match Pillow's libjpeg-turbo (see JPEGTests for the measured bound).

import CJPEG

enum JPEGDecoder {
    /// Decodes a stream already checked by ``JPEGMarkers/validate(_:name:)`` to opaque RGBA8.
    /// `shift` > 0 decodes at 1/2^shift of the size (TurboJPEG's DCT scaling, 1/2 … 1/8):
    /// ceil(width / 2^shift) × ceil(height / 2^shift), much faster than decoding whole.
    static func decode(_ data: [UInt8], header: JPEGHeader, name: String, shift: Int = 0) throws -> Image {
        guard let handle = tjInitDecompress() else {
            throw ImageFileError.unreadable(name, reason: "cannot start the JPEG decoder")
        }
        defer { tjDestroy(handle) }
        func failure() -> ImageFileError {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown libjpeg-turbo error"
            return .corruptJPEG(name, detail: message)
        }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerResult = data.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count),
                                &width, &height, &subsampling, &colorspace)
        }
        guard headerResult == 0 else { throw failure() }
        guard Int(width) == header.width, Int(height) == header.height else {
            throw ImageFileError.corruptJPEG(name, detail: "libjpeg-turbo disagrees about the size "
                + "(\(width)×\(height), the frame header says \(header.width)×\(header.height))")
        }
        switch colorspace {
        case Int32(TJCS_RGB.rawValue), Int32(TJCS_YCbCr.rawValue), Int32(TJCS_GRAY.rawValue): break
        default:
            throw ImageFileError.unsupported(name, format: "JPEG", detail: "CMYK or YCCK colour; convert it to RGB")
        }

        // Gray and colour both come out as RGBA with alpha 255 (libjpeg-turbo
        // replicates gray into R, G and B), which is already premultiplied.
        let d = 1 << max(0, min(3, shift))
        let ow = (header.width + d - 1) / d, oh = (header.height + d - 1) / d
        var pixels = [UInt8](repeating: 0, count: ow * oh * 4)
        let result = data.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { destination in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), destination.baseAddress,
                              Int32(ow), Int32(ow * 4), Int32(oh), Int32(TJPF_RGBA.rawValue), TJFLAG_STOPONWARNING)
            }
        }
        guard result == 0 else { throw failure() }
        return Image(width: ow, height: oh, pixels: pixels)
    }
}
