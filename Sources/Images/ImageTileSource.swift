// Images: one plain PNG or JPEG as a tiled layer's pyramid, cut into tiles on
// demand. What it costs: the first tile decodes the whole file (the formats
// have no random access), and the full-resolution image stays in memory
// (width × height × 4 bytes) together with each coarser level made from it
// by PyramidHalving (a third more in all, made when first needed); a tile is
// then a copy of its pixels. A JPEG first needed at a coarse level is
// decoded at 1/2, 1/4 or 1/8 of its size instead (TurboJPEG's scaled IDCT,
// whose output sizes round up exactly as Deep Zoom levels do): several
// times faster and 4–64 times less memory, with pixels from the DCT's
// scaling rather than 2 × 2 means (the full image is decoded only if a
// finer level is needed later). So this suits images that fit the decoder's
// limits (ImageLimits); for bigger ones write a Deep Zoom pyramid once with
// `compositor tiles make` and use the .dzi, whose tiles are read one by one.

import Foundation

/// A plain image file as a Deep Zoom-style pyramid (overlap 1).
public final class ImageTileSource: TileSource, @unchecked Sendable {
    public let path: String
    public let pyramid: TilePyramid
    public var key: String { path + "#tiles\(pyramid.tileSize)" }

    private let lock = NSLock()
    /// Decoded levels, by level number (the full image first, coarser ones as asked).
    private var levels: [Int: Image] = [:]
    private var failure: Error?
    private var opened = 0
    private let isJPEG: Bool

    /// Opens `path` (its size is read from the header now; pixels on the first tile) cut into `tileSize` tiles.
    /// - Throws: ``ImageFileError`` naming the file.
    public init(path: String, tileSize: Int) throws {
        self.path = path
        let size = try ImageHeader.size(path: path)
        isJPEG = size.format == .jpeg
        pyramid = TilePyramid(width: size.width, height: size.height, tileSize: max(1, min(tileSize, TilePyramid.maximumTileSize)),
                              overlap: 1)
    }

    public var filesOpened: Int { lock.lock(); defer { lock.unlock() }; return opened }

    /// Bytes of decoded levels held.
    public var bytesHeld: Int { lock.lock(); defer { lock.unlock() }; return levels.values.reduce(0) { $0 + $1.byteCount } }

    public func decodeTile(_ id: TileID) throws -> Image {
        guard pyramid.contains(id) else { throw TileError(file: path, message: "no \(id) in this image's pyramid") }
        let image = try level(id.level)
        return PyramidHalving.crop(image, pyramid.extent(id))
    }

    /// The whole image at `level`, made once (under the lock: concurrent tiles wait for it):
    /// halved from the nearest finer level held, else from a scaled JPEG decode
    /// (coarse levels of a JPEG), else from the full decode.
    private func level(_ level: Int) throws -> Image {
        lock.lock(); defer { lock.unlock() }
        if let failure { throw failure }
        if let l = levels[level] { return l }
        let top = pyramid.maxLevel
        var start: Int
        if let finer = levels.keys.filter({ $0 > level }).min() {
            start = finer
        } else {
            let shift = isJPEG ? min(3, top - level) : 0
            start = top - shift
            opened += 1
            do {
                levels[start] = shift > 0 ? try JPEG.decode(ImageLoader.readBytes(path: path), name: path, reducedBy: shift)
                                          : try ImageLoader.read(path: path)
            } catch {
                failure = error
                throw error
            }
        }
        while start > level {
            if levels[start - 1] == nil { levels[start - 1] = PyramidHalving.halve(levels[start]!) }
            start -= 1
        }
        return levels[level]!
    }
}
