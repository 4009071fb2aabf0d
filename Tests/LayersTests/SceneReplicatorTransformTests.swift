// Scene keys of transform layers and replicators: reading every key, the
// defaults, and the errors (instanceCount range and integrality, colour and
// offset ranges, keys of the wrong type), each with its key path.

import XCTest
import Geometry
@testable import Layers

final class SceneReplicatorTransformTests: XCTestCase {
    func testTransformLayerIsReadWithOrdinaryKeys() {
        let l = parseLayer(#"{"type": "transformLayer", "bounds": [0, 0, 10, 10], "transform": [{"rotate": [30, 0, 1, 0]}], "sublayers": [{}]}"#)
        XCTAssertTrue(l is TransformLayer)
        XCTAssertEqual(l.kind, .transform)
        XCTAssertEqual(l.sublayers.count, 1)
        XCTAssertFalse(l.transform.isIdentity)
    }

    func testReplicatorKeys() throws {
        let l = parseLayer(#"""
        {"type": "replicator", "instanceCount": 7, "instanceTransform": [{"translate": [5, 0]}],
         "instanceDelay": 0.25, "instanceColor": "#FF000080", "instanceRedOffset": -0.1,
         "instanceGreenOffset": 0.2, "instanceBlueOffset": 0.3, "instanceAlphaOffset": -1}
        """#)
        let r = try XCTUnwrap(l as? ReplicatorLayer)
        XCTAssertEqual(r.instanceCount, 7)
        XCTAssertEqual(r.instanceTransform, .translation(5, 0, 0))
        XCTAssertEqual(r.instanceDelay, 0.25)
        XCTAssertEqual(r.instanceColor?.r, 1)
        XCTAssertEqual(r.instanceColor?.a ?? 0, 128.0 / 255, accuracy: 1e-12)
        XCTAssertEqual(r.instanceRedOffset, -0.1)
        XCTAssertEqual(r.instanceGreenOffset, 0.2)
        XCTAssertEqual(r.instanceBlueOffset, 0.3)
        XCTAssertEqual(r.instanceAlphaOffset, -1)
    }

    func testReplicatorDefaults() throws {
        let r = try XCTUnwrap(parseLayer(#"{"type": "replicator", "instanceColor": null}"#) as? ReplicatorLayer)
        XCTAssertEqual(r.instanceCount, 1)
        XCTAssertTrue(r.instanceTransform.isIdentity)
        XCTAssertNil(r.instanceColor)
        XCTAssertEqual(r.instanceDelay, 0)
        XCTAssertEqual(r.instanceRedOffset + r.instanceGreenOffset + r.instanceBlueOffset + r.instanceAlphaOffset, 0)
    }

    func testReplicatorErrors() {
        assertLayerError(#"{"type": "replicator", "instanceCount": -2}"#, keyPath: "sublayers[0].instanceCount",
                         contains: "must not be negative (got -2)")
        assertLayerError(#"{"type": "replicator", "instanceCount": 1.5}"#, keyPath: "sublayers[0].instanceCount",
                         contains: "must be a whole number (got 1.5)")
        assertLayerError(#"{"type": "replicator", "instanceCount": 1e9}"#, keyPath: "sublayers[0].instanceCount",
                         contains: "must be at most 10000")
        assertLayerError(#"{"type": "replicator", "instanceCount": "3"}"#, keyPath: "sublayers[0].instanceCount",
                         contains: "expected a number, got a string")
        assertLayerError(#"{"type": "replicator", "instanceColor": "red"}"#, keyPath: "sublayers[0].instanceColor",
                         contains: "invalid colour")
        assertLayerError(#"{"type": "replicator", "instanceBlueOffset": 2}"#, keyPath: "sublayers[0].instanceBlueOffset",
                         contains: "must be between -1 and 1 (got 2)")
        assertLayerError(#"{"type": "replicator", "instanceDelay": true}"#, keyPath: "sublayers[0].instanceDelay",
                         contains: "expected a number")
        assertLayerError(#"{"type": "replicator", "instanceTransform": [1, 2]}"#,
                         keyPath: "sublayers[0].instanceTransform", contains: "16 numbers")
    }

    func testKeysOfTheWrongType() {
        assertLayerError(#"{"instanceCount": 3}"#, keyPath: "sublayers[0].instanceCount",
                         contains: "'instanceCount' belongs to layers of type 'replicator'")
        assertLayerError(##"{"type": "transformLayer", "instanceColor": "#FFFFFF"}"##,
                         keyPath: "sublayers[0].instanceColor", contains: "belongs to layers of type 'replicator'")
        assertLayerError(#"{"sublayers": [{"type": "replicator", "instanceCount": 3, "sublayers": [{"instanceDelay": 1}]}]}"#,
                         keyPath: "sublayers[0].sublayers[0].sublayers[0].instanceDelay", contains: "belongs to layers of type 'replicator'")
    }
}
