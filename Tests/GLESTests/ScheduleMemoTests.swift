// GLESTests: a pass's schedule kept across frames (PassOrdering+Memo.swift).
// A still pass is scheduled by boxes on its first frame, with hidden
// overlaps on its second and replayed after; a pass whose opaque squares
// moved (same pieces, states and orders) must be scheduled afresh, since
// the kept order would draw overlapping squares out of painter order; a
// pass whose colours alone changed replays. Bytes by hand every frame
// (HiddenOverlapsTests.chain), and through random sequences of stacks with
// opaque squares, still, recoloured and replaced (BlendedReorderTests.stack).

import XCTest
import Geometry
import Images
import Plan
import TestSupport
@testable import GLES

final class ScheduleMemoTests: XCTestCase {
    private func run(_ gl: GLESExecutor, _ plan: RenderPlan, _ expected: [UInt8], _ what: String) throws {
        let image = try gl.execute(plan)
        let want = Image(width: plan.width, height: plan.height, pixels: expected)
        XCTAssertEqual(image.pixels, expected, "\(what): \(ImageDiff(image, want))")
    }

    /// The shared executor with the memo on and hidden overlaps `.steady`,
    /// its switches put back afterwards.
    private func executor() throws -> GLESExecutor {
        let gl = try GPU.executor()
        let (mode, memo, clip) = (gl.hiddenOverlaps, gl.scheduleMemo, gl.occlusionClip)
        addTeardownBlock { gl.hiddenOverlaps = mode; gl.scheduleMemo = memo; gl.occlusionClip = clip }
        gl.hiddenOverlaps = .steady
        gl.scheduleMemo = true
        return gl
    }

    /// forgetFrames leaves nothing of earlier frames: the next frame is a
    /// first frame (scheduled by boxes, nothing replayed, images uploaded
    /// again), and the one after it a second frame.
    func testForgetFramesMakesTheNextFrameAFirstFrame() throws {
        let gl = try executor()
        let (plan, expected) = HiddenOverlapsTests.chain()
        gl.forgetFrames()
        for k in 1...3 { try run(gl, plan, expected, "frame \(k)") }
        XCTAssertEqual(gl.lastStats.schedulesReplayed, 1)
        XCTAssertEqual(gl.lastStats.atlasUploads + gl.lastStats.textureUploads, 0, "images kept from frame 1")
        XCTAssertFalse(gl.scheduleMemos.isEmpty)
        XCTAssertFalse(gl.occlusionMemos.isEmpty)
        gl.forgetFrames()
        XCTAssertTrue(gl.scheduleMemos.isEmpty)
        XCTAssertTrue(gl.occlusionMemos.isEmpty)
        XCTAssertEqual(gl.textureCacheContents.entries, 0)
        XCTAssertEqual(gl.atlasContents.pages, 0)
        XCTAssertTrue(gl.retainedKeys.isEmpty)
        try run(gl, plan, expected, "after forgetFrames")
        XCTAssertEqual(gl.lastStats.schedulesReplayed, 0)
        XCTAssertEqual(gl.lastStats.occlusionPassesReplayed, 0)
        XCTAssertGreaterThan(gl.lastStats.atlasUploads + gl.lastStats.textureUploads, 0, "images uploaded again")
        XCTAssertEqual(gl.lastStats.drawCalls, 9, "scheduled by boxes, as a first frame")
        try run(gl, plan, expected, "the frame after")
        XCTAssertEqual(gl.lastStats.drawCalls, 3, "hidden overlaps, as a second frame")
    }

