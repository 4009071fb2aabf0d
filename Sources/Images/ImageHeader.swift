// Images: an image file's pixel size without decoding its pixels — for a
// tiled layer whose plain PNG/JPEG contents are decoded only when the first
// tile is needed. The file's structure is validated as the decoders would
// (chunks or markers, size limits), so a broken file fails when the scene
// loads, naming the file, not in the middle of an animation.

/// Image sizes read from headers.
public enum ImageHeader {
    /// The width, height and format of the PNG, JPEG or JPEG 2000 file at `path`.
    /// - Throws: ``ImageFileError`` naming the file.
    public static func size(path: String) throws -> (width: Int, height: Int, format: ImageFormat) {
        let data = try PNG.readFile(path)
        switch ImageLoader.format(of: data, name: path) {
        case .png:
            let (header, _) = try PNGChunks.validate(data, name: path)
            return (header.width, header.height, .png)
        case .jpeg:
            let header = try JPEGMarkers.validate(data, name: path)
            return (header.width, header.height, .jpeg)
        case .jpeg2000:
            let info = try JPEG2000.info(data, name: path)
            return (info.width, info.height, .jpeg2000)
        case .pvr:
            throw ImageFileError.unsupported(path, format: "tiled contents", detail: "a .pvr texture cannot be tiled; use a PNG, JPEG or .dzi")
        case nil:
            throw ImageFileError.unknownFormat(path)
        }
    }
}
