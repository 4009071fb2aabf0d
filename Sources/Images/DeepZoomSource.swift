// Images: a Deep Zoom pyramid on disk as a tile source. The descriptor is
// read when the source opens (errors name the .dzi, its line and byte
// offset); each tile is read when asked for, as a regular file of at most
// `maximumTileBytes`, decoded by its signature (JPEG or PNG) and checked to
// be exactly the size the pyramid geometry says, so a damaged or foreign
// tile is an error naming that file rather than a misplaced picture.

import Foundation

/// Tiles of a .dzi pyramid: NAME_files/LEVEL/COL_ROW.FORMAT beside NAME.dzi.
public final class DeepZoomSource: TileSource, @unchecked Sendable {
    public let descriptor: DeepZoomDescriptor
    /// The .dzi file's path.
    public let path: String
    /// The folder holding the level folders.
    public let tilesFolder: String
    public var pyramid: TilePyramid { descriptor.pyramid }
    public var key: String { path }

    /// The largest tile file read.
    public static let maximumTileBytes = 16 * 1024 * 1024

    /// With `--confine-to-scene-dir`: the canonical folder every tile file must
    /// resolve inside (a symbolic link in the pyramid may not lead out of it).
    public let confinedTo: String?

    private let lock = NSLock()
    private var opened = 0

    /// Opens the descriptor at `path`; tiles must resolve inside `confinedTo` when given.
    /// - Throws: ``DeepZoomError`` naming the file.
    public init(path: String, confinedTo: String? = nil) throws {
        self.path = path
        self.confinedTo = confinedTo
        descriptor = try DeepZoomDescriptor.read(path: path)
        tilesFolder = DeepZoomDescriptor.tilesFolder(forDescriptor: path)
    }

    /// The file of tile `id`.
    public func tilePath(_ id: TileID) -> String {
        "\(tilesFolder)/\(id.level)/\(id.column)_\(id.row).\(descriptor.format)"
    }

    public var filesOpened: Int { lock.lock(); defer { lock.unlock() }; return opened }

    public func decodeTile(_ id: TileID) throws -> Image {
        guard pyramid.contains(id) else { throw TileError(file: path, message: "no \(id) in this pyramid") }
        let file = tilePath(id)
        if let base = confinedTo, let real = realpath(file, nil) {
            let resolved = String(cString: real)
            free(real)
            guard resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
                throw TileError(file: file, message: "the tile resolves outside the scene's folder (files are confined to it)")
            }
        }
        lock.lock(); opened += 1; lock.unlock()
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(file, maxBytes: Self.maximumTileBytes)
        } catch RegularFileError.notFound {
            throw TileError(file: file, message: "tile file not found (\(id) of \(path))")
        } catch {
            throw TileError(file: file, message: "cannot read tile: \(error)")
        }
        let image: Image
        do {
            image = try ImageLoader.decode(bytes, name: file)
        } catch {
            var m = "\(error)"
            if m.hasPrefix(file + ": ") { m.removeFirst(file.count + 2) }
            throw TileError(file: file, message: m)
        }
        let e = pyramid.extent(id)
        guard image.width == e.width, image.height == e.height else {
            throw TileError(file: file, message: "tile is \(image.width)×\(image.height) pixels; "
                            + "the pyramid (\(path)) says \(id) is \(e.width)×\(e.height)")
        }
        return image
    }
}
