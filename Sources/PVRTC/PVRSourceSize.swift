// PVRSourceSize: the size an image had before it was padded to a square
// power of two, kept in the .pvr file's metadata so `pvrtc decode --crop
// auto` can restore it. PVR v3 metadata is a list of entries (FourCC, key,
// data size, data, little-endian); ours is FourCC "CPSZ", key 0, data the
// width and height as two u32. Other entries are kept as they are.

extension PVRTCTexture {
    /// FourCC of the source-size entry ("CPSZ").
    static let sourceSizeFourCC: UInt32 = 0x5A53_5043

    /// The source size recorded in the metadata, or nil when there is none
    /// (or the metadata is not a well-formed entry list).
    public var sourceSize: (width: Int, height: Int)? {
        let r = ByteReader(bytes: metadata)
        var o = 0
        while let fourCC = r.u32(o), let key = r.u32(o + 4), let size = r.u32(o + 8) {
            let data = o + 12, n = Int(size)
            guard r.remaining(from: data) >= n else { return nil }
            if fourCC == Self.sourceSizeFourCC, key == 0, n == 8, let w = r.u32(data), let h = r.u32(data + 4) {
                return (Int(w), Int(h))
            }
            o = data + n
        }
        return nil
    }

    /// Records `width` × `height` as the source size, replacing an earlier record.
    public mutating func recordSourceSize(width: Int, height: Int) {
        var kept: [UInt8] = []
        let r = ByteReader(bytes: metadata)
        var o = 0
        while let fourCC = r.u32(o), let key = r.u32(o + 4), let size = r.u32(o + 8),
              let entry = r.slice(o, 12 + Int(size)) {
            if !(fourCC == Self.sourceSizeFourCC && key == 0) { kept += entry }
            o += 12 + Int(size)
        }
        kept += metadata[min(o, metadata.count)...]  // any trailing bytes that are not an entry, unchanged
        kept.appendLE(Self.sourceSizeFourCC)
        kept.appendLE(UInt32(0))
        kept.appendLE(UInt32(8))
        kept.appendLE(UInt32(clamping: width))
        kept.appendLE(UInt32(clamping: height))
        metadata = kept
    }
}
