// Layers: `contents` image files. Paths are relative to the scene file's
// directory (absolute paths are used as given); each resolved path is
// decoded once per load and shared by every layer naming it, so a scene of
// a thousand icons sharing one PNG decodes it once. Missing and corrupt
// files are reported with the key path and the file name. Files ending in
// `.pvr` are PVRTC textures: level 0 is decoded to RGBA8 (the contract
// samples without mipmaps), so every backend sees an ordinary Image.

import Foundation
import Geometry
import Images
import PVRTC

extension SceneReader {
    /// The image named by `v` (a path string), or nil for null.
    func contents(_ v: JSONValue, _ path: SceneKeyPath) throws -> LayerContents? {
        if v.isNull { return nil }
        let name = try string(v, path)
        guard !name.isEmpty else { throw fail(path, "expected an image file path, got an empty string") }
        let resolved = resolve(name)
        if let cached = images[resolved] { return cached }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
            throw fail(path, "image file '\(name)' not found (looked for \(resolved))")
        }
        guard !isDirectory.boolValue else { throw fail(path, "'\(name)' is a directory, not an image file") }
        let image: Image
        do {
            image = try Self.decodeImage(resolved)
        } catch {
            // Image errors start with the full path; the message names the file already.
            var reason = "\(error)"
            if reason.hasPrefix(resolved + ": ") { reason.removeFirst(resolved.count + 2) }
            throw fail(path, "cannot read image '\(name)': \(reason)")
        }
        let limit = SceneLimits.maximumImageSide
        guard image.width <= limit, image.height <= limit else {
            throw fail(path, "image '\(name)' is \(image.width) × \(image.height) pixels; at most \(limit) per side")
        }
        let c = LayerContents(key: resolved, image: image)
        images[resolved] = c
        return c
    }

    /// Decodes a PNG, or level 0 of a PVRTC texture for names ending in `.pvr`.
    static func decodeImage(_ path: String) throws -> Image {
        guard path.lowercased().hasSuffix(".pvr") else { return try PNG.read(path: path) }
        let decoded = try PVRFile.read(path: path).decode(level: 0)
        return Image(width: decoded.width, height: decoded.height, straightRGBA: decoded.pixels)
    }

    /// The file path for `name`: absolute as is, otherwise under the base directory.
    func resolve(_ name: String) -> String {
        if name.hasPrefix("/") || baseDirectory.isEmpty { return name }
        var relative = Substring(name)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return baseDirectory.hasSuffix("/") ? baseDirectory + relative : baseDirectory + "/" + relative
    }
}
