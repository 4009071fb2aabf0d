// Images: writing a Deep Zoom pyramid (NAME.dzi + NAME_files/) from rows of
// an image, without ever holding the whole image: rows stream in from a
// RowSource (a PNG or JPEG decoded strip by strip, or an Image in memory),
// each level keeps only the rows its current row of tiles needs (tile size
// plus twice the overlap, and the 64-row strip being read), writes that row of tiles when it is complete and
// hands every pair of rows, halved (PyramidHalving), to the level below. So
// memory is about 2 × (tileSize + 2·overlap + 64) rows of the full width,
// whatever the height (so width × ~700 bytes in all levels for 254-pixel tiles). Output is atomic: tiles go to a hidden temporary
// folder beside the destination, which is renamed into place only when
// every tile is written, and the .dzi goes last (AtomicFile); a failure
// removes the temporary folder and leaves any earlier pyramid untouched.

import Foundation

/// Rows of premultiplied RGBA8, top to bottom.
public protocol RowSource: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// The next `count` rows (fewer only at the end), width × count × 4 bytes.
    /// - Throws: an error naming the file when its data is damaged.
    func readRows(_ count: Int) throws -> [UInt8]
}

/// An Image as a RowSource (tests, small images).
public final class ImageRowSource: RowSource {
    let image: Image
    var next = 0
    public init(_ image: Image) { self.image = image }
    public var width: Int { image.width }
    public var height: Int { image.height }
    public func readRows(_ count: Int) throws -> [UInt8] {
        let n = min(count, image.height - next)
        defer { next += n }
        return Array(image.pixels[(next * image.width * 4)..<((next + n) * image.width * 4)])
    }
}

/// Writes Deep Zoom pyramids.
public enum DeepZoomWriter {
    /// The tile file format.
    public enum TileFormat: String, Sendable, CaseIterable {
        case jpeg, png
    }

    /// Options of `compositor tiles make` (dzsave's defaults: 254 + 1 overlap, JPEG).
    public struct Options: Sendable {
        public var tileSize = 254
        public var overlap = 1
        public var format = TileFormat.jpeg
        public var quality = 90
        public init(tileSize: Int = 254, overlap: Int = 1, format: TileFormat = .jpeg, quality: Int = 90) {
            self.tileSize = tileSize; self.overlap = overlap; self.format = format; self.quality = quality
        }
    }

    /// What a write produced.
    public struct Summary: Sendable {
        public var pyramid: TilePyramid
        public var tilesWritten = 0
        public var bytesWritten = 0
        /// The most bytes of rows held at once.
        public var peakRowBytes = 0
    }

