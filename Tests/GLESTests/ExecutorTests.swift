// GLESTests: executor behaviour that is not a pixel comparison — readback
// orientation, GL errors at pass boundaries, batching, stats, pooling.

import XCTest
import Geometry
import Images
import Plan
@testable import GLES
import Raster

final class ExecutorTests: XCTestCase {
    func testReadbackIsTopDown() throws {
        let gl = try GPU.executor()
        let plan = TestPlans.canvas([DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 1, height: 1),
                                              paint: .solid(.opaqueWhite))], width: 5, height: 3)
        let img = try gl.execute(plan)
        XCTAssertEqual(img[0, 0].3, 255)
        XCTAssertEqual(img[0, 2].3, 0)
        XCTAssertEqual(img[4, 0].3, 0)
    }

    func testNoGLErrorsAtPassBoundaries() throws {
        let gl = try GPU.executor()
        XCTAssertTrue(gl.checkErrorsAtPassBoundaries)
        for plan in [TestPlans.blur, TestPlans.multiPass, TestPlans.masked, TestPlans.textures(filter: .linear)] {
            XCTAssertNoThrow(try gl.execute(plan))
        }
    }

    func testBatchingKeepsDrawCallsIndependentOfItemCount() throws {
        let gl = try GPU.executor()
        _ = try gl.execute(TestPlans.manyItems)
        let s = gl.lastStats
        print("1000 items: \(s.summary)")
        XCTAssertEqual(s.itemsDrawn + s.itemsCulled, 1000)
        XCTAssertGreaterThan(s.itemsDrawn, 900)
        XCTAssertEqual(s.drawCalls, 1)
        XCTAssertEqual(s.passes, 1)
    }

    func testStatsCountPassesReasonsAndUploads() throws {
        let gl = try GPU.executor()
        _ = try gl.execute(TestPlans.blur)
        XCTAssertEqual(gl.lastStats.passes, 4)
        XCTAssertEqual(gl.lastStats.offscreenPassesByReason, ["shadow": 1, "shadowBlur": 2])
        _ = try gl.execute(TestPlans.masked)
        XCTAssertEqual(gl.lastStats.textureUploads, 2)   // each image once, though two items use them
        XCTAssertGreaterThanOrEqual(gl.lastStats.programSwitches, 1)
    }

    func testPassTexturesAreReused() throws {
        let gl = try GPU.executor()
        // A chain of 6 same-size passes, each sampling the previous one: 2–3 live targets suffice.
        var passes: [RenderPass] = []
        let r = Rect(x: 0, y: 0, width: 16, height: 16)
        for i in 1...6 {
            let items: [DrawItem] = i == 1
                ? [DrawItem(layer: 0, transform: .identity, rect: r, paint: .solid(.opaqueWhite))]
                : [DrawItem(layer: 0, transform: .identity, rect: r,
                            paint: .texture(.pass(i - 1), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 0.9))]
            passes.append(RenderPass(id: i, width: 16, height: 16, reason: .groupOpacity, layerName: nil,
                                     clear: .clear, content: .draw(items)))
        }
        let plan = TestPlans.canvas([DrawItem(layer: 0, transform: .identity, rect: r,
                                              paint: .texture(.pass(6), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1))],
                                    width: 16, height: 16, before: passes)
        let fresh = try GLESExecutor(platform: EGLPlatformChoice(rawValue: gl.info.eglPlatform) ?? .auto)
        _ = try fresh.execute(plan)
        XCTAssertLessThanOrEqual(fresh.lastStats.targetTexturesCreated, 3)
        _ = try fresh.execute(plan)
        XCTAssertEqual(fresh.lastStats.targetTexturesCreated, 0, "a second frame reuses every texture")
        XCTAssertEqual(fresh.lastStats.targetTexturesDeleted, 0, "nothing reused is deleted")
    }

    /// An animation whose offscreen pass has a new size every frame: each
    /// frame creates one target, and the previous frame's, which this frame
    /// did not take back, is deleted at its end: the pool holds the canvas and
    /// one group target instead of one target per frame.
    func testPassTargetsOfChangingSizesDoNotAccumulate() throws {
        let gl = try GPU.executor()
        let fresh = try GLESExecutor(platform: EGLPlatformChoice(rawValue: gl.info.eglPlatform) ?? .auto)
        let canvas = Rect(x: 0, y: 0, width: 64, height: 64)
        for frame in 0..<20 {
            let side = 8 + Double(frame)
            let r = Rect(x: 0, y: 0, width: side, height: side)
            let group = RenderPass(id: 1, width: Int(side), height: Int(side), reason: .groupOpacity, layerName: nil,
                                   clear: .clear,
                                   content: .draw([DrawItem(layer: 0, transform: .identity, rect: r, paint: .solid(.opaqueWhite))]))
            let plan = TestPlans.canvas([DrawItem(layer: 0, transform: .identity, rect: r,
                                                  paint: .texture(.pass(1), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 0.5))],
                                        width: Int(canvas.width), height: Int(canvas.height), before: [group])
            let image = try fresh.execute(plan)
            XCTAssertTrue((127...128).contains(image[3, 3].3), "frame \(frame): the group drawn at opacity 0.5")
            XCTAssertEqual(fresh.lastStats.targetTexturesCreated, frame == 0 ? 2 : 1, "frame \(frame)")
            // The previous frame's group target, not taken back by this frame.
            XCTAssertEqual(fresh.lastStats.targetTexturesDeleted, frame == 0 ? 0 : 1, "frame \(frame)")
            XCTAssertEqual(fresh.lastStats.pooledTextures, 2, "frame \(frame): the canvas and this frame's group")
        }
    }

    func testExecutorsCoexistAndDieCleanly() throws {
        let gl = try GPU.executor()
        let plan = TestPlans.masked
        let before = try gl.execute(plan)
        do {
            let other = try GLESExecutor(platform: EGLPlatformChoice(rawValue: gl.info.eglPlatform) ?? .auto)
            _ = try other.execute(TestPlans.textures(filter: .linear))
            _ = try gl.execute(plan)              // switch back and forth
            _ = try other.execute(plan)
            _ = try gl.execute(plan)
        }                                         // `other` dies while `gl`'s context is current
        XCTAssertEqual(try gl.execute(plan), before, "the shared executor's textures survived")
    }

    func testSamplingAPassAfterItsLastUseIsAnError() throws {
        let gl = try GPU.executor()
        let r = Rect(x: 0, y: 0, width: 4, height: 4)
        let plan = TestPlans.canvas([DrawItem(layer: 0, transform: .identity, rect: r,
                                              paint: .texture(.pass(9), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1))],
                                    width: 4, height: 4)
        XCTAssertThrowsError(try gl.execute(plan)) {
            XCTAssertEqual($0 as? PlanError, .passRefersToUnknownPass(pass: 0, referenced: 9))
        }
    }

    /// The GLES executor validates plans as the CPU one does: the same PlanError, nothing drawn.
    func testMalformedPlansThrowThePlanErrorBeforeDrawing() throws {
        let gl = try GPU.executor()
        let early = RenderPass(id: 0, width: 8, height: 8, reason: .groupOpacity, layerName: nil,
                               load: .load(pass: 1), content: .draw([]))
        let canvas = RenderPass(id: 1, width: 8, height: 8, reason: .canvas, layerName: nil, clear: .clear,
                                content: .draw([]))
        let plan = RenderPlan(width: 8, height: 8, passes: [early, canvas], images: [], layerNames: [])
        XCTAssertThrowsError(try gl.execute(plan)) {
            XCTAssertEqual($0 as? PlanError, .passRefersToLaterPass(pass: 0, referenced: 1))
        }
        XCTAssertThrowsError(try CPUExecutor().execute(plan)) {
            XCTAssertEqual($0 as? PlanError, .passRefersToLaterPass(pass: 0, referenced: 1))
        }
    }

    func testTileCutsCoverTheImage() {
        XCTAssertEqual(ImageUploader.cuts(size: 64, maxSize: 64), [])
        let cuts = ImageUploader.cuts(size: 150, maxSize: 64)
        let bounds = [0] + cuts + [150]
        for i in 0..<(bounds.count - 1) {
            let lo = max(0, bounds[i] - 1), hi = min(150, bounds[i + 1] + 1)
            XCTAssertLessThanOrEqual(hi - lo, 64, "tile \(i) too big")
        }
    }
}
