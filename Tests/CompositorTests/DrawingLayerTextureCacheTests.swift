// A drawing layer on the GPU path across frames: its backing image is
// uploaded once and kept by the GLES texture cache while nothing is marked;
// after setNeedsDisplay the redrawn store is new content, uploaded again,
// and the picture shows the new drawing (colours set by the test, not taken
// from a renderer).

import XCTest
import Compositor
import GLES

final class DrawingLayerTextureCacheTests: XCTestCase {
    final class Fill: DrawingLayerDelegate {
        var color = Color(r: 0, g: 0, b: 1)
        func draw(_ layer: DrawingLayer, in context: DrawingContext) {
            context.setFillColor(color)
            context.addRect(layer.bounds); context.fillPath()
        }
    }

    func testRedrawnLayerIsUploadedAgainAndUnchangedOneIsNot() throws {
        let gl: GLESExecutor
        do { gl = try GLESExecutor(platform: .auto) } catch { throw XCTSkip("no EGL display could be opened: \(error)") }
        let renderer = Renderer(executor: gl)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 40, height: 30)
        let d = DrawingLayer()
        let fill = Fill()
        d.delegate = fill
        d.frame = Rect(x: 0, y: 0, width: 40, height: 30)
        root.addSublayer(d)
        func pixel(_ im: Image) -> [UInt8] { Array(im.pixels[(5 * im.width + 5) * 4..<(5 * im.width + 5) * 4 + 4]) }

        var out = try renderer.render(root: root)
        XCTAssertEqual(gl.lastStats.textureUploads, 1)
        XCTAssertEqual(pixel(out.image), [0, 0, 255, 255])
        out = try renderer.render(root: root)
        XCTAssertEqual(gl.lastStats.textureUploads, 0, "nothing marked: the kept texture is drawn")
        // Kept in the texture cache, or (a small image) placed in an atlas page that the cache keeps.
        XCTAssertEqual(gl.lastStats.textureCacheHits + gl.lastStats.atlasHits, 1)
        fill.color = Color(r: 1, g: 0, b: 0)
        d.setNeedsDisplay()
        out = try renderer.render(root: root)
        XCTAssertEqual(gl.lastStats.textureUploads, 1, "redrawn backing store: uploaded again")
        XCTAssertEqual(pixel(out.image), [255, 0, 0, 255])
        // A partial redraw changes the store too.
        fill.color = Color(r: 0, g: 1, b: 0)
        d.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 10, height: 10))
        out = try renderer.render(root: root)
        XCTAssertEqual(gl.lastStats.textureUploads, 1)
        XCTAssertEqual(pixel(out.image), [0, 255, 0, 255])
        XCTAssertEqual(Array(out.image.pixels[(20 * 40 + 30) * 4..<(20 * 40 + 30) * 4 + 4]), [255, 0, 0, 255])
    }
}