    /// Writes `source` as a pyramid: `descriptor` (x.dzi) and its x_files folder.
    /// `progress` is called with (rows of the full image consumed, total rows).
    /// - Throws: the source's errors, or ``ImageFileError/writeFailed(_:reason:)``; nothing is left behind.
    @discardableResult
    public static func write(_ source: RowSource, to descriptor: String, options: Options,
                             progress: (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        guard source.width >= 1, source.height >= 1, source.width <= TilePyramid.maximumSide,
              source.height <= TilePyramid.maximumSide else {
            throw ImageFileError.tooLarge(descriptor, width: source.width, height: source.height,
                                          limit: "\(TilePyramid.maximumSide) pixels per side")
        }
        let pyramid = TilePyramid(width: source.width, height: source.height, tileSize: options.tileSize,
                                  overlap: options.overlap)
        let folder = DeepZoomDescriptor.tilesFolder(forDescriptor: descriptor)
        let parent = (folder as NSString).deletingLastPathComponent
        let base = (folder as NSString).lastPathComponent
        let staging = (parent.isEmpty ? "." : parent) + "/.\(base).tmp-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        let fm = FileManager.default
        func fail(_ reason: String) -> ImageFileError { .writeFailed(descriptor, reason: reason) }
        do {
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw fail("cannot create the tiles folder \(staging): \(error.localizedDescription)")
        }
        var summary = Summary(pyramid: pyramid)
        do {
            for l in 0...pyramid.maxLevel {
                try fm.createDirectory(atPath: "\(staging)/\(l)", withIntermediateDirectories: false)
            }
            let writer = TileRowWriter(pyramid: pyramid, folder: staging, options: options, descriptor: descriptor)
            var levels: [LevelRows] = (0...pyramid.maxLevel).map { LevelRows(pyramid: pyramid, level: $0) }
            let strip = 64  // rows per read: the window stays near tileSize + 2·overlap + 64 rows
            var consumed = 0
            while consumed < source.height {
                let rows = try source.readRows(min(strip, source.height - consumed))
                let n = rows.count / (source.width * 4)
                guard n > 0 else { throw fail("the source ended after \(consumed) of \(source.height) rows") }
                try feed(rows, count: n, level: pyramid.maxLevel, into: &levels, writer: writer)
                consumed += n
                summary.peakRowBytes = max(summary.peakRowBytes, levels.reduce(0) { $0 + $1.bytesHeld })
                progress(consumed, source.height)
            }
            for l in stride(from: pyramid.maxLevel, through: 0, by: -1) {
                try finish(level: l, levels: &levels, writer: writer)
            }
            summary.tilesWritten = writer.tiles
            summary.bytesWritten = writer.bytes
            // Into place: the folder (an older one moved aside, then removed), then the descriptor.
            var old: String?
            if fm.fileExists(atPath: folder) {
                old = staging + ".old"
                try fm.moveItem(atPath: folder, toPath: old!)
            }
            do {
                try fm.moveItem(atPath: staging, toPath: folder)
            } catch {
                if let old { try? fm.moveItem(atPath: old, toPath: folder) }
                throw error
            }
            if let old { try? fm.removeItem(atPath: old) }
            let xml = DeepZoomDescriptor(format: options.format == .jpeg ? "jpeg" : "png", pyramid: pyramid).xml
            try AtomicFile.write(Array(xml.utf8), to: descriptor)
        } catch {
            try? fm.removeItem(atPath: staging)
            if let e = error as? ImageFileError { throw e }
            throw error
        }
        return summary
    }

    /// Appends `count` rows to `level`, writing finished tile rows and passing halved rows down.
    static func feed(_ rows: [UInt8], count: Int, level: Int, into levels: inout [LevelRows],
                     writer: TileRowWriter) throws {
        var halved: [UInt8] = []
        var halvedCount = 0
        levels[level].append(rows, count: count)
        try levels[level].writeReadyTiles(writer, final: false)
        if level > 0 {
            (halved, halvedCount) = levels[level].takeHalvedRows(final: false)
            if halvedCount > 0 { try feed(halved, count: halvedCount, level: level - 1, into: &levels, writer: writer) }
        }
    }

    /// Flushes `level` at the end of the image: its last tile row, and its last
    /// (odd) row halved into the level below, which finishes next.
    static func finish(level: Int, levels: inout [LevelRows], writer: TileRowWriter) throws {
        try levels[level].writeReadyTiles(writer, final: true)
        guard level > 0 else { return }
        let (halved, n) = levels[level].takeHalvedRows(final: true)
        if n > 0 { try feed(halved, count: n, level: level - 1, into: &levels, writer: writer) }
    }
}

/// The rows one level keeps: a window starting at level row `first`.
struct LevelRows {
    let pyramid: TilePyramid
    let level: Int
    let width: Int
    let height: Int
    /// Rows [first, first + count) of this level.
    var buffer: [UInt8] = []
    var first = 0
    var count: Int { buffer.count / (width * 4) }
    /// The next tile row to write.
    var nextTileRow = 0
    /// The next row to halve for the level below (even).
    var nextHalve = 0

    init(pyramid: TilePyramid, level: Int) {
        self.pyramid = pyramid; self.level = level
        let s = pyramid.levelSize(level)
        width = s.width; height = s.height
    }

    var bytesHeld: Int { buffer.capacity }

