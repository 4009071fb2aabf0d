// Overdraw counting: the CPU counter (Raster) and the GPU counting pass
// (GLES) must give identical per-pixel counts on every pass of every
// fixture; the CPU counts must equal what CPUExecutor reports as written;
// counts above one channel's 255 (and above 4 × 255) must not saturate.

import XCTest
import Compare
import Compositor
import GLES
import Raster

final class OverdrawTests: XCTestCase {
    nonisolated(unsafe) static var gpu: GPUOverdrawCounter?

    func gpuCounter() throws -> GPUOverdrawCounter {
        if let g = Self.gpu { return g }
        do {
            let g = try GPUOverdrawCounter(platform: .auto)
            Self.gpu = g
            return g
        } catch {
            throw XCTSkip("no EGL display could be opened: \(error)")
        }
    }

    /// First differing pixel of two passes, for failure messages.
    func firstDifference(_ a: PassOverdraw, _ b: PassOverdraw) -> String? {
        guard a.width == b.width, a.height == b.height else { return "sizes differ" }
        guard let i = a.counts.indices.first(where: { a.counts[$0] != b.counts[$0] }) else { return nil }
        let bad = a.counts.indices.reduce(0) { $0 + (a.counts[$1] != b.counts[$1] ? 1 : 0) }
        return "\(bad) pixels differ, first at (\(i % a.width), \(i / a.width)): gpu \(a.counts[i]) cpu \(b.counts[i])"
    }

    func testEveryFixtureCountsIdenticallyOnGPUAndCPU() throws {
        let gpu = try gpuCounter()
        let cpuCounter = CPUOverdrawCounter()
        let executor = CPUExecutor()
        // The counter counts painter's order: compare it with the executor running every fragment.
        executor.skipHiddenFragments = false
        let renderer = Renderer(executor: executor)
        var failures: [String] = []
        var offscreenCompared = 0
        for url in FixturePaths.jsonFiles(in: FixturePaths.scenes) {
            let name = url.deletingPathExtension().lastPathComponent
            let out = try renderer.render(scene: try SceneLoader.load(path: url.path))
            let c = try cpuCounter.count(out.plan)
            let g = try gpu.count(out.plan)
            XCTAssertEqual(c.passes.count, out.plan.passes.count)
            for (pc, pg) in zip(c.passes, g.passes) {
                if let d = firstDifference(pg, pc) { failures.append("\(name) pass \(pc.passID) (\(pc.reason)): \(d)") }
                if pc.reason != .canvas { offscreenCompared += 1 }
            }
            // The counter keeps the executor's written fragments minus those under the threshold.
            for (pc, stat) in zip(c.passes, executor.lastStats.perPass) {
                XCTAssertLessThanOrEqual(pc.fragments, stat.fragmentsWritten, "\(name) pass \(pc.passID)")
                XCTAssertGreaterThanOrEqual(pc.fragments, stat.fragmentsWritten * 95 / 100, "\(name) pass \(pc.passID)")
            }
            // Per-item counts add up to the per-pixel counts.
            for p in c.passes {
                let sum = (c.items ?? []).filter { $0.passID == p.passID }.reduce(0) { $0 + $1.fragments }
                XCTAssertEqual(sum, p.fragments, "\(name) pass \(p.passID)")
            }
            print("[overdraw] \(name): canvas \(c.canvas.fragments) fragments, \(c.passes.count - 1) offscreen")
        }
        XCTAssertGreaterThan(offscreenCompared, 3, "fixtures should exercise offscreen passes")
        XCTAssertTrue(failures.isEmpty, "GPU and CPU overdraw differ:\n" + failures.joined(separator: "\n"))
    }

