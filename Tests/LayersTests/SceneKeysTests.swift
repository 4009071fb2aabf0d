// Scene reading: every key of a layer object lands in the right Layer
// property, defaults match CALayer's, the implicit root is built from the
// canvas, and frame is applied after bounds/position/anchorPoint.

import Geometry
import XCTest
@testable import Layers

final class SceneKeysTests: XCTestCase {
    func testDefaults() {
        let l = parseLayer("{}")
        XCTAssertNil(l.name)
        XCTAssertEqual(l.bounds, .zero)
        XCTAssertEqual(l.position, .zero)
        XCTAssertEqual(l.anchorPoint, Vec2(0.5, 0.5))
        XCTAssertEqual(l.zPosition, 0)
        XCTAssertEqual(l.anchorPointZ, 0)
        XCTAssertEqual(l.transform, .identity)
        XCTAssertEqual(l.sublayerTransform, .identity)
        XCTAssertTrue(l.isDoubleSided)
        XCTAssertEqual(l.opacity, 1)
        XCTAssertFalse(l.isHidden)
        XCTAssertFalse(l.isOpaque)
        XCTAssertTrue(l.allowsGroupOpacity)
        XCTAssertFalse(l.allowsEdgeAntialiasing)
        XCTAssertNil(l.backgroundColor)
        XCTAssertEqual(l.cornerRadius, 0)
        XCTAssertEqual(l.borderWidth, 0)
        XCTAssertEqual(l.borderColor, .black)
        XCTAssertFalse(l.masksToBounds)
        XCTAssertNil(l.mask)
        XCTAssertEqual(l.shadowColor, .black)
        XCTAssertEqual(l.shadowOpacity, 0)
        XCTAssertEqual(l.shadowOffset, Vec2(0, -3))
        XCTAssertEqual(l.shadowRadius, 3)
        XCTAssertNil(l.shadowPath)
        XCTAssertFalse(l.shouldRasterize)
        XCTAssertEqual(l.rasterizationScale, 1)
        XCTAssertNil(l.contents)
        XCTAssertEqual(l.contentsGravity, .resize)
        XCTAssertEqual(l.contentsRect, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(l.contentsCenter, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(l.contentsScale, 1)
        XCTAssertEqual(l.minificationFilter, .linear)
        XCTAssertEqual(l.magnificationFilter, .linear)
        XCTAssertTrue(l.sublayers.isEmpty)
        XCTAssertEqual(parseLayer(#"{"type": "layer"}"#).bounds, .zero)
    }

    func testEveryKey() {
        let l = parseLayer("""
        {"type": "layer", "name": "card", "bounds": [1, 2, 30, 40], "position": [5, 6],
         "anchorPoint": [0, 1], "zPosition": 7, "anchorPointZ": -2,
         "transform": [{"translate": [1, 2, 3]}], "sublayerTransform": [{"scale": [2, 3, 4]}],
         "isDoubleSided": false, "opacity": 0.25, "isHidden": true, "isOpaque": true,
         "allowsGroupOpacity": false, "allowsEdgeAntialiasing": true, "backgroundColor": "#3366CC",
         "cornerRadius": 4.5, "borderWidth": 2, "borderColor": [1, 0, 0, 0.5], "masksToBounds": true,
         "mask": {"frame": [0, 0, 10, 10], "backgroundColor": "#000000"},
         "shadowColor": "#00FF0080", "shadowOpacity": 0.75, "shadowOffset": [2, 3], "shadowRadius": 6,
         "shadowPath": {"rect": [0, 0, 30, 40]}, "shouldRasterize": true, "rasterizationScale": 2,
         "contentsGravity": "topLeft", "contentsRect": [0.25, 0, 0.5, 1],
         "contentsCenter": [0.1, 0.2, 0.3, 0.4], "contentsScale": 3,
         "minificationFilter": "nearest", "magnificationFilter": "nearest",
         "sublayers": [{"name": "a"}, {"name": "b"}]}
        """)
        XCTAssertEqual(l.name, "card")
        XCTAssertEqual(l.bounds, Rect(x: 1, y: 2, width: 30, height: 40))
        XCTAssertEqual(l.position, Vec2(5, 6))
        XCTAssertEqual(l.anchorPoint, Vec2(0, 1))
        XCTAssertEqual(l.zPosition, 7)
        XCTAssertEqual(l.anchorPointZ, -2)
        XCTAssertEqual(l.transform, .translation(1, 2, 3))
        XCTAssertEqual(l.sublayerTransform, .scale(2, 3, 4))
        XCTAssertFalse(l.isDoubleSided)
        XCTAssertEqual(l.opacity, 0.25)
        XCTAssertTrue(l.isHidden)
        XCTAssertTrue(l.isOpaque)
        XCTAssertFalse(l.allowsGroupOpacity)
        XCTAssertTrue(l.allowsEdgeAntialiasing)
        XCTAssertEqual(l.backgroundColor, Color(r: 0x33 / 255, g: 0x66 / 255, b: 0xCC / 255))
        XCTAssertEqual(l.cornerRadius, 4.5)
        XCTAssertEqual(l.borderWidth, 2)
        XCTAssertEqual(l.borderColor, Color(r: 1, g: 0, b: 0, a: 0.5))
        XCTAssertTrue(l.masksToBounds)
        XCTAssertEqual(l.mask?.bounds, Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(l.mask?.position, Vec2(5, 5))
        XCTAssertEqual(l.mask?.backgroundColor, .black)
        XCTAssertEqual(l.shadowColor, Color(r: 0, g: 1, b: 0, a: 128 / 255))
        XCTAssertEqual(l.shadowOpacity, 0.75)
        XCTAssertEqual(l.shadowOffset, Vec2(2, 3))
        XCTAssertEqual(l.shadowRadius, 6)
        XCTAssertEqual(l.shadowPath, .rect(Rect(x: 0, y: 0, width: 30, height: 40)))
        XCTAssertTrue(l.shouldRasterize)
        XCTAssertEqual(l.rasterizationScale, 2)
        XCTAssertEqual(l.contentsGravity, .topLeft)
        XCTAssertEqual(l.contentsRect, Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        XCTAssertEqual(l.contentsCenter, Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        XCTAssertEqual(l.contentsScale, 3)
        XCTAssertEqual(l.minificationFilter, .nearest)
        XCTAssertEqual(l.magnificationFilter, .nearest)
        XCTAssertEqual(l.sublayers.map(\.name), ["a", "b"])
        XCTAssertTrue(l.sublayers.allSatisfy { $0.superlayer === l })
    }

    func testNullMeansNil() {
        let l = parseLayer("""
        {"name": null, "backgroundColor": null, "borderColor": null, "shadowColor": null,
         "mask": null, "shadowPath": null, "contents": null}
        """)
        XCTAssertNil(l.name)
        XCTAssertNil(l.backgroundColor)
        XCTAssertNil(l.borderColor)
        XCTAssertNil(l.shadowColor)
        XCTAssertNil(l.mask)
        XCTAssertNil(l.shadowPath)
        XCTAssertNil(l.contents)
    }

    func testEveryGravityAndColourForm() {
        for g in ContentsGravity.allCases {
            XCTAssertEqual(parseLayer(#"{"contentsGravity": "\#(g.rawValue)"}"#).contentsGravity, g)
        }
        XCTAssertEqual(parseLayer(##"{"backgroundColor": "#ff000080"}"##).backgroundColor,
                       Color(r: 1, g: 0, b: 0, a: 128 / 255))
        XCTAssertEqual(parseLayer(#"{"backgroundColor": [0, 0.5, 1, 1]}"#).backgroundColor,
                       Color(r: 0, g: 0.5, b: 1, a: 1))
    }

    func testPathForms() {
        XCTAssertEqual(parseLayer(#"{"shadowPath": "M 0 0 L 10 0 L 10 10 Z"}"#).shadowPath,
                       Path([.move(Vec2(0, 0)), .line(Vec2(10, 0)), .line(Vec2(10, 10)), .close]))
        let r = Rect(x: 1, y: 2, width: 30, height: 20)
        XCTAssertEqual(parseLayer(#"{"shadowPath": {"ellipse": [1, 2, 30, 20]}}"#).shadowPath, .ellipse(r))
        XCTAssertEqual(parseLayer(#"{"shadowPath": {"roundedRect": [1, 2, 30, 20], "cornerRadius": 5}}"#).shadowPath,
                       .roundedRect(r, radius: 5))
        XCTAssertEqual(parseLayer(#"{"shadowPath": {"roundedRect": [1, 2, 30, 20]}}"#).shadowPath, .rect(r))
    }

    func testFrameAppliedAfterGeometryRegardlessOfOrder() {
        // frame first in the object, anchorPoint and bounds later: the result is as if frame came last.
        let l = parseLayer(#"{"frame": [10, 20, 100, 50], "anchorPoint": [0, 0], "bounds": [5, 6, 1, 1], "position": [0, 0]}"#)
        XCTAssertEqual(l.bounds, Rect(x: 5, y: 6, width: 100, height: 50))  // origin kept
        XCTAssertEqual(l.position, Vec2(10, 20))                           // anchor (0,0)
        XCTAssertEqual(l.frame, Rect(x: 10, y: 20, width: 100, height: 50))
        let c = parseLayer(#"{"frame": [10, 20, 100, 50]}"#)
        XCTAssertEqual(c.position, Vec2(60, 45))
        XCTAssertEqual(c.bounds, Rect(x: 0, y: 0, width: 100, height: 50))
    }

    func testRootAndCanvas() throws {
        let s = try parseScene("""
        {"sublayers": [{"name": "x"}], "sublayerTransform": [{"translate": [3, 4, 0]}],
         "canvas": {"width": 320, "height": 240, "scale": 2, "backgroundColor": "#FFFFFF"}}
        """)
        XCTAssertEqual(s.canvas, Canvas(width: 320, height: 240, scale: 2, backgroundColor: .white))
        XCTAssertEqual(s.canvas.pixelWidth, 640)
        XCTAssertEqual(s.canvas.pixelHeight, 480)
        XCTAssertEqual(s.root.bounds, Rect(x: 0, y: 0, width: 320, height: 240))
        XCTAssertEqual(s.root.position, Vec2(160, 120))
        XCTAssertEqual(s.root.anchorPoint, Vec2(0.5, 0.5))
        XCTAssertEqual(s.root.backgroundColor, .white)
        XCTAssertEqual(s.root.sublayerTransform, .translation(3, 4, 0))
        XCTAssertEqual(s.root.sublayers.map(\.name), ["x"])
        let bare = try parseScene(#"{"canvas": {"width": 10.5, "height": 3}}"#)
        XCTAssertEqual(bare.canvas.scale, 1)
        XCTAssertNil(bare.canvas.backgroundColor)
        XCTAssertNil(bare.root.backgroundColor)
        XCTAssertEqual(bare.canvas.pixelWidth, 11)  // round(10.5) away from zero
        XCTAssertTrue(bare.root.sublayers.isEmpty)
    }

    func testLoadFromFileResolvesContentsRelativeToIt() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/img", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/img/dot.png", contents: Data(tinyPNG))
        let json = sceneJSON(layers: #"{"contents": "img/dot.png"}, {"contents": "./img/dot.png"}"#)
        _ = FileManager.default.createFile(atPath: dir + "/s.json", contents: Data(json.utf8))
        let s = try SceneLoader.load(path: dir + "/s.json")
        let a = try XCTUnwrap(s.root.sublayers[0].contents)
        let b = try XCTUnwrap(s.root.sublayers[1].contents)
        XCTAssertEqual(a.key, dir + "/img/dot.png")
        XCTAssertEqual(a.key, b.key)
        XCTAssertEqual(a.image.width, 2)
        XCTAssertEqual(a.image.height, 1)
    }
}