    func testAStillPassGetsHiddenOverlapsOnItsSecondFrameAndKeepsThem() throws {
        let gl = try executor()
        let (plan, expected) = HiddenOverlapsTests.chain()
        let (other, otherBytes) = HiddenOverlapsTests.chain(wallY: 20)
        try run(gl, other, otherBytes, "another pass first")   // the memo holds another schedule
        try run(gl, plan, expected, "first frame")
        XCTAssertEqual(gl.lastStats.drawCalls, 9)
        XCTAssertEqual(gl.lastStats.schedulesReplayed, 0)
        try run(gl, plan, expected, "second frame")
        XCTAssertEqual(gl.lastStats.drawCalls, 3, "hidden overlaps on the frame that repeats the first")
        XCTAssertEqual(gl.lastStats.schedulesReplayed, 0)
        try run(gl, plan, expected, "third frame")
        XCTAssertEqual(gl.lastStats.drawCalls, 3)
        XCTAssertEqual(gl.lastStats.drawCallsLowerBound, 3)
        XCTAssertEqual(gl.lastStats.schedulesReplayed, 1, "the third frame replays the second's batches")

        // `.never` does not take the kept schedule that counted hidden overlaps.
        gl.hiddenOverlaps = .never
        try run(gl, plan, expected, "never after steady")
        XCTAssertEqual(gl.lastStats.drawCalls, 9)
        try run(gl, plan, expected, "never, again")
        XCTAssertEqual(gl.lastStats.schedulesReplayed, 1)
        XCTAssertEqual(gl.lastStats.drawCalls, 9)
        gl.hiddenOverlaps = .steady

        // Without the memo, `.steady` never sees a pass twice.
        gl.scheduleMemo = false
        try run(gl, plan, expected, "no memo")
        try run(gl, plan, expected, "no memo, again")
        XCTAssertEqual(gl.lastStats.drawCalls, 9)
        XCTAssertEqual(gl.lastStats.schedulesReplayed, 0)
    }

    /// The walls leave the row: the squares now overlap where both draw, so
    /// the kept schedule (images in one call, colours in another) would
    /// draw them out of painter order. Same pieces, states and orders; only
    /// the walls' rectangles differ.
    func testMovedOpaqueSquaresAreScheduledAfresh() throws {
        let gl = try executor()
        for m in [HiddenOverlapsMode.steady, .always] {
            gl.hiddenOverlaps = m
            let (plan, expected) = HiddenOverlapsTests.chain()
            let (moved, movedBytes) = HiddenOverlapsTests.chain(wallY: 20)
            try run(gl, plan, expected, "\(m): walls over the overlaps")
            try run(gl, plan, expected, "\(m): again")
            XCTAssertEqual(gl.lastStats.drawCalls, 3)
            try run(gl, moved, movedBytes, "\(m): walls moved away")
            XCTAssertEqual(gl.lastStats.schedulesReplayed, 0, "\(m)")
            XCTAssertEqual(gl.lastStats.drawCalls, 9, "\(m): every square must follow the one it overlaps")
        }
    }

    /// A flat square's colour travels in its vertices, not its state: the
    /// schedule is replayed, the new colour drawn.
    func testAColourChangeReplaysTheSchedule() throws {
        let gl = try executor()
        let (plan, expected) = HiddenOverlapsTests.chain()
        let (recoloured, recolouredBytes) = HiddenOverlapsTests.chain(flat: [0, 120, 160, 160])
        try run(gl, plan, expected, "first frame")
        try run(gl, plan, expected, "second frame")
        try run(gl, recoloured, recolouredBytes, "recoloured")
        XCTAssertEqual(gl.lastStats.schedulesReplayed, 1)
        XCTAssertEqual(gl.lastStats.drawCalls, 3)
    }

