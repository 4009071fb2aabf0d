// Plan: why a plan cannot be executed. Every case is found by
// `RenderPlan.validate` over the whole plan before any pixel is drawn (both
// executors call it first), so a bad plan throws instead of crashing or
// leaving half a frame; cases read as sentences.

/// An error in a render plan, found by `RenderPlan.validate`.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The plan has no pass at all (it needs at least the canvas).
    case planHasNoPasses
    /// A pass has a width or height of zero or less.
    case passHasZeroSize(pass: Int, width: Int, height: Int)
    /// A pass is larger than the executor's limit on a side.
    case passIsTooLarge(pass: Int, width: Int, height: Int, limit: Int)
    /// Two passes share one id.
    case passIDIsDuplicated(Int)
    /// An item samples `image#index`, but the plan has fewer images.
    case itemRefersToMissingImage(pass: Int, item: Int, image: Int, imageCount: Int)
    /// An item (or a blur) reads a pass that does not exist.
    case passRefersToUnknownPass(pass: Int, referenced: Int)
    /// An item (or a blur) reads a pass that runs at the same time or later.
    case passRefersToLaterPass(pass: Int, referenced: Int)
    /// A blur pass is not the size its step makes of its source pass (equal, or divided along the axis when downsampling).
    case blurSourceHasDifferentSize(pass: Int, source: Int)
    /// A pass loads (starts from) a pass of a different size.
    case loadSourceHasDifferentSize(pass: Int, source: Int)
    /// An item samples a rasterization-cache bitmap the executor does not hold.
    case itemRefersToMissingCachedBitmap(pass: Int, item: Int, key: UInt64)
    /// A blur step's region (BlurStep.region) is empty, reaches outside its pass, or its pass is not an alpha blur cleared to transparent.
    case blurRegionOutsidePass(pass: Int)
    /// A pass of packed blur steps (`PassContent.blurs`) has no step, steps
    /// reading different passes, or a step that is not a full-resolution
    /// alpha step with a region.
    case packedBlurIsMalformed(pass: Int)
    /// In a pass of packed blur steps, the taps of step `step` reach the region of step `other`.
    case packedBlurStepsTouch(pass: Int, step: Int, other: Int)

    public var description: String {
        switch self {
        case .planHasNoPasses:
            return "the render plan has no passes"
        case .passHasZeroSize(let p, let w, let h):
            return "pass \(p) has an empty target (\(w)×\(h))"
        case .passIsTooLarge(let p, let w, let h, let limit):
            return "pass \(p) is \(w)×\(h), over the limit of \(limit) pixels a side"
        case .passIDIsDuplicated(let p):
            return "more than one pass has id \(p)"
        case .itemRefersToMissingImage(let p, let i, let img, let n):
            return "item \(i) of pass \(p) samples image#\(img), but the plan has \(n) images"
        case .passRefersToUnknownPass(let p, let r):
            return "pass \(p) reads pass#\(r), which is not in the plan"
        case .passRefersToLaterPass(let p, let r):
            return "pass \(p) reads pass#\(r), which has not been drawn yet"
        case .blurSourceHasDifferentSize(let p, let s):
            return "blur pass \(p) is not the size its step makes of pass#\(s)"
        case .loadSourceHasDifferentSize(let p, let s):
            return "pass \(p) starts from pass#\(s), which has a different size"
        case .itemRefersToMissingCachedBitmap(let p, let i, let k):
            return "item \(i) of pass \(p) samples cached#\(k), a rasterized bitmap the executor does not hold"
        case .blurRegionOutsidePass(let p):
            return "blur pass \(p) has a region that is empty or reaches outside the pass, or the pass is not an alpha blur cleared to transparent"
        case .packedBlurIsMalformed(let p):
            return "packed blur pass \(p) has no step, steps reading different passes, or a step that is not a full-resolution alpha step with a region"
        case .packedBlurStepsTouch(let p, let a, let b):
            return "in packed blur pass \(p), the taps of step \(a) reach the region of step \(b)"
        }
    }
}
