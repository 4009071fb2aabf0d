// GLESTests: the rules that keep OcclusionClip cheap — a cut subtracts only
// the occluders overlapping a piece most, is tried only on pieces of at least
// minGain pixels whose chosen occluders overlap them that much, and a pass's
// decisions are replayed from the last frame when its pieces are bit for bit
// the same (OcclusionClip+Memo.swift). Checked against pixel masks worked out
// here (a cut never removes a pixel no later opaque piece covers, and with
// few occluders removes exactly the covered ones), against hand-worked
// cases, against fresh decisions frame after frame, and on the GPU byte for
// byte with the memo on, off and the cut off.

import XCTest
import Geometry
import Images
import Plan
import TestSupport
@testable import GLES

final class OcclusionClipRulesTests: XCTestCase {
    typealias R = OcclusionClip.PixelRect

    static func piece(_ r: R, order: Int, opaque: Bool, colour: Float = 0.5) -> DrawPiece {
        OcclusionClipTests.flatPiece(Float(r.x0), Float(r.y0), Float(r.x1), Float(r.y1), order: order, opaque: opaque,
                                     colour: colour)
    }

    static func pixelsOf(_ p: DrawPiece) -> R {
        OcclusionClip.pixels(of: OcclusionClip.axisAlignedRect(p.geometry)!)!
    }

    // MARK: - Hand-worked rules

    func testSmallPiecesGoOnlyWhenOneOccluderCoversThem() {
        // A 20 × 20 piece (400 pixels, under the 1024 of a cut) hidden by two halves together stays;
        // with the threshold lowered it goes, and under one occluder it goes whatever its size.
        let pieces = [Self.piece(R(x0: 0, y0: 0, x1: 20, y1: 20), order: 0, opaque: false),
                      Self.piece(R(x0: -5, y0: -5, x1: 10, y1: 25), order: 1, opaque: true),
                      Self.piece(R(x0: 10, y0: -5, x1: 25, y1: 25), order: 2, opaque: true)]
        var stats = GPUStats()
        XCTAssertEqual(OcclusionClip.apply(pieces, stats: &stats).count, 3)
        XCTAssertEqual(stats.occlusionClippedPieces, 0)
        XCTAssertEqual(OcclusionClip.apply(pieces, stats: &stats, minGain: 1).count, 2)
        XCTAssertEqual(stats.occlusionHiddenPieces, 1)
        var one = GPUStats()
        let covered = [pieces[0], Self.piece(R(x0: -1, y0: -1, x1: 21, y1: 21), order: 1, opaque: true)]
        XCTAssertEqual(OcclusionClip.apply(covered, stats: &one).count, 1)
        XCTAssertEqual(one.occlusionFragmentsRemoved, 400)
    }

    func testACutNeedsItsChosenOccludersToOverlapTheThreshold() {
        let big = R(x0: 0, y0: 0, x1: 100, y1: 100)
        var stats = GPUStats()
        // A 30 × 30 corner (900 pixels) is not worth a cut; a 40 × 40 corner (1600) is: an L of two rectangles.
        XCTAssertEqual(OcclusionClip.apply([Self.piece(big, order: 0, opaque: false),
                                            Self.piece(R(x0: 70, y0: 70, x1: 110, y1: 110), order: 1, opaque: true)],
                                           stats: &stats).count, 2)
        XCTAssertEqual(stats.occlusionClippedPieces, 0)
        let cut = OcclusionClip.apply([Self.piece(big, order: 0, opaque: false),
                                       Self.piece(R(x0: 60, y0: 60, x1: 110, y1: 110), order: 1, opaque: true)], stats: &stats)
        XCTAssertEqual(cut.map(Self.pixelsOf), [R(x0: 0, y0: 0, x1: 100, y1: 60), R(x0: 0, y0: 60, x1: 60, y1: 100),
                                                R(x0: 60, y0: 60, x1: 110, y1: 110)])
        XCTAssertEqual(stats.occlusionFragmentsRemoved, 1600)
        // Twelve separate 10 × 10 occluders (1200 pixels in all): the 8 chosen overlap only 800, so no cut is tried.
        var many = [Self.piece(big, order: 0, opaque: false)]
        for k in 0..<12 {
            many.append(Self.piece(R(x0: k % 6 * 16, y0: k / 6 * 40, x1: k % 6 * 16 + 10, y1: k / 6 * 40 + 10),
                                   order: 1 + k, opaque: true))
        }
        var none = GPUStats()
        XCTAssertEqual(OcclusionClip.apply(many, stats: &none).count, 13)
        XCTAssertEqual(none.occlusionClippedPieces, 0)
    }

