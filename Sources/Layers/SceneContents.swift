// Layers: `contents` image files and hybrid images (`contentsAlphaMask`).
// Paths are relative to the scene file's directory (absolute paths are used
// as given); each resolved path is decoded once per load and shared by every
// layer naming it, so a scene of a thousand icons sharing one PNG decodes it
// once. Decoding goes through ImageLoader, which picks PNG, JPEG or PVRTC by
// the file's signature. A hybrid image is the `contents` colour with the
// mask's alpha (or luminance) combined at load time into one premultiplied
// image, cached under a key naming both files so caches never confuse it
// with the plain colour image. Missing and corrupt files are reported with
// the key path and the file name. A .pvr file keeps its compressed blocks
// (`LayerContents.pvrtc`) for the GLES executor; hybrids never do.

import Foundation
import Geometry
import Images
import PVRTC

extension SceneReader {
    /// The image named by `v` (a path string), or nil for null; with a non-null
    /// `alphaMask` value, the hybrid of both files.
    func contents(_ v: JSONValue, _ path: SceneKeyPath,
                  alphaMask: (value: JSONValue, path: SceneKeyPath)? = nil) throws -> LayerContents? {
        let mask = alphaMask.flatMap { $0.value.isNull ? nil : $0 }
        if v.isNull {
            if let mask { throw fail(mask.path, "needs a colour image in 'contents' on the same layer") }
            return nil
        }
        let color = try image(v, path)
        guard let mask else { return color }
        let alpha = try image(mask.value, mask.path)
        let key = LayerContents.hybridKey(color: color.key, alphaMask: alpha.key)
        if let cached = images[key] { return cached }
        let combined: Image
        do {
            combined = try ImageLoader.applyAlphaMask(alpha.image, maskName: try string(mask.value, mask.path),
                                                      to: color.image, colorName: try string(v, path))
        } catch let e as ImageFileError {
            throw fail(mask.path, "\(e)")
        }
        let c = LayerContents(key: key, image: combined)
        images[key] = c
        return c
    }

    /// Checks a `contentsAlphaMask` value met in key order; it is loaded with `contents`.
    func checkAlphaMask(_ v: JSONValue, _ path: SceneKeyPath, hasContents: Bool) throws {
        if v.isNull { return }
        _ = try string(v, path)
        if !hasContents { throw fail(path, "needs a colour image in 'contents' on the same layer") }
    }

    /// One decoded image file, shared by resolved path.
    func image(_ v: JSONValue, _ path: SceneKeyPath) throws -> LayerContents {
        let name = try string(v, path)
        guard !name.isEmpty else { throw fail(path, "expected an image file path, got an empty string") }
        let resolved = try inputFile(name, path)
        if let cached = images[resolved] { return cached }
        do {
            try RegularFile.check(resolved, maxBytes: PNG.maxFileBytes)
        } catch RegularFileError.notFound {
            throw fail(path, "image file '\(name)' not found (looked for \(resolved))")
        } catch RegularFileError.notRegular(let kind) {
            throw fail(path, "'\(name)' is \(kind), not an image file")
        } catch {
            throw fail(path, "cannot read image '\(name)': \(error)")
        }
        let image: Image
        var pvrtc: PVRTCTexture?
        do {
            (image, pvrtc) = try ImageLoader.readKeepingPVRTC(path: resolved)
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
        let c = LayerContents(key: resolved, image: image, pvrtc: pvrtc)
        images[resolved] = c
        return c
    }

    /// The resolved path of a file the scene names at `path`: no NUL in the
    /// name (it would silently cut the name short), and with
    /// `confineToSceneDirectory`, inside the scene's folder once symbolic
    /// links and `..` are resolved.
    func inputFile(_ name: String, _ path: SceneKeyPath) throws -> String {
        guard !name.utf8.contains(0) else { throw fail(path, "the file name contains a NUL character") }
        let resolved = resolve(name)
        if confineToSceneDirectory {
            let base = Self.canonical(baseDirectory.isEmpty ? "." : baseDirectory)
            let file = Self.canonical(resolved)
            guard file.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
                throw fail(path, "'\(name)' is outside the scene's folder (files are confined to it)")
            }
        }
        return resolved
    }

    /// `p` with symbolic links, `.` and `..` resolved (realpath(3)); a file
    /// that does not exist yet resolves through its folder.
    static func canonical(_ p: String) -> String {
        if let r = realpath(p, nil) {
            defer { free(r) }
            return String(cString: r)
        }
        let u = URL(fileURLWithPath: p)
        let dir = u.deletingLastPathComponent().path
        guard dir != p, !dir.isEmpty else { return (p as NSString).standardizingPath }
        return canonical(dir) + "/" + u.lastPathComponent
    }

    /// The file path for `name`: absolute as is, otherwise under the base directory.
    func resolve(_ name: String) -> String {
        if name.hasPrefix("/") || baseDirectory.isEmpty { return name }
        var relative = Substring(name)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return baseDirectory.hasSuffix("/") ? baseDirectory + relative : baseDirectory + "/" + relative
    }
}

extension LayerContents {
    /// The cache key of a hybrid image: both resolved paths, so a cache never
    /// confuses it with the plain colour image or with another mask.
    public static func hybridKey(color: String, alphaMask: String) -> String {
        color + "?alphaMask=" + alphaMask
    }
}
