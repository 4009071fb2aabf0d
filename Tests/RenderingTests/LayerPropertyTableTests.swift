// RenderingTests: one table of every stored layer property, checked against
// the code that must list each of them by hand — `copyState` (presentation
// copies), the scene reader, `AnimatableKeyPaths` and `LayerFingerprint`
// (the rasterization cache). The test walks every stored property of every
// layer class with `Mirror`, so a property added to a class and not to this
// table fails here, and a property in the table that one of the four lists
// misses fails too. Adding a layer property: docs/architecture.md.

import XCTest
import Foundation
import Geometry
@testable import Layers
@testable import Rendering

final class LayerPropertyTableTests: XCTestCase {
    /// One stored property: its scene key and a non-default sample value (JSON),
    /// its animatable key path (nil: not animatable), and whether it changes
    /// a rasterized bitmap (nil: it does; else why it is left out).
    struct Property {
        var label: String
        var sceneKey: String
        var sample: String
        var animatable: String?
        var notFingerprinted: String? = nil
    }

    /// Base-layer properties whose scene key a layer type reads into a property of
    /// its own (a tiled layer's `contents` names its tile source): that type's own
    /// row with the same key is checked instead.
    static let keysTakenOver: [String: Set<String>] = ["tiled": ["contents"]]

    /// Stored properties that are not layer values (identity, tree, bookkeeping).
    static let bookkeeping: Set<String> = ["id", "revision", "childrenRevision", "sublayers", "superlayer",
                                           "animationEntries"]
    /// A drawing layer's Swift-only content (closure, delegate), its shared backing store
    /// and its presentation time: no scene key sets them (setters bump `display.version`,
    /// which the fingerprint hashes).
    static let drawingBookkeeping: Set<String> = ["drawsContent", "delegate", "display", "presentationTime"]
    /// The same, by class: a replicator's presentation copy keeps its model
    /// sublayers and time for instanceDelay (set only by `presentation(at:)`).
    static let typeBookkeeping: [String: Set<String>] = ["replicator": ["delayedInstances"]]

    static let image = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/images/checker-28x11.png").standardizedFileURL.path

