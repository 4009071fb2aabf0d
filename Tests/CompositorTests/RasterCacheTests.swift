// The rasterization cache over frames: which frames hit, miss and evict
// (moving, changed inside, faded, over budget, idle for 100 ms of timeline
// time), and that cached frames look exactly like uncached renders of the
// same trees (CPU pixel-exact; GPU against CPU within the differential
// tolerance).

import XCTest
import Compare
import Compositor
import GLES
import Raster

final class RasterCacheTests: XCTestCase {
    /// A canvas root with one rasterized card (shadow, rounded corners, border, a sublayer).
    func makeTree(width: Double = 200, height: Double = 120) -> (root: Layer, card: Layer, inner: Layer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: width, height: height)
        root.position = Vec2(width / 2, height / 2)
        root.backgroundColor = Color(r: 0.9, g: 0.93, b: 0.96)
        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
        card.position = Vec2(50, 50)
        card.cornerRadius = 8
        card.backgroundColor = Color(r: 1, g: 1, b: 1)
        card.borderWidth = 2
        card.borderColor = Color(r: 0.1, g: 0.2, b: 0.3)
        card.shadowOpacity = 0.5
        card.shadowRadius = 3
        card.shouldRasterize = true
        card.rasterizationScale = 1
        let inner = Layer()
        inner.bounds = Rect(x: 0, y: 0, width: 30, height: 12)
        inner.position = Vec2(30, 20)
        inner.backgroundColor = Color(r: 0.9, g: 0.2, b: 0.3)
        card.addSublayer(inner)
        root.addSublayer(card)
        return (root, card, inner)
    }

    func cpuRenderer() -> Renderer { Renderer(executor: CPUExecutor()) }

    func counts(_ f: FrameOutput) -> [Int] {
        [f.cacheStats.hits, f.cacheStats.misses, f.cacheStats.evictions]
    }

    func testMovingRasterizedLayerHitsAfterFirstFrame() throws {
        let (root, card, _) = makeTree()
        let r = cpuRenderer()
        var seen: [[Int]] = []
        for i in 0..<4 {
            card.position = Vec2(50 + 7.3 * Double(i), 50 + 2.1 * Double(i))
            card.transform = .rotation(0.05 * Double(i), 0, 0, 1)
            let f = try r.renderFrame(root: root, time: Double(i) / 60)
            seen.append(counts(f))
            XCTAssertEqual(f.plan.passes.filter { $0.reason == .rasterize }.count, i == 0 ? 1 : 0)
        }
        XCTAssertEqual(seen, [[0, 1, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0]])
    }

    func testChangeInsideSubtreeMisses() throws {
        let (root, _, inner) = makeTree()
        let r = cpuRenderer()
        _ = try r.renderFrame(root: root, time: 0)
        XCTAssertEqual(counts(try r.renderFrame(root: root, time: 1.0 / 60)), [1, 0, 0])
        inner.backgroundColor = Color(r: 0.2, g: 0.8, b: 0.3)
        let changed = try r.renderFrame(root: root, time: 2.0 / 60)
        XCTAssertEqual(counts(changed), [0, 1, 0])
        XCTAssertEqual(counts(try r.renderFrame(root: root, time: 3.0 / 60)), [1, 0, 0])
        inner.position = Vec2(31, 20)
        XCTAssertEqual(counts(try r.renderFrame(root: root, time: 4.0 / 60)), [0, 1, 0])
    }

    func testOpacityChangeOfTheLayerHits() throws {
        let (root, card, _) = makeTree()
        let r = cpuRenderer()
        _ = try r.renderFrame(root: root, time: 0)
        card.opacity = 0.4
        let f = try r.renderFrame(root: root, time: 1.0 / 60)
        XCTAssertEqual(counts(f), [1, 0, 0])
        // …and the faded cached frame equals an uncached render.
        let fresh = try cpuRenderer().renderFrame(root: root, time: 1.0 / 60, rasterCache: false)
        XCTAssertEqual(f.image, fresh.image)
    }

    func testBudgetEvictsLeastRecentlyUsed() throws {
        // 100×100 canvas: budget 2.5 × 10 000 pixels = 100 000 bytes; each card
        // bitmap is 94×94 px (35 344 bytes): two fit, three do not.
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.position = Vec2(50, 50)
        var cards: [Layer] = []
        for i in 0..<3 {
            let c = Layer()
            c.bounds = Rect(x: 0, y: 0, width: 92, height: 92)
            c.position = Vec2(50, 50)
            c.backgroundColor = Color(r: Double(i) / 2, g: 0.5, b: 0.5, a: 0.5)
            c.shouldRasterize = true
            root.addSublayer(c)
            cards.append(c)
        }
        let r = cpuRenderer()
        cards[2].isHidden = true
        let f0 = try r.renderFrame(root: root, time: 0)
        XCTAssertEqual(counts(f0), [0, 2, 0])
        XCTAssertEqual(r.rasterCache.keys, [cards[0].id, cards[1].id])
        XCTAssertLessThanOrEqual(f0.cacheStats.bytesHeld, r.rasterCache.budgetBytes)
        // Card 0 unused this frame; card 2 needs room: card 0 (least recently used) goes.
        cards[0].isHidden = true
        cards[2].isHidden = false
        let f1 = try r.renderFrame(root: root, time: 1.0 / 60)
        XCTAssertEqual(counts(f1), [1, 1, 1])
        XCTAssertEqual(r.rasterCache.keys, [cards[1].id, cards[2].id])
        XCTAssertEqual(f1.plan.evictedCacheKeys, [cards[0].id])
        XCTAssertEqual(r.executor.retainedKeys, [cards[1].id, cards[2].id])
        // All three drawn: the third cannot be kept (the other two are in use) and misses every frame.
        cards[0].isHidden = false
        for i in 2..<4 {
            let f = try r.renderFrame(root: root, time: Double(i) / 60)
            XCTAssertEqual(f.cacheStats.hits, 2)
            XCTAssertEqual(f.cacheStats.misses, 1)
            XCTAssertLessThanOrEqual(f.cacheStats.bytesHeld, r.rasterCache.budgetBytes)
        }
    }

    func testEntryLargerThanBudgetIsNeverKept() throws {
        let (root, card, _) = makeTree(width: 40, height: 30)  // budget 12 000 bytes, card ~ 10 000 px
        card.bounds = Rect(x: 0, y: 0, width: 90, height: 90)
        let r = cpuRenderer()
        for i in 0..<3 {
            let f = try r.renderFrame(root: root, time: Double(i) / 60)
            XCTAssertEqual(counts(f), [0, 1, 0])
            XCTAssertEqual(f.cacheStats.bytesHeld, 0)
            XCTAssertNil(f.plan.passes.first { $0.retainKey != nil })
        }
    }

    func testUnusedFor100msOfTimelineIsEvicted() throws {
        let (root, card, _) = makeTree()
        let r = cpuRenderer()
        XCTAssertEqual(counts(try r.renderFrame(root: root, time: 0)), [0, 1, 0])
        card.isHidden = true
        XCTAssertEqual(counts(try r.renderFrame(root: root, time: 0.05)), [0, 0, 0])
        XCTAssertEqual(r.rasterCache.keys, [card.id], "50 ms idle: still kept")
        let f = try r.renderFrame(root: root, time: 0.2)
        XCTAssertEqual(counts(f), [0, 0, 1])
        XCTAssertTrue(r.rasterCache.keys.isEmpty)
        XCTAssertTrue(r.executor.retainedKeys.isEmpty)
        card.isHidden = false
        XCTAssertEqual(counts(try r.renderFrame(root: root, time: 0.25)), [0, 1, 0])
    }

    /// Frames of a moving, fading, rotating card whose inside changes once.
    func animate(_ r: Renderer, cache: Bool) throws -> [Image] {
        let (root, card, inner) = makeTree()
        var out: [Image] = []
        for i in 0..<6 {
            card.position = Vec2(40 + 13.37 * Double(i), 45 + 3.1 * Double(i))
            card.transform = .rotation(0.07 * Double(i), 0, 0, 1)
            card.opacity = 1 - 0.1 * Double(i)
            if i == 3 { inner.backgroundColor = Color(r: 0.1, g: 0.6, b: 0.9) }
            out.append(try r.renderFrame(root: root, time: Double(i) / 60, rasterCache: cache).image)
        }
        return out
    }

    func testCachedFramesEqualUncachedOnCPU() throws {
        let cached = try animate(cpuRenderer(), cache: true)
        let fresh = try animate(cpuRenderer(), cache: false)
        for i in cached.indices { XCTAssertEqual(cached[i], fresh[i], "frame \(i)") }
    }

    func testCachedFramesOnGPUAgreeWithCPU() throws {
        let g: GLESExecutor
        do { g = try GLESExecutor(platform: .auto) } catch { throw XCTSkip("no EGL display: \(error)") }
        g.checkErrorsAtPassBoundaries = true
        let gpu = try animate(Renderer(executor: g), cache: true)
        let gpuFresh = try animate(Renderer(executor: try GLESExecutor(platform: .auto)), cache: false)
        let cpu = try animate(cpuRenderer(), cache: true)
        for i in gpu.indices {
            let d = try ImageDifference.compare(gpu[i], cpu[i])
            XCTAssertTrue(Tolerance.default.accepts(d), "frame \(i): max \(d.maxChannelDifference.max)")
            XCTAssertGreaterThanOrEqual(d.exactShare, 0.999, "frame \(i)")
            XCTAssertEqual(gpu[i], gpuFresh[i], "GPU frame \(i): cached vs uncached")
        }
    }

    func testNestedRasterizedLayers() throws {
        func tree() -> (Layer, Layer, Layer) {
            let (root, card, inner) = makeTree()
            inner.shouldRasterize = true
            inner.cornerRadius = 4
            inner.masksToBounds = true
            let dot = Layer()
            dot.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
            dot.position = Vec2(4, 4)
            dot.backgroundColor = Color(r: 0, g: 0, b: 0)
            inner.addSublayer(dot)
            return (root, card, inner)
        }
        let (root, card, inner) = tree()
        let r = cpuRenderer(), fresh = cpuRenderer()
        var seen: [[Int]] = []
        for i in 0..<4 {
            card.position = Vec2(50 + 9.5 * Double(i), 50)
            if i == 2 { inner.position = Vec2(32, 20) }  // the outer bitmap changes, the inner one does not
            let f = try r.renderFrame(root: root, time: Double(i) / 60)
            seen.append(counts(f))
            XCTAssertEqual(f.image, try fresh.renderFrame(root: root, time: Double(i) / 60, rasterCache: false).image,
                           "frame \(i)")
        }
        // Frame 0: both miss; 1: outer hits (inner not visited); 2: outer misses, inner hits; 3: outer hits.
        XCTAssertEqual(seen, [[0, 2, 0], [1, 0, 0], [1, 1, 0], [1, 0, 0]])
    }

    func testFrameStatsFigures() throws {
        let (root, card, _) = makeTree()
        let r = cpuRenderer()
        var all: [FrameStats] = []
        for i in 0..<3 {
            card.position = Vec2(50 + Double(i), 50)
            let f = try r.renderFrame(root: root, time: Double(i) / 60)
            XCTAssertEqual(f.stats.pixelsShaded, f.cpuStats?.fragmentsShaded)
            XCTAssertEqual(f.stats.passes, f.plan.passes.count)
            XCTAssertEqual(f.stats.drawCalls, f.cpuStats?.drawItems)
            XCTAssertEqual(f.stats.frameMs, f.stats.prepareMs + f.stats.drawMs, accuracy: 1e-9)
            all.append(f.stats)
        }
        let s = FrameSummary(all)
        XCTAssertEqual(s.frames, 3)
        XCTAssertEqual([s.cacheHits, s.cacheMisses], [2, 1])
        XCTAssertEqual(s.cacheHitRate, 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(FrameSummary.percentile([5, 1, 4, 2, 3], 0.95), 5)
        XCTAssertEqual(FrameSummary.percentile(Array(1...100).map(Double.init), 0.95), 95)
    }

    func testGPUFrameStatsSayHowGPUTimeWasMeasured() throws {
        let g: GLESExecutor
        do { g = try GLESExecutor(platform: .auto) } catch { throw XCTSkip("no EGL display: \(error)") }
        let r = Renderer(executor: g)
        let (root, _, _) = makeTree()
        var sources: Set<String> = []
        for i in 0..<4 {
            let f = try r.renderFrame(root: root, time: Double(i) / 60)
            sources.insert(f.stats.gpuTimeSource)
            XCTAssertGreaterThan(f.stats.drawCalls, 0)
            XCTAssertGreaterThan(f.stats.pixelsShaded, 0)
            XCTAssertLessThanOrEqual(f.stats.gpuMs, f.stats.drawMs + f.stats.readbackMs + 1)
        }
        XCTAssertTrue(sources.isSubset(of: ["timer query", "glFinish wall time"]), "\(sources)")
        if g.hasGPUTimer { XCTAssertTrue(sources.contains("timer query"), "\(sources)") }
    }
}
