// Text layers in scene files: every key read into TextLayer, fonts checked
// while the scene loads (family, file relative to the scene, errors naming
// the key path).

import Foundation
import XCTest
import Geometry
@testable import Layers

final class SceneTextLayerTests: XCTestCase {
    func testEveryTextKey() throws {
        let l = parseLayer(#"""
        {"type": "text", "frame": [0, 0, 100, 40], "string": "Hi\nthere", "font": "dejavu serif",
         "fontSize": 12.5, "foregroundColor": "#FF0000", "alignmentMode": "justified", "isWrapped": true,
         "truncationMode": "middle"}
        """#)
        let t = try XCTUnwrap(l as? TextLayer)
        XCTAssertEqual(t.string, "Hi\nthere")
        XCTAssertEqual(t.font, "dejavu serif")
        XCTAssertEqual(t.fontSize, 12.5)
        XCTAssertEqual(t.foregroundColor, Color(r: 1, g: 0, b: 0))
        XCTAssertEqual(t.alignmentMode, .justified)
        XCTAssertTrue(t.isWrapped)
        XCTAssertEqual(t.truncationMode, .middle)
    }

    func testDefaults() throws {
        let t = try XCTUnwrap(parseLayer(#"{"type": "text", "string": "x"}"#) as? TextLayer)
        XCTAssertNil(t.font)
        XCTAssertEqual(t.fontSize, 36)
        XCTAssertEqual(t.foregroundColor, .white)
        XCTAssertEqual(t.alignmentMode, .natural)
        XCTAssertFalse(t.isWrapped)
        XCTAssertEqual(t.truncationMode, TextTruncation.none)
    }

    func testFontFileRelativeToTheScene() throws {
        let scene = try parseScene(sceneJSON(layers: #"{"type": "text", "font": "dejavu/DejaVuSans-Bold.ttf"}"#),
                                   base: "/usr/share/fonts/truetype")
        let t = try XCTUnwrap(scene.root.sublayers.first as? TextLayer)
        XCTAssertEqual(t.font, "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    }

    func testBadValuesNameTheKeyPath() {
        assertLayerError(#"{"type": "text", "font": "Comic Sans Nope"}"#, keyPath: "sublayers[0].font",
                         contains: "no font named 'Comic Sans Nope'; installed families include")
        assertLayerError(#"{"type": "text", "font": "fonts/Missing.ttf"}"#, keyPath: "sublayers[0].font",
                         contains: "font file '/nonexistent-scene-dir/fonts/Missing.ttf' not found")
        assertLayerError(#"{"type": "text", "font": ""}"#, keyPath: "sublayers[0].font", contains: "empty string")
        assertLayerError(#"{"type": "text", "fontSize": -1}"#, keyPath: "sublayers[0].fontSize",
                         contains: "must be greater than 0")
        assertLayerError(#"{"type": "text", "fontSize": 5000}"#, keyPath: "sublayers[0].fontSize",
                         contains: "must be at most 1000")
        // A list is rich text: its items must be run objects.
        assertLayerError(#"{"type": "text", "string": ["a"]}"#, keyPath: "sublayers[0].string[0]",
                         contains: "expected a run object")
        assertLayerError(#"{"type": "text", "string": 42}"#, keyPath: "sublayers[0].string",
                         contains: "expected a string or a list of runs")
        assertLayerError(#"{"type": "text", "alignmentMode": "middle"}"#, keyPath: "sublayers[0].alignmentMode",
                         contains: "unknown value 'middle'")
        assertLayerError(#"{"type": "text", "truncationMode": "both"}"#, keyPath: "sublayers[0].truncationMode",
                         contains: "unknown value 'both'")
        assertLayerError(#"{"type": "text", "isWrapped": 1}"#, keyPath: "sublayers[0].isWrapped",
                         contains: "expected true or false")
        assertLayerError(#"{"string": "x"}"#, keyPath: "sublayers[0].string", contains: "belongs to layers of type 'text'")
    }
}
