// GLESTests: the PVRTC decode-once mode (PVRTCDecodePass). Expected texels
// come from the CPU decoder (`PVRTCDecoder`, itself held byte for byte to the
// outside reference decoder by IndependentDecoderTests), premultiplied as
// `Image(straightRGBA:)` does: a 1:1 nearest draw of the decoded-once texture
// onto a transparent canvas must reproduce them exactly. Also: later frames
// sample the kept texture (no upload, no decode pass), scaled items match the
// per-fragment shader decode exactly, and the `auto` rule.

import XCTest
import Geometry
import Images
import PVRTC
import Plan
@testable import GLES

final class PVRTCDecodeOnceTests: XCTestCase {
    /// The texture drawn 1:1, nearest, onto a transparent canvas of its size.
    func oneToOne(_ t: PVRTCTexture) throws -> RenderPlan {
        let r = Rect(x: 0, y: 0, width: Double(t.width), height: Double(t.height))
        let item = DrawItem(layer: 0, transform: .identity, rect: r,
                            paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1))
        return TestPlans.canvas([item], width: t.width, height: t.height,
                                images: [try PVRTCShaderDecodeTests.planImage(t)])
    }

    /// Runs `body` with an empty texture cache and `choice`, restoring the executor after.
    func with(_ choice: PVRTCDecodeChoice, budget: Int = GLESExecutor.defaultTextureCacheBudget,
              _ body: (GLESExecutor) throws -> Void) throws {
        let gl = try GPU.executor()
        guard !gl.info.pvrtcNative else { throw XCTSkip("the driver has native PVRTC") }
        let (oldChoice, oldBudget) = (gl.pvrtcDecode, gl.textureCacheBudget)
        gl.dropImageTextures()
        gl.pvrtcDecode = choice
        gl.textureCacheBudget = budget
        defer { gl.dropImageTextures(); gl.pvrtcDecode = oldChoice; gl.textureCacheBudget = oldBudget }
        try body(gl)
    }

    func testDecodedOnceTexelsEqualTheCPUDecoder() throws {
        let textures = [PVRTCShaderDecodeTests.randomTexture(width: 64, height: 64, seed: 7, randomModes: true),
                        PVRTCShaderDecodeTests.randomTexture(width: 32, height: 16, seed: 8),
                        PVRTCShaderDecodeTests.randomTexture2(width: 64, height: 32, seed: 9),
                        PVRTCShaderDecodeTests.randomTexture2(width: 16, height: 8, seed: 10)]
        try with(.once) { gl in
            for t in textures {
                let d = try PVRTCDecoder.decode(t.levels[0], width: t.width, height: t.height, bitsPerPixel: t.bitsPerPixel)
                let expected = Image(width: t.width, height: t.height, straightRGBA: d.pixels)
                let p = try oneToOne(t)
                let name = "\(t.width)×\(t.height) \(t.bitsPerPixel)"
                XCTAssertEqual(try gl.execute(p).pixels, expected.pixels, name)
                XCTAssertEqual(gl.lastStats.pvrtcDecodePasses, 1, name)
                XCTAssertEqual(gl.lastStats.pvrtcDecodedOnce, 1, name)
                XCTAssertEqual(gl.lastStats.pvrtcShaderDecoded, 0, name)
                // A later frame samples the kept texture: no upload, no decode.
                XCTAssertEqual(try gl.execute(p).pixels, expected.pixels, name)
                XCTAssertEqual(gl.lastStats.pvrtcDecodePasses, 0, name)
                XCTAssertEqual(gl.lastStats.textureUploads, 0, name)
                XCTAssertEqual(gl.lastStats.textureCacheHits, 1, name)
            }
        }
    }

    func testScaledItemsMatchTheShaderDecodeExactly() throws {
        for (t, filter) in [(PVRTCShaderDecodeTests.randomTexture(width: 32, height: 32, seed: 11), TextureFilter.linear),
                            (PVRTCShaderDecodeTests.randomTexture2(width: 32, height: 32, seed: 12), .nearest)] {
            let p = try PVRTCShaderDecodeTests.plan(t, filter: filter)
            var shader = Image(width: 0, height: 0), once = shader
            try with(.shader) { gl in shader = try gl.execute(p) }
            try with(.once) { gl in once = try gl.execute(p); once = try gl.execute(p) }
            let d = ImageDiff(once, shader)
            XCTAssertEqual(d.exact, d.pixels, "\(t.bitsPerPixel) \(filter): \(d)")
        }
    }

    func testAutoDecodesOnceFromTheSecondFrameWhenItFitsTheBudget() throws {
        let t = PVRTCShaderDecodeTests.randomTexture(width: 64, height: 64, seed: 13)
        let p = try oneToOne(t)
        try with(.auto) { gl in
            let first = try gl.execute(p)
            XCTAssertEqual(gl.lastStats.pvrtcShaderDecoded, 1)
            XCTAssertEqual(gl.lastStats.pvrtcDecodePasses, 0)
            XCTAssertEqual(try gl.execute(p).pixels, first.pixels)
            XCTAssertEqual(gl.lastStats.pvrtcDecodePasses, 1)
            XCTAssertEqual(gl.lastStats.textureUploads, 0, "the kept blocks feed the decode pass")
            XCTAssertEqual(try gl.execute(p).pixels, first.pixels)
            XCTAssertEqual(gl.lastStats.pvrtcDecodedOnce, 1)
            XCTAssertEqual(gl.lastStats.pvrtcDecodePasses, 0)
            XCTAssertEqual(gl.lastStats.textureCacheBytes, 64 * 64 * 4, "the blocks were replaced by the RGBA8 texture")
        }
        // 64²·4 bytes is more than a quarter of a 32 KiB budget: stays decoded per fragment.
        try with(.auto, budget: 32 << 10) { gl in
            for _ in 0..<3 { _ = try gl.execute(p) }
            XCTAssertEqual(gl.lastStats.pvrtcShaderDecoded, 1)
            XCTAssertEqual(gl.lastStats.pvrtcDecodePasses, 0)
        }
    }
}
