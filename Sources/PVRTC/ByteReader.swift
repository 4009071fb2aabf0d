// ByteReader: bounds-checked little-endian reads over a byte array, so the .pvr
// reader can never index past the end of a truncated or hostile file.

struct ByteReader {
    let bytes: [UInt8]

    /// Bytes available from `offset` to the end (0 when past the end).
    func remaining(from offset: Int) -> Int { max(0, bytes.count - offset) }

    /// The little-endian u32 at `offset`, or nil when fewer than 4 bytes remain.
    func u32(_ offset: Int) -> UInt32? {
        guard offset >= 0, remaining(from: offset) >= 4 else { return nil }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    /// The little-endian u64 at `offset`, or nil when fewer than 8 bytes remain.
    func u64(_ offset: Int) -> UInt64? {
        guard let lo = u32(offset), let hi = u32(offset + 4) else { return nil }
        return UInt64(lo) | UInt64(hi) << 32
    }

    /// `count` bytes from `offset`, or nil when they are not all there.
    func slice(_ offset: Int, _ count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, remaining(from: offset) >= count else { return nil }
        return Array(bytes[offset..<(offset + count)])
    }
}

/// Little-endian appends for the writer.
extension Array where Element == UInt8 {
    mutating func appendLE(_ v: UInt32) {
        for k in 0..<4 { append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) }
    }
    mutating func appendLE(_ v: UInt64) {
        appendLE(UInt32(truncatingIfNeeded: v))
        appendLE(UInt32(truncatingIfNeeded: v >> 32))
    }
}
