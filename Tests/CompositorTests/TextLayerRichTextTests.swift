// Rich text on the layer: the Swift API (`attributedString` beside
// `string`) and a scene whose layer has no colour of its own while a run
// has one (the run still draws), rendered by the CPU executor.

import XCTest
import Compositor
import Geometry
import Layers
import Raster
import Text

final class TextLayerRichTextTests: XCTestCase {
    func testAttributedStringAndStringStayConsistent() {
        let l = TextLayer()
        l.attributedString = AttributedText([TextRun("Red ", foregroundColor: Color(r: 1, g: 0, b: 0)),
                                             TextRun("big", fontSize: 48)])
        XCTAssertEqual(l.string, "Red big")
        l.string = "plain"
        XCTAssertNil(l.attributedString, "setting string replaces the rich text")
        XCTAssertEqual(l.string, "plain")
        l.attributedString = AttributedText([TextRun("a"), TextRun("b", kerning: 2)])
        let copy = l.shallowCopy() as? TextLayer
        XCTAssertEqual(copy?.attributedString, l.attributedString, "presentation copies keep the runs")
        XCTAssertEqual(copy?.string, "ab")
    }

    func testARunColourDrawsWhenTheLayerHasNone() throws {
        let json = """
            {"canvas": {"width": 60, "height": 30, "backgroundColor": "#000000"}, "sublayers": [
              {"type": "text", "frame": [0, 0, 60, 30], "foregroundColor": null, "fontSize": 20,
               "string": [{"text": "H", "foregroundColor": "#FF0000"}, {"text": "H"}]}]}
            """
        let scene = try SceneLoader.parse(json: Array(json.utf8), baseDirectory: "", name: "rich.json")
        let image = try Renderer(executor: CPUExecutor()).render(scene: scene).image
        var red = 0, other = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let (r, g, b) = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
            if r > 200, g == 0, b == 0 { red += 1 } else if r > 0 || g > 0 || b > 0 { if r == 0 { other += 1 } }
        }
        XCTAssertGreaterThan(red, 20, "the red run draws")
        XCTAssertEqual(other, 0, "the run without a colour (layer colour null) draws nothing")
    }
}
