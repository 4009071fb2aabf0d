// Layers: scene document → layer tree. The top level (canvas, sublayers,
// sublayerTransform), the implicit root layer, and every key of a layer
// object, with CALayer's defaults coming from `Layer` itself. `frame` is
// applied last, after bounds, position and anchorPoint, whatever the key
// order, because that is what CALayer's setter sequence means. `type` is
// checked before the other keys so a shape layer is reported as "not
// supported yet" rather than as a pile of unknown keys.

import Geometry

extension SceneReader {
    static let topLevelKeys: Set<String> = ["canvas", "sublayers", "sublayerTransform"]
    static let canvasKeys: Set<String> = ["width", "height", "scale", "backgroundColor"]
    static let layerKeys: Set<String> = [
        "type", "name", "bounds", "position", "anchorPoint", "frame", "zPosition", "anchorPointZ",
        "transform", "sublayerTransform", "isDoubleSided", "opacity", "isHidden", "isOpaque",
        "allowsGroupOpacity", "allowsEdgeAntialiasing", "backgroundColor", "cornerRadius",
        "borderWidth", "borderColor", "masksToBounds", "mask", "shadowColor", "shadowOpacity",
        "shadowOffset", "shadowRadius", "shadowPath", "shouldRasterize", "rasterizationScale",
        "contents", "contentsAlphaMask", "contentsGravity", "contentsRect", "contentsCenter", "contentsScale",
        "minificationFilter", "magnificationFilter", "resolutionSwap", "sublayers", "animations",
    ]
    /// The specialized layer types of the contract and their own keys, for
    /// "not supported yet" and for explaining misplaced keys.
    static let specializedTypes: [(type: String, keys: [String])] = [
        ("shape", ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin",
                   "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"]),
        ("text", ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "isWrapped",
                  "truncationMode"]),
        ("gradient", ["colors", "locations", "startPoint", "endPoint", "gradientType"]),
        ("transformLayer", []),
        ("tiled", ["tileSize", "levelsOfDetail", "levelsOfDetailBias", "fadeDuration"]),
        ("replicator", ["instanceCount", "instanceTransform", "instanceDelay", "instanceColor",
                        "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
                        "instanceAlphaOffset"]),
        ("drawing", ["draw", "needsDisplayOnBoundsChange"]),
    ]

    // MARK: Top level

    func scene(_ document: JSONValue) throws -> Scene {
        let top = try members(document, .root, what: "a scene object", known: Self.topLevelKeys)
        guard let canvasValue = top.first(where: { $0.key == "canvas" })?.value else {
            throw fail(SceneKeyPath.root.appending("canvas"),
                       "missing; a scene needs a canvas such as {\"width\": 320, \"height\": 240}")
        }
        let canvas = try self.canvas(canvasValue, SceneKeyPath.root.appending("canvas"))
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        root.position = Vec2(canvas.width / 2, canvas.height / 2)
        root.backgroundColor = canvas.backgroundColor
        for (key, value) in top {
            let p = SceneKeyPath.root.appending(key)
            switch key {
            case "sublayers": root.setSublayers(try sublayers(value, p, depth: 1))
            case "sublayerTransform": root.sublayerTransform = try transform(value, p)
            default: break  // canvas, read above
            }
        }
        try resolveSnapshots(root: root)
        return Scene(canvas: canvas, root: root)
    }

    func canvas(_ v: JSONValue, _ path: SceneKeyPath) throws -> Canvas {
        let m = try members(v, path, what: "a canvas object", known: Self.canvasKeys)
        var width: Double?, height: Double?
        var canvas = Canvas(width: 0, height: 0)
        for (key, value) in m {
            let p = path.appending(key)
            switch key {
            case "width": width = try canvasSide(value, p)
            case "height": height = try canvasSide(value, p)
            case "scale": canvas.scale = try positive(value, p, max: SceneLimits.maximumScale)
            default: canvas.backgroundColor = try color(value, p)
            }
        }
        guard let w = width else { throw fail(path.appending("width"), "missing; the canvas needs a width in points") }
        guard let h = height else { throw fail(path.appending("height"), "missing; the canvas needs a height in points") }
        canvas.width = w
        canvas.height = h
        let pw = canvas.pixelWidth, ph = canvas.pixelHeight
        let size = "the output would be \(pw) × \(ph) pixels"
        guard pw >= 1, ph >= 1 else { throw fail(path, "\(size); it needs at least 1 × 1") }
        let side = SceneLimits.maximumPixelsPerSide
        guard pw <= side, ph <= side else { throw fail(path, "\(size); at most \(side) per side") }
        guard pw * ph <= SceneLimits.maximumPixelCount else {
            throw fail(path, "\(size) = \(pw * ph); at most \(SceneLimits.maximumPixelCount) in all")
        }
        return canvas
    }

    private func canvasSide(_ v: JSONValue, _ path: SceneKeyPath) throws -> Double {
        let d = try number(v, path)
        let limit = SceneLimits.maximumCanvasPoints
        guard d >= 1, d <= limit else {
            throw fail(path, "must be between 1 and \(fmt(limit)) points (got \(fmt(d)))")
        }
        return d
    }

    // MARK: Layers

    func sublayers(_ v: JSONValue, _ path: SceneKeyPath, depth: Int) throws -> [Layer] {
        guard case .array(let items) = v else { throw mismatch(v, path, "an array of layer objects") }
        return try items.enumerated().map { try layer($0.element, path[$0.offset], depth: depth) }
    }

    /// Reads one layer object; `depth` is 1 for the root's sublayers.
    func layer(_ v: JSONValue, _ path: SceneKeyPath, depth: Int) throws -> Layer {
        guard case .object(let object) = v else { throw mismatch(v, path, "a layer object") }
        guard depth <= SceneLimits.maximumLayerDepth else {
            throw fail(path, "layers nest deeper than \(SceneLimits.maximumLayerDepth) levels (sublayers and masks count)")
        }
        layerCount += 1
        guard layerCount <= SceneLimits.maximumLayerCount else {
            throw fail(path, "the scene has more than \(SceneLimits.maximumLayerCount) layers")
        }
        var typeName = "layer"
        if let type = object.first(where: { $0.key == "type" })?.value {
            typeName = try checkType(type, path.appending("type"))
        }
        let ownKeys = Self.specializedTypes.first { $0.type == typeName }?.keys ?? []
        let m = try members(v, path, what: "a layer object", known: Self.layerKeys.union(ownKeys),
                            hint: Self.misplacedKeyHint)
        let layer = Self.makeLayer(typeName)
        var frame: Rect?
        for (key, value) in m {
            let p = path.appending(key)
            switch key {
            case "type": break
            case "name": layer.name = value.isNull ? nil : try string(value, p)
            case "bounds": layer.bounds = try rect(value, p)
            case "position": layer.position = try point(value, p)
            case "anchorPoint": layer.anchorPoint = try point(value, p)
            case "frame": frame = try rect(value, p)
            case "zPosition": layer.zPosition = try number(value, p)
            case "anchorPointZ": layer.anchorPointZ = try number(value, p)
            case "transform": layer.transform = try transform(value, p)
            case "sublayerTransform": layer.sublayerTransform = try transform(value, p)
            case "isDoubleSided": layer.isDoubleSided = try bool(value, p)
            case "opacity": layer.opacity = try unitInterval(value, p)
            case "isHidden": layer.isHidden = try bool(value, p)
            case "isOpaque": layer.isOpaque = try bool(value, p)
            case "allowsGroupOpacity": layer.allowsGroupOpacity = try bool(value, p)
            case "allowsEdgeAntialiasing": layer.allowsEdgeAntialiasing = try bool(value, p)
            case "backgroundColor": layer.backgroundColor = try color(value, p)
            case "cornerRadius": layer.cornerRadius = try nonNegative(value, p)
            case "borderWidth": layer.borderWidth = try nonNegative(value, p)
            case "borderColor": layer.borderColor = try color(value, p)
            case "masksToBounds": layer.masksToBounds = try bool(value, p)
            case "mask": layer.mask = value.isNull ? nil : try self.layer(value, p, depth: depth + 1)
            case "shadowColor": layer.shadowColor = try color(value, p)
            case "shadowOpacity": layer.shadowOpacity = try unitInterval(value, p)
            case "shadowOffset": layer.shadowOffset = try point(value, p)
            case "shadowRadius": layer.shadowRadius = try nonNegative(value, p)
            case "shadowPath": layer.shadowPath = try self.path(value, p)
            case "shouldRasterize": layer.shouldRasterize = try bool(value, p)
            case "rasterizationScale":
                layer.rasterizationScale = try positive(value, p, max: SceneLimits.maximumScale)
            case "contents" where layer is TiledLayer:  // the tile source (SceneTiledLayer.swift)
                let size = m.first(where: { $0.key == "tileSize" })
                try tiledContents(layer as! TiledLayer, value, p, tileSizeValue: size?.value,
                                  tileSizePath: path.appending("tileSize"))
            case "contentsAlphaMask" where layer is TiledLayer:
                throw fail(p, "tiled layers take no alpha mask")
            case "contents" where value.isObject:  // {"snapshotOf": "name"} (SceneSnapshots.swift)
                try snapshotContents(of: layer, value, p)
            case "contents":
                let mask = m.first(where: { $0.key == "contentsAlphaMask" })
                let alphaMask = mask.map { ($0.value, path.appending($0.key)) }
                if imageLoading == .deferred {
                    try deferContents(of: layer, value, p, alphaMask: alphaMask)
                } else {
                    layer.contents = try contents(value, p, alphaMask: alphaMask)
                }
            case "contentsAlphaMask":  // loaded with `contents`, wherever either appears
                let hasContents = m.contains { $0.key == "contents" && !$0.value.isNull }
                try checkAlphaMask(value, p, hasContents: hasContents)
            case "contentsGravity": layer.contentsGravity = try choice(value, p, ContentsGravity.self)
            case "contentsRect": layer.contentsRect = try rect(value, p)
            case "contentsCenter": layer.contentsCenter = try rect(value, p)
            case "contentsScale": layer.contentsScale = try positive(value, p)
            case "minificationFilter": layer.minificationFilter = try choice(value, p, ContentsFilter.self)
            case "magnificationFilter": layer.magnificationFilter = try choice(value, p, ContentsFilter.self)
            case "resolutionSwap": layer.resolutionSwap = try resolutionSwap(value, p)  // SceneResolutionSwap.swift
            case "sublayers":
                layer.setSublayers(try sublayers(value, p, depth: depth + 1))
            case "animations": try animations(value, p, on: layer)  // SceneAnimations.swift
            default:  // a key of the layer's own type (SceneSpecializedLayers.swift)
                try specializedKey(layer, key, value, p, depth: depth)
            }
        }
        if let f = frame { layer.frame = f }
        try finishSpecialized(layer, path)
        return layer
    }

    /// The layer type named by `type`, checked.
    private func checkType(_ v: JSONValue, _ path: SceneKeyPath) throws -> String {
        let all = ["layer"] + Self.specializedTypes.map(\.type)
        let list = all.map { "'\($0)'" }.joined(separator: ", ")
        let name = try string(v, path)
        if name == "layer" || Self.supportedTypes.contains(name) { return name }
        if all.contains(name) { throw fail(path, "layer type '\(name)' is not supported yet") }
        throw fail(path, "unknown layer type '\(name)'; expected one of \(list)")
    }

    static func misplacedKeyHint(_ key: String) -> String? {
        guard let t = specializedTypes.first(where: { $0.keys.contains(key) }) else { return nil }
        return "'\(key)' belongs to layers of type '\(t.type)'"
    }
}

extension JSONValue {
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
