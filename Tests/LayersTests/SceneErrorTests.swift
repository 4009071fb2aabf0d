// Scene errors: each kind with its exact key path — unknown keys with
// suggestions, wrong types, non-finite numbers, negative sizes, ranges,
// enums, layer types, canvas limits, nesting and count limits, paths.

import XCTest
@testable import Layers

final class SceneErrorTests: XCTestCase {
    func testDescriptionFormat() {
        let e = SceneError(file: "scene.json", keyPath: "sublayers[2].shadowOffset", message: "expected 2 numbers")
        XCTAssertEqual(e.description, "scene.json: sublayers[2].shadowOffset: expected 2 numbers")
        XCTAssertEqual(SceneError(file: "a.json", keyPath: "", message: "m").description, "a.json: m")
    }

    func testShadowOffsetExample() {
        assertSceneError(sceneJSON(layers: "{}, {}, {\"shadowOffset\": [1, 2, 3]}"),
                         keyPath: "sublayers[2].shadowOffset", contains: "expected 2 numbers, got an array of 3 items")
    }

    func testUnknownKeysSuggestTheClosest() {
        assertLayerError(#"{"cornerRadus": 3}"#, keyPath: "sublayers[0].cornerRadus",
                         contains: "unknown key; did you mean 'cornerRadius'?")
        assertLayerError(##"{"backgroundcolor": "#FFFFFF"}"##, keyPath: "sublayers[0].backgroundcolor",
                         contains: "did you mean 'backgroundColor'?")
        assertLayerError(#"{"opactiy": 1}"#, keyPath: "sublayers[0].opactiy", contains: "did you mean 'opacity'?")
        assertLayerError(#"{"zzzzzzzz": 1}"#, keyPath: "sublayers[0].zzzzzzzz", contains: "unknown key")
        assertLayerError(##"{"fillColor": "#FFFFFF"}"##, keyPath: "sublayers[0].fillColor",
                         contains: "'fillColor' belongs to layers of type 'shape'")
        assertSceneError(#"{"canvas": {"width": 1, "height": 1, "scael": 2}}"#, keyPath: "canvas.scael",
                         contains: "did you mean 'scale'?")
        assertSceneError(#"{"canvas": {"width": 1, "height": 1}, "layers": []}"#, keyPath: "layers",
                         contains: "unknown key")
        assertLayerError(#"{"transform": [{"rotat": 1}]}"#, keyPath: "sublayers[0].transform[0].rotat",
                         contains: "did you mean 'rotate'?")
        assertLayerError(#"{"opacity": 1, "opacity": 0.5}"#, keyPath: "sublayers[0].opacity", contains: "duplicate key")
    }

    func testWrongTypes() {
        assertLayerError(#"{"opacity": "1"}"#, keyPath: "sublayers[0].opacity", contains: "expected a number, got a string")
        assertLayerError(#"{"isHidden": 1}"#, keyPath: "sublayers[0].isHidden", contains: "expected true or false, got a number")
        assertLayerError(#"{"cornerRadius": true}"#, keyPath: "sublayers[0].cornerRadius", contains: "got true")
        assertLayerError(#"{"name": 5}"#, keyPath: "sublayers[0].name", contains: "expected a string")
        assertLayerError(#"{"bounds": [0, 0, "a", 1]}"#, keyPath: "sublayers[0].bounds[2]", contains: "expected a number")
        assertLayerError(#"{"position": {"x": 1}}"#, keyPath: "sublayers[0].position", contains: "expected 2 numbers, got an object")
        assertLayerError(#"{"sublayers": {}}"#, keyPath: "sublayers[0].sublayers", contains: "expected an array of layer objects")
        assertLayerError(#"{"sublayers": [3]}"#, keyPath: "sublayers[0].sublayers[0]", contains: "expected a layer object, got a number")
        assertLayerError(#"{"mask": []}"#, keyPath: "sublayers[0].mask", contains: "expected a layer object, got an array")
        assertLayerError(#"{"transform": 1}"#, keyPath: "sublayers[0].transform", contains: "expected 16 numbers")
        assertLayerError(#"{"transform": [1, 0, 0]}"#, keyPath: "sublayers[0].transform", contains: "got an array of 3 items")
        assertLayerError(#"{"transform": [{"rotate": "90"}]}"#, keyPath: "sublayers[0].transform[0].rotate",
                         contains: "expected degrees or [degrees, x, y, z]")
        assertLayerError(#"{"transform": [{"rotate": 1, "scale": [1, 1]}]}"#, keyPath: "sublayers[0].transform[0]",
                         contains: "exactly one operation")
        assertLayerError(#"{"transform": [{"translate": [1]}]}"#, keyPath: "sublayers[0].transform[0].translate",
                         contains: "expected 3 numbers (or 2")
        assertLayerError(#"{"transform": [{"rotate": [1, 0, 0, 0]}]}"#, keyPath: "sublayers[0].transform[0].rotate",
                         contains: "axis")
        assertLayerError(#"{"transform": [{"perspective": 0}]}"#, keyPath: "sublayers[0].transform[0].perspective",
                         contains: "greater than 0")
        assertSceneError("[]", keyPath: "", contains: "expected a scene object, got an array")
    }

    func testNonFiniteNumbers() {
        assertLayerError(#"{"zPosition": 1e999}"#, keyPath: "sublayers[0].zPosition", contains: "not finite")
        assertLayerError(#"{"transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,-1e400]}"#,
                         keyPath: "sublayers[0].transform[15]", contains: "not finite")
        assertSceneError(#"{"canvas": {"width": 1e999, "height": 1}}"#, keyPath: "canvas.width", contains: "not finite")
    }

    func testRangesAndNegativeValues() {
        assertLayerError(#"{"bounds": [0, 0, -1, 5]}"#, keyPath: "sublayers[0].bounds", contains: "must not be negative")
        assertLayerError(#"{"frame": [0, 0, 5, -1]}"#, keyPath: "sublayers[0].frame", contains: "must not be negative")
        assertLayerError(#"{"cornerRadius": -2}"#, keyPath: "sublayers[0].cornerRadius", contains: "must not be negative (got -2)")
        assertLayerError(#"{"borderWidth": -0.5}"#, keyPath: "sublayers[0].borderWidth", contains: "must not be negative")
        assertLayerError(#"{"shadowRadius": -1}"#, keyPath: "sublayers[0].shadowRadius", contains: "must not be negative")
        assertLayerError(#"{"opacity": 1.5}"#, keyPath: "sublayers[0].opacity", contains: "between 0 and 1 (got 1.5)")
        assertLayerError(#"{"shadowOpacity": -0.1}"#, keyPath: "sublayers[0].shadowOpacity", contains: "between 0 and 1")
        assertLayerError(#"{"backgroundColor": [1, 0, 2, 1]}"#, keyPath: "sublayers[0].backgroundColor[2]", contains: "between 0 and 1")
        assertLayerError(#"{"backgroundColor": [1, 0, 0]}"#, keyPath: "sublayers[0].backgroundColor", contains: "expected a colour")
        assertLayerError(##"{"backgroundColor": "#12345"}"##, keyPath: "sublayers[0].backgroundColor", contains: "invalid colour")
        assertLayerError(##"{"backgroundColor": "#+12345"}"##, keyPath: "sublayers[0].backgroundColor", contains: "invalid colour")
        assertLayerError(#"{"backgroundColor": "red"}"#, keyPath: "sublayers[0].backgroundColor", contains: "invalid colour")
        assertLayerError(#"{"rasterizationScale": 0}"#, keyPath: "sublayers[0].rasterizationScale", contains: "greater than 0")
        assertLayerError(#"{"rasterizationScale": 9}"#, keyPath: "sublayers[0].rasterizationScale", contains: "at most 8")
        assertLayerError(#"{"contentsScale": -1}"#, keyPath: "sublayers[0].contentsScale", contains: "greater than 0")
        assertLayerError(#"{"shadowPath": {"roundedRect": [0, 0, 1, 1], "cornerRadius": -1}}"#,
                         keyPath: "sublayers[0].shadowPath.cornerRadius", contains: "must not be negative")
    }

    func testEnumsListAllowedValues() {
        assertLayerError(#"{"contentsGravity": "middle"}"#, keyPath: "sublayers[0].contentsGravity",
                         contains: "unknown value 'middle'; expected one of 'center', 'top'")
        assertLayerError(#"{"magnificationFilter": "trilinear"}"#, keyPath: "sublayers[0].magnificationFilter",
                         contains: "expected one of 'linear', 'nearest'")
        assertLayerError(#"{"minificationFilter": 1}"#, keyPath: "sublayers[0].minificationFilter",
                         contains: "expected one of 'linear', 'nearest', got a number")
    }

    func testLayerTypes() {
        // Types whose renderers have not landed yet are refused by name.
        let pending = ["shape", "text", "gradient", "transformLayer", "replicator"]
            .filter { !SceneReader.supportedTypes.contains($0) }
        for t in pending {
            assertLayerError(#"{"type": "\#(t)", "path": "M0 0"}"#, keyPath: "sublayers[0].type",
                             contains: "layer type '\(t)' is not supported yet")
        }
        assertLayerError(#"{"type": "circle"}"#, keyPath: "sublayers[0].type",
                         contains: "unknown layer type 'circle'; expected one of 'layer', 'shape'")
        if let t = pending.first {
            assertLayerError(#"{"sublayers": [{}, {"mask": {"type": "\#(t)"}}]}"#,
                             keyPath: "sublayers[0].sublayers[1].mask.type", contains: "not supported yet")
        }
        assertLayerError(#"{"type": "text", "path": "M0 0"}"#, keyPath: "sublayers[0].path",
                         contains: "'path' belongs to layers of type 'shape'")
    }

    func testPaths() {
        assertLayerError(#"{"shadowPath": "M 10 10 L x"}"#, keyPath: "sublayers[0].shadowPath",
                         contains: "invalid SVG path data: expected a number at character 10")
        assertLayerError(#"{"shadowPath": {"circle": [0, 0, 1, 1]}}"#, keyPath: "sublayers[0].shadowPath.circle",
                         contains: "unknown key")
        assertLayerError(#"{"shadowPath": {"rect": [0, 0, 1, 1], "ellipse": [0, 0, 1, 1]}}"#,
                         keyPath: "sublayers[0].shadowPath", contains: "expected one of")
        assertLayerError(#"{"shadowPath": 4}"#, keyPath: "sublayers[0].shadowPath", contains: "SVG path data")
    }

    func testCanvasLimits() {
        assertSceneError(#"{"sublayers": []}"#, keyPath: "canvas", contains: "missing")
        assertSceneError(#"{"canvas": {"width": 10}}"#, keyPath: "canvas.height", contains: "missing")
        assertSceneError(#"{"canvas": {"width": 0, "height": 10}}"#, keyPath: "canvas.width", contains: "between 1 and 16384")
        assertSceneError(#"{"canvas": {"width": 10, "height": 16385}}"#, keyPath: "canvas.height", contains: "between 1 and 16384")
        assertSceneError(#"{"canvas": {"width": 10, "height": 10, "scale": 0}}"#, keyPath: "canvas.scale", contains: "greater than 0")
        assertSceneError(#"{"canvas": {"width": 10, "height": 10, "scale": 8.5}}"#, keyPath: "canvas.scale", contains: "at most 8")
        assertSceneError(#"{"canvas": {"width": 4096, "height": 10, "scale": 5}}"#, keyPath: "canvas",
                         contains: "20480 × 50 pixels; at most 16384 per side")
        assertSceneError(#"{"canvas": {"width": 8192, "height": 8193}}"#, keyPath: "canvas",
                         contains: "at most 67108864 in all")
        assertSceneError(#"{"canvas": {"width": 1, "height": 1, "scale": 0.25}}"#, keyPath: "canvas",
                         contains: "0 × 0 pixels; it needs at least 1 × 1")
        assertSceneError(##"{"canvas": {"width": 10, "height": 10, "backgroundColor": "#GG0000"}}"##,
                         keyPath: "canvas.backgroundColor", contains: "invalid colour")
        XCTAssertNoThrow(try parseScene(#"{"canvas": {"width": 8192, "height": 8192}}"#))
    }

    func testLayerNestingLimit() {
        func nested(_ n: Int) -> String {
            String(repeating: #"{"sublayers": ["#, count: n - 1) + "{}" + String(repeating: "]}", count: n - 1)
        }
        XCTAssertNoThrow(try parseScene(sceneJSON(layers: nested(64))))
        let path = String(repeating: "sublayers[0].", count: 64) + "sublayers[0]"
        assertSceneError(sceneJSON(layers: nested(65)), keyPath: path, contains: "deeper than 64 levels")
        // A mask counts as one level.
        let deepMask = String(repeating: #"{"sublayers": ["#, count: 63) + #"{"mask": {}}"# + String(repeating: "]}", count: 63)
        assertSceneError(sceneJSON(layers: deepMask), keyPath: String(repeating: "sublayers[0].", count: 64) + "mask",
                         contains: "deeper than 64 levels")
    }

    func testLayerCountLimit() throws {
        let r = SceneReader(file: "scene.json", baseDirectory: "")
        r.layerCount = SceneLimits.maximumLayerCount - 1
        let doc = try JSONParser.parse(Array(sceneJSON(layers: "{}, {}").utf8))
        XCTAssertThrowsError(try r.scene(doc)) { e in
            XCTAssertEqual((e as? SceneError)?.keyPath, "sublayers[1]")
            XCTAssertEqual((e as? SceneError)?.message, "the scene has more than 1000000 layers")
        }
    }
}
