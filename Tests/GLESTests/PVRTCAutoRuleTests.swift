// GLESTests: the `auto` PVRTC decode rule weighs fragments, not frames. A
// texture decodes once from the second frame that uses it only when the
// fragments that sampled it in all its frames reach its texel count, so a
// large texture drawn as a thumbnail keeps the per-fragment decode (a decode
// pass would shade every texel for a few hundred fragments a frame). The
// expected frame numbers are worked out by hand from the items' areas.

import XCTest
import Geometry
import Images
import PVRTC
import Plan
@testable import GLES

final class PVRTCAutoRuleTests: XCTestCase {
    /// `t` drawn as one axis-aligned `side` × `side` square (no antialiased edges: exactly side² fragments).
    func plan(_ t: PVRTCTexture, side: Double, copies: Int = 1) throws -> RenderPlan {
        let r = Rect(x: 0, y: 0, width: Double(t.width), height: Double(t.height))
        let items = (0..<copies).map { k in
            DrawItem(layer: 0, transform: Transform3D.scale(side / Double(t.width), side / Double(t.height))
                        .concatenating(.translation(Double(k) * side, 0)),
                     rect: r, paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .linear, opacity: 1))
        }
        return TestPlans.canvas(items, width: 96, height: 32, images: [try PVRTCShaderDecodeTests.planImage(t)])
    }

    /// Runs frames of `p` under `auto` with an empty texture cache: the 1-based frame that ran the decode pass.
    func decodeFrame(_ p: RenderPlan, frames: Int) throws -> Int? {
        let gl = try GPU.executor()
        guard !gl.info.pvrtcNative else { throw XCTSkip("the driver has native PVRTC") }
        let old = gl.pvrtcDecode
        gl.dropImageTextures()
        gl.pvrtcDecode = .auto
        defer { gl.dropImageTextures(); gl.pvrtcDecode = old }
        var found: Int?
        for n in 1...frames {
            _ = try gl.execute(p)
            if gl.lastStats.pvrtcDecodePasses > 0 { XCTAssertNil(found, "a second decode pass"); found = found ?? n }
        }
        return found
    }

    func testFragmentsCountedAreTheItemsAreas() throws {
        let t = PVRTCShaderDecodeTests.randomTexture(width: 64, height: 64, seed: 21)
        XCTAssertEqual(PVRTCFragmentCount.fragments(in: try plan(t, side: 16))[0], 256)
        XCTAssertEqual(PVRTCFragmentCount.fragments(in: try plan(t, side: 16, copies: 3))[0], 768)
        // A square half off the 96 × 32 canvas counts its visible part.
        XCTAssertEqual(PVRTCFragmentCount.fragments(in: try plan(t, side: 64))[0], 64 * 32)
        XCTAssertEqual(PVRTCFragmentCount.area([Vec2(0, 0), Vec2(4, 0), Vec2(4, 3)]), 6)
        XCTAssertEqual(PVRTCFragmentCount.area([Vec2(4, 3), Vec2(4, 0), Vec2(0, 0)]), 6)
    }

    func testAThumbnailDecodesOnceOnlyWhenItsFragmentsReachTheTexels() throws {
        let t = PVRTCShaderDecodeTests.randomTexture(width: 64, height: 64, seed: 22)
        // 4096 texels; a 16² thumbnail samples 256 fragments a frame: the 16th frame reaches 4096.
        XCTAssertEqual(try decodeFrame(try plan(t, side: 16), frames: 18), 16)
        // Three thumbnails: 768 a frame, 4608 ≥ 4096 in the 6th.
        XCTAssertEqual(try decodeFrame(try plan(t, side: 16, copies: 3), frames: 8), 6)
        // 64 × 32 visible pixels a frame: 4096 in the 2nd.
        XCTAssertEqual(try decodeFrame(try plan(t, side: 64), frames: 3), 2)
        // Larger than the texture: never in the first frame, always in the second.
        XCTAssertEqual(try decodeFrame(try plan(PVRTCShaderDecodeTests.randomTexture(width: 16, height: 16, seed: 23),
                                                side: 32, copies: 3), frames: 3), 2)
    }

    func testTheRule() {
        let budget = 256 << 20
        XCTAssertFalse(PVRTCDecodeChoice.auto.decodesOnce(texels: 100, frames: 1, fragments: 1e9, cacheBudget: budget))
        XCTAssertFalse(PVRTCDecodeChoice.auto.decodesOnce(texels: 100, frames: 5, fragments: 99, cacheBudget: budget))
        XCTAssertTrue(PVRTCDecodeChoice.auto.decodesOnce(texels: 100, frames: 2, fragments: 100, cacheBudget: budget))
        // The RGBA8 form (4 bytes a texel) must fit a quarter of the budget.
        XCTAssertTrue(PVRTCDecodeChoice.auto.decodesOnce(texels: 1000, frames: 2, fragments: 1e6, cacheBudget: 16_000))
        XCTAssertFalse(PVRTCDecodeChoice.auto.decodesOnce(texels: 1001, frames: 2, fragments: 1e6, cacheBudget: 16_000))
        XCTAssertTrue(PVRTCDecodeChoice.once.decodesOnce(texels: 100, frames: 1, fragments: 0, cacheBudget: 0))
        XCTAssertFalse(PVRTCDecodeChoice.shader.decodesOnce(texels: 1, frames: 9, fragments: 1e9, cacheBudget: budget))
    }
}
