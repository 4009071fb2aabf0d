// The sublayer spatial index must never change what a frame shows: a big,
// varied sublayer list renders the same image with and without it, the
// stats count the same layers as culled, the index is reused while the
// tree is unchanged and rebuilt after any change.

import XCTest
import TestSupport
import Compositor
import Raster


final class SublayerIndexTests: XCTestCase {
    /// 400 sublayers scattered far beyond a 200×150 canvas under a
    /// perspective sublayerTransform: rotated, scaled, hidden, transparent,
    /// back-facing, with sublayers or shadows (never indexed), and empty.
    func makeScene(seed: UInt64 = 7) -> Layer {
        var rng = SplitMix64(seed: seed)
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 150)
        let container = Layer()
        container.frame = root.bounds
        var p = Transform3D.identity
        p.m34 = -1 / 400
        container.sublayerTransform = p
        root.addSublayer(container)
        for i in 0..<400 {
            let l = Layer()
            l.bounds = Rect(x: 0, y: 0, width: 4 + 30 * rng.unit(), height: 4 + 30 * rng.unit())
            l.position = Vec2(-600 + 1400 * rng.unit(), -500 + 1100 * rng.unit())
            l.zPosition = -300 * rng.unit() + 100
            l.backgroundColor = Color(r: rng.unit(), g: rng.unit(), b: rng.unit(), a: 0.4 + 0.6 * rng.unit())
            l.isOpaque = i % 3 == 0
            if i % 5 == 0 { l.transform = .rotation(rng.unit() * 6, 0, 0, 1) }
            if i % 7 == 0 { l.transform = .rotation(0.5 + rng.unit(), 0, 1, 0) }
            switch i % 23 {
            case 1: l.isHidden = true
            case 2: l.opacity = 0
            case 3: l.isDoubleSided = false; l.transform = .rotation(.pi, 0, 1, 0)
            case 4: l.backgroundColor = nil
            case 5: l.shadowOpacity = 0.8; l.shadowRadius = 4
            case 6:
                let child = Layer()
                child.frame = Rect(x: 30, y: 30, width: 20, height: 20)
                child.backgroundColor = .black
                l.addSublayer(child)
            default: break
            }
            container.addSublayer(l)
        }
        return root
    }

    /// Sublayer indexes kept across this test's renders, as a Renderer keeps them.
    let indexes = SublayerIndexCache()

    func render(_ root: Layer, index: Bool) throws -> (Image, PlanBuildStats) {
        let b = PlanBuilder(options: PlanOptions(cull: true, sublayerIndex: index))
        b.sublayerIndexes = indexes
        let plan = b.build(root: root, width: 200, height: 150)
        return (try CPUExecutor().execute(plan), b.stats)
    }

    func testIndexChangesNothingButTheWorkDone() throws {
        let root = makeScene()
        let (plain, plainStats) = try render(root, index: false)
        let (indexed, stats) = try render(root, index: true)
        XCTAssertTrue(indexed == plain, "the index changed the image")
        XCTAssertEqual(stats.sublayerIndexesBuilt, 1)
        XCTAssertEqual(stats.layersVisited, plainStats.layersVisited)
        XCTAssertEqual(stats.culledHidden, plainStats.culledHidden)
        XCTAssertEqual(stats.culledTransparent, plainStats.culledTransparent)
        XCTAssertEqual(stats.culledBackFacing, plainStats.culledBackFacing)
        XCTAssertEqual(stats.culledTotal, plainStats.culledTotal)
        XCTAssertEqual(stats.items, plainStats.items)
        XCTAssertGreaterThan(stats.culledOutsideCanvas, 150, "most sublayers lie off the canvas")
    }

    func testIndexIsReusedUntilTheTreeChanges() throws {
        let root = makeScene(seed: 11)
        let container = root.sublayers[0]
        _ = try render(root, index: true)
        XCTAssertEqual(try render(root, index: true).1.sublayerIndexesBuilt, 0, "unchanged: reused")
        // Move an off-canvas square into view: the index must notice.
        let far = container.sublayers.first { $0.position.x < -400 && !$0.isHidden && $0.opacity > 0 }!
        far.position = Vec2(100, 75)
        far.zPosition = 50
        let (moved, stats) = try render(root, index: true)
        XCTAssertEqual(stats.sublayerIndexesBuilt, 1)
        XCTAssertTrue(try moved == render(root, index: false).0, "a moved sublayer was missed")
        // A change to the container itself (its sublayerTransform) rebuilds too.
        container.sublayerTransform = .identity
        let (flat, flatStats) = try render(root, index: true)
        XCTAssertEqual(flatStats.sublayerIndexesBuilt, 1)
        XCTAssertTrue(try flat == render(root, index: false).0, "a changed container was missed")
    }

    /// The chapter-15 grid lies in a few z planes: scrolling the container
    /// (its bounds origin) or changing its perspective keeps the index, and
    /// every frame still renders what the unindexed plan renders.
    func testScrollingTheGridKeepsTheIndex() throws {
        var g = LayerGrid(width: 14, height: 12, depth: 3)
        g.canvasWidth = 200; g.canvasHeight = 150
        let root = g.build()
        let scroll = root.sublayers[0]
        var builds = 0
        for step in 0..<6 {
            scroll.bounds.origin = scroll.bounds.origin + Vec2(97, 41)
            if step == 3 { var t = Transform3D.identity; t.m34 = -1.0 / 350; scroll.sublayerTransform = t }
            let (indexed, stats) = try render(root, index: true)
            builds += stats.sublayerIndexesBuilt
            XCTAssertTrue(try indexed == render(root, index: false).0, "step \(step)")
            XCTAssertGreaterThan(stats.culledOutsideCanvas, 0, "step \(step)")
        }
        XCTAssertEqual(builds, 1, "scrolling and a new perspective reuse the z-plane index")
        // Moving a square is a change to the sublayers: rebuilt once.
        scroll.sublayers[5].position = scroll.sublayers[5].position + Vec2(3, 0)
        XCTAssertEqual(try render(root, index: true).1.sublayerIndexesBuilt, 1)
    }

    func testPresentationCopiesReuseTheModelsIndex() throws {
        let root = makeScene(seed: 3)
        let (model, _) = try render(root, index: true)
        XCTAssertTrue(indexes.holdsIndex(forLayer: root.sublayers[0].id))
        let copy = root.presentation(at: 0)
        XCTAssertEqual(copy.sublayers[0].id, root.sublayers[0].id, "the copy finds the model's index by identity")
        let (image, stats) = try render(copy, index: true)
        XCTAssertEqual(stats.sublayerIndexesBuilt, 0, "the copy reuses the model's index")
        XCTAssertTrue(image == model, "the copy renders what the model renders")
        // The copy draws its own sublayers, not the model's: a change made to
        // the copy alone shows (and invalidates the shared index for it only).
        copy.sublayers[0].sublayers.first { $0.position.x < -400 && !$0.isHidden && $0.opacity > 0 }!
            .position = Vec2(100, 75)
        let (changed, changedStats) = try render(copy, index: true)
        XCTAssertEqual(changedStats.sublayerIndexesBuilt, 1)
        XCTAssertTrue(try changed == render(copy, index: false).0)
        XCTAssertTrue(try model == render(root, index: true).0, "the model is untouched")
    }
}
