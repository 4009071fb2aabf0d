// CompositorCLI: `compositor tiles make huge.jpg -o huge.dzi` — writes a Deep
// Zoom pyramid (huge.dzi + huge_files/) for tiled layers, reading the image
// a strip at a time (DeepZoomWriter, ImageStripSource), so an image far too
// big to decode whole still makes a pyramid in bounded memory. Atomic: on
// any failure no pyramid (and no partial one) is left, and an older one
// stays as it was. Progress on stderr for long runs; `tiles info` describes
// a .dzi.

import ArgumentParser
import CLISupport
import Foundation
import Images

extension DeepZoomWriter.TileFormat: ExpressibleByArgument {}

struct TilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles", abstract: "Make and inspect Deep Zoom tile pyramids (.dzi) for tiled layers.",
        subcommands: [Make.self, Info.self])

    struct Make: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a Deep Zoom pyramid (NAME.dzi and NAME_files/) from a PNG or JPEG, a strip at a time.")

        @Argument(help: "The image (PNG or JPEG, any size up to 2^30 pixels per side).") var input: String
        @Option(name: .shortAndLong, help: "The .dzi file to write (tiles go to NAME_files/ beside it).") var output: String
        @Option(name: .customLong("tile-size"), help: "Tile size in pixels, without the overlap (16–4096).") var tileSize = 254
        @Option(help: "Pixels each tile shares with its neighbours (0–tile size).") var overlap = 1
        @Option(help: "Tile format: jpeg or png.") var format: DeepZoomWriter.TileFormat = .jpeg
        @Option(help: "JPEG quality of the tiles, 1–100.") var quality = 90
        @Flag(help: "Print what was written.") var stats = false

        func validate() throws {
            guard (16...TilePyramid.maximumTileSize).contains(tileSize) else {
                throw ValidationError("--tile-size must be from 16 to \(TilePyramid.maximumTileSize), got \(tileSize)")
            }
            guard (0...tileSize).contains(overlap) else {
                throw ValidationError("--overlap must be from 0 to the tile size (\(tileSize)), got \(overlap)")
            }
            guard (1...100).contains(quality) else { throw ValidationError("--quality must be from 1 to 100, got \(quality)") }
            guard output.lowercased().hasSuffix(".dzi") else {
                throw ValidationError("the output must be a .dzi file (its tiles go to NAME_files/ beside it), got \(output)")
            }
        }

        func run() throws {
            try reportingErrors {
                let source = try ImageStripSource.open(path: input)
                let strips = (source.height + tileSize - 1) / tileSize
                let progress = Progress(total: strips, label: "rows")
                var done = 0
                let t0 = Date()
                let summary = try DeepZoomWriter.write(
                    source, to: output,
                    options: DeepZoomWriter.Options(tileSize: tileSize, overlap: overlap, format: format, quality: quality)
                ) { rows, _ in
                    while done < (rows + tileSize - 1) / tileSize { progress.step(); done += 1 }
                }
                let p = summary.pyramid
                if stats {
                    print("pyramid: \(p.width)×\(p.height), \(p.levelCount) levels, tiles \(p.tileSize)+\(p.overlap)")
                    print("tiles written: \(summary.tilesWritten), bytes: \(summary.bytesWritten)")
                    print("peak row buffer bytes: \(summary.peakRowBytes)")
                    print(String(format: "seconds: %.2f", Date().timeIntervalSince(t0)))
                }
            }
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Describe a Deep Zoom descriptor (.dzi) and its levels.")
        @Argument(help: "The .dzi file.") var input: String

        func run() throws {
            try reportingErrors {
                let d = try DeepZoomDescriptor.read(path: input)
                let p = d.pyramid
                print("\(input): \(p.width)×\(p.height) pixels, \(d.format) tiles of \(p.tileSize) + overlap \(p.overlap), \(p.levelCount) levels")
                for l in 0...p.maxLevel {
                    let s = p.levelSize(l), g = p.grid(l)
                    print("level \(l): \(s.width)×\(s.height), \(g.columns)×\(g.rows) tiles")
                }
            }
        }
    }
}
