// FuzzTargets: turns a fuzzer's byte string into structured values (numbers,
// choices, counts) for the targets that do not read a file format, so that
// every byte string is a valid input and mutations move smoothly between
// ordinary values and extreme ones (NaN, ±∞, 1e300, denormals).

/// Reads values from the front of a byte string; past the end every read gives zero.
struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte (0 past the end).
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A little-endian 16-bit integer.
    mutating func int16() -> Int16 {
        Int16(bitPattern: UInt16(byte()) | UInt16(byte()) << 8)
    }

    /// A little-endian 64-bit pattern.
    mutating func uint64() -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(byte()) << (8 * UInt64(i)) }
        return v
    }

    /// A number: usually a small fixed-point value (an Int16 in sixteenths,
    /// ±2048 with 1/16 steps), and when the tag byte's top bit is set any
    /// Double bit pattern, so huge, tiny and non-finite values are reachable.
    mutating func number() -> Double {
        let tag = byte()
        if tag & 0x80 != 0 { return Double(bitPattern: uint64()) }
        return Double(int16()) / 16
    }

    /// One of `cases`, chosen by the next byte.
    mutating func choice<T>(_ cases: [T]) -> T {
        cases[Int(byte()) % cases.count]
    }

    /// The unread bytes.
    mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return offset < bytes.count ? Array(bytes[offset...]) : []
    }
}