    func testACutSubtractsTheOccludersOverlappingMost() {
        // Eight 12-column stripes cover columns 0..<96; a ninth occluder hides one pixel of the
        // rest. Subtracting all nine would leave 4 rectangles; the 8 largest leave one, the
        // hidden pixel kept (the depth test rejects it).
        var pieces = [Self.piece(R(x0: 0, y0: 0, x1: 100, y1: 100), order: 0, opaque: false)]
        pieces.append(Self.piece(R(x0: 98, y0: 50, x1: 99, y1: 51), order: 1, opaque: true))
        for k in 0..<8 { pieces.append(Self.piece(R(x0: 12 * k, y0: -3, x1: 12 * k + 12, y1: 103), order: 2 + k, opaque: true)) }
        XCTAssertEqual(OcclusionClip.subtract(R(x0: 0, y0: 0, x1: 100, y1: 100), pieces.dropFirst().map(Self.pixelsOf), cap: 8)?.count, 4)
        var stats = GPUStats()
        let out = OcclusionClip.apply(pieces, stats: &stats)
        XCTAssertEqual(out.filter { $0.order == 0 }.map(Self.pixelsOf), [R(x0: 96, y0: 0, x1: 100, y1: 100)])
        XCTAssertEqual(stats.occlusionFragmentsRemoved, 9600)
    }

    // MARK: - Random stacks against pixel masks

    /// Random flat rectangles, opaque or not, on whole and half pixels.
    static func randomPieces(_ rng: inout SplitMix64, count: Int, size: Int, extent: Int) -> [DrawPiece] {
        func u(_ b: Int) -> Float { Float(Int(rng.unit() * Double(b))) / (rng.unit() < 0.3 ? 2 : 1) }
        return (0..<count).map { k in
            let x = u(size) - 8, y = u(size) - 8
            return OcclusionClipTests.flatPiece(x, y, x + 2 + u(extent), y + 2 + u(extent), order: k,
                                                opaque: rng.unit() < 0.7, colour: Float(rng.unit()))
        }
    }

    func testCutsNeverRemoveAVisiblePixelAndAreExactWithFewOccluders() {
        var rng = SplitMix64(seed: 14)
        var subsetCuts = 0, exactCuts = 0, keptHidden = 0
        for round in 0..<120 {
            // Sparse stacks of small pieces, and dense ones of large pieces (many occluders a piece).
            let dense = round % 2 == 1
            let pieces = Self.randomPieces(&rng, count: dense ? 12 + round % 30 : 4 + round % 23, size: 64,
                                           extent: dense ? 64 : 32)
            var stats = GPUStats()
            let out = OcclusionClip.apply(pieces, stats: &stats, minGain: 1)
            for (order, original) in pieces.enumerated() {
                let whole = Self.pixelsOf(original)
                let later = pieces[(order + 1)...].filter(\.opaque).map(Self.pixelsOf)
                let parts = out.filter { $0.order == order }.map(Self.pixelsOf)
                var kept = Set<Int>()
                for p in parts {
                    XCTAssertTrue(whole.contains(p), "round \(round), piece \(order): \(p) outside \(whole)")
                    for y in p.y0..<p.y1 { for x in p.x0..<p.x1 { XCTAssertTrue(kept.insert(y << 16 | (x + 256)).inserted, "overlapping parts") } }
                }
                var hiddenKept = 0
                for y in whole.y0..<whole.y1 {
                    for x in whole.x0..<whole.x1 {
                        let covered = later.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
                        let isKept = kept.contains(y << 16 | (x + 256))
                        XCTAssertTrue(covered || isKept, "round \(round), piece \(order): visible pixel (\(x), \(y)) removed")
                        if covered && isKept { hiddenKept += 1 }
                    }
                }
                guard parts != [whole] else { continue }   // not cut
                let overlapping = later.filter { $0.overlaps(whole) }.count
                if overlapping <= OcclusionClip.maxOccludersPerCut {
                    XCTAssertEqual(hiddenKept, 0, "round \(round), piece \(order): a cut by all its occluders is exact")
                    exactCuts += 1
                } else {
                    subsetCuts += 1
                    keptHidden += hiddenKept
                }
            }
        }
        print("[occlusion rules] \(exactCuts) exact cuts, \(subsetCuts) cuts by a subset (\(keptHidden) hidden pixels kept)")
        XCTAssertGreaterThan(exactCuts, 100)
        XCTAssertGreaterThan(subsetCuts, 20)
        XCTAssertGreaterThan(keptHidden, 0, "the subset rule was exercised")
    }

    // MARK: - The memo

    static func sameBits(_ a: [DrawPiece], _ b: [DrawPiece]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { p, q in
            p.order == q.order && p.opaque == q.opaque && p.interior == q.interior && p.state == q.state
                && p.geometry.vertices.map(\.bitPattern) == q.geometry.vertices.map(\.bitPattern)
        }
    }

