// CompositorCLI: `compositor pvrtc` — encode PNGs to PVRTC1 .pvr files, decode
// them back to PNG, and describe them. Pixels cross both ways as straight RGBA
// exactly as stored (no premultiply round trip, so translucent and transparent
// texels keep their colour). Failures print one line on stderr and exit with
// status 2; outputs are written atomically (no partial files).

import ArgumentParser
import CLISupport
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
            abstract: "Compress a PNG to a PVR v3 file.",
            discussion: """
            Images that are not a square power of two are padded (top-left, transparent) \
            or stretched to one; the original size is not stored in the file. With \
            --fit none the size is kept: each side must be a power of two, and a \
            rectangle such as 128×32 is stored as one (PVR v3 allows it).
            """)

        @Argument(help: "Input PNG.") var input: String
        @Option(name: .shortAndLong, help: "Output .pvr file.") var output: String
        @Option(help: "Bits per pixel: 4 or 2.") var bpp: Int = 4
        @Option(help: "Encoder effort: fast, normal or best.") var quality: Quality = .normal
        @Flag(help: "Also encode a box-filtered mip chain down to 1×1.") var mipmaps = false
        @Option(help: "For non-square or non-power-of-two images: pad, stretch, or none (keep a power-of-two size).")
        var fit: Fit = .pad

        func run() throws {
            try reportingErrors {
                guard bpp == 4 || bpp == 2 else { throw UsageError("--bpp must be 4 or 2, not \(bpp)") }
                let png = try PNG.readStraightRGBA(path: input)
                let image = PVRTCImage(width: png.width, height: png.height, pixels: png.pixels)
                let encoder = PVRTCEncoder(bitsPerPixel: bpp == 2 ? .two : .four, quality: quality.encoderQuality)
                let start = Date()
                let texture: PVRTCTexture
                do {
                    texture = try encoder.encodeTexture(image, fit: fit.fit, mipmaps: mipmaps)
                } catch let e as PVRTCError {
                    let hint = fit == .none ? " (use --fit pad or --fit stretch)" : ""
                    throw UsageError("\(input): \(e)\(hint)")
                }
                let seconds = Date().timeIntervalSince(start)
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
            }
        }
    }

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Decompress a .pvr file's top level (or --level N) to PNG.")

        @Argument(help: "Input .pvr file.") var input: String
        @Option(name: .shortAndLong, help: "Output PNG.") var output: String
        @Option(help: "Mip level to decode (0 = largest).") var level: Int = 0

        func run() throws {
            try reportingErrors {
                let texture = try PVRFile.read(path: input)
                guard texture.levels.indices.contains(level) else {
                    throw UsageError("\(input): has \(texture.levels.count) level(s); there is no level \(level)")
                }
                let decoded = try texture.decode(level: level)
                try PNG.write(straightRGBA: decoded.pixels, width: decoded.width, height: decoded.height, to: output)
                print("\(output): \(decoded.width)×\(decoded.height) from \(texture.formatName) level \(level)")
            }
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
