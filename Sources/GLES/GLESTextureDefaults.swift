// GLES: the texture settings every GLESExecutor of the process starts from —
// the budget of image textures kept between frames and how PVRTC blocks are
// decoded without native support. The command line's --texture-cache-mb and
// --pvrtc-decode set them (CLISupport.GPUTextureOptions) before any executor
// opens; otherwise the environment variables COMPOSITOR_GLES_TEXTURE_CACHE_MB
// and COMPOSITOR_GLES_PVRTC_DECODE do, read once, as before the flags existed.

import Foundation

/// Process-wide starting values of `GLESExecutor.textureCacheBudget` and `GLESExecutor.pvrtcDecode`.
public enum GLESTextureDefaults {
    /// The largest texture cache budget accepted, in MiB (1 TiB).
    public static let maximumTextureCacheMB = 1 << 20

    /// The texture cache budget in MiB new executors start with; nil keeps
    /// `GLESExecutor.defaultTextureCacheBudget`. Starts from
    /// COMPOSITOR_GLES_TEXTURE_CACHE_MB (a whole number 0…maximumTextureCacheMB; other values are ignored).
    nonisolated(unsafe) public static var textureCacheMB: Int? =
        ProcessInfo.processInfo.environment["COMPOSITOR_GLES_TEXTURE_CACHE_MB"].flatMap { Int($0) }
            .flatMap { (0...maximumTextureCacheMB).contains($0) ? $0 : nil }

    /// The PVRTC decode choice new executors start with. Starts from
    /// COMPOSITOR_GLES_PVRTC_DECODE (shader, once or auto; other values give auto).
    nonisolated(unsafe) public static var pvrtcDecode: PVRTCDecodeChoice =
        ProcessInfo.processInfo.environment["COMPOSITOR_GLES_PVRTC_DECODE"].flatMap(PVRTCDecodeChoice.init(rawValue:)) ?? .auto
}
