// CompositorCLI: `compositor render` options for background image loading
// (issue 8): --preload / --lazy, --image-cache-mb, --image-workers and
// --downscale-images. With none of them the scene loads as it always has
// (synchronous decode while reading, errors exit 2).

import ArgumentParser
import CLISupport
import Compositor

struct ImageLoadingOptions: ParsableArguments {
    @Flag(help: "Decode every image on background threads, in parallel, before the first frame.")
    var preload = false

    @Flag(help: "Decode images on background threads; each frame waits only for the images it draws. A missing or corrupt image is reported once and its layer renders without contents.")
    var lazy = false

    @Option(name: .customLong("image-cache-mb"), help: "Decoded image cache budget in MiB (implies --preload unless --lazy). Default 256.")
    var imageCacheMB: Int?

    @Option(name: .customLong("image-workers"), help: "Background decode threads (default: cores − 1).")
    var imageWorkers: Int?

    @Flag(name: .customLong("downscale-images"), help: "Box-filter images larger than their layer's pixel size down to that size once; JPEG 2000 images first decode at the coarsest resolution level still at least that size (implies --preload unless --lazy).")
    var downscaleImages = false

    /// nil: today's synchronous loading.
    var mode: ImageLoadingMode? {
        if lazy { return .lazy }
        if preload || imageCacheMB != nil || imageWorkers != nil || downscaleImages { return .preload }
        return nil
    }

    var cacheBytes: Int { (imageCacheMB ?? 256) * 1024 * 1024 }
    /// The largest --image-cache-mb (1 TiB), so the byte count cannot overflow.
    static let maximumCacheMB = 1 << 20

    /// The library's image loading policy for these options.
    var policy: ImageLoadingPolicy {
        ImageLoadingPolicy(mode: mode, cacheBytes: cacheBytes, workers: imageWorkers, downscale: downscaleImages)
    }

    func validate() throws {
        if preload && lazy { throw ValidationError("--preload and --lazy exclude each other") }
        if let m = imageCacheMB, m < 0 || m > Self.maximumCacheMB {
            throw ValidationError("--image-cache-mb must be between 0 and \(Self.maximumCacheMB) (1 TiB), got \(m)")
        }
        if let w = imageWorkers, w < 1 { throw ValidationError("--image-workers must be ≥ 1, got \(w)") }
    }
}
