// Layers: deferred `contents` loading. With `SceneImageLoading.deferred` the
// reader checks each `contents` / `contentsAlphaMask` value (a non-empty
// path string) but decodes nothing: it records a SceneImageReference (the
// layer, the cache key, the resolved paths, the key path for messages) and
// leaves `layer.contents` nil. A resolver (Compositor's SceneImages) later
// decodes them through an ImageCache and ImageLoadingPool and sets the
// layers' contents for each frame. Missing or corrupt files then surface at
// decode time, as errors naming the key path and the file. A .pvr file keeps
// its compressed blocks here too (decodeKeepingPVRTC), as eager loading does.

import Foundation
import Images
import PVRTC

/// Whether the scene loader decodes `contents` image files while reading.
public enum SceneImageLoading: Sendable, Equatable {
    /// Decode every image while loading (the default; errors fail the load).
    case eager
    /// Record the image references only; see ``Scene/imageReferences``.
    case deferred
}

/// A layer's `contents` image recorded but not decoded (deferred loading).
public struct SceneImageReference {
    /// The layer whose `contents` this is.
    public let layer: Layer
    /// The cache key: the resolved colour path, or ``LayerContents/hybridKey(color:alphaMask:)``.
    public let key: String
    /// The resolved path of the colour image.
    public let colorPath: String
    /// The resolved path of the alpha mask (hybrid images), if any.
    public let alphaMaskPath: String?
    /// Where in the scene file, e.g. "sublayers[2].contents".
    public let keyPath: String

    /// Decodes the image (and combines the mask), as eager loading would.
    /// - Throws: `ImageFileError` (or `PVRFileError`) naming the file.
    public static func decode(colorPath: String, alphaMaskPath: String?) throws -> Image {
        try decodeKeepingPVRTC(colorPath: colorPath, alphaMaskPath: alphaMaskPath).image
    }

    /// Decodes the image like ``decode(colorPath:alphaMaskPath:)`` and, for a .pvr
    /// file without a mask, also returns its compressed texture — what eager
    /// loading keeps in `LayerContents.pvrtc` (hybrids never keep blocks).
    public static func decodeKeepingPVRTC(colorPath: String, alphaMaskPath: String?) throws
        -> (image: Image, pvrtc: PVRTCTexture?) {
        try decodeKeepingPVRTC(colorPath: colorPath, alphaMaskPath: alphaMaskPath, atLeast: nil)
    }

    /// Like ``decodeKeepingPVRTC(colorPath:alphaMaskPath:)`` for an image drawn at
    /// `size` pixels at most: a JPEG 2000 colour image without a mask decodes at
    /// the coarsest resolution level still at least that size
    /// (``ImageLoader/decodeReduced(_:name:atLeast:height:)``); the caller
    /// box-filters the rest of the way. nil decodes at full resolution.
    public static func decodeKeepingPVRTC(colorPath: String, alphaMaskPath: String?, atLeast size: (Int, Int)?) throws
        -> (image: Image, pvrtc: PVRTCTexture?) {
        let color: Image, pvrtc: PVRTCTexture?
        if let size, alphaMaskPath == nil {
            let bytes = try ImageLoader.readBytes(path: colorPath)
            if ImageLoader.format(of: bytes, name: colorPath) == .jpeg2000 {
                (color, pvrtc) = (try ImageLoader.decodeReduced(bytes, name: colorPath, atLeast: size.0, height: size.1).image, nil)
            } else {
                (color, pvrtc) = try ImageLoader.decodeKeepingPVRTC(bytes, name: colorPath)
            }
        } else {
            (color, pvrtc) = try ImageLoader.readKeepingPVRTC(path: colorPath)
        }
        let limit = SceneLimits.maximumImageSide
        guard color.width <= limit, color.height <= limit else {
            throw ImageFileError.tooLarge(colorPath, width: color.width, height: color.height,
                                          limit: "\(limit) pixels per side")
        }
        guard let maskPath = alphaMaskPath else { return (color, pvrtc) }
        let mask = try ImageLoader.read(path: maskPath)
        return (try ImageLoader.applyAlphaMask(mask, maskName: maskPath, to: color, colorName: colorPath), nil)
    }
}

extension SceneReader {
    /// Checks a `contents` value (and its mask) and records it for later decoding.
    func deferContents(of layer: Layer, _ v: JSONValue, _ path: SceneKeyPath,
                       alphaMask: (value: JSONValue, path: SceneKeyPath)?) throws {
        let mask = alphaMask.flatMap { $0.value.isNull ? nil : $0 }
        if v.isNull {
            if let mask { throw fail(mask.path, "needs a colour image in 'contents' on the same layer") }
            return
        }
        let color = try deferredPath(v, path)
        var key = color, maskPath: String?
        if let mask {
            maskPath = try deferredPath(mask.value, mask.path)
            key = LayerContents.hybridKey(color: color, alphaMask: maskPath!)
        }
        imageReferences.append(SceneImageReference(layer: layer, key: key, colorPath: color,
                                                   alphaMaskPath: maskPath, keyPath: path.description))
    }

    private func deferredPath(_ v: JSONValue, _ path: SceneKeyPath) throws -> String {
        let name = try string(v, path)
        guard !name.isEmpty else { throw fail(path, "expected an image file path, got an empty string") }
        return try inputFile(name, path)
    }
}
