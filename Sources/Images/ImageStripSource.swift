// Images: a PNG or JPEG file read a strip of rows at a time, as a RowSource
// for the pyramid writer — libjpeg's scanline API (CJPEGLib) and libpng's
// row API (CPNG), both behind C wrappers that keep their longjmp error
// handling inside C. Only the rows asked for are in memory (plus the
// libraries' own buffers; a progressive JPEG's coefficients, and an
// interlaced PNG, which cannot stream, are read whole: see `open`). Rows
// come out premultiplied, as every Image.

import CJPEGLib
import CPNG
import Foundation

/// Opening image files as row sources.
public enum ImageStripSource {
    /// The largest input file (16 GiB).
    public static let maximumFileBytes = 1 << 34

    /// `path` as rows: a JPEG or non-interlaced PNG streams; an interlaced PNG
    /// (whose rows arrive in seven passes) is decoded whole within ImageLimits.
    /// - Throws: ``ImageFileError`` naming the file.
    public static func open(path: String) throws -> RowSource {
        let fd = try openFile(path)
        var b = [UInt8](repeating: 0, count: 8)
        let n = b.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 8) }
        close(fd)
        let head = Array(b.prefix(max(0, n)))
        switch ImageLoader.format(of: head, name: path) {
        case .jpeg: return try JPEGStripSource(path: path)
        case .png:
            let s = try PNGStripSource(path: path)
            if s.interlaced { return ImageRowSource(try ImageLoader.read(path: path)) }
            return s
        case .pvr, .jpeg2000: return ImageRowSource(try ImageLoader.read(path: path))  // decoded whole
        case nil: throw ImageFileError.unknownFormat(path)
        }
    }

    /// `path` opened for reading as a regular file within ``maximumFileBytes``.
    /// - Throws: ``ImageFileError`` naming the file.
    static func openFile(_ path: String) throws -> Int32 {
        do {
            return try RegularFile.openForReading(path, maxBytes: maximumFileBytes)
        } catch RegularFileError.notFound {
            throw ImageFileError.fileNotFound(path)
        } catch {
            throw ImageFileError.unreadable(path, reason: "\(error)")
        }
    }
}

/// A JPEG decoded a strip of scanlines at a time.
final class JPEGStripSource: RowSource {
    let path: String
    private var reader: UnsafeMutablePointer<cjpeglib_strip_reader>?
    let width: Int
    let height: Int
    private var next = 0

    init(path: String) throws {
        self.path = path
        let fd = try ImageStripSource.openFile(path)
        var message = [CChar](repeating: 0, count: 256)
        guard let r = cjpeglib_strip_open(fd, &message) else {
            throw ImageFileError.corruptJPEG(path, detail: String(cString: message))
        }
        reader = r
        width = Int(cjpeglib_strip_width(r)); height = Int(cjpeglib_strip_height(r))
        guard width >= 1, height >= 1, width <= TilePyramid.maximumSide, height <= TilePyramid.maximumSide else {
            cjpeglib_strip_close(r); reader = nil
            throw ImageFileError.tooLarge(path, width: width, height: height, limit: "\(TilePyramid.maximumSide) pixels per side")
        }
    }

    deinit { cjpeglib_strip_close(reader) }

    func readRows(_ count: Int) throws -> [UInt8] {
        let n = min(count, height - next)
        guard n > 0, let reader else { return [] }
        var rows = [UInt8](repeating: 0, count: n * width * 4)
        var message = [CChar](repeating: 0, count: 256)
        let got = rows.withUnsafeMutableBufferPointer { cjpeglib_strip_read(reader, $0.baseAddress, Int32(n), &message) }
        guard got == Int32(n) else {
            throw ImageFileError.corruptJPEG(path, detail: got < 0 ? String(cString: message) + " (in rows \(next)…\(next + n - 1))"
                                                                  : "the data ended at row \(next + Int(max(0, got)))")
        }
        next += n
        return rows  // JPEG is opaque: already premultiplied
    }
}

/// A non-interlaced PNG decoded row by row.
final class PNGStripSource: RowSource {
    let path: String
    private var reader: UnsafeMutablePointer<cpng_row_reader>?
    let width: Int
    let height: Int
    let interlaced: Bool
    private var next = 0

    init(path: String) throws {
        self.path = path
        let fd = try ImageStripSource.openFile(path)
        var message = [CChar](repeating: 0, count: 256)
        guard let r = cpng_row_open(fd, UInt32(min(TilePyramid.maximumSide, 0x7FFF_FFFF)), &message) else {
            throw ImageFileError.corrupt(path, offset: nil, detail: String(cString: message))
        }
        reader = r
        width = Int(r.pointee.width); height = Int(r.pointee.height); interlaced = r.pointee.interlaced != 0
    }

    deinit { cpng_row_close(reader) }

    func readRows(_ count: Int) throws -> [UInt8] {
        let n = min(count, height - next)
        guard n > 0, let reader else { return [] }
        var rows = [UInt8](repeating: 0, count: n * width * 4)
        var message = [CChar](repeating: 0, count: 256)
        let r = rows.withUnsafeMutableBufferPointer { cpng_row_read(reader, $0.baseAddress, Int32(n), &message) }
        guard r == 0 else {
            throw ImageFileError.corrupt(path, offset: nil, detail: String(cString: message) + " (in rows \(next)…\(next + n - 1))")
        }
        next += n
        Image.premultiply(&rows)
        return rows
    }
}
