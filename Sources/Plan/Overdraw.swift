// Plan: overdraw results, shared by both counters (Raster's exact CPU
// counter and GLES's additive counting pass) and by the reports. A fragment
// is "written" where an item's coverage is > 0 — exactly the pixels the CPU
// executor blends. Blur passes write every pixel of their target once.
// The summary (totals, factor, top layers) is GL-free arithmetic on these.

public enum Overdraw {
    /// Coverage a fragment must exceed to count as written: 0.001, not 0.
    /// Coverage is exactly 0 at pixel centres half a pixel outside an
    /// antialiased edge (0.5 − d/g with d/g = ½), where the CPU's IEEE
    /// division gives 0 and llvmpipe's reciprocal-based one ±1e-8: "> 0" is
    /// ill-conditioned there. A fragment of coverage ≤ 0.001 adds under ¼ of
    /// an 8-bit step, so it never changes a byte of the target: the cut
    /// drops only writes that change nothing, and both backends agree.
    /// (Shaders/ps_count.frag.glsl holds the same constant.)
    public static let coverageThreshold: Float = 0.001
}

/// How many times each pixel of one pass was written.
public struct PassOverdraw: Sendable {
    public var passID: Int
    public var reason: PassReason
    public var layerName: String?
    public var width: Int
    public var height: Int
    /// width × height counts, rows top to bottom.
    public var counts: [UInt32]

    public init(passID: Int, reason: PassReason, layerName: String?, width: Int, height: Int, counts: [UInt32]) {
        self.passID = passID; self.reason = reason; self.layerName = layerName
        self.width = width; self.height = height; self.counts = counts
    }

    /// Total fragments written in the pass.
    public var fragments: Int { counts.reduce(0) { $0 + Int($1) } }
}

/// Fragments written by one draw item (or by a blur pass, with `item` == nil).
public struct ItemFragments: Sendable, Equatable {
    public var passID: Int
    /// Index in the pass's items; nil for a blur pass.
    public var item: Int?
    /// Index into `RenderPlan.layerNames` (nil for a blur pass).
    public var layer: Int?
    public var blend: BlendMode
    public var fragments: Int

    public init(passID: Int, item: Int?, layer: Int?, blend: BlendMode, fragments: Int) {
        self.passID = passID; self.item = item; self.layer = layer; self.blend = blend; self.fragments = fragments
    }
}

/// Overdraw of a whole plan: one count buffer per pass, in plan order (canvas last).
public struct OverdrawResult: Sendable {
    public var passes: [PassOverdraw]
    /// Per-item fragment counts (the CPU counter computes them; the GPU counter does not).
    public var items: [ItemFragments]?

    public init(passes: [PassOverdraw], items: [ItemFragments]?) {
        self.passes = passes; self.items = items
    }

    /// The canvas pass's counts.
    public var canvas: PassOverdraw { passes[passes.count - 1] }
}

/// The totals a report prints.
public struct OverdrawSummary: Sendable {
    /// Canvas: pixels, fragments, fragments ÷ pixels.
    public var canvasPixels: Int
    public var canvasFragments: Int
    public var factor: Double
    /// Canvas pixels written 0, 1, 2, 3 and ≥ 4 times.
    public var histogram: [Int]
    /// Canvas fragments of `.sourceOver` and of `.copy` items.
    public var blendedFragments: Int
    public var opaqueFragments: Int
    /// Offscreen passes, counted apart.
    public var offscreenPasses: Int
    public var offscreenPixels: Int
    public var offscreenFragments: Int
    /// Offscreen fragments ÷ canvas pixels (the extra load they add to a frame).
    public var offscreenFactor: Double
    public var offscreenBlendedFragments: Int
    public var offscreenOpaqueFragments: Int
    /// Layers by fragments written (all passes), most first: (name, canvas, offscreen).
    public var topLayers: [(name: String, canvas: Int, offscreen: Int)]

    /// Summarises `result` for `plan`, keeping the `top` largest layers.
    /// Blended/opaque splits and top layers need `result.items`; they are 0/empty without.
    public init(_ result: OverdrawResult, plan: RenderPlan, top: Int = 10) {
        let c = result.canvas
        canvasPixels = c.width * c.height
        canvasFragments = c.fragments
        factor = canvasPixels == 0 ? 0 : Double(canvasFragments) / Double(canvasPixels)
        var h = [0, 0, 0, 0, 0]
        for n in c.counts { h[Int(min(n, 4))] += 1 }
        histogram = h
        let off = result.passes.dropLast()
        offscreenPasses = off.count
        offscreenPixels = off.reduce(0) { $0 + $1.width * $1.height }
        offscreenFragments = off.reduce(0) { $0 + $1.fragments }
        offscreenFactor = canvasPixels == 0 ? 0 : Double(offscreenFragments) / Double(canvasPixels)
        blendedFragments = 0; opaqueFragments = 0
        offscreenBlendedFragments = 0; offscreenOpaqueFragments = 0
        var byLayer: [String: (Int, Int)] = [:]
        let passName = Dictionary(result.passes.map { ($0.passID, $0.layerName ?? "pass \($0.passID)") },
                                  uniquingKeysWith: { a, _ in a })
        for it in result.items ?? [] {
            let onCanvas = it.passID == c.passID
            let blended = it.blend == .sourceOver
            switch (onCanvas, blended) {
            case (true, true): blendedFragments += it.fragments
            case (true, false): opaqueFragments += it.fragments
            case (false, true): offscreenBlendedFragments += it.fragments
            case (false, false): offscreenOpaqueFragments += it.fragments
            }
            let name: String
            if let l = it.layer, plan.layerNames.indices.contains(l) { name = plan.layerNames[l] }
            else { name = "blur of \(passName[it.passID] ?? "?")" }
            var e = byLayer[name, default: (0, 0)]
            if onCanvas { e.0 += it.fragments } else { e.1 += it.fragments }
            byLayer[name] = e
        }
        topLayers = byLayer.map { (name: $0.key, canvas: $0.value.0, offscreen: $0.value.1) }
            .sorted { ($0.canvas + $0.offscreen, $1.name) > ($1.canvas + $1.offscreen, $0.name) }
            .prefix(top).map { $0 }
    }
}