    func testReplayedDecisionsAreTheFreshOnesFrameAfterFrame() {
        // The keys are compared with memcmp: they must hold no padding.
        XCTAssertEqual(MemoryLayout<OcclusionClip.PieceKey>.size, 32)
        XCTAssertEqual(MemoryLayout<OcclusionClip.PieceKey>.stride, 32)
        var rng = SplitMix64(seed: 7)
        var pieces = Self.randomPieces(&rng, count: 40, size: 120, extent: 60)
        var memo: OcclusionClip.Memo?
        var reused = 0
        var last: [DrawPiece] = []
        for frame in 0..<60 {
            let change = frame == 0 ? 0 : Int(rng.unit() * 7)
            let k = Int(rng.unit() * Double(pieces.count))
            var v = pieces[k].geometry.vertices
            switch change {
            case 1:   // a move by 1/256 pixel
                for j in stride(from: 0, to: v.count, by: VertexLayout.stride) { v[j] += 1.0 / 256 }
            case 2:   // a new colour: same decisions, new geometry
                for j in stride(from: VertexLayout.color, to: v.count, by: VertexLayout.stride) { v[j] = Float(rng.unit()) }
            case 3:   // a sign of zero: +0 and −0 are == as Floats, but not the same bits
                let a = VertexLayout.shapeParams
                let z: Float = v[a].bitPattern == 0 ? -0.0 : 0
                for j in stride(from: a, to: v.count, by: VertexLayout.stride) { v[j] = z }
            case 4:   // opaque or not
                pieces[k].opaque.toggle()
            default:  // the same frame again
                break
            }
            if change <= 3 {
                let p = pieces[k]
                pieces[k] = DrawPiece(geometry: ItemGeometry(vertices: v), state: p.state, order: p.order, opaque: p.opaque)
            }
            var freshStats = GPUStats(), memoStats = GPUStats()
            let fresh = OcclusionClip.apply(pieces, stats: &freshStats, minGain: 64)
            let replayed = OcclusionClip.apply(pieces, stats: &memoStats, minGain: 64, memo: &memo, remember: true)
            XCTAssertTrue(Self.sameBits(fresh, replayed), "frame \(frame) (change \(change))")
            XCTAssertEqual(memoStats.occlusionFragmentsRemoved, freshStats.occlusionFragmentsRemoved)
            XCTAssertEqual(memoStats.occlusionClippedPieces, freshStats.occlusionClippedPieces)
            XCTAssertEqual(memoStats.occlusionPiecesAdded, freshStats.occlusionPiecesAdded)
            XCTAssertEqual(memoStats.occlusionHiddenPieces, freshStats.occlusionHiddenPieces)
            // An unchanged frame gets last frame's cut geometry back (the same storage, not a copy).
            if change >= 5 {
                func address(_ p: DrawPiece) -> UnsafeRawPointer? { p.geometry.vertices.withUnsafeBytes { $0.baseAddress } }
                let inputs = Set(pieces.map(address)), before = Set(last.map(address))
                if replayed.contains(where: { before.contains(address($0)) && !inputs.contains(address($0)) }) { reused += 1 }
            }
            last = replayed
        }
        XCTAssertGreaterThan(reused, 5, "unchanged frames were replayed")
        // Another threshold is another decision.
        var stats = GPUStats()
        XCTAssertTrue(Self.sameBits(OcclusionClip.apply(pieces, stats: &stats, minGain: 1, memo: &memo, remember: true),
                                    OcclusionClip.apply(pieces, stats: &stats, minGain: 1)))
    }

    // MARK: - On the GPU

    func testFramesRenderTheSameBytesWithTheMemoOnAndOff() throws {
        let gl = try GPU.executor()
        defer { gl.occlusionClip = true; gl.occlusionClipMemo = true; gl.occlusionClipMinGain = OcclusionClip.minFragmentsPerExtraRect }
        gl.occlusionClipMinGain = 16
        // A still stack, a different one, the first again, and the first with one item moved by half a pixel.
        let a = OcclusionClipTests.stack(seed: 21, count: 120), b = OcclusionClipTests.stack(seed: 22, count: 120)
        var moved = a
        // Item 3 of a stack is an opaque solid rectangle.
        if case .draw(var items) = moved.passes[0].content, items.count > 3 {
            let k = 3
            items[k].transform = Transform3D.translation(0.5, 0).concatenating(items[k].transform)
            moved.passes[0].content = .draw(items)
        } else {
            XCTFail("no opaque item to move")
        }
        let plans = [a, a, a, b, a, moved, moved, a]
        gl.occlusionClip = false
        let wholes = try plans.map { try gl.execute($0).pixels }
        gl.occlusionClip = true
        gl.occlusionClipMemo = false
        var fresh: [Int] = []
        for (plan, whole) in zip(plans, wholes) {
            XCTAssertEqual(try gl.execute(plan).pixels, whole)
            fresh.append(gl.lastStats.occlusionFragmentsRemoved)
            XCTAssertEqual(gl.lastStats.occlusionPassesReplayed, 0)
        }
        gl.occlusionClipMemo = true
        var replays = 0, removed = 0
        for (k, (plan, whole)) in zip(plans, wholes).enumerated() {
            let image = try gl.execute(plan)
            XCTAssertEqual(image.pixels, whole, "frame \(k): \(ImageDiff(image, Image(width: image.width, height: image.height, pixels: whole)))")
            XCTAssertEqual(gl.lastStats.occlusionFragmentsRemoved, fresh[k])
            replays += gl.lastStats.occlusionPassesReplayed
            removed += fresh[k]
        }
        // Replayed: the second and third a, the second moved (its first differs from a by a move).
        XCTAssertEqual(replays, 3)
        XCTAssertGreaterThan(removed, 10_000)
    }
}
