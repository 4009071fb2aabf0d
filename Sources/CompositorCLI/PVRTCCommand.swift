// CompositorCLI: `compositor pvrtc` — encode PNG and JPEG images to PVRTC1
// .pvr files (with PSNR/SSIM against the source on request), decode them
// back to PNG (cropping padding away), and describe them. Pixels cross both ways as straight RGBA
// exactly as stored (no premultiply round trip, so translucent and transparent
// texels keep their colour). Failures print one line on stderr and exit with
// status 2; outputs are written atomically (no partial files).

import ArgumentParser
import CLISupport
import Compare
import Foundation
import Images
import PVRTC

struct PVRTCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pvrtc",
        abstract: "Encode, decode and inspect PVRTC1 (.pvr) textures.",
        subcommands: [Encode.self, Decode.self, Info.self])

    enum Quality: String, ExpressibleByArgument, CaseIterable {
        case fast, normal, best
        var encoderQuality: PVRTCEncoder.Quality { PVRTCEncoder.Quality(rawValue: rawValue)! }
    }

    enum Fit: String, ExpressibleByArgument, CaseIterable {
        case pad, stretch, none
        var fit: PVRTCFit { PVRTCFit(rawValue: rawValue)! }
    }

    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compress a PNG or JPEG to a PVR v3 file.",
            discussion: """
            Images that are not a square power of two are padded (top-left, transparent) \
            or stretched to one; the original size is not stored in the file. With \
            --fit none the size is kept: each side must be a power of two, and a \
            rectangle such as 128×32 is stored as one (PVR v3 allows it). A padded \
            image's source size is recorded in the file's metadata, so `pvrtc decode \
            --crop auto` can restore it. --report prints PSNR and SSIM of the decoded \
            texture against the image the encoder was given (the source, or its \
            stretched form with --fit stretch), as PVRTexTool's -diff does.
            """)

        @Argument(help: "Input PNG or JPEG (recognised by its first bytes).") var input: String
        @Option(name: .shortAndLong, help: "Output .pvr file.") var output: String
        @Option(help: "Bits per pixel: 4 or 2.") var bpp: Int = 4
        @Flag(help: "Print PSNR (colour and alpha) and SSIM (luma) of the decoded texture against the source.")
        var report = false
        @Option(help: "Encoder effort: fast, normal or best.") var quality: Quality = .normal
        @Flag(help: "Also encode a box-filtered mip chain down to 1×1.") var mipmaps = false
        @Option(help: "For non-square or non-power-of-two images: pad, stretch, or none (keep a power-of-two size).")
        var fit: Fit = .pad

        func run() throws {
            try reportingErrors {
                guard bpp == 4 || bpp == 2 else { throw UsageError("--bpp must be 4 or 2, not \(bpp)") }
                let png = try PVRTCCommand.readSource(input)
                let image = PVRTCImage(width: png.width, height: png.height, pixels: png.pixels)
                let encoder = PVRTCEncoder(bitsPerPixel: bpp == 2 ? .two : .four, quality: quality.encoderQuality)
                let start = Date()
                var texture: PVRTCTexture
                do {
                    texture = try encoder.encodeTexture(image, fit: fit.fit, mipmaps: mipmaps)
                } catch let e as PVRTCError {
                    let hint = fit == .none ? " (use --fit pad or --fit stretch)" : ""
                    throw UsageError("\(input): \(e)\(hint)")
                }
                let seconds = Date().timeIntervalSince(start)
                if fit == .pad, png.width != texture.width || png.height != texture.height {
                    texture.recordSourceSize(width: png.width, height: png.height)
                }
                let bytes: [UInt8]
                do { bytes = try PVRFile.write(texture) } catch let e as PVRFileError {
                    throw PVRFileError.inFile(output, e)
                }
                try AtomicFile.write(bytes, to: output)
                var note = ""
                if png.width != texture.width || png.height != texture.height {
                    note = fit == .pad ? " (padded from \(png.width)×\(png.height), image at top-left)"
                                       : " (stretched from \(png.width)×\(png.height))"
                }
                print("\(output): \(texture.formatName) \(texture.width)×\(texture.height)\(note), "
                    + "\(texture.levels.count) level\(texture.levels.count == 1 ? "" : "s"), \(bytes.count) bytes, "
                    + String(format: "encoded in %.3f s", seconds))
                if report { print(try quality(of: texture, source: image).line) }
            }
        }

        /// PSNR/SSIM of level 0 against what the encoder was given: the source
        /// (padding cropped away) or, stretched, the source resampled as the encoder did.
        func quality(of texture: PVRTCTexture, source: PVRTCImage) throws -> ImageQuality {
            let decoded = try texture.decode(level: 0)
            let reference = fit == .stretch ? PVRTCFit.stretch.stretched(source, width: texture.width, height: texture.height)
                                            : source
            let shown = PVRTCCommand.crop(decoded.pixels, width: decoded.width,
                                          to: reference.width, reference.height)
            return ImageQuality.measure(source: reference.pixels, encoded: shown,
                                        width: reference.width, height: reference.height)
        }
    }

    /// Straight RGBA of a PNG (exactly as stored) or a JPEG (opaque), by the file's first bytes.
    static func readSource(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let bytes = try ImageLoader.readBytes(path: path)
        switch ImageLoader.format(of: bytes, name: path) {
        case .png: return try PNG.readStraightRGBA(path: path)
        case .jpeg:
            let image = try ImageLoader.decode(bytes, name: path)
            return (image.width, image.height, image.straightRGBA)
        case .pvr: throw UsageError("\(path): is already a PVRTC texture; decode it to PNG first (pvrtc decode)")
        default: throw UsageError("\(path): not a PNG or JPEG file (its first bytes match neither)")
        }
    }

    /// The top-left `width` × `height` texels of a row-major RGBA buffer `stride` texels wide.
    static func crop(_ pixels: [UInt8], width stride: Int, to width: Int, _ height: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height { out += pixels[(y * stride * 4)..<(y * stride * 4 + width * 4)] }
        return out
    }

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Decompress a .pvr file's top level (or --level N) to PNG.")

        @Argument(help: "Input .pvr file.") var input: String
        @Option(name: .shortAndLong, help: "Output PNG.") var output: String
        @Option(help: "Mip level to decode (0 = largest).") var level: Int = 0
        @Option(help: "Crop the top-left WxH of level 0 (a padded image's source size), or auto: the size recorded by pvrtc encode.")
        var crop: String?

        func run() throws {
            try reportingErrors {
                let texture = try PVRFile.read(path: input)
                guard texture.levels.indices.contains(level) else {
                    throw UsageError("\(input): has \(texture.levels.count) level(s); there is no level \(level)")
                }
                let decoded = try texture.decode(level: level)
                var (w, h, pixels) = (decoded.width, decoded.height, decoded.pixels)
                var note = ""
                if let c = try cropSize(texture) {
                    pixels = PVRTCCommand.crop(pixels, width: w, to: c.width, c.height)
                    note = " (cropped from \(w)×\(h))"
                    (w, h) = c
                }
                try PNG.write(straightRGBA: pixels, width: w, height: h, to: output)
                print("\(output): \(w)×\(h)\(note) from \(texture.formatName) level \(level)")
            }
        }

        /// The --crop size, checked against level 0; nil without --crop.
        func cropSize(_ texture: PVRTCTexture) throws -> (width: Int, height: Int)? {
            guard let crop else { return nil }
            let size: (width: Int, height: Int)
            if crop == "auto" {
                guard let s = texture.sourceSize else {
                    throw UsageError("\(input): --crop auto: the file records no source size (it was not padded by pvrtc encode); give --crop WxH")
                }
                size = s
            } else {
                let parts = crop.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
                    throw UsageError("--crop must be auto or WxH with positive integers (like 300x200), not '\(crop)'")
                }
                size = (w, h)
            }
            guard level == 0 else { throw UsageError("--crop applies to level 0, not level \(level)") }
            guard size.width <= texture.width, size.height <= texture.height else {
                throw UsageError("\(input): --crop \(size.width)x\(size.height) is larger than the texture (\(texture.width)×\(texture.height))")
            }
            return size
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Describe a .pvr file: format, size, mips, bytes.")

        @Argument(help: "Input .pvr file.") var input: String

        func run() throws {
            try reportingErrors {
                let t = try PVRFile.read(path: input)
                let compressed = t.compressedByteCount, rgba = t.rgba8ByteCount
                print("file: \(input)")
                print("format: \(t.formatName)\(t.colorSpace == 1 ? ", sRGB" : "")")
                print("size: \(t.width)×\(t.height)")
                print("mip levels: \(t.levels.count)")
                for i in t.levels.indices {
                    let s = t.levelSize(i)
                    print("  level \(i): \(s.width)×\(s.height), \(t.levels[i].count) bytes")
                }
                if !t.metadata.isEmpty { print("metadata: \(t.metadata.count) bytes") }
                print("compressed: \(compressed) bytes")
                print(String(format: "as RGBA8: %d bytes (%.1f× larger)", rgba, Double(rgba) / Double(max(compressed, 1))))
            }
        }
    }
}
