// CompositorCLI: writing an output image in the format its name asks for —
// `.png` (or no extension) as PNG, `.jpg`/`.jpeg` as JPEG at `--quality`
// (default 90), anything else refused before any work is done — so a file
// named out.jpg never holds PNG bytes. JPEG has no alpha: translucent pixels
// are composited over white first (a notice says so).

import CLISupport
import Foundation
import Images

enum ImageOutputFile {
    enum Format: Equatable {
        case png
        case jpeg(quality: Int)
    }

    /// The format for `path`; throws a usage error for other extensions or a bad quality.
    static func format(for path: String, quality: Int?) throws -> Format {
        let ext = (path as NSString).pathExtension.lowercased()
        switch ext {
        case "png", "":
            if quality != nil { throw UsageError("--quality applies to JPEG output (.jpg or .jpeg), not \(path)") }
            return .png
        case "jpg", "jpeg":
            let q = quality ?? 90
            guard (1...100).contains(q) else { throw UsageError("--quality must be from 1 to 100, got \(q)") }
            return .jpeg(quality: q)
        default:
            throw UsageError("\(path): cannot write '.\(ext)' images; name the output .png or .jpg")
        }
    }

    /// Writes `image` to `path` (atomically) in the format of its name.
    static func write(_ image: Image, to path: String, quality: Int? = nil) throws {
        try AtomicFile.write(try encode(image, for: path, quality: quality), to: path)
    }

    /// The bytes of `image` in the format of `path`'s name.
    static func encode(_ image: Image, for path: String, quality: Int? = nil) throws -> [UInt8] {
        switch try format(for: path, quality: quality) {
        case .png:
            return try PNG.encode(image)
        case .jpeg(let q):
            let flat = overWhite(image)
            if flat != image { printError("note: JPEG has no alpha; translucent pixels of \(path) are composited over white") }
            return try JPEG.encode(flat, quality: q, name: path)
        }
    }

    /// `image` (premultiplied) composited over opaque white.
    static func overWhite(_ image: Image) -> Image {
        var out = image
        var i = 0
        while i < out.pixels.count {
            let a = Int(out.pixels[i + 3])
            if a < 255 {
                for c in 0..<3 { out.pixels[i + c] = UInt8(min(255, Int(out.pixels[i + c]) + 255 - a)) }
                out.pixels[i + 3] = 255
            }
            i += 4
        }
        return out
    }
}
