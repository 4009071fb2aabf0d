// Bench: the photographs of `experiment carousel`, made by the project (never
// downloaded): each is a procedural landscape — a sky gradient whose hue
// depends on the photo's number, rolling hills, a sun, per-pixel grain (what
// makes photos expensive to compress and decode) — with its number painted
// large in the corner, so contact sheets show which photo is where. Each
// photo is written once at full size and once at the reduced size the
// resolution-swapping strategy loads while the strip moves (the book stores
// every image at several resolutions), and, for the tiled strategy, as a Deep
// Zoom pyramid (254-pixel tiles, 1 pixel overlap, tiles in the photos'
// format), into a cache folder beside the report (reused when the files
// already exist), atomically.

import Compositor
import Foundation

enum CarouselPhotoFormat: String, CaseIterable {
    case png, jpeg
    var fileExtension: String { self == .png ? "png" : "jpg" }
}

/// The files of one carousel photo.
struct CarouselPhotoFiles {
    var full: String
    var reduced: String
    /// The Deep Zoom pyramid of the full photo (.dzi), when the tiled strategy runs.
    var pyramid: String?
}

enum CarouselPhotos {
    /// Photo `index` at `width` × `height`, opaque.
    static func photo(index: Int, width: Int, height: Int) -> Image {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let hue = Double(index % 12) / 12
        let (sr, sg, sb) = hsv(hue, 0.55, 0.95), (hr, hg, hb) = hsv(hue + 0.35, 0.6, 0.55)
        var seed = UInt32(truncatingIfNeeded: 0x9E37_79B9 &+ index &* 7919)
        let phase = Double(index) * 1.7
        for y in 0..<height {
            let v = Double(y) / Double(height)
            for x in 0..<width {
                let u = Double(x) / Double(width)
                seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5
                let grain = Double(seed & 31) - 15.5
                let horizon = 0.6 + 0.08 * sin(u * 9 + phase) + 0.03 * sin(u * 31 + phase * 2)
                var r: Double, g: Double, b: Double
                if v < horizon {
                    let k = v / horizon
                    r = sr * (1 - 0.4 * k) + 60 * k; g = sg * (1 - 0.3 * k) + 40 * k; b = sb * (1 - 0.1 * k)
                    let d = hypot(u - 0.7, (v - 0.25) * 0.75)
                    if d < 0.09 { let s = (0.09 - d) / 0.09; r += 120 * s; g += 100 * s; b += 40 * s }
                } else {
                    let k = (v - horizon) / (1 - horizon)
                    let stripe = 0.5 + 0.5 * sin(u * 60 + v * 25 + phase)
                    r = hr * (1 - 0.5 * k) + 25 * stripe; g = hg * (1 - 0.4 * k) + 30 * stripe; b = hb * (1 - 0.5 * k)
                }
                r += grain; g += grain * 0.8; b += grain * 1.1
                let i = (y * width + x) * 4
                pixels[i] = clamp(r); pixels[i + 1] = clamp(g); pixels[i + 2] = clamp(b)
            }
        }
        var image = Image(width: width, height: height, pixels: pixels)
        label(&image, "\(index)")
        return image
    }

    /// Paints `text` in white on a dark box in the top-left corner, a fifth of the photo tall.
    static func label(_ image: inout Image, _ text: String) {
        guard let glyphs = TextLabel.make(text, pixelSize: Double(max(8, image.height / 5))) else { return }
        let pad = max(2, image.height / 60)
        let w = glyphs.width + 2 * pad, h = glyphs.height + 2 * pad
        let x0 = image.width / 20, y0 = image.height / 20
        for y in max(0, y0)..<min(image.height, y0 + h) {
            for x in max(0, x0)..<min(image.width, x0 + w) {
                let i = (y * image.width + x) * 4
                image.pixels[i] = 30; image.pixels[i + 1] = 30; image.pixels[i + 2] = 30; image.pixels[i + 3] = 255
            }
        }
        glyphs.draw(into: &image, x: x0 + pad, y: y0 + pad, (250, 250, 250))
    }

    /// Writes (or reuses) `count` photos at `width` × `height` and their
    /// reduced copies at `reducedWidth` × `reducedHeight` into `dir`.
    static func files(count: Int, width: Int, height: Int, reducedWidth: Int, reducedHeight: Int,
                      format: CarouselPhotoFormat, pyramids: Bool, dir: String,
                      progress: (Int) -> Void) throws -> [CarouselPhotoFiles] {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return try (0..<count).map { i in
            let base = "\(dir)/photo-\(i)-\(width)x\(height)"
            let files = CarouselPhotoFiles(full: base + "." + format.fileExtension,
                                           reduced: base + "-reduced-\(reducedWidth)x\(reducedHeight)." + format.fileExtension,
                                           pyramid: pyramids ? base + "-\(format.rawValue).dzi" : nil)
            let fm = FileManager.default
            let missing = [files.full, files.reduced, files.pyramid].compactMap { $0 }.filter { !fm.fileExists(atPath: $0) }
            if !missing.isEmpty {
                let image = photo(index: i, width: width, height: height)
                try write(image, format, to: files.full)
                try write(ImageDownscale.box(image, width: reducedWidth, height: reducedHeight), format, to: files.reduced)
                if let p = files.pyramid {
                    try DeepZoomWriter.write(ImageRowSource(image), to: p,
                                             options: .init(tileSize: 254, overlap: 1, format: format == .png ? .png : .jpeg))
                }
            }
            progress(i)
            return files
        }
    }

    static func write(_ image: Image, _ format: CarouselPhotoFormat, to path: String) throws {
        switch format {
        case .png: try PNG.write(image, to: path)
        case .jpeg: try AtomicFile.write(try JPEG.encode(image, quality: 90, name: path), to: path)
        }
    }

    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
        let hh = (h - floor(h)) * 6, i = Int(hh), f = hh - Double(i)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return (r * 255, g * 255, b * 255)
    }

    private static func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
}
