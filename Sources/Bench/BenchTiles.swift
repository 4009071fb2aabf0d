// Bench: `compositor bench tiles SOURCE` — what one tile costs at each level
// of a tiled layer's source: a Deep Zoom pyramid (read the tile file, decode
// it) or a plain PNG/JPEG cut into tiles on demand (the first tile decodes
// the whole image and keeps it, so it is timed apart; later tiles are
// copies, coarser levels halvings made once). Up to --tiles tiles around
// the centre of each level are decoded one after another on this thread;
// the table gives the median and mean milliseconds per tile, the tile bytes
// and the process's peak resident memory at the end.

import ArgumentParser
import CLISupport
import Compositor
import Foundation

struct BenchTiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles", abstract: "Decode time per tile and per level of a .dzi pyramid or a plain image cut into tiles.")

    @Argument(help: "A .dzi file, or a PNG/JPEG image.") var source: String
    @Option(help: "Tiles decoded per level (around its centre).") var tiles = 16
    @Option(help: "Levels measured, from --start-level down.") var levels = 6
    @Option(name: .customLong("start-level"), help: "The first (finest) level measured; default: the top (full resolution). A plain JPEG first needed at a coarse level is decoded scaled down.")
    var startLevel: Int?
    @Option(name: .customLong("tile-size"), help: "Tile size for a plain image.") var tileSize = 256
    @Flag(help: "Print JSON instead of text.") var json = false

    func run() throws {
        try reportingErrors {
            try BenchCounts.check(tiles, "--tiles", 1...100_000)
            try BenchCounts.check(levels, "--levels", 1...64)
            try BenchCounts.check(tileSize, "--tile-size", 16...TilePyramid.maximumTileSize)
            let src: any TileSource = source.lowercased().hasSuffix(".dzi")
                ? try DeepZoomSource(path: source) : try ImageTileSource(path: source, tileSize: tileSize)
            let p = src.pyramid
            var rows: [[String: Any]] = []
            var first: Double?
            let start = min(max(0, startLevel ?? p.maxLevel), p.maxLevel)
            for level in stride(from: start, through: max(0, start - levels + 1), by: -1) {
                let g = p.grid(level)
                let (cc, cr) = (g.columns / 2, g.rows / 2)
                var ids: [TileID] = []
                var ring = 0
                while ids.count < min(tiles, g.columns * g.rows) {
                    for r in (cr - ring)...(cr + ring) {
                        for c in (cc - ring)...(cc + ring) where max(abs(r - cr), abs(c - cc)) == ring {
                            let id = TileID(level: level, column: c, row: r)
                            if p.contains(id) && ids.count < tiles { ids.append(id) }
                        }
                    }
                    ring += 1
                }
                var ms: [Double] = []
                var bytes = 0
                for id in ids {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let image = try src.decodeTile(id)
                    let t = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                    if first == nil, src is ImageTileSource { first = t; continue }  // the whole-image decode
                    ms.append(t)
                    bytes += image.byteCount
                }
                guard !ms.isEmpty else { continue }
                let sorted = ms.sorted()
                let median: Double = (sorted[sorted.count / 2] * 1000).rounded() / 1000
                let mean: Double = (ms.reduce(0, +) / Double(ms.count) * 1000).rounded() / 1000
                let size = p.levelSize(level)
                var row: [String: Any] = ["level": level, "levelWidth": size.width, "levelHeight": size.height]
                row["tiles"] = ms.count
                row["medianMs"] = median
                row["meanMs"] = mean
                row["bytesPerTile"] = bytes / ms.count
                rows.append(row)
            }
            // VmHWM, not ru_maxrss: Linux carries the spawning process's peak across execve.
            let peakMB = Double(ResidentMemory.peak()) / 1048576
            if json {
                var fields: [(String, Any)] = [("source", source), ("width", p.width), ("height", p.height),
                                               ("tileSize", p.tileSize), ("overlap", p.overlap), ("levels", rows),
                                               ("peakRSSMiB", (peakMB * 10).rounded() / 10)]
                if let f = first { fields.append(("firstTileMs", (f * 1000).rounded() / 1000)) }
                print(jsonText(fields))
                return
            }
            print("\(source): \(p.width)×\(p.height), tiles \(p.tileSize)+\(p.overlap), \(p.levelCount) levels")
            if let f = first { print(String(format: "first tile (decodes the image, scaled down for a coarse JPEG level): %.1f ms", f)) }
            print("level  size              tiles  median ms  mean ms  bytes/tile")
            for r in rows {
                let size = "\(r["levelWidth"]!)×\(r["levelHeight"]!)"
                print(String(format: "%5d  %@ %5d  %9.3f  %7.3f  %10d", r["level"] as! Int,
                             size.padding(toLength: 17, withPad: " ", startingAt: 0), r["tiles"] as! Int,
                             r["medianMs"] as! Double, r["meanMs"] as! Double, r["bytesPerTile"] as! Int))
            }
            print(String(format: "peak resident memory: %.1f MiB", peakMB))
        }
    }
}
