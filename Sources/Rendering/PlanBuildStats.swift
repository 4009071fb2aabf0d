// Rendering: what the plan builder did, for stats output: layers visited,
// culled (and why), items emitted and items dropped as occluded.

/// Counters filled while building a plan.
public struct PlanBuildStats: Sendable, Equatable, Codable {
    public var layersVisited = 0
    public var layersDrawn = 0
    public var culledHidden = 0
    public var culledTransparent = 0
    public var culledBackFacing = 0
    public var culledOutsideCanvas = 0
    public var culledEmpty = 0
    /// Layers whose output lies outside an ancestor's masksToBounds clip.
    public var culledClipped = 0
    /// Draw items hidden under opaque items drawn later in the same pass.
    public var culledOccludedItems = 0
    public var items = 0
    /// Spatial indexes of big sublayer lists built (or rebuilt after a change) for this plan.
    public var sublayerIndexesBuilt = 0
    /// Drawing layers whose backing store was redrawn (wholly or in part) for this plan.
    public var drawingRedraws = 0
    /// Backing-store pixels those redraws covered.
    public var drawingPixelsRedrawn = 0
    /// Bytes of the drawing layers' backing stores the plan shows (width × height × 4 each).
    public var backingStoreBytes = 0
    /// Bytes of the shadowPath masks the plan samples (width × height × 4
    /// each, cut to where the shadow can show): the work a huge shadowPath
    /// costs, bounded by PlanLimits.maximumShadowMaskBytes.
    public var shadowMaskBytes = 0
    /// Content the plan could not draw, each with the layer and the reason
    /// (a path too complex to fill); renderers refuse such plans.
    public var problems: [String] = []
    public init() {}

    public var culledTotal: Int {
        culledHidden + culledTransparent + culledBackFacing + culledOutsideCanvas + culledEmpty + culledClipped
    }
}