    /// Known counts: two overlapping opaque rects and an AA-edged translucent one.
    func testKnownCounts() throws {
        let red = PremultipliedColor(r: 1, g: 0, b: 0, a: 1)
        let items = [
            DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 10, height: 10),
                     paint: .solid(red), blend: .copy),
            DrawItem(layer: 1, transform: .identity, rect: Rect(x: 5, y: 5, width: 10, height: 10),
                     paint: .solid(red), blend: .copy),
            DrawItem(layer: 2, transform: .identity, rect: Rect(x: 2.5, y: 0, width: 4, height: 4),
                     paint: .solid(PremultipliedColor(r: 0, g: 0, b: 0.5, a: 0.5)), aaEdges: .all),
        ]
        let plan = RenderPlan(width: 20, height: 20,
                              passes: [RenderPass(id: 0, width: 20, height: 20, reason: .canvas, layerName: nil,
                                                  clear: .clear, content: .draw(items))],
                              images: [], layerNames: ["a", "b", "c"])
        let c = try CPUOverdrawCounter().count(plan)
        let counts = c.canvas.counts
        XCTAssertEqual(counts[0], 1)
        XCTAssertEqual(counts[7 * 20 + 7], 2)
        XCTAssertEqual(counts[19 * 20 + 19], 0)
        // AA left edge at x = 2.5: pixel 2 (centre 2.5) is half covered → written; pixel 1 is not.
        XCTAssertEqual(counts[1 * 20 + 2], 2)
        XCTAssertEqual(counts[1 * 20 + 1], 1)
        XCTAssertEqual(c.items?.map(\.fragments), [100, 100, 20])
        let s = OverdrawSummary(c, plan: plan)
        XCTAssertEqual(s.opaqueFragments, 200)
        XCTAssertEqual(s.blendedFragments, 20)
        XCTAssertEqual(s.canvasFragments, 220)
        XCTAssertEqual(s.histogram, [225, 130, 45, 0, 0])
        XCTAssertEqual(s.histogram.reduce(0, +), 400)
        XCTAssertEqual(s.topLayers.first?.name, "a")
        if let g = try? gpuCounter() {
            XCTAssertNil(firstDifference(try g.count(plan).canvas, c.canvas))
        }
    }

    /// More writes than one channel (255) and than all four (1,020) hold.
    func testCountsAboveTheChannelCapacity() throws {
        let plan = RenderPlan.fullCanvasQuads(count: 1_100, width: 8, height: 4)
        let c = try CPUOverdrawCounter().count(plan)
        XCTAssertEqual(Set(c.canvas.counts), [1_100])
        let gpu = try gpuCounter()
        let g = try gpu.count(plan)
        XCTAssertEqual(Set(g.canvas.counts), [1_100])
        XCTAssertEqual(gpu.lastReadbacks, 2)
    }

    /// The heat map colours pixels by count (Android scheme) and appends a legend strip.
    func testHeatMapColoursAndLegend() throws {
        let counts: [UInt32] = [0, 1, 2, 3, 4, 9]
        let img = HeatMap.render(counts: counts, width: 6, height: 1, frame: nil)
        XCTAssertEqual(img.width, 6)
        XCTAssertGreaterThan(img.height, 1)
        func px(_ x: Int) -> [UInt8] { Array(img.pixels[(4 * x)..<(4 * x + 4)]) }
        XCTAssertEqual(px(0)[0], px(0)[1])                 // untouched: grey
        XCTAssertGreaterThan(px(1)[2], px(1)[0])           // 1×: blue
        XCTAssertGreaterThan(px(2)[1], px(2)[0])           // 2×: green
        XCTAssertGreaterThan(px(3)[2], px(3)[1])           // 3×: pink (red and blue over green)
        XCTAssertGreaterThan(px(4)[0], px(4)[2])           // 4×: red
        XCTAssertEqual(px(5), px(4))                       // 4×+ all red
    }

    /// `compositor overdraw` writes the heat map and totals matching the CPU counter.
    func testOverdrawCommand() throws {
        let binary = FixturePaths.compositorBinary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("binary not built") }
        let dir = FileManager.default.temporaryDirectory
        let png = dir.appendingPathComponent("od-\(UUID()).png"), js = dir.appendingPathComponent("od-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: png); try? FileManager.default.removeItem(at: js) }
        let scene = FixturePaths.scenes.appendingPathComponent("group-opacity.json")
        let p = Process()
        p.executableURL = binary
        p.arguments = ["overdraw", scene.path, "-o", png.path, "--backend", "cpu", "--stats-json", js.path]
        p.standardOutput = Pipe()
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let stats = try JSONSerialization.jsonObject(with: Data(contentsOf: js)) as? [String: Any]
        let out = try Renderer(executor: CPUExecutor()).render(scene: try SceneLoader.load(path: scene.path))
        let c = try CPUOverdrawCounter().count(out.plan)
        XCTAssertEqual(stats?["fragments"] as? Int, c.canvas.fragments)
        let heat = try PNG.read(path: png.path)
        XCTAssertEqual(heat.width, out.plan.width)
        XCTAssertGreaterThan(heat.height, out.plan.height)
    }
}
