// CompositorCLI: render statistics as text and JSON, from one place so the
// two never disagree.

import CLISupport
import Compositor
import Foundation

struct StatsReport {
    var fields: [(String, Any)] = []

    init(_ o: RenderOutput, images: ImageLoadingStats? = nil, tiles: TileStats? = nil) {
        let plan = o.plan
        fields.append(("backend", o.backend))
        fields.append(("size", "\(plan.width)x\(plan.height)"))
        fields.append(("passes", plan.passes.count))
        var reasons: [String: Int] = [:]
        for (r, n) in plan.offscreenPassesByReason { reasons[r.rawValue] = n }
        fields.append(("offscreenPassesByReason", reasons))
        fields.append(("drawItems", plan.passes.reduce(0) { $0 + $1.items.count }))
        fields.append(("layersVisited", o.buildStats.layersVisited))
        fields.append(("layersCulled", o.buildStats.culledTotal))
        let b = o.buildStats
        fields.append(("culledByReason", ["hidden": b.culledHidden, "transparent": b.culledTransparent,
                                          "backFacing": b.culledBackFacing, "outsideCanvas": b.culledOutsideCanvas,
                                          "clippedByAncestor": b.culledClipped, "empty": b.culledEmpty,
                                          "occludedItems": b.culledOccludedItems]))
        if b.backingStoreBytes > 0 || b.drawingRedraws > 0 {  // drawing layers' software drawing
            fields.append(("drawingRedraws", b.drawingRedraws))
            fields.append(("drawingPixelsRedrawn", b.drawingPixelsRedrawn))
            fields.append(("backingStoreBytes", b.backingStoreBytes))
        }
        if b.shadowMaskBytes > 0 { fields.append(("shadowMaskBytes", b.shadowMaskBytes)) }
        fields.append(("planMilliseconds", (o.planSeconds * 1e5).rounded() / 100))
        fields.append(("executeMilliseconds", (o.executeSeconds * 1e5).rounded() / 100))
        for (k, v) in o.execution.reportFields {
            switch v {
            case .int(let n): fields.append((k, n))
            case .counts(let d): fields.append((k, d))
            }
        }
        if let i = images { appendImageFields(i) }
        if let t = tiles { fields.append(("tiles", tileFields(t))) }
    }

    /// Background image loading (`--preload`, `--lazy`): bytes decoded, decode
    /// time, the frame's wait, cache hits/misses/evictions, downscale savings.
    private mutating func appendImageFields(_ i: ImageLoadingStats) {
        let ms = { (s: Double) in (s * 1e5).rounded() / 100 }
        fields.append(("imageLoading", i.mode))
        fields.append(("imageWorkers", i.workers))
        fields.append(("imagesDecoded", i.cache.decodes))
        fields.append(("imageBytesDecoded", i.cache.bytesDecoded))
        fields.append(("imageDecodeMilliseconds", ms(i.cache.decodeSeconds)))
        fields.append(("imagePreloadMilliseconds", ms(i.preloadSeconds)))
        fields.append(("frameWaitedForImagesMilliseconds", ms(i.frameWaitSeconds)))
        fields.append(("imagesReadyAtFrame", i.readyAtFrame))
        fields.append(("imagesWaitedFor", i.waitedFor))
        fields.append(("imageCacheBudgetBytes", i.cacheBudgetBytes))
        fields.append(("imageCacheBytesHeld", i.cache.bytesHeld))
        fields.append(("imageCacheHits", i.cache.hits))
        fields.append(("imageCacheMisses", i.cache.misses))
        fields.append(("imageCacheEvictions", i.cache.evictions))
        fields.append(("imageCacheEvictedBytes", i.cache.evictedBytes))
        fields.append(("imagesFailed", i.failedImages))
        fields.append(("imagesDownscaled", i.downscaledImages))
        fields.append(("downscaleBytesSaved", i.downscaleBytesSaved))
    }

    var text: String {
        fields.map { k, v in
            if let d = v as? [String: Any], k == "tiles" {
                return "tiles: " + d.keys.sorted().map { "\($0)=\(d[$0]!)" }.joined(separator: " ")
            }
            if let d = v as? [String: Int] {
                let s = d.keys.sorted().map { "\($0)=\(d[$0]!)" }.joined(separator: " ")
                return "\(k): \(s.isEmpty ? "none" : s)"
            }
            return "\(k): \(v)"
        }.joined(separator: "\n")
    }

    var json: String { jsonText(fields) + "\n" }
}