    /// Every stored property, by class (the scene's `type`), CALayer's first.
    static let table: [String: [Property]] = [
        "layer": [
            Property(label: "name", sceneKey: "name", sample: "\"n\"", animatable: nil,
                     notFingerprinted: "a name draws nothing"),
            Property(label: "bounds", sceneKey: "bounds", sample: "[1, 2, 30, 40]", animatable: "bounds"),
            Property(label: "position", sceneKey: "position", sample: "[5, 6]", animatable: "position"),
            Property(label: "anchorPoint", sceneKey: "anchorPoint", sample: "[0.2, 0.3]", animatable: "anchorPoint"),
            Property(label: "zPosition", sceneKey: "zPosition", sample: "3", animatable: "zPosition"),
            Property(label: "anchorPointZ", sceneKey: "anchorPointZ", sample: "2", animatable: "anchorPointZ"),
            Property(label: "transform", sceneKey: "transform", sample: "[{\"rotate\": [30, 0, 0, 1]}]",
                     animatable: "transform"),
            Property(label: "sublayerTransform", sceneKey: "sublayerTransform", sample: "[{\"rotate\": [30, 0, 0, 1]}]",
                     animatable: "sublayerTransform"),
            Property(label: "isDoubleSided", sceneKey: "isDoubleSided", sample: "false", animatable: nil),
            Property(label: "opacity", sceneKey: "opacity", sample: "0.5", animatable: "opacity"),
            Property(label: "isHidden", sceneKey: "isHidden", sample: "true", animatable: "isHidden"),
            Property(label: "isOpaque", sceneKey: "isOpaque", sample: "true", animatable: nil),
            Property(label: "allowsGroupOpacity", sceneKey: "allowsGroupOpacity", sample: "false", animatable: nil),
            Property(label: "allowsEdgeAntialiasing", sceneKey: "allowsEdgeAntialiasing", sample: "true", animatable: nil),
            Property(label: "backgroundColor", sceneKey: "backgroundColor", sample: "\"#FF0000\"",
                     animatable: "backgroundColor"),
            Property(label: "cornerRadius", sceneKey: "cornerRadius", sample: "4", animatable: "cornerRadius"),
            Property(label: "borderWidth", sceneKey: "borderWidth", sample: "2", animatable: "borderWidth"),
            Property(label: "borderColor", sceneKey: "borderColor", sample: "\"#00FF00\"", animatable: "borderColor"),
            Property(label: "masksToBounds", sceneKey: "masksToBounds", sample: "true", animatable: nil),
            Property(label: "mask", sceneKey: "mask", sample: "{\"bounds\": [0, 0, 3, 3]}", animatable: nil),
            Property(label: "shadowColor", sceneKey: "shadowColor", sample: "\"#0000FF\"", animatable: "shadowColor"),
            Property(label: "shadowOpacity", sceneKey: "shadowOpacity", sample: "0.5", animatable: "shadowOpacity"),
            Property(label: "shadowOffset", sceneKey: "shadowOffset", sample: "[2, 2]", animatable: "shadowOffset"),
            Property(label: "shadowRadius", sceneKey: "shadowRadius", sample: "7", animatable: "shadowRadius"),
            Property(label: "shadowPath", sceneKey: "shadowPath", sample: "{\"rect\": [0, 0, 5, 5]}",
                     animatable: "shadowPath"),
            Property(label: "shouldRasterize", sceneKey: "shouldRasterize", sample: "true", animatable: nil),
            Property(label: "rasterizationScale", sceneKey: "rasterizationScale", sample: "2", animatable: nil),
            Property(label: "contents", sceneKey: "contents", sample: "\"\(image)\"", animatable: nil),
            Property(label: "contentsGravity", sceneKey: "contentsGravity", sample: "\"center\"", animatable: nil),
            Property(label: "contentsRect", sceneKey: "contentsRect", sample: "[0, 0, 0.5, 0.5]", animatable: "contentsRect"),
            Property(label: "contentsCenter", sceneKey: "contentsCenter", sample: "[0.2, 0.2, 0.5, 0.5]",
                     animatable: "contentsCenter"),
            Property(label: "contentsScale", sceneKey: "contentsScale", sample: "2", animatable: nil),
            Property(label: "minificationFilter", sceneKey: "minificationFilter", sample: "\"nearest\"", animatable: nil),
            Property(label: "magnificationFilter", sceneKey: "magnificationFilter", sample: "\"nearest\"", animatable: nil),
            Property(label: "resolutionSwap", sceneKey: "resolutionSwap", sample: "{\"scale\": 0.5}", animatable: nil),
        ],
        "shape": [
            Property(label: "path", sceneKey: "path", sample: "{\"rect\": [0, 0, 5, 5]}", animatable: "path"),
            Property(label: "fillColor", sceneKey: "fillColor", sample: "\"#FF0000\"", animatable: "fillColor"),
            Property(label: "fillRule", sceneKey: "fillRule", sample: "\"evenOdd\"", animatable: nil),
            Property(label: "strokeColor", sceneKey: "strokeColor", sample: "\"#FF0000\"", animatable: "strokeColor"),
            Property(label: "lineWidth", sceneKey: "lineWidth", sample: "3", animatable: "lineWidth"),
            Property(label: "lineCap", sceneKey: "lineCap", sample: "\"round\"", animatable: nil),
            Property(label: "lineJoin", sceneKey: "lineJoin", sample: "\"round\"", animatable: nil),
            Property(label: "miterLimit", sceneKey: "miterLimit", sample: "4", animatable: "miterLimit"),
            Property(label: "lineDashPattern", sceneKey: "lineDashPattern", sample: "[2, 1]", animatable: nil),
            Property(label: "lineDashPhase", sceneKey: "lineDashPhase", sample: "1", animatable: "lineDashPhase"),
            Property(label: "strokeStart", sceneKey: "strokeStart", sample: "0.2", animatable: "strokeStart"),
            Property(label: "strokeEnd", sceneKey: "strokeEnd", sample: "0.8", animatable: "strokeEnd"),
        ],
        "text": [
            Property(label: "string", sceneKey: "string", sample: "\"Hi\"", animatable: nil),
            Property(label: "attributedString", sceneKey: "string",
                     sample: "[{\"text\": \"Hi\", \"fontSize\": 9}]", animatable: nil),
            Property(label: "font", sceneKey: "font", sample: "\"DejaVu Serif\"", animatable: nil),
            Property(label: "fontSize", sceneKey: "fontSize", sample: "12", animatable: "fontSize"),
            Property(label: "foregroundColor", sceneKey: "foregroundColor", sample: "\"#FF0000\"",
                     animatable: "foregroundColor"),
            Property(label: "alignmentMode", sceneKey: "alignmentMode", sample: "\"center\"", animatable: nil),
            Property(label: "isWrapped", sceneKey: "isWrapped", sample: "true", animatable: nil),
            Property(label: "truncationMode", sceneKey: "truncationMode", sample: "\"end\"", animatable: nil),
        ],
        "gradient": [
            Property(label: "colors", sceneKey: "colors", sample: "[\"#FF0000\", \"#0000FF\"]", animatable: "colors"),
            // (Locations need as many colours; the sample brings them.)
            Property(label: "locations", sceneKey: "locations", sample: "[0, 0.7], \"colors\": [\"#FF0000\", \"#0000FF\"]",
                     animatable: nil),
            Property(label: "startPoint", sceneKey: "startPoint", sample: "[0, 0]", animatable: "startPoint"),
            Property(label: "endPoint", sceneKey: "endPoint", sample: "[1, 0]", animatable: "endPoint"),
            Property(label: "type", sceneKey: "gradientType", sample: "\"radial\"", animatable: nil),
        ],
        "replicator": [
            Property(label: "instanceCount", sceneKey: "instanceCount", sample: "3", animatable: nil),
            Property(label: "instanceTransform", sceneKey: "instanceTransform", sample: "[{\"translate\": [5, 0, 0]}]",
                     animatable: "instanceTransform"),
            Property(label: "instanceDelay", sceneKey: "instanceDelay", sample: "0.5", animatable: nil,
                     notFingerprinted: "only animations read it, and the presentation copy has applied them"),
            Property(label: "instanceColor", sceneKey: "instanceColor", sample: "\"#FF0000\"", animatable: "instanceColor"),
            Property(label: "instanceRedOffset", sceneKey: "instanceRedOffset", sample: "-0.1", animatable: nil),
            Property(label: "instanceGreenOffset", sceneKey: "instanceGreenOffset", sample: "-0.1", animatable: nil),
            Property(label: "instanceBlueOffset", sceneKey: "instanceBlueOffset", sample: "-0.1", animatable: nil),
            Property(label: "instanceAlphaOffset", sceneKey: "instanceAlphaOffset", sample: "-0.1", animatable: nil),
        ],
        "transformLayer": [],
        "tiled": [
            Property(label: "tileSize", sceneKey: "tileSize", sample: "[128, 128]", animatable: nil),
            Property(label: "levelsOfDetail", sceneKey: "levelsOfDetail", sample: "3", animatable: nil),
            Property(label: "levelsOfDetailBias", sceneKey: "levelsOfDetailBias", sample: "2", animatable: nil),
            Property(label: "fadeDuration", sceneKey: "fadeDuration", sample: "1", animatable: nil),
            Property(label: "tileSource", sceneKey: "contents", sample: "\"\(image)\"", animatable: nil),
        ],
        "drawing": [
            Property(label: "operations", sceneKey: "draw", sample: "[{\"op\": \"move\", \"to\": [1, 2]}]", animatable: nil),
            Property(label: "needsDisplayOnBoundsChange", sceneKey: "needsDisplayOnBoundsChange", sample: "true",
                     animatable: nil),
        ],
    ]

