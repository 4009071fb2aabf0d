// Drawing layers in scene files: the `draw` list read into operations (units:
// degrees become radians, defaults), times, and every error naming its key
// path — unknown operations and keys, missing arguments, wrong types,
// unknown fonts, missing images.

import XCTest
import Drawing
import Geometry
@testable import Layers

final class SceneDrawingTests: XCTestCase {
    func testOperationsAreRead() throws {
        let l = parseLayer(#"""
        {"type": "drawing", "bounds": [0, 0, 50, 50], "needsDisplayOnBoundsChange": true, "draw": [
          {"op": "move", "to": [1, 2]}, {"op": "line", "to": [3, 4], "time": 0.5},
          {"op": "arc", "center": [10, 10], "radius": 5, "startAngle": 0, "endAngle": 90, "clockwise": false},
          {"op": "close"}, {"op": "fill", "color": "#FF0000", "fillRule": "evenOdd", "keepPath": true},
          {"op": "stroke", "lineWidth": 2, "lineDashPattern": [4, 2]},
          {"op": "rotate", "angle": 180}, {"op": "save"}, {"op": "restore"},
          {"op": "clip", "rect": [0, 0, 5, 5]},
          {"op": "gradient", "gradientType": "radial", "colors": ["#000000", "#FFFFFF"], "startPoint": [0, 0],
           "endPoint": [0, 0], "endRadius": 10}
        ]}
        """#)
        let d = try XCTUnwrap(l as? DrawingLayer)
        XCTAssertTrue(d.needsDisplayOnBoundsChange)
        XCTAssertEqual(d.operations.count, 11)
        XCTAssertEqual(d.operations[1], TimedDrawingOperation(.line(Vec2(3, 4)), time: 0.5))
        XCTAssertEqual(d.operations[2].operation, .arc(center: Vec2(10, 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false))
        XCTAssertEqual(d.operations[4].operation, .fill(color: Color(r: 1, g: 0, b: 0), rule: .evenOdd, keepPath: true))
        var stroke = StrokeOptions(color: .black); stroke.lineWidth = 2; stroke.dashPattern = [4, 2]
        XCTAssertEqual(d.operations[5].operation, .stroke(stroke, keepPath: false))
        XCTAssertEqual(d.operations[6].operation, .rotate(.pi))
        XCTAssertEqual(d.operations[9].operation, .clipRect(Rect(x: 0, y: 0, width: 5, height: 5)))
        // Timed operations show from their time on; nil time (the model) shows all.
        XCTAssertEqual(d.activeOperations.filter { $0 }.count, 11)
        let p = try XCTUnwrap(d.presentation(at: 0.25) as? DrawingLayer)
        XCTAssertEqual(p.activeOperations[1], false)
        XCTAssertEqual((d.presentation(at: 0.5) as? DrawingLayer)?.activeOperations[1], true)
    }

    func testErrorsNameTheKeyPath() {
        assertLayerError(##"{"type": "drawing", "draw": {}}"##, keyPath: "sublayers[0].draw",
                         contains: "expected an array of drawing operations")
        assertLayerError(##"{"type": "drawing", "draw": [{"to": [1, 2]}]}"##, keyPath: "sublayers[0].draw[0].op",
                         contains: "missing; expected one of 'move', 'line'")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "lnie", "to": [1, 2]}]}"##, keyPath: "sublayers[0].draw[0].op",
                         contains: "did you mean 'line'?")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "move", "too": [1, 2]}]}"##,
                         keyPath: "sublayers[0].draw[0].too", contains: "'move' takes to (and time)")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "move"}]}"##, keyPath: "sublayers[0].draw[0].to",
                         contains: "missing; 'move' needs to")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "move", "to": [1, 2]}, {"op": "line", "to": [1]}]}"##,
                         keyPath: "sublayers[0].draw[1].to", contains: "expected 2 numbers")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "stroke", "lineCap": "flat"}]}"##,
                         keyPath: "sublayers[0].draw[0].lineCap", contains: "expected one of 'butt', 'round', 'square'")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "line", "to": [1, 2], "time": -1}]}"##,
                         keyPath: "sublayers[0].draw[0].time", contains: "must not be negative")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "scale", "by": [0, 1]}]}"##,
                         keyPath: "sublayers[0].draw[0].by", contains: "must not be zero")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "clip", "rect": [0, 0, 1, 1], "fillRule": "evenOdd"}]}"##,
                         keyPath: "sublayers[0].draw[0].fillRule", contains: "a rect clip takes no fill rule")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "gradient", "colors": ["#000000"], "startPoint": [0, 0], "endPoint": [1, 1]}]}"##,
                         keyPath: "sublayers[0].draw[0].colors", contains: "expected 2 to 64 colours")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "gradient", "gradientType": "conic", "colors": ["#000000", "#FFFFFF"], "startPoint": [0, 0], "endPoint": [1, 1]}]}"##,
                         keyPath: "sublayers[0].draw[0].gradientType", contains: "expected one of 'axial', 'radial'")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "text", "string": "a", "rect": [0, 0, 9, 9], "font": "No Such Font Family"}]}"##,
                         keyPath: "sublayers[0].draw[0].font", contains: "No Such Font Family")
        assertLayerError(##"{"type": "drawing", "draw": [{"op": "image", "image": "missing.png", "rect": [0, 0, 9, 9]}]}"##,
                         keyPath: "sublayers[0].draw[0].image", contains: "not found")
        assertLayerError(##"{"draw": []}"##, keyPath: "sublayers[0].draw", contains: "'draw' belongs to layers of type 'drawing'")
    }
}

final class SceneSnapshotTests: XCTestCase {
    func testSnapshotOfResolvesNamesAfterReading() throws {
        let scene = try parseScene(sceneJSON(layers: #"{"contents": {"snapshotOf": "later"}}, {"name": "later"}"#))
        let source = scene.root.sublayers[0].contents?.snapshotSource
        XCTAssertTrue(source?.layer === scene.root.sublayers[1])
    }

    func testSnapshotErrorsNameTheKeyPath() {
        assertSceneError(sceneJSON(layers: #"{"contents": {"snapshotOf": "nobody"}}, {"name": "a"}"#),
                         keyPath: "sublayers[0].contents.snapshotOf", contains: "no layer is named 'nobody'; named layers: 'a'")
        assertSceneError(sceneJSON(layers: #"{"name": "me", "contents": {"snapshotOf": "me"}}"#),
                         keyPath: "sublayers[0].contents.snapshotOf", contains: "this layer or one of its ancestors")
        assertSceneError(sceneJSON(layers: #"{"name": "up", "sublayers": [{"contents": {"snapshotOf": "up"}}]}"#),
                         keyPath: "sublayers[0].sublayers[0].contents.snapshotOf", contains: "one of its ancestors")
        assertSceneError(sceneJSON(layers: #"{"name": "a", "contents": {"snapshotOf": "b"}}, {"name": "b", "contents": {"snapshotOf": "a"}}"#),
                         keyPath: "sublayers[0].contents.snapshotOf", contains: "a cycle")
        assertSceneError(sceneJSON(layers: #"{"name": "x"}, {"name": "x"}, {"contents": {"snapshotOf": "x"}}"#),
                         keyPath: "sublayers[2].contents.snapshotOf", contains: "2 layers are named 'x'")
        assertSceneError(sceneJSON(layers: #"{"contents": {"snapshot": "x"}}"#),
                         keyPath: "sublayers[0].contents.snapshot", contains: "did you mean 'snapshotOf'?")
    }
}
