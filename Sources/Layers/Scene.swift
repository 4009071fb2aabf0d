// Layers: the scene file's public face — Scene, Canvas, SceneError, the
// documented limits and the two entry points. The format itself is
// described in docs/scene-format.md (the contract is shared/SCENE-FORMAT.md);
// reading is done by SceneReader (SceneLayerReader.swift and friends) on top
// of the strict JSON parser in SceneJSON.swift.

import Foundation
import Geometry
import Images

/// The output surface of a scene: size in points, pixels per point and background.
public struct Canvas: Sendable, Equatable {
    /// Width in points (1…16384).
    public var width: Double
    /// Height in points (1…16384).
    public var height: Double
    /// Output pixels per point (0 < scale ≤ 8); default 1.
    public var scale: Double
    /// What the implicit root layer fills its bounds with; nil is transparent.
    public var backgroundColor: Color?

    public init(width: Double, height: Double, scale: Double = 1, backgroundColor: Color? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.backgroundColor = backgroundColor
    }

    /// Output width in pixels: round(width × scale).
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    /// Output height in pixels: round(height × scale).
    public var pixelHeight: Int { Int((height * scale).rounded()) }
}

/// A loaded scene: the canvas and the implicit root layer holding the tree.
public struct Scene {
    public var canvas: Canvas
    /// Bounds `[0, 0, width, height]`, positioned at the canvas centre,
    /// filled with `canvas.backgroundColor`.
    public var root: Layer
    /// With deferred image loading, the `contents` each layer names, not yet
    /// decoded (the layers' `contents` stay nil until a resolver sets them);
    /// empty with eager loading.
    public var imageReferences: [SceneImageReference] = []
    /// The scene file's name (as errors name it), when read from a file.
    public var name: String?

    public init(canvas: Canvas, root: Layer) {
        self.canvas = canvas
        self.root = root
    }
}

/// A scene file error: the file, the key path inside it and what was wrong.
public struct SceneError: Error, CustomStringConvertible {
    /// The file name as given to the loader (e.g. "scene.json").
    public var file: String
    /// Where in the file: `sublayers[2].shadowOffset`; empty for file-level
    /// problems (unreadable file, JSON syntax errors, which give line and column).
    public var keyPath: String
    /// What was wrong, e.g. "expected 2 numbers".
    public var message: String

    public init(file: String, keyPath: String, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    /// "scene.json: sublayers[2].shadowOffset: expected 2 numbers".
    /// One line: control characters from the scene's strings are escaped.
    public var description: String {
        escapingControlCharacters(keyPath.isEmpty ? "\(file): \(message)" : "\(file): \(keyPath): \(message)")
    }
}

/// The limits a scene must stay within (all documented in docs/scene-format.md).
public enum SceneLimits {
    /// Canvas width and height in points: 1…16384.
    public static let maximumCanvasPoints: Double = 16384
    /// Output pixels per side: round(size × scale) ≤ 16384.
    public static let maximumPixelsPerSide = 16384
    /// Output pixels in all: ≤ 64 Mi (67,108,864, e.g. 8192 × 8192).
    public static let maximumPixelCount = 64 * 1024 * 1024
    /// canvas.scale and rasterizationScale: 0 < scale ≤ 8.
    public static let maximumScale: Double = 8
    /// Levels of layers below the root (a sublayer or mask is one level deeper).
    public static let maximumLayerDepth = 64
    /// Layers in one scene, masks included, the implicit root not counted.
    public static let maximumLayerCount = 1_000_000
    /// JSON arrays and objects may nest this deep.
    public static let maximumJSONDepth = JSONParser.maximumDepth
    /// Scene file size in bytes (256 MiB).
    public static let maximumFileSize = 256 * 1024 * 1024
    /// Contents images: width and height at most 16384 pixels.
    public static let maximumImageSide = 16384
    /// Every number in a scene (coordinates, sizes, radii, offsets, widths,
    /// transform entries, path data, times) is at most 1e9 in magnitude: far
    /// beyond any drawable size, and small enough that sizes, counts and
    /// offsets computed from it cannot overflow.
    public static let maximumMagnitude: Double = 1e9
}

/// Reads scene files into a layer tree.
public enum SceneLoader {
    /// Loads a scene file (a regular file only: not a FIFO, device or
    /// directory); `contents` and font paths are relative to the file's
    /// directory, and with `confineToSceneDirectory` must stay inside it;
    /// `images` as in ``parse(json:baseDirectory:name:images:confineToSceneDirectory:)``.
    /// - Throws: `SceneError` naming the file and the key path.
    public static func load(path: String, images: SceneImageLoading = .eager,
                            confineToSceneDirectory: Bool = false) throws -> Scene {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let data: [UInt8]
        do {
            data = try RegularFile.read(path, maxBytes: SceneLimits.maximumFileSize)
        } catch RegularFileError.notFound {
            throw SceneError(file: name, keyPath: "", message: "no such file (\(path))")
        } catch let e as RegularFileError {
            throw SceneError(file: name, keyPath: "", message: "cannot read the file: \(e)")
        }
        return try parse(json: data, baseDirectory: url.deletingLastPathComponent().path, name: name,
                         images: images, confineToSceneDirectory: confineToSceneDirectory)
    }

    /// Parses scene JSON; `contents` paths are relative to `baseDirectory`,
    /// and errors name the file `name`; `images` says whether `contents` files
    /// are decoded now (`.eager`, the default) or only recorded (`.deferred`).
    /// - Throws: `SceneError` naming `name` and the key path.
    public static func parse(json: [UInt8], baseDirectory: String, name: String,
                             images: SceneImageLoading = .eager,
                             confineToSceneDirectory: Bool = false) throws -> Scene {
        if json.count > SceneLimits.maximumFileSize {
            throw SceneError(file: name, keyPath: "",
                             message: "the file is larger than \(SceneLimits.maximumFileSize / (1024 * 1024)) MiB")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(json)
        } catch let e as JSONSyntaxError {
            throw SceneError(file: name, keyPath: "", message: "invalid JSON at \(e.description)")
        }
        let reader = SceneReader(file: name, baseDirectory: baseDirectory)
        reader.imageLoading = images
        reader.confineToSceneDirectory = confineToSceneDirectory
        var scene = try reader.scene(document)
        scene.imageReferences = reader.imageReferences
        scene.name = name
        return scene
    }
}
