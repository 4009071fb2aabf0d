// Images: where a tiled layer's pixels come from. A tile source knows its
// pyramid (TilePyramid) and decodes one tile on request, from any thread
// (tile loaders call it on background workers). Two sources: a Deep Zoom
// pyramid on disk (DeepZoomSource) and one plain PNG/JPEG cut into tiles on
// demand (ImageTileSource). Each tile image is exactly `pyramid.extent(id)`
// in size, premultiplied RGBA8.

/// A pyramid of tiles decoded on demand (thread-safe).
public protocol TileSource: AnyObject, Sendable {
    /// The pyramid's geometry.
    var pyramid: TilePyramid { get }
    /// Identifies the source in cache keys and messages (the resolved file path).
    var key: String { get }
    /// Decodes one tile; its size is `pyramid.extent(id)`.
    /// - Throws: an error naming the file that could not be read.
    func decodeTile(_ id: TileID) throws -> Image
    /// Files opened so far (tiles read, or the one image), for stats and tests.
    var filesOpened: Int { get }
}

/// A tile that could not be produced: the file and why.
public struct TileError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String
    public init(file: String, message: String) { self.file = file; self.message = message }
    public var description: String { "\(file): \(message)" }
}