    mutating func append(_ rows: [UInt8], count: Int) {
        buffer.append(contentsOf: rows[0..<(count * width * 4)])
    }

    /// Writes each tile row whose last needed row has arrived (all remaining when `final`).
    mutating func writeReadyTiles(_ writer: TileRowWriter, final: Bool) throws {
        let grid = pyramid.grid(level)
        while nextTileRow < grid.rows {
            let e = pyramid.extent(TileID(level: level, column: 0, row: nextTileRow))
            guard first + count >= e.y + e.height || final else { return }
            guard first <= e.y, first + count >= e.y + e.height else {
                throw ImageFileError.writeFailed(writer.descriptor, reason: "internal: rows \(e.y)..<\(e.y + e.height) of level \(level) are not held")
            }
            try writer.writeRow(level: level, row: nextTileRow, rows: buffer, firstRow: first, width: width)
            nextTileRow += 1
            dropRows(before: min(nextTileRowStart(), nextHalve))
        }
    }

    /// The first row the next tile row needs (the height when none is left).
    func nextTileRowStart() -> Int {
        guard nextTileRow < pyramid.grid(level).rows else { return height }
        return pyramid.extent(TileID(level: level, column: 0, row: nextTileRow)).y
    }

    /// The rows of the level below made from pairs held here; at `final`, the last odd row alone.
    mutating func takeHalvedRows(final: Bool) -> ([UInt8], Int) {
        let ow = (width + 1) / 2
        var out: [UInt8] = []
        var n = 0
        while true {
            let a = nextHalve
            guard a < height, a >= first else { break }
            let b = min(a + 1, height - 1)
            guard b < first + count else { break }
            if b == a && !(final || a == height - 1) { break }
            out.append(contentsOf: [UInt8](repeating: 0, count: ow * 4))
            buffer.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    PyramidHalving.halveRow(src, width, rowA: a - first, rowB: b - first, into: dst, at: n * ow * 4)
                }
            }
            n += 1
            nextHalve += 2
        }
        dropRows(before: min(nextTileRowStart(), nextHalve))
        return (out, n)
    }

    /// Forgets rows below `row`.
    mutating func dropRows(before row: Int) {
        let drop = min(max(0, row - first), count)
        guard drop > 0 else { return }
        buffer.removeFirst(drop * width * 4)
        first += drop
    }
}

/// Cuts one row of tiles out of a level's rows, encodes and writes them.
final class TileRowWriter {
    let pyramid: TilePyramid
    let folder: String
    let options: DeepZoomWriter.Options
    let descriptor: String
    var tiles = 0
    var bytes = 0

    init(pyramid: TilePyramid, folder: String, options: DeepZoomWriter.Options, descriptor: String) {
        self.pyramid = pyramid; self.folder = folder; self.options = options; self.descriptor = descriptor
    }

    func writeRow(level: Int, row: Int, rows: [UInt8], firstRow: Int, width: Int) throws {
        let grid = pyramid.grid(level)
        for c in 0..<grid.columns {
            let id = TileID(level: level, column: c, row: row)
            let e = pyramid.extent(id)
            var px = [UInt8](repeating: 0, count: e.width * e.height * 4)
            rows.withUnsafeBufferPointer { src in
                px.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<e.height {
                        let s = ((e.y + y - firstRow) * width + e.x) * 4
                        let d = y * e.width * 4
                        for i in 0..<(e.width * 4) { dst[d + i] = src[s + i] }
                    }
                }
            }
            let image = Image(width: e.width, height: e.height, pixels: px)
            let ext = options.format == .jpeg ? "jpeg" : "png"
            let path = "\(folder)/\(level)/\(c)_\(row).\(ext)"
            let data = options.format == .jpeg ? try JPEG.encode(image, quality: options.quality, name: path)
                                               : try PNG.encode(image)
            guard FileManager.default.createFile(atPath: path, contents: Data(data)) else {
                throw ImageFileError.writeFailed(path, reason: "cannot create the tile file")
            }
            tiles += 1
            bytes += data.count
        }
    }
}
