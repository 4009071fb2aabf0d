// Images: reading an image file while keeping a .pvr file's compressed blocks.
// The scene loader uses this so the GLES executor can upload PVRTC textures
// as blocks (natively, or for decoding in the fragment shader) while the CPU
// executor samples the decoded RGBA8 image — the same bytes `decode` returns.

import PVRTC

extension ImageLoader {
    /// Decodes image bytes like ``decode(_:name:)``; for a .pvr file also returns the
    /// compressed texture (all levels as read; level 0 is the one decoded).
    /// - Throws: the same errors as ``decode(_:name:)``.
    public static func decodeKeepingPVRTC(_ data: [UInt8], name: String) throws -> (image: Image, pvrtc: PVRTCTexture?) {
        guard format(of: data, name: name) == .pvr else { return (try decode(data, name: name), nil) }
        do {
            let texture = try PVRFile.read(data)
            let decoded = try texture.decode(level: 0)
            return (Image(width: decoded.width, height: decoded.height, straightRGBA: decoded.pixels), texture)
        } catch let e as PVRFileError {
            throw PVRFileError.inFile(name, e)
        }
    }

    /// Reads the file at `path`, then ``decodeKeepingPVRTC(_:name:)``.
    public static func readKeepingPVRTC(path: String) throws -> (image: Image, pvrtc: PVRTCTexture?) {
        try decodeKeepingPVRTC(PNG.readFile(path), name: path)
    }
}
