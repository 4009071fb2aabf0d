// Tests the gradient layer keys of scene files: defaults, values, key
// order independence, and errors that name the key path.

import XCTest
import Geometry
@testable import Layers

final class SceneGradientTests: XCTestCase {
    func gradient(_ keys: String, file: StaticString = #filePath, line: UInt = #line) -> GradientLayer? {
        let l = parseLayer(##"{"type": "gradient", "frame": [0, 0, 10, 10]\##(keys)}"##, file: file, line: line)
        XCTAssertTrue(l is GradientLayer, file: file, line: line)
        return l as? GradientLayer
    }

    func testDefaults() throws {
        let g = try XCTUnwrap(gradient(""))
        XCTAssertEqual(g.colors, [])
        XCTAssertNil(g.locations)
        XCTAssertEqual(g.startPoint, Vec2(0.5, 0))
        XCTAssertEqual(g.endPoint, Vec2(0.5, 1))
        XCTAssertEqual(g.type, .axial)
    }

    func testEveryKey() throws {
        let g = try XCTUnwrap(gradient(##", "locations": [0, 0.25, 1], "colors": ["#FF0000", [0, 1, 0, 0.5], "#0000FF80"], "startPoint": [0, 0.5], "endPoint": [1.5, -1], "gradientType": "conic""##))
        XCTAssertEqual(g.colors, [Color(r: 1, g: 0, b: 0), Color(r: 0, g: 1, b: 0, a: 0.5),
                                  Color(r: 0, g: 0, b: 1, a: 128.0 / 255)])
        XCTAssertEqual(g.locations, [0, 0.25, 1])
        XCTAssertEqual(g.startPoint, Vec2(0, 0.5))
        XCTAssertEqual(g.endPoint, Vec2(1.5, -1))
        XCTAssertEqual(g.type, .conic)
        let n = try XCTUnwrap(gradient(##", "colors": null, "locations": null"##))
        XCTAssertEqual(n.colors, [])
        XCTAssertNil(n.locations)
    }

    func testErrorsNameTheKeyPath() {
        func expect(_ keys: String, _ path: String, _ message: String, line: UInt = #line) {
            assertSceneError(sceneJSON(layers: ##"{"type": "gradient", "frame": [0, 0, 10, 10]\##(keys)}"##),
                             keyPath: path, contains: message, line: line)
        }
        expect(##", "colors": "#FF0000""##, "sublayers[0].colors", "expected an array of colours, got a string")
        expect(##", "colors": ["#FF0000", null]"##, "sublayers[0].colors[1]", "expected a colour")
        expect(##", "colors": ["#FF0000", "#GG0000"]"##, "sublayers[0].colors[1]", "invalid colour")
        expect(##", "locations": [0, 1]"##, "sublayers[0].locations",
               "expected one location per colour (0 colours), got 2")
        expect(##", "colors": ["#FF0000"], "locations": [0, 1]"##, "sublayers[0].locations",
               "expected one location per colour (1 colour), got 2")
        expect(##", "locations": [0, 0.6, 0.5], "colors": ["#FF0000", "#00FF00", "#0000FF"]"##,
               "sublayers[0].locations[2]", "locations must not decrease (0.5 after 0.6)")
        expect(##", "locations": [0, 1.5]"##, "sublayers[0].locations[1]", "must be between 0 and 1")
        expect(##", "locations": 0.5"##, "sublayers[0].locations", "expected an array of numbers")
        expect(##", "gradientType": "linear""##, "sublayers[0].gradientType", "unknown value 'linear'")
        expect(##", "startPoint": [0]"##, "sublayers[0].startPoint", "expected 2 numbers")
        let many = Array(repeating: ##""#FFFFFF""##, count: 17).joined(separator: ", ")
        expect(##", "colors": [\##(many)]"##, "sublayers[0].colors", "at most 16 colours are supported (got 17)")
        assertSceneError(sceneJSON(layers: ##"{"frame": [0, 0, 10, 10], "colors": []}"##),
                         keyPath: "sublayers[0].colors", contains: "belongs to layers of type 'gradient'")
    }
}
