// Bench: `compositor experiment image-loading` — chapter 14 of
// Lockwood's book (Image IO): for a photograph and a smooth gradient at
// 2048×1536 down to 32×24, write PNG, JPEG (quality 90), JPEG 2000 (lossy
// 9/7, ratio 10) and PVRTC (4bpp, fast encoder, padded to a square power of
// two) files, then time, as medians of --runs: load (read the file's
// bytes), decode (what the backend needs before drawing) and, on the GPU
// backend, upload (a frame drawing the image with a fresh texture key, minus
// the same frame drawing a solid layer). Decode is ImageLoader.decode to
// RGBA8, except: jp2-half decodes the same .jp2 at half resolution (one
// wavelet level skipped, as for an image drawn at half size); PVRTC on the
// GPU backend only parses the file (the blocks go to the GPU and are decoded
// in the fragment shader, or natively), its upload is that of the blocks and
// the first draw, and the software decode the CPU backend needs is reported
// in its own column. Writes DIR/report.md and DIR/image-loading.png.

import ArgumentParser
import CLISupport
import Compositor
import Foundation
import GLES
import PVRTC

struct ExperimentImageLoading: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image-loading",
        abstract: "Load, decode and upload time of PNG, JPEG, JPEG 2000 and PVRTC images by size (the book's Image IO table).")

    @Option(help: "Use the PNG, JPEG and JPEG 2000 files in this directory as source images instead of the generated photo and gradient.")
    var images: String?

    @Option(help: "Directory for report.md, image-loading.png and the encoded files.")
    var out: String = "out/experiment-image-loading"

    @Option(help: "Timed runs per measurement (the median is reported).")
    var runs: Int = 5

    @Option(help: "Comma-separated sizes WxH, largest first.")
    var sizes: String = "2048x1536,1024x768,512x384,256x192,128x96,64x48,32x24"

    @Option(help: "Comma-separated formats: png, jpeg, jp2, jp2-half (the .jp2 decoded at half resolution), pvrtc.")
    var formats: String = "png,jpeg,jp2,jp2-half,pvrtc"

    /// gpu measures upload; cpu load and decode only.
    @OptionGroup var backend: BackendOptions

    func run() throws {
        try reportingErrors {
            try BenchCounts.check(runs, "--runs", BenchCounts.runs)
            let dims = try sizes.split(separator: ",").map { s -> (Int, Int) in
                let p = s.split(separator: "x").compactMap { Int($0) }
                guard p.count == 2, p[0] > 0, p[1] > 0 else { throw UsageError("bad size '\(s)' (want WxH)") }
                return (p[0], p[1])
            }
            let fmts = try formats.split(separator: ",").map { f -> ImageExperimentFormat in
                guard let v = ImageExperimentFormat(rawValue: String(f)) else {
                    throw UsageError("unknown format '\(f)' (png, jpeg, jp2, jp2-half, pvrtc)")
                }
                return v
            }
            let sources = try sourceImages()
            let renderer = try backend.renderer()
            let filesDir = out + "/files"
            try FileManager.default.createDirectory(atPath: filesDir, withIntermediateDirectories: true)
            let progress = Progress(total: sources.count * dims.count * fmts.count, label: "experiment image-loading")
            var rows: [ImageLoadingRow] = []
            for (kind, make) in sources {
                for (w, h) in dims {
                    guard let image = make(w, h) else { continue }
                    for f in fmts {
                        rows.append(try measure(kind: kind, image: image, format: f, dir: filesDir, renderer: renderer))
                        progress.step()
                    }
                }
            }
            let report = ImageLoadingReport(rows: rows, backend: renderer.executor.name, runs: runs)
            try AtomicFile.write(Array(report.markdown.utf8), to: out + "/report.md")
            try PNG.write(ImageLoadingChart(rows: rows).image, to: out + "/image-loading.png")
            print(report.markdown, terminator: "")
            print("wrote \(out)/report.md and \(out)/image-loading.png")
        }
    }

    /// (name, image at a size) — generated, or each file in --images box-filtered (never enlarged).
    func sourceImages() throws -> [(String, (Int, Int) -> Image?)] {
        guard let dir = images else {
            return [("photo", { ExperimentImageSources.photo(width: $0, height: $1) }),
                    ("gradient", { ExperimentImageSources.gradient(width: $0, height: $1) })]
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted().filter {
            let l = $0.lowercased()
            return [".png", ".jpg", ".jpeg", ".jp2", ".j2k"].contains { l.hasSuffix($0) }
        }
        guard !names.isEmpty else { throw UsageError("\(dir): no .png, .jpg or .jp2 files") }
        return try names.map { name in
            let full = try ImageLoader.read(path: dir + "/" + name)
            return (name, { w, h in
                guard w <= full.width, h <= full.height else { return nil }
                return ImageDownscale.box(full, width: w, height: h)
            })
        }
    }

    func measure(kind: String, image: Image, format: ImageExperimentFormat, dir: String,
                 renderer: Renderer) throws -> ImageLoadingRow {
        let base = "\(dir)/\(kind.replacingOccurrences(of: "/", with: "_"))-\(image.width)x\(image.height)"
        let path: String
        switch format {
        case .png:
            path = base + ".png"
            try AtomicFile.write(try PNG.encode(image), to: path)
        case .jpeg:
            path = base + ".jpg"
            try AtomicFile.write(try JPEG.encode(image, quality: 90, name: path), to: path)
        case .jp2, .jp2Half:
            // One lossy file for both columns: 9/7 wavelet, ratio 10 (about 2.4 bits a pixel), 6 levels.
            path = base + ".jp2"
            let options = JPEG2000EncodeOptions(lossless: false, compressionRatio: 10)
            try AtomicFile.write(try JPEG2000.encode(image, options: options, name: path), to: path)
        case .pvrtc:
            path = base + ".pvr"
            let source = PVRTCImage(width: image.width, height: image.height, pixels: image.straightRGBA)
            let texture = try PVRTCEncoder(bitsPerPixel: .four, quality: .fast).encodeTexture(source, fit: .pad)
            try AtomicFile.write(try PVRFile.write(texture), to: path)
        }
        // What the backend needs before the first draw; PVRTC on the GPU keeps its blocks.
        let gpu = renderer.executor.uploadsImages
        var loads: [Double] = [], decodes: [Double] = [], uploads: [Double] = [], softwareDecodes: [Double] = []
        var decoded = image
        var texture: PVRTCTexture?
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let bytes = try ImageLoader.readBytes(path: path)
            let t1 = DispatchTime.now().uptimeNanoseconds
            switch format {
            case .jp2Half:
                decoded = try JPEG2000.decode(bytes, name: path, reduce: 1)
            case .pvrtc where gpu:
                texture = try PVRFile.read(bytes)  // header and blocks; no pixels
            default:
                decoded = try ImageLoader.decode(bytes, name: path)
            }
            let t2 = DispatchTime.now().uptimeNanoseconds
            loads.append(Double(t1 - t0) / 1e6)
            decodes.append(Double(t2 - t1) / 1e6)
        }
        if let texture {
            // The software decode the GPU draw does not use (the CPU backend's decode step).
            for _ in 0..<runs {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let level = try texture.decode(level: 0)
                softwareDecodes.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                decoded = Image(width: level.width, height: level.height, straightRGBA: level.pixels)
            }
        }
        var gpuTexture: String?
        if gpu {
            for _ in 0..<runs {
                let (ms, how) = try uploadMilliseconds(decoded, pvrtc: texture, renderer: renderer)
                uploads.append(ms)
                gpuTexture = how
            }
        }
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.intValue ?? 0
        return ImageLoadingRow(kind: kind, width: image.width, height: image.height, format: format,
                               fileBytes: fileBytes, decodedWidth: decoded.width, decodedHeight: decoded.height,
                               loadMs: median(loads), decodeMs: median(decodes),
                               uploadMs: uploads.isEmpty ? nil : median(uploads),
                               softwareDecodeMs: softwareDecodes.isEmpty ? nil : median(softwareDecodes),
                               gpuTexture: gpuTexture)
    }

    /// GPU frame with the image as contents (a fresh key, so it is uploaded: as
    /// PVRTC blocks when `pvrtc` is given) minus the same frame with a solid layer;
    /// also how the texture went up, from the executor's counters.
    func uploadMilliseconds(_ image: Image, pvrtc: PVRTCTexture?, renderer: Renderer) throws -> (Double, String) {
        func frame(_ contents: LayerContents?) throws -> RenderOutput {
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
            let l = Layer()
            l.frame = Rect(x: 0, y: 0, width: 64, height: 64)
            l.backgroundColor = contents == nil ? Color(r: 1, g: 0, b: 0, a: 1) : nil
            l.contents = contents
            root.addSublayer(l)
            return try renderer.render(root: root)
        }
        let with = try frame(LayerContents(key: "upload-\(UUID())", image: image, pvrtc: pvrtc))
        let without = try frame(nil)
        var how = "RGBA8"
        if let g = with.gpuStats {
            if g.pvrtcNative > 0 { how = "PVRTC blocks (native)" }
            else if g.pvrtcShaderDecoded > 0 { how = "PVRTC blocks (shader decode)" }
        }
        return (max(0, (with.executeSeconds - without.executeSeconds) * 1e3), how)
    }

    func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.isEmpty ? 0 : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

enum ImageExperimentFormat: String, CaseIterable {
    case png, jpeg, jp2
    case jp2Half = "jp2-half"
    case pvrtc
}

struct ImageLoadingRow {
    var kind: String
    var width: Int, height: Int
    var format: ImageExperimentFormat
    var fileBytes: Int
    /// PVRTC decodes to its padded square size.
    var decodedWidth: Int, decodedHeight: Int
    var loadMs: Double, decodeMs: Double
    var uploadMs: Double?
    /// PVRTC on the GPU backend: the software decode to RGBA8 the draw does not use.
    var softwareDecodeMs: Double?
    /// GPU backend: how the texture went up ("RGBA8", "PVRTC blocks (shader decode)", …).
    var gpuTexture: String?
    /// What this backend pays before the image is on screen: load + decode (+ upload).
    var totalMs: Double { loadMs + decodeMs + (uploadMs ?? 0) }
}