    /// Stored properties of `layer`'s class and its superclasses, by label.
    func stored(_ layer: Layer) -> [String: String] {
        var out: [String: String] = [:]
        var m: Mirror? = Mirror(reflecting: layer)
        while let mirror = m {
            for c in mirror.children { if let l = c.label { out[l] = String(describing: c.value) } }
            m = mirror.superclassMirror
        }
        return out
    }

    /// A scene of one `type` layer under the root with `extra` keys, read by the scene reader.
    func read(_ type: String, _ extra: String = "") throws -> Layer {
        let keys = "\"type\": \"\(type)\", \"bounds\": [0, 0, 20, 20]" + (extra.isEmpty ? "" : ", " + extra)
        let json = "{\"canvas\": {\"width\": 40, \"height\": 40}, \"sublayers\": [{\(keys)}]}"
        let scene = try SceneLoader.parse(json: Array(json.utf8), baseDirectory: "/", name: "table.json")
        return scene.root.sublayers[0]
    }

    func testEveryStoredPropertyIsInTheTable() throws {
        for (type, properties) in Self.table {
            let base = Set(Self.table["layer"]!.map(\.label))
            let listed = Set(properties.map(\.label)).union(type == "layer" ? [] : base).union(Self.bookkeeping)
                .union(type == "drawing" ? Self.drawingBookkeeping : [])
                .union(Self.typeBookkeeping[type] ?? [])
            let actual = Set(stored(try read(type)).keys)
            XCTAssertEqual(actual.subtracting(listed), [], "\(type): stored properties missing from the table")
            XCTAssertEqual(listed.subtracting(actual), [], "\(type): table entries that are not stored properties")
        }
    }

