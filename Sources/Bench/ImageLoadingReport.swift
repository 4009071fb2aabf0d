// Bench: the Markdown table of `experiment image-loading`, one row
// per image, size and format, like the book's Image IO table, with a
// paragraph saying what each column measures on the backend it ran on.

import Foundation

struct ImageLoadingReport {
    let rows: [ImageLoadingRow]
    let backend: String
    let runs: Int
    /// Whether the backend uploads textures (the GPU backend): upload column and PVRTC blocks.
    var gpu: Bool { rows.contains { $0.uploadMs != nil } }

    var markdown: String {
        var s = "# Image loading: load + decode + upload by size and format\n\n"
        s += "Backend: \(backend); medians of \(runs) runs. What each column measures:\n\n"
        s += "- **load**: reading the file's bytes (a regular file, whole).\n"
        s += "- **decode**: what this backend needs before drawing. png, jpeg, jp2: `ImageLoader.decode` to premultiplied "
        s += "RGBA8 at full size. jp2-half: the same .jp2 decoded at half resolution (`JPEG2000.decode(reduce: 1)`: "
        s += "OpenJPEG skips the finest wavelet level), what `--downscale-images` does for an image drawn at half size. "
        if gpu {
            s += "pvrtc: parsing the .pvr file (header and blocks, no pixels), since the GPU path draws the blocks.\n"
            s += "- **upload**: a GPU frame drawing the image at 64×64 with a fresh texture, minus the same frame drawing "
            s += "a solid layer: the texture upload and the first draw. For pvrtc the blocks go up as they are "
            s += "(natively with GL_IMG_texture_compression_pvrtc, otherwise packed in an RGBA8 texture and decoded in "
            s += "the fragment shader; the *GPU texture* column says which).\n"
            s += "- **sw decode** (pvrtc only): the software decode to RGBA8 that the CPU backend needs; not part of the "
            s += "GPU total (the scene loader still performs it today, for the CPU backend and as a fallback).\n"
        } else {
            s += "pvrtc: software decode of level 0 (the padded square texture) to RGBA8, which the CPU backend samples.\n"
            s += "- **upload**: — (the CPU backend samples the decoded image; run with `--backend gpu` for uploads).\n"
        }
        s += "- **total**: load + decode (+ upload): the cost before the image is on screen on this backend.\n\n"
        s += "JPEG quality 90, 4:2:0; JPEG 2000 lossy 9/7 wavelet, one layer at ratio 10 (about 2.4 bits a pixel), "
        s += "6 resolution levels; PVRTC 4bpp, fast encoder, padded to a square power of two.\n\n"
        s += "| image | size | format | file KiB | load ms | decode ms | upload ms |"
        s += gpu ? " sw decode ms | GPU texture |" : ""
        s += " total ms |\n|---|---|---|---:|---:|---:|---:|" + (gpu ? "---:|---|" : "") + "---:|\n"
        for r in rows {
            let size = "\(r.width)×\(r.height)" + (r.decodedWidth != r.width || r.decodedHeight != r.height
                ? " (as \(r.decodedWidth)×\(r.decodedHeight))" : "")
            s += "| \(r.kind) | \(size) | \(r.format.rawValue) | \(f(Double(r.fileBytes) / 1024, 1)) | "
            s += "\(f(r.loadMs, 3)) | \(f(r.decodeMs, 3)) | \(r.uploadMs.map { f($0, 3) } ?? "—") | "
            if gpu { s += "\(r.softwareDecodeMs.map { f($0, 3) } ?? "—") | \(r.gpuTexture ?? "—") | " }
            s += "\(f(r.totalMs, 3)) |\n"
        }
        return s
    }

    private func f(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
}
