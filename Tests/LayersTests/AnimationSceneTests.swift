// The `animations` key of scene layers: parsing with the key path's value
// type, inference of basic/keyframe, and strict errors with key paths.

import Foundation
import XCTest
import Geometry
@testable import Layers

final class AnimationSceneTests: XCTestCase {
    func testBasicPositionAnimation() {
        let layer = parseLayer(#"""
            {"frame": [0, 0, 10, 10], "animations": [
              {"keyPath": "position", "from": [5, 5], "to": [105, 5], "duration": 1,
               "timingFunction": "easeInEaseOut", "autoreverses": true, "repeatCount": 2}]}
            """#)
        XCTAssertEqual(layer.animationKeys(), ["position"])
        let a = layer.animation(forKey: "position") as! BasicAnimation
        XCTAssertEqual(a.timingFunction, .easeInEaseOut)
        XCTAssertEqual(a.activeDuration, 4)
        XCTAssertEqual(a.beginTime, 0)
        XCTAssertEqual(layer.presentation(at: 0.5).position, Vec2(55, 5))
        XCTAssertEqual(layer.presentation(at: 1.5).position, Vec2(55, 5))
        XCTAssertEqual(layer.presentation(at: 5).position, Vec2(5, 5))  // over: the model value
    }

    func testKeyframeColourAndRotationInDegrees() {
        let layer = parseLayer(#"""
            {"animations": [
              {"keyPath": "backgroundColor", "values": ["#FF0000", "#00FF00", "#0000FF"],
               "keyTimes": [0, 0.25, 1], "timingFunctions": ["linear", [0.42, 0, 1, 1]], "duration": 2},
              {"keyPath": "transform.rotation.z", "from": 0, "to": 360, "duration": 4, "key": "spin",
               "repeatCount": "infinity"}]}
            """#)
        XCTAssertEqual(layer.animationKeys(), ["backgroundColor", "spin"])
        let k = layer.animation(forKey: "backgroundColor") as! KeyframeAnimation
        XCTAssertEqual(k.values[1], .color(Color(r: 0, g: 1, b: 0)))
        XCTAssertEqual(k.timingFunctions, [.linear, .easeIn])
        let p = layer.presentation(at: 1)  // rotation a quarter turn
        XCTAssertEqual(p.transform.m12, 1, accuracy: 1e-12)
        XCTAssertEqual(layer.presentation(at: 0.25).backgroundColor, Color(r: 0.5, g: 0.5, b: 0))  // half of segment 1
        // 1 s of 2 = 0.5: a third into segment 2, eased by easeIn.
        let s = TimingFunction.easeIn(1.0 / 3)
        XCTAssertEqual(p.backgroundColor, Color(r: 0, g: 1 - s, b: s))
        let b = layer.animation(forKey: "spin") as! BasicAnimation
        XCTAssertEqual(b.toValue, .number(2 * .pi))
        XCTAssertEqual(b.repeatCount, .infinity)
    }

    func testTransformValuesUseTheTransformSyntax() {
        let layer = parseLayer(#"""
            {"animations": [{"keyPath": "transform", "to": [{"scale": [2, 2]}], "fillMode": "both",
                             "isRemovedOnCompletion": false, "beginTime": 1, "duration": 1}]}
            """#)
        XCTAssertEqual(layer.presentation(at: 3).transform, Transform3D.scale(2, 2, 1))
        XCTAssertEqual(layer.presentation(at: 0).transform, .identity)
    }

    func testDiscreteKeyframesTakeOneMoreKeyTime() {
        let layer = parseLayer(#"""
            {"animations": [{"keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1],
                             "calculationMode": "discrete", "duration": 1}]}
            """#)
        XCTAssertEqual(layer.presentation(at: 0.25).opacity, 0)
        XCTAssertEqual(layer.presentation(at: 0.75).opacity, 1)
    }

    /// The error of a scene whose second layer has these animations.
    func err(_ animations: String, _ keyPath: String, _ contains: String,
             file: StaticString = #filePath, line: UInt = #line) {
        assertSceneError(sceneJSON(layers: #"{}, {"animations": \#(animations)}"#),
                         keyPath: keyPath, contains: contains, file: file, line: line)
    }

    func testErrors() {
        err(#"[{"keyPath": "postion", "to": [1, 2]}]"#, "sublayers[1].animations[0].keyPath",
            "'postion' is not animatable; did you mean 'position'?")
        err(#"[{"keyPath": "strokeEnd", "to": 1}]"#, "sublayers[1].animations[0].keyPath",
            "animatable only on layers of type 'shape'")
        err(#"[{"to": 1}]"#, "sublayers[1].animations[0].keyPath", "missing")
        err(#"[{"keyPath": "opacity"}]"#, "sublayers[1].animations[0]", "at least one of")
        err(#"[{"keyPath": "opacity", "type": "keyframe"}]"#, "sublayers[1].animations[0].values", "missing")
        err(#"[{"keyPath": "opacity", "values": [0, 1], "to": 1}]"#, "sublayers[1].animations[0].to", "takes no from/to/by")
        err(#"[{"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1]}]"#,
            "sublayers[1].animations[0].keyTimes", "expected 3 key times")
        err(#"[{"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.6, 0.5]}]"#,
            "sublayers[1].animations[0].keyTimes[2]", "must not decrease")
        err(#"[{"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.5, 0.9]}]"#,
            "sublayers[1].animations[0].keyTimes", "first key time must be 0 and the last 1")
        err(#"[{"keyPath": "opacity", "values": [0, 1, 0], "timingFunctions": ["linear"]}]"#,
            "sublayers[1].animations[0].timingFunctions", "expected 2 timing functions")
        err(#"[{"keyPath": "opacity", "to": 1, "timingFunction": "easeInOut"}]"#,
            "sublayers[1].animations[0].timingFunction", "unknown timing function 'easeInOut'")
        err(#"[{"keyPath": "opacity", "to": 1, "timingFunction": [1.5, 0, 1, 1]}]"#,
            "sublayers[1].animations[0].timingFunction[0]", "between 0 and 1")
        err(#"[{"keyPath": "position", "values": [[0, 0], [1]]}]"#,
            "sublayers[1].animations[0].values[1]", "expected 2 numbers")
        err(#"[{"keyPath": "opacity", "to": 1, "repeatCount": "forever"}]"#,
            "sublayers[1].animations[0].repeatCount", "\"infinity\"")
        err(#"[{"keyPath": "opacity", "to": 1, "fillMode": "forward"}]"#,
            "sublayers[1].animations[0].fillMode", "unknown value 'forward'")
        err(#"[{"keyPath": "opacity", "to": 1, "duraton": 1}]"#,
            "sublayers[1].animations[0].duraton", "did you mean 'duration'?")
        err(#"[{"keyPath": "opacity", "to": 1}, {"keyPath": "opacity", "to": 0}]"#,
            "sublayers[1].animations[1].key", "duplicate animation key 'opacity'")
        err(#"{"keyPath": "opacity"}"#, "sublayers[1].animations", "expected an array of animation objects")
    }
}

/// The animated example scenes load and evaluate at several times.
final class AnimatedFixtureTests: XCTestCase {
    func testAnimatedFixturesLoadAndAnimate() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/animated")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(files, ["basic-position.json", "changing-subtree.json", "drawing-growing-path.json",
                               "keyframes-color.json", "moving-subtree.json", "rotation.json"])
        for f in files {
            let scene = try SceneLoader.load(path: dir.appendingPathComponent(f).path)
            let layer = scene.root.sublayers[0]
            XCTAssertFalse(layer.animationKeys().isEmpty, f)
            XCTAssertNotEqual(describe(scene.root.presentation(at: 0.5)), describe(scene.root.presentation(at: 0.9)), f)
        }
        let moving = try SceneLoader.load(path: dir.appendingPathComponent("moving-subtree.json").path)
        XCTAssertEqual(moving.root.presentation(at: 1).sublayers[0].position, Vec2(320, 180))
        XCTAssertEqual(moving.root.presentation(at: 2).sublayers[0].position, Vec2(140, 180))  // over: model
    }

    /// What differs between frames: each layer's animated state (a shape's strokeEnd, how
    /// many of a drawing layer's timed operations show).
    func describe(_ l: Layer) -> String {
        "\(l.position) \(l.transform) \(String(describing: l.backgroundColor)) \(l.opacity) \(l.borderWidth)"
            + ((l as? ShapeLayer).map { " \($0.strokeEnd)" } ?? "")
            + ((l as? DrawingLayer).map { " \($0.activeOperations.filter { $0 }.count)" } ?? "")
            + l.sublayers.map(describe).joined()
    }
}
