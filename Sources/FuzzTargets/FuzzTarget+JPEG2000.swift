// FuzzTargets: the JPEG 2000 reader (Swift structure walk, then OpenJPEG
// from memory). Each input is decoded whole, then — when its headers pass —
// at half resolution and for a region, the three paths the compositor uses
// (full loads, reduced loads for downscaled images, tiled layers later).

import Images

extension FuzzTarget {
    /// JPEG 2000 bytes (.jp2 boxes or a raw codestream) → Image, whole, reduced and a region.
    public static func jpeg2000(_ bytes: [UInt8]) throws {
        _ = try? JPEG2000.decode(bytes, name: "fuzz.jp2")
        let info = try JPEG2000.info(bytes, name: "fuzz.jp2")
        if info.resolutionLevels > 1 { _ = try? JPEG2000.decode(bytes, name: "fuzz.jp2", reduce: 1) }
        let region = JPEG2000Region(x: info.width / 4, y: info.height / 4,
                                    width: max(1, info.width / 2), height: max(1, info.height / 2))
        _ = try JPEG2000.decode(bytes, name: "fuzz.jp2", region: region)
    }
}