    /// Random stacks with opaque squares, as a sequence of frames: still
    /// (scheduled by boxes, then with hidden overlaps, then replayed),
    /// recoloured (same alphas: replayed with the new colours), replaced by
    /// another stack and back, and with its opaque squares moved. Every frame
    /// draws its own bytes by hand.
    func testFrameSequencesOfRandomStacksDrawTheirOwnBytes() throws {
        let gl = try executor()
        let palette = [[200, 20, 20, 200], [10, 90, 10, 128], [30, 200, 60, 255], [0, 0, 150, 150],
                       [250, 250, 0, 255], [5, 40, 80, 100]]
        // Same alphas; the images' colours (1 and 3) kept, and their Image
        // instances too below (the atlas places a new instance anew: a new state).
        var recoloured = palette.map { [$0[2], $0[0], $0[1], $0[3]] }
        recoloured[1] = palette[1]; recoloured[3] = palette[3]
        var replays = 0, fewer = 0
        // Without the occlusion clip, moved squares hide no piece whole: the
        // moved stack has the same pieces, states and orders, other boxes.
        for (clip, seed): (Bool, UInt64) in [(true, 5), (true, 6), (true, 7), (false, 5), (false, 8)] {
            gl.occlusionClip = clip
            let a = BlendedReorderTests.stack(count: 200, seed: seed, palette: palette)
            var a2 = BlendedReorderTests.stack(count: 200, seed: seed, palette: recoloured)
            a2.0.images = a.0.images
            let b = BlendedReorderTests.stack(count: 200, seed: seed + 100, palette: palette)
            var moved = BlendedReorderTests.stack(count: 200, seed: seed, palette: palette, opaqueShift: 9)
            moved.0.images = a.0.images
            var firstCalls = 0
            for (k, (plan, expected)) in [a, a, a, a2, b, b, a2, a, a, moved].enumerated() {
                try run(gl, plan, expected, "seed \(seed) frame \(k), clip \(clip)")
                if k == 0 { firstCalls = gl.lastStats.drawCalls }
                if k == 2 && gl.lastStats.drawCalls < firstCalls { fewer += 1 }
                replays += gl.lastStats.schedulesReplayed
            }
        }
        XCTAssertGreaterThanOrEqual(replays, 10, "still and recoloured frames replay")
        XCTAssertGreaterThan(fewer, 0, "hidden overlaps must save draw calls on some still stack")
    }

    /// The inputs a memo compares: any state field, order, flag or corner
    /// that differs makes them differ (the state's bits, or the state
    /// itself where it has a gradient); a vertex colour does not.
    func testScheduleInputsDifferWhereTheScheduleMay() throws {
        XCTAssertEqual(MemoryLayout<PassOrdering.ScheduleKey>.size, MemoryLayout<PassOrdering.ScheduleKey>.stride,
                       "keys are compared with memcmp: no padding")
        let base = BatchState(program: .texture, textures: [7, 9], sizes: [SIMD2(64, 64), SIMD2(32, 16)],
                              filter: .linear, blend: .sourceOver)
        func gradient(_ end: Double) -> GradientUniforms? {
            GradientUniforms(GradientPaint(kind: .axial, start: Vec2(0, 0), end: Vec2(end, 0),
                                           colors: [Color(r: 1, g: 0, b: 0, a: 1), Color(r: 0, g: 0, b: 1, a: 1)],
                                           locations: [0, 1], opacity: 1))
        }
        func pieces(_ edit: (inout [DrawPiece]) -> Void = { _ in }) -> PassOrdering.ScheduleInputs {
            var ps = [BlendedReorderTests.piece(2, 2, 10, base, order: 0),
                      BlendedReorderTests.piece(6, 4, 10, BatchState(program: .flat, textures: [], filter: .nearest,
                                                                      blend: .sourceOver), order: 1)]
            ps[0].state.gradient = gradient(10)
            edit(&ps)
            return PassOrdering.ScheduleInputs(ps)
        }
        let same = pieces()
        XCTAssertEqual(same, pieces())
        XCTAssertEqual(same, pieces { $0[1].geometry.vertices[VertexLayout.color] = 0.5 }, "a colour is not scheduled")
        let edits: [(String, (inout [DrawPiece]) -> Void)] = [
            ("program", { $0[1].state.program = .solid }),
            ("blend", { $0[1].state.blend = .copy }),
            ("filter", { $0[1].state.filter = .linear }),
            ("depth writes", { $0[1].state.depthWrite = true }),
            ("a texture", { $0[1].state.textures = [3] }),
            ("a size", { $0[1].state.textures = [3]; $0[1].state.sizes = [SIMD2(8, 8)] }),
            ("a gradient", { $0[0].state.gradient = gradient(12) }),
            ("a gradient's texture", { $0[0].state.textures = [7, 10] }),
            ("order", { $0[1].order = 2 }),
            ("opaque", { $0[1].opaque = true }),
            ("interior", { $0[1].interior = true }),
            ("a corner", { $0[1].geometry.vertices[VertexLayout.stride] += 0.25 }),
            ("a vertex", { $0[1].geometry.vertices += $0[1].geometry.vertices.prefix(VertexLayout.stride) }),
            ("a piece", { $0.append($0[1]) }),
        ]
        for (what, edit) in edits { XCTAssertNotEqual(same, pieces(edit), what) }
    }
}