    func testEveryPropertyIsReadCopiedFingerprintedAndAnimatable() throws {
        XCTAssertEqual(fingerprint(try read("layer")), fingerprint(try read("layer")), "equal layers, equal fingerprints")
        for (type, properties) in Self.table {
            let all = (type == "layer" ? properties : properties + Self.table["layer"]!)
                .filter { !(Self.keysTakenOver[type]?.contains($0.label) ?? false) }
            let defaults = try read(type)
            let defaultValues = stored(defaults)
            for p in all {
                // Sample values with the bounds key stay apart from the base bounds.
                let keys = p.sceneKey == "bounds" ? "" : "\"\(p.sceneKey)\": \(p.sample)"
                let layer = p.sceneKey == "bounds" ? try read(type).withBounds() : try read(type, keys)
                let values = stored(layer)
                XCTAssertNotEqual(values[p.label], defaultValues[p.label],
                                  "\(type).\(p.label): the scene reader does not set it from \"\(p.sceneKey)\"")
                let copy = layer.shallowCopy()
                XCTAssertEqual(stored(copy)[p.label], values[p.label], "\(type).\(p.label): copyState does not copy it")
                if p.notFingerprinted == nil {
                    // As a sublayer of the rasterized root, so even the root's own exclusions count.
                    XCTAssertNotEqual(fingerprint(defaults), fingerprint(layer),
                                      "\(type).\(p.label): LayerFingerprint does not hash it")
                }
                if let key = p.animatable {
                    XCTAssertNotNil(AnimatableKeyPaths.type(of: key), "\(type).\(p.label): not in AnimatableKeyPaths")
                    XCTAssertTrue(AnimatableKeyPaths.isAnimatable(key, on: layer.kind), "\(type).\(p.label)")
                }
            }
        }
    }

    /// Every property that reports an animatable change is in the table as animatable.
    func testChangesReportedAsAnimatableAreInTheTableAndTheList() throws {
        var reported: Set<String> = []
        let saved = Layer.propertyChangeObserver
        Layer.propertyChangeObserver = { _, key, _ in reported.insert(key) }
        defer { Layer.propertyChangeObserver = saved }
        for type in Self.table.keys { _ = try read(type, "") }
        for (type, properties) in Self.table {
            for p in properties where p.sceneKey != "bounds" { _ = try read(type, "\"\(p.sceneKey)\": \(p.sample)") }
        }
        let animatable = Set(Self.table.values.joined().compactMap(\.animatable))
        XCTAssertEqual(reported.subtracting(animatable), [], "changes reported for keys the table does not mark animatable")
        for key in reported { XCTAssertNotNil(AnimatableKeyPaths.type(of: key), key) }
    }

    /// The fingerprint of a root holding `layer` as its only sublayer.
    func fingerprint(_ layer: Layer) -> Int {
        let root = Layer()
        root.id = 2
        root.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        let copy = layer.shallowCopy()
        copy.id = 1   // each scene read makes a new identity, which the fingerprint hashes
        root.addSublayer(copy)
        return LayerFingerprint.of(root, scale: 1)
    }
}

private extension Layer {
    func withBounds() -> Layer { bounds = Rect(x: 1, y: 2, width: 30, height: 40); return self }
}
