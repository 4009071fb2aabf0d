// CompositorTests: tiled layers through the renderer. Expected pixels come
// from the pictures the tests generate (each tile a known colour, a fade a
// known fraction of it over black), and the tile counts from the Deep Zoom
// geometry worked out by hand for the view: a 32768 × 32768 pyramid of which
// only the tiles the view needs exist on disk, so opening any other tile
// would fail the render.

import XCTest
import Foundation
import Compositor
import Raster

final class TiledLayerTests: XCTestCase {
    func scratch() throws -> String {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("tiled-\(UUID())")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: u) }
        return u.path
    }

    /// The colour of the level-`level` pixel (x, y) in the huge test picture: one flat colour per 256-pixel tile.
    static func hugeColour(level: Int, x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let c = x / 256, r = y / 256
        return (UInt8((c * 37 + level * 11) & 255), UInt8((r * 53) & 255), UInt8((c * 7 + r * 13) & 255), 255)
    }

    /// Writes the descriptor of a 32768² PNG pyramid (256 + 1) and only the tiles `ids`.
    static func writeHugePyramid(_ dir: String, tiles ids: [TileID]) throws -> String {
        let p = TilePyramid(width: 32768, height: 32768, tileSize: 256, overlap: 1)
        let dzi = dir + "/huge.dzi"
        try AtomicFile.write(Array(DeepZoomDescriptor(format: "png", pyramid: p).xml.utf8), to: dzi)
        for id in ids {
            let e = p.extent(id)
            var image = Image(width: e.width, height: e.height)
            for y in 0..<e.height { for x in 0..<e.width { image[x, y] = hugeColour(level: id.level, x: e.x + x, y: e.y + y) } }
            try FileManager.default.createDirectory(atPath: "\(dir)/huge_files/\(id.level)", withIntermediateDirectories: true)
            try PNG.write(image, to: "\(dir)/huge_files/\(id.level)/\(id.column)_\(id.row).png")
        }
        return dzi
    }

    /// A canvas root with one tiled layer of `source` whose bounds are `size` points, its top-left at `origin`.
    static func scene(_ source: any TileSource, size: Double, origin: Vec2, scale: Double = 1,
                      levels: Int = 1, width: Double = 300, height: Double = 200) -> (Layer, TiledLayer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: width, height: height)
        root.position = Vec2(width / 2, height / 2)
        root.backgroundColor = Color(r: 0, g: 0, b: 0, a: 1)
        let t = TiledLayer()
        t.bounds = Rect(x: 0, y: 0, width: size, height: size)
        t.anchorPoint = Vec2(0, 0)
        t.position = origin
        t.transform = Transform3D.scale(scale, scale, 1)
        t.levelsOfDetail = levels
        t.tileSource = source
        root.addSublayer(t)
        return (root, t)
    }

    func testAViewOfAHugePyramidDecodesOnlyTheTilesItMeets() throws {
        let dir = try scratch()
        // 1:1, the view shows image pixels x 1000..<1300, y 5000..<5200 of level 15:
        // columns 1000/256 = 3 … 1299/256 = 5, rows 5000/256 = 19 … 5199/256 = 20.
        let needed = (19...20).flatMap { r in (3...5).map { TileID(level: 15, column: $0, row: r) } }
        // Zoomed out 16 times (levelsOfDetail 5): level 11; the view shows its pixels 0..<300 × 0..<200: tiles 0_0, 1_0.
        let coarse = [TileID(level: 11, column: 0, row: 0), TileID(level: 11, column: 1, row: 0)]
        let dzi = try Self.writeHugePyramid(dir, tiles: needed + coarse)
        let source = try DeepZoomSource(path: dzi)

        let (root, _) = Self.scene(source, size: 32768, origin: Vec2(-1000, -5000))
        let renderer = Renderer(executor: CPUExecutor())
        let out = try renderer.render(root: root)
        XCTAssertEqual(source.filesOpened, 6)
        XCTAssertEqual(renderer.tileLoader.stats.decoded, 6)
        XCTAssertEqual(renderer.tileLoader.stats.levels, [15])
        for y in 0..<200 {
            for x in 0..<300 where x % 3 == 0 || y % 3 == 0 {
                XCTAssertTrue(out.image[x, y] == Self.hugeColour(level: 15, x: 1000 + x, y: 5000 + y), "pixel \(x),\(y)")
            }
        }

        let (zoomed, _) = Self.scene(source, size: 32768, origin: Vec2(0, 0), scale: 1.0 / 16, levels: 5)
        let small = Renderer(executor: CPUExecutor())
        let out2 = try small.render(root: zoomed)
        XCTAssertEqual(small.tileLoader.stats.decoded, 2)
        XCTAssertEqual(small.tileLoader.stats.levels, [11])
        XCTAssertEqual(source.filesOpened, 8, "no other tile file was opened")
        for (x, y) in [(10, 10), (255, 199), (256, 0), (299, 150)] {
            XCTAssertTrue(out2.image[x, y] == Self.hugeColour(level: 11, x: x, y: y), "zoomed pixel \(x),\(y)")
        }
    }

    /// A pyramid of a flat-coloured `w` × `h` image (PNG tiles of `tile` pixels).
    static func flatPyramid(_ dir: String, _ name: String, w: Int, h: Int, tile: Int,
                            colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> DeepZoomSource {
        var image = Image(width: w, height: h)
        for y in 0..<h { for x in 0..<w { image[x, y] = colour(x, y) } }
        try DeepZoomWriter.write(ImageRowSource(image), to: "\(dir)/\(name).dzi",
                                 options: .init(tileSize: tile, overlap: 1, format: .png))
        return try DeepZoomSource(path: "\(dir)/\(name).dzi")
    }

    func testTilesArriveAfterTheLatencyAndFadeInOverFadeDuration() throws {
        let dir = try scratch()
        let source = try Self.flatPyramid(dir, "red", w: 64, h: 64, tile: 64) { _, _ in (255, 0, 0, 255) }
        let (root, layer) = Self.scene(source, size: 64, origin: Vec2(0, 0), width: 64, height: 64)
        XCTAssertEqual(layer.fadeDuration, 0.25)
        let renderer = Renderer(executor: CPUExecutor())
        renderer.tileLoader.arrival = .latency(0.1)
        // Requested at t = 0, arrives at 0.1, fully in at 0.35: red = 255 × (t − 0.1) / 0.25 over black.
        for (t, red) in [(0.0, 0), (0.1, 0), (0.2, 102), (0.3, 204), (0.35, 255), (0.5, 255)] {
            let out = try renderer.renderFrame(root: root, time: t)
            let px = out.image[32, 32]
            XCTAssertLessThanOrEqual(abs(Int(px.0) - red), 1, "t = \(t): red \(px.0), expected \(red)")
            XCTAssertEqual(px.1, 0); XCTAssertEqual(px.3, 255)
            XCTAssertEqual(renderer.tileLoader.stats.lastFrame.blank, t <= 0.1 ? 1 : 0, "t = \(t)")
        }
        XCTAssertEqual(renderer.tileLoader.stats.decoded, 1)
        XCTAssertEqual(renderer.tileLoader.stats.framesWithBlankTiles, 2)
    }

    func testTheCoarserLevelStaysVisibleWhileTheFinerOneLoads() throws {
        let dir = try scratch()
        // Left half red, right half blue; 64-pixel tiles: level 7 is 2 × 2 tiles, level 6 one tile.
        let source = try Self.flatPyramid(dir, "halves", w: 128, h: 128, tile: 64) { x, _ in
            x < 64 ? (255, 0, 0, 255) : (0, 0, 255, 255)
        }
        let renderer = Renderer(executor: CPUExecutor())
        let (half, _) = Self.scene(source, size: 128, origin: Vec2(0, 0), scale: 0.5, levels: 2, width: 128, height: 128)
        _ = try renderer.renderFrame(root: half, time: 0)  // waits: level 6 cached
        XCTAssertEqual(renderer.tileLoader.stats.levels, [6])
        renderer.tileLoader.arrival = .latency(1)
        let (full, _) = Self.scene(source, size: 128, origin: Vec2(0, 0), scale: 1, levels: 2, width: 128, height: 128)
        let out = try renderer.renderFrame(root: full, time: 0.5)
        let f = renderer.tileLoader.stats.lastFrame
        XCTAssertEqual(f.needed, 4); XCTAssertEqual(f.fallback, 4); XCTAssertEqual(f.blank, 0); XCTAssertEqual(f.levels, [7])
        XCTAssertTrue(out.image[20, 20] == (255, 0, 0, 255), "coarse red stands in: \(out.image[20, 20])")
        XCTAssertTrue(out.image[108, 100] == (0, 0, 255, 255), "coarse blue stands in: \(out.image[108, 100])")
        _ = try renderer.renderFrame(root: full, time: 1.8)  // requested at 0.5: arrives at 1.5, fully in at 1.75
        XCTAssertEqual(renderer.tileLoader.stats.lastFrame.shown, 4)
        XCTAssertEqual(renderer.tileLoader.stats.lastFrame.fallback, 0)
    }

    func testAMissingTileFailsAStillRenderAndIsReportedOnceWhenLazy() throws {
        let dir = try scratch()
        let source = try Self.flatPyramid(dir, "g", w: 128, h: 64, tile: 64) { _, _ in (0, 200, 0, 255) }
        try FileManager.default.removeItem(atPath: "\(dir)/g_files/7/1_0.png")
        let (root, _) = Self.scene(source, size: 128, origin: Vec2(0, 0), width: 128, height: 64)
        XCTAssertThrowsError(try Renderer(executor: CPUExecutor()).render(root: root)) { e in
            XCTAssertTrue("\(e)".contains("g_files/7/1_0.png"), "\(e)")
        }
        let renderer = Renderer(executor: CPUExecutor())
        var warnings: [String] = []
        renderer.tileLoader.warn = { warnings.append($0) }
        renderer.tileLoader.arrival = .latency(0)
        for i in 0..<4 {
            let out = try renderer.renderFrame(root: root, time: Double(i) * 0.5)
            if i > 0 { XCTAssertTrue(out.image[30, 30] == (0, 200, 0, 255)) }
            XCTAssertTrue(out.image[100, 30] == (0, 0, 0, 255), "the missing tile stays blank")
        }
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains("g_files/7/1_0.png") == true)
        XCTAssertEqual(renderer.tileLoader.stats.failed, 1)
    }

    func testTheTileCacheStaysWithinItsBudgetWhileScrolling() throws {
        let dir = try scratch()
        let source = try Self.flatPyramid(dir, "strip", w: 1024, h: 32, tile: 32) { x, _ in (UInt8(x / 4), 0, 0, 255) }
        let (root, layer) = Self.scene(source, size: 1024, origin: Vec2(0, 0), width: 64, height: 32)
        layer.bounds = Rect(x: 0, y: 0, width: 1024, height: 32)
        let renderer = Renderer(executor: CPUExecutor())
        let tileBytes = 34 * 34 * 4
        renderer.tileLoader.budgetBytes = 5 * tileBytes
        for i in 0..<30 {
            layer.position = Vec2(Double(-i * 32), 0)
            let out = try renderer.renderFrame(root: root, time: Double(i) / 60)
            XCTAssertEqual(Int(out.image[10, 10].0), (i * 32 + 10) / 4, "frame \(i)")
            XCTAssertLessThanOrEqual(renderer.tileLoader.stats.cacheBytes, 5 * tileBytes)
        }
        let s = renderer.tileLoader.stats
        XCTAssertLessThanOrEqual(s.peakCacheBytes, 5 * tileBytes)
        XCTAssertGreaterThan(s.evicted, 20)
    }
}
