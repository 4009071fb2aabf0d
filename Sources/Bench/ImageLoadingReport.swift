// Bench: the Markdown table of `experiment image-loading`, one row
// per image, size and format, like the book's Image IO table.

import Foundation

struct ImageLoadingReport {
    let rows: [ImageLoadingRow]
    let backend: String
    let runs: Int

    var markdown: String {
        var s = "# Image loading: load + decode + upload by size and format\n\n"
        s += "Backend: \(backend); medians of \(runs) runs. Load = reading the file's bytes; decode = "
        s += "ImageLoader.decode to premultiplied RGBA8 (PVRTC: software decode of the padded square texture); "
        s += "upload = a GPU frame drawing the image with a fresh texture minus a frame drawing a solid layer "
        s += "(— on the CPU backend). JPEG quality 90, 4:2:0; PVRTC 4bpp, fast encoder, padded to a square power of two.\n\n"
        s += "| image | size | format | file KiB | load ms | decode ms | upload ms | total ms |\n"
        s += "|---|---|---|---:|---:|---:|---:|---:|\n"
        for r in rows {
            let size = "\(r.width)×\(r.height)" + (r.decodedWidth != r.width || r.decodedHeight != r.height
                ? " (as \(r.decodedWidth)×\(r.decodedHeight))" : "")
            s += "| \(r.kind) | \(size) | \(r.format.rawValue) | \(f(Double(r.fileBytes) / 1024, 1)) | "
            s += "\(f(r.loadMs, 3)) | \(f(r.decodeMs, 3)) | \(r.uploadMs.map { f($0, 3) } ?? "—") | \(f(r.totalMs, 3)) |\n"
        }
        return s
    }

    private func f(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
}
