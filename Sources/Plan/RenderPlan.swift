// Plan: the render plan, the contract between the layer tree and the
// executors. GL-free and immutable once built: an ordered list of passes,
// each drawing into its own RGBA8 target, the last one being the canvas.
// The GLES2 executor and the CPU reference executor both run exactly this,
// so any difference between their outputs is an executor bug.

import Foundation
import Geometry
import Images
import PVRTC

/// Why an offscreen pass exists; stats and debug overlays show it.
public enum PassReason: String, Sendable, CaseIterable, Codable {
    case canvas
    case groupOpacity
    case roundedClip
    case mask
    case shadow
    case shadowBlur
    case rasterize
    /// A shape layer's fill and stroke composed as one part before its opacity.
    case shapeContent
}

/// A texture an item samples: a decoded image of the plan, the output of an
/// earlier pass, or a bitmap the executor kept from an earlier frame under a
/// rasterization-cache key (see `RasterCache`).
public enum TextureRef: Hashable, Sendable, CustomStringConvertible {
    case image(Int)
    case pass(Int)
    case cached(UInt64)
    public var description: String {
        switch self {
        case .image(let i): return "image#\(i)"
        case .pass(let p): return "pass#\(p)"
        case .cached(let k): return "cached#\(k)"
        }
    }
}

/// An image the plan draws, decoded to premultiplied RGBA8.
public struct PlanImage: Sendable {
    /// Where it came from (file path or a name), for stats and errors.
    public let key: String
    public let image: Image
    /// The PVRTC1 texture `image` was decoded from (a .pvr file), or nil. Only
    /// level 0 is used. The CPU executor samples `image`; the GLES executor
    /// uploads these blocks (natively or for shader decoding), which decode to
    /// exactly `image`'s texels.
    public let pvrtc: PVRTCTexture?
    /// Decoded pixels only (no compressed texture).
    public init(key: String, image: Image) { self.init(key: key, image: image, pvrtc: nil) }
    /// Decoded pixels and the PVRTC texture they were decoded from.
    public init(key: String, image: Image, pvrtc: PVRTCTexture?) {
        self.key = key; self.image = image; self.pvrtc = pvrtc
    }
}

/// One separable Gaussian blur step over a source pass — its alpha (shadow
/// masks) or all four premultiplied channels (blurring what is drawn) — or
/// (`downsample` > 1) one box-downsampling step of the alpha that feeds a
/// blur at a lower resolution.
public struct BlurStep: Sendable, Equatable {
    public enum Axis: String, Sendable { case horizontal, vertical }
    /// Which channels are blurred.
    public enum Channels: String, Sendable {
        /// The alpha only, written as (a, a, a, a): a premultiplied white mask.
        case alpha
        /// Each premultiplied channel on its own.
        case rgba
    }
    /// The pass whose output is blurred (same size as this pass, except
    /// along `axis` of a downsampling step: ⌈source / downsample⌉).
    public var source: Int
    public var axis: Axis
    /// Standard deviation in pixels (0 for a downsampling step).
    public var sigma: Double
    public var channels: Channels
    /// Normalised weights for offsets 0, 1, …, radius (symmetric); they sum
    /// to 1 over −radius…radius. Computed once here so both executors use
    /// the very same numbers. A downsampling step has `downsample` weights,
    /// each 1/downsample, for the source pixels j = 0 … downsample − 1.
    public var weights: [Float]
    /// 1 for a Gaussian step; d > 1 for a box step along `axis`:
    /// out(i) = Σ_{j = 0…d−1, ascending} (1/d)·alpha(d·i + j), clamp to edge.
    public var downsample: Int
    /// When set, every output pixel outside this rect is 0 because every
    /// source pixel its taps read (clamped to the edge) is 0: executors
    /// clear the pass and compute only the pixels inside, each exactly as
    /// without the region. Set by the plan builder from the extent of what
    /// the blurred body draws; nil computes the whole pass. Only alpha steps
    /// of passes cleared to transparent carry one (PlanValidation checks).
    public var region: BlurRegion?
    /// Taps on each side of a Gaussian step (weights w[0…radius]).
    public var radius: Int { max(0, weights.count - 1) }
    /// The pixels of a `width` × `height` source that a Gaussian step with a
    /// region reads: the region widened by the radius along the axis, cut to
    /// the source (where clamp-to-edge reads land); nil without a region.
    public func readRegion(width: Int, height: Int) -> BlurRegion? {
        region?.spread(by: radius, along: axis, width: width, height: height)
    }
    public init(source: Int, axis: Axis, sigma: Double, channels: Channels = .alpha) {
        self.source = source; self.axis = axis; self.sigma = sigma; self.channels = channels
        weights = BlurStep.gaussianWeights(sigma: sigma)
        downsample = 1
    }

    /// A box-downsampling step by `factor` (a power of two, 2…64) along `axis`.
    public init(source: Int, axis: Axis, downsample factor: Int) {
        precondition(factor >= 2 && factor <= 64 && factor & (factor - 1) == 0, "downsample must be 2, 4, …, 64")
        self.source = source; self.axis = axis; self.sigma = 0; channels = .alpha
        weights = [Float](repeating: 1 / Float(factor), count: factor)
        downsample = factor
    }

    /// The size of a downsampling step's output along its axis for a source of `side` pixels.
    public static func downsampledSide(_ side: Int, factor: Int) -> Int { (side + factor - 1) / factor }

    /// The size of this step's pass for a source pass of `width` × `height`.
    public func outputSize(sourceWidth width: Int, sourceHeight height: Int) -> (width: Int, height: Int) {
        switch axis {
        case .horizontal: return (BlurStep.downsampledSide(width, factor: downsample), height)
        case .vertical: return (width, BlurStep.downsampledSide(height, factor: downsample))
        }
    }

