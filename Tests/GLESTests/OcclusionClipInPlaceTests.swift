// GLESTests: OcclusionClip cutting pieces in place (OcclusionClip+CutGeometry.swift).
// The in-place form must give the pieces the copying form gives, bit for bit,
// leave arrays it shares with its caller alone (copy on write), keep each cut
// piece's box what DrawPiece.init works out from its new vertices, and reuse
// a uniquely owned four-vertex storage for a piece's first part; and the
// memo's replay, also in place, must give the same pieces and boxes.

import XCTest
import Plan
import TestSupport
@testable import GLES

final class OcclusionClipInPlaceTests: XCTestCase {
    typealias R = OcclusionClip.PixelRect

    static func boxBits(_ b: SIMD4<Float>) -> [UInt32] { [b.x.bitPattern, b.y.bitPattern, b.z.bitPattern, b.w.bitPattern] }

    func testInPlaceCutsAreTheCopyingOnesAndLeaveSharedArraysAlone() {
        var clipped = 0, hidden = 0, added = 0
        for round in 0..<80 {
            let dense = round % 2 == 1
            func stack() -> [DrawPiece] {
                var rng = SplitMix64(seed: UInt64(100 + round))
                return OcclusionClipRulesTests.randomPieces(&rng, count: dense ? 12 + round % 30 : 4 + round % 23,
                                                            size: 64, extent: dense ? 64 : 32)
            }
            // The copying form, on an array the test keeps: it must come back unchanged.
            let shared = stack()
            let before = shared.map { $0.geometry.vertices.map(\.bitPattern) }
            var copyStats = GPUStats(), memo: OcclusionClip.Memo?
            let copied = OcclusionClip.apply(shared, stats: &copyStats, minGain: 1, memo: &memo, remember: false)
            XCTAssertEqual(shared.map { $0.geometry.vertices.map(\.bitPattern) }, before, "round \(round): input changed")
            // The in-place form, on an array and vertex storage it alone owns.
            var owned = stack()
            var ownStats = GPUStats()
            OcclusionClip.apply(&owned, stats: &ownStats, minGain: 1, memo: &memo, remember: false)
            XCTAssertTrue(OcclusionClipRulesTests.sameBits(owned, copied), "round \(round): pieces differ")
            XCTAssertEqual(ownStats.occlusionFragmentsRemoved, copyStats.occlusionFragmentsRemoved)
            XCTAssertEqual(ownStats.occlusionPiecesAdded, copyStats.occlusionPiecesAdded)
            for p in owned {
                let fresh = DrawPiece(geometry: p.geometry, state: p.state, order: p.order, opaque: p.opaque)
                XCTAssertEqual(Self.boxBits(p.box), Self.boxBits(fresh.box), "round \(round), piece \(p.order): box")
            }
            clipped += ownStats.occlusionClippedPieces
            hidden += ownStats.occlusionHiddenPieces
            added += ownStats.occlusionPiecesAdded
        }
        // Pieces went, and others were cut into several parts (both rearrangements exercised).
        XCTAssertGreaterThan(hidden, 20)
        XCTAssertGreaterThan(added, 20)
        XCTAssertGreaterThan(clipped, hidden + 20)
    }

    func testReplayInPlaceGivesTheFreshPiecesAndBoxes() {
        var replays = 0
        for round in 0..<40 {
            func stack() -> [DrawPiece] {
                var rng = SplitMix64(seed: UInt64(300 + round))
                return OcclusionClipRulesTests.randomPieces(&rng, count: 12 + round % 30, size: 64, extent: 64)
            }
            var memo: OcclusionClip.Memo?, none: OcclusionClip.Memo?
            var first = stack(), firstStats = GPUStats()
            OcclusionClip.apply(&first, stats: &firstStats, minGain: 1, memo: &memo, remember: true)
            // The same stack again (fresh storage, same bits): replayed; and decided afresh for comparison.
            var again = stack(), againStats = GPUStats()
            OcclusionClip.apply(&again, stats: &againStats, minGain: 1, memo: &memo, remember: true)
            var fresh = stack(), freshStats = GPUStats()
            OcclusionClip.apply(&fresh, stats: &freshStats, minGain: 1, memo: &none, remember: false)
            replays += againStats.occlusionPassesReplayed
            XCTAssertTrue(OcclusionClipRulesTests.sameBits(again, fresh), "round \(round): replayed pieces differ")
            XCTAssertEqual(again.map { Self.boxBits($0.box) }, fresh.map { Self.boxBits($0.box) }, "round \(round): boxes")
            XCTAssertEqual(againStats.occlusionFragmentsRemoved, freshStats.occlusionFragmentsRemoved)
        }
        XCTAssertEqual(replays, 40)
    }

    func testAFirstPartReusesTheStorageItOwns() {
        // 0..<100 × 0..<100 under an occluder over its right 40 columns: one part, 0..<60 × 0..<100.
        var pieces = [OcclusionClipTests.flatPiece(0, 0, 100, 100, order: 0, opaque: false),
                      OcclusionClipTests.flatPiece(60, -10, 110, 110, order: 1, opaque: true)]
        let address = pieces[0].geometry.vertices.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        var stats = GPUStats(), memo: OcclusionClip.Memo?
        OcclusionClip.apply(&pieces, stats: &stats, minGain: 1, memo: &memo, remember: false)
        XCTAssertEqual(pieces.map(OcclusionClipRulesTests.pixelsOf), [R(x0: 0, y0: 0, x1: 60, y1: 100),
                                                                      R(x0: 60, y0: -10, x1: 110, y1: 110)])
        XCTAssertEqual(pieces[0].geometry.vertices.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }, address)
        XCTAssertEqual(Self.boxBits(pieces[0].box), Self.boxBits(SIMD4(-1, -1, 61, 101)))
        // Local coordinates (2 × screen) follow the cut (interpolated in Float: 200 × 0.6 is 120.00001).
        XCTAssertEqual(OcclusionClipTests.corners(pieces[0]), [0, 0, 60, 100])
        let v = pieces[0].geometry.vertices
        for k in 0..<4 {
            XCTAssertEqual(v[k * VertexLayout.stride + VertexLayout.local], 2 * v[k * VertexLayout.stride], accuracy: 1e-4)
            XCTAssertEqual(v[k * VertexLayout.stride + VertexLayout.local + 1], 2 * v[k * VertexLayout.stride + 1],
                           accuracy: 1e-4)
        }
    }
}
