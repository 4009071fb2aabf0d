// GLESTests: the differential suite — each hand-built plan rendered by the
// GLES executor and by the CPU reference executor must agree within the
// project tolerance (share of pixels off by > 2/255 ≤ 0.1 %, max diff ≤ 16)
// and match exactly on ≥ 99.9 % of the pixels. Each test prints its line:
// "[differential] name: exact …%, >2: n, max diff d".

import XCTest
import Rendering
@testable import GLES

final class DifferentialTests: XCTestCase {
    func testSolid() throws { try assertAgree("solid", TestPlans.solid, gpu: GPU.executor()) }
    func testAAEdges() throws { try assertAgree("aaEdges", TestPlans.aaEdges, gpu: GPU.executor()) }
    func testRoundedRects() throws { try assertAgree("roundedRects", TestPlans.roundedRects, gpu: GPU.executor()) }
    func testRings() throws { try assertAgree("rings", TestPlans.rings, gpu: GPU.executor()) }
    func testTexturesNearest() throws {
        try assertAgree("texturesNearest", TestPlans.textures(filter: .nearest), gpu: GPU.executor())
    }
    func testTexturesLinear() throws {
        try assertAgree("texturesLinear", TestPlans.textures(filter: .linear), gpu: GPU.executor())
    }
    func testPerspective() throws { try assertAgree("perspective", TestPlans.perspectiveTexture, gpu: GPU.executor()) }
    func testMasked() throws { try assertAgree("masked", TestPlans.masked, gpu: GPU.executor()) }
    func testTextureAlpha() throws { try assertAgree("textureAlpha", TestPlans.textureAlpha, gpu: GPU.executor()) }
    func testBlur() throws { try assertAgree("blur", TestPlans.blur, gpu: GPU.executor()) }
    func testBlurDownsampled() throws {
        try assertAgree("blurDownsampled", TestPlans.blurDownsampled, gpu: GPU.executor())
    }
    func testMultiPass() throws { try assertAgree("multiPass", TestPlans.multiPass, gpu: GPU.executor()) }
    func testManyItems() throws { try assertAgree("manyItems", TestPlans.manyItems, gpu: GPU.executor()) }

    /// An image larger than the (overridden) maximum texture size is tiled with a one-texel
    /// overlap: the picture must match the CPU's and be identical to the untiled GPU render.
    func testTextureLargerThanMaxSize() throws {
        let gl = try GPU.executor()
        let tiled = try GLESExecutor(platform: EGLPlatformChoice(rawValue: gl.info.eglPlatform) ?? .auto,
                                     maxTextureSizeOverride: 64)
        tiled.checkErrorsAtPassBoundaries = true
        let plan = TestPlans.bigTexture
        try assertAgree("bigTexture (tiled at 64)", plan, gpu: tiled)
        XCTAssertEqual(tiled.lastStats.tiledImages, 1)
        XCTAssertGreaterThan(tiled.lastStats.textureUploads, 1)
        let whole = try gl.execute(plan)
        let split = try tiled.execute(plan)
        let d = ImageDiff(split, whole)
        print("[differential] bigTexture tiled vs untiled GPU: \(d)")
        XCTAssertGreaterThanOrEqual(d.exactShare, Tolerance.minExactShare, "\(d)")
    }
}