    /// Largest supported radius in taps (the GLSL loop bound).
    public static let maxRadius = 127

    /// Weights of a continuous Gaussian integrated over each pixel,
    /// w(k) = Φ((k+½)/σ) − Φ((k−½)/σ), cut at 4σ and normalised: blurring a
    /// pixel image with them equals the exact continuous Gaussian convolution
    /// of the image (pixels as boxes) sampled at pixel centres, up to the cut.
    public static func gaussianWeights(sigma: Double) -> [Float] {
        guard sigma > 0 else { return [1] }
        let radius = Int(clamping: (4 * sigma).rounded(.up), to: 0...maxRadius)
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }
        var w = (0...radius).map { i -> Double in
            let x = Double(i)
            return phi((x + 0.5) / sigma) - phi((x - 0.5) / sigma)
        }
        let total = w[0] + 2 * w.dropFirst().reduce(0, +)
        w = w.map { $0 / total }
        return w.map(Float.init)
    }
}

/// A rect of whole pixels of a blur pass, [x0, x1) × [y0, y1) (BlurStep.region).
public struct BlurRegion: Sendable, Equatable {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }

    /// Whether the rect holds no pixel.
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The pixels a Gaussian step of `radius` taps each side along `axis`
    /// can make non-zero from a source that is 0 outside this rect, within a
    /// `width` × `height` pass.
    public func spread(by radius: Int, along axis: BlurStep.Axis, width: Int, height: Int) -> BlurRegion {
        let dx = axis == .horizontal ? radius : 0, dy = axis == .vertical ? radius : 0
        return BlurRegion(x0: max(0, x0 - dx), y0: max(0, y0 - dy),
                          x1: min(width, x1 + dx), y1: min(height, y1 + dy))
    }
}

/// What a pass does: draw items over what its load action left, or blur
/// another pass (replacing every pixel).
public enum PassContent: Sendable {
    case draw([DrawItem])
    case blur(BlurStep)
    /// Several alpha blur steps over disjoint parts of one source pass of
    /// this pass's size, each computing only its `region` (required) exactly
    /// as a `.blur` pass of its own would: the parts of several shadows
    /// packed into one target (PlanBuilder+ShadowPacking). No step's taps
    /// reach another step's region (PlanValidation+PackedBlur), so each
    /// step's sums are those of its part alone.
    case blurs([BlurStep])
}

/// What a pass's target holds before its content is drawn.
public enum LoadAction: Sendable, Equatable {
    /// Every pixel set to a premultiplied colour.
    case clear(PremultipliedColor)
    /// A copy of an earlier pass's output of the same size: effects that read
    /// what is already drawn (a backdrop blur, a compositing filter) start
    /// from it.
    case load(pass: Int)
}

/// One render target and the work that fills it.
public struct RenderPass: Sendable {
    public var id: Int
    public var width: Int
    public var height: Int
    public var reason: PassReason
    /// The layer that caused the pass (nil for the canvas).
    public var layerName: String?
    /// How the target starts: cleared, or loaded from an earlier pass.
    public var load: LoadAction
    public var content: PassContent
    /// When set, the executor keeps this pass's output after the frame under
    /// this rasterization-cache key (replacing what it held there), so later
    /// frames can sample it as `TextureRef.cached(key)`.
    public var retainKey: UInt64?

    public init(id: Int, width: Int, height: Int, reason: PassReason, layerName: String?,
                load: LoadAction, content: PassContent, retainKey: UInt64? = nil) {
        self.id = id; self.width = width; self.height = height; self.reason = reason
        self.layerName = layerName; self.load = load; self.content = content; self.retainKey = retainKey
    }

    /// A pass whose target is first cleared to `clear` (premultiplied).
    public init(id: Int, width: Int, height: Int, reason: PassReason, layerName: String?,
                clear: PremultipliedColor, content: PassContent, retainKey: UInt64? = nil) {
        self.init(id: id, width: width, height: height, reason: reason, layerName: layerName,
                  load: .clear(clear), content: content, retainKey: retainKey)
    }

    /// Whether the pass blurs another (`.blur` or `.blurs`) rather than drawing items.
    public var isBlur: Bool {
        if case .draw = content { return false }
        return true
    }

    /// The draw items (empty for a blur pass).
    public var items: [DrawItem] {
        if case .draw(let items) = content { return items }
        return []
    }
}

/// The whole frame: passes in execution order (dependencies first), the
/// canvas pass last, and the images the items sample.
public struct RenderPlan: Sendable {
    public var width: Int
    public var height: Int
    public var passes: [RenderPass]
    public var images: [PlanImage]
    /// Names of the layers items refer to by index (for stats and overdraw attribution).
    public var layerNames: [String]
    /// Rasterization-cache keys whose kept bitmaps the executor drops before
    /// running this plan (evicted by the cache; no item of this plan samples them).
    public var evictedCacheKeys: [UInt64]

    public init(width: Int, height: Int, passes: [RenderPass], images: [PlanImage], layerNames: [String],
                evictedCacheKeys: [UInt64] = []) {
        self.width = width; self.height = height; self.passes = passes
        self.images = images; self.layerNames = layerNames; self.evictedCacheKeys = evictedCacheKeys
    }

    /// The pass whose target is the output image.
    public var canvasPass: RenderPass { passes[passes.count - 1] }

    /// Number of offscreen passes for each reason.
    public var offscreenPassesByReason: [PassReason: Int] {
        var r: [PassReason: Int] = [:]
        for p in passes where p.reason != .canvas { r[p.reason, default: 0] += 1 }
        return r
    }
}
