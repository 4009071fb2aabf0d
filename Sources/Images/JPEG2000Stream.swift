// Images: the bridge between bytes in memory and OpenJPEG's opj_stream_t.
// OpenJPEG pulls data through read/skip/seek callbacks; these serve it from a
// Swift buffer, never past its end, and remember how far the decoder has
// read, so an error OpenJPEG reports can name the byte offset it had reached.
// The same object collects OpenJPEG's error and warning messages (its
// message callbacks receive it as client data). For encoding, the stream
// writes into a growing buffer (JP2 boxes are patched with seeks).

import COpenJPEG

/// OpenJPEG's handles (opj_codec_t and opj_stream_t are `void *`, passed by pointer).
typealias OPJCodec = UnsafeMutablePointer<opj_codec_t?>
typealias OPJStream = UnsafeMutablePointer<opj_stream_t?>

/// The state behind one opj_stream_t: the bytes, the position, and the messages.
final class JPEG2000Stream {
    /// Input bytes (decoding) or output bytes (encoding).
    var bytes: [UInt8]
    /// The next byte the stream serves or writes.
    var position = 0
    /// The furthest byte offset handed to OpenJPEG so far (also counting read-ahead).
    var furthest = 0
    /// Error messages from OpenJPEG, each with the stream position when it arrived
    /// (the current position, not ``furthest``: OpenJPEG reads ahead over the
    /// tile-parts to check their count, then seeks back).
    var errors: [(message: String, offset: Int)] = []
    var warnings: [String] = []

    /// Whether the stream reads `bytes` (decoding) or fills them (encoding).
    let input: Bool

    init(bytes: [UInt8], input: Bool) {
        self.bytes = bytes
        self.input = input
    }

    /// The OpenJPEG stream over `self`, for reading (`input`) or writing. The
    /// caller keeps `self` alive until opj_stream_destroy. A reading stream's
    /// buffer is one byte, so ``furthest`` is exactly what OpenJPEG has consumed
    /// (tile-part data, the bulk, is read straight into OpenJPEG's buffers
    /// whatever the size, so this costs only the small header reads).
    func makeStream(chunk: Int? = nil) -> OPJStream? {
        let chunk = chunk ?? (input ? 1 : 1 << 16)
        guard let stream = opj_stream_create(chunk, input ? 1 : 0) else { return nil }
        opj_stream_set_user_data(stream, Unmanaged.passUnretained(self).toOpaque(), nil)
        if input {
            opj_stream_set_user_data_length(stream, UInt64(bytes.count))
            opj_stream_set_read_function(stream) { buffer, count, user in
                let s = JPEG2000Stream.from(user)
                let n = min(count, s.bytes.count - s.position)
                guard n > 0, let buffer else { return -1 }  // (OPJ_SIZE_T)-1: end of stream
                s.bytes.withUnsafeBytes { raw in
                    buffer.copyMemory(from: raw.baseAddress! + s.position, byteCount: n)
                }
                s.position += n
                s.furthest = max(s.furthest, s.position)
                return n
            }
        } else {
            opj_stream_set_write_function(stream) { buffer, count, user in
                let s = JPEG2000Stream.from(user)
                guard let buffer else { return -1 }
                let end = s.position + count
                if end > s.bytes.count { s.bytes += [UInt8](repeating: 0, count: end - s.bytes.count) }
                s.bytes.withUnsafeMutableBytes { raw in
                    (raw.baseAddress! + s.position).copyMemory(from: buffer, byteCount: count)
                }
                s.position = end
                return count
            }
        }
        opj_stream_set_skip_function(stream) { count, user in
            let s = JPEG2000Stream.from(user)
            let target = s.position + Int(count)
            guard target >= 0 else { return -1 }
            // A reader cannot skip past its bytes: stop at the end and say so.
            if s.input && target > s.bytes.count {
                s.position = s.bytes.count
                s.furthest = s.position
                return -1
            }
            s.position = target
            return count
        }
        opj_stream_set_seek_function(stream) { offset, user in
            let s = JPEG2000Stream.from(user)
            guard offset >= 0, Int(offset) <= s.bytes.count else { return 0 }
            s.position = Int(offset)
            return 1
        }
        return stream
    }

    /// Routes a codec's error and warning messages into `self`.
    func attachMessages(to codec: OPJCodec) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        opj_set_error_handler(codec, { message, user in
            let s = JPEG2000Stream.from(user)
            s.errors.append((JPEG2000Stream.text(message), s.position))
        }, me)
        opj_set_warning_handler(codec, { message, user in
            JPEG2000Stream.from(user).warnings.append(JPEG2000Stream.text(message))
        }, me)
        opj_set_info_handler(codec, { _, _ in }, nil)
    }

    private static func from(_ user: UnsafeMutableRawPointer?) -> JPEG2000Stream {
        Unmanaged<JPEG2000Stream>.fromOpaque(user!).takeUnretainedValue()
    }

    private static func text(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown OpenJPEG error" }
        var s = Substring(String(cString: message))
        while let c = s.last, c.isWhitespace { s.removeLast() }
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        return String(s)
    }
}

