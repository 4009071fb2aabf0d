// CLISupport: --texture-cache-mb and --pvrtc-decode, the GPU backend's
// texture settings, on every command that opens EGL (an option group of
// EGLPlatformOption). Checked strictly (a bad value is a one-line error, exit
// 2) and applied to GLESTextureDefaults, which every executor the command
// opens starts from; a flag overrides its environment variable
// (COMPOSITOR_GLES_TEXTURE_CACHE_MB, COMPOSITOR_GLES_PVRTC_DECODE).

import ArgumentParser
import GLES

extension PVRTCDecodeChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// The GPU backend's texture settings, given on the command line.
public struct GPUTextureOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("texture-cache-mb"),
            help: "GPU backend: MiB of image textures kept between frames (default 256; 0 uploads every image every frame).")
    public var textureCacheMB: Int?

    @Option(name: .customLong("pvrtc-decode"),
            help: "GPU backend without native PVRTC: shader (decode per fragment), once (decode into a kept RGBA8 texture) or auto (default).")
    public var pvrtcDecode: PVRTCDecodeChoice?

    public mutating func validate() throws {
        if let m = textureCacheMB, !(0...GLESTextureDefaults.maximumTextureCacheMB).contains(m) {
            throw ValidationError("--texture-cache-mb must be from 0 to \(GLESTextureDefaults.maximumTextureCacheMB), got \(m)")
        }
        apply()
    }

    /// Makes these settings the starting values of every executor opened from now on.
    public func apply() {
        if let m = textureCacheMB { GLESTextureDefaults.textureCacheMB = m }
        if let d = pvrtcDecode { GLESTextureDefaults.pvrtcDecode = d }
    }
}
