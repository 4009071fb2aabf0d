// Bench: the shading rate of each fragment kind (`FragmentKind`) on one
// executor, measured with full-canvas calibration quads at the start of
// `bench scene`, so the honest floor (`FragmentRates.floorMilliseconds`) is
// priced on the same backend, canvas size and machine state as the frame.
// Blended kinds draw K stacked quads; opaque kinds draw one quad per frame,
// because llvmpipe skips the earlier commands of a tile that a later opaque
// command covers (K opaque quads would cost one). The empty frame (clear +
// readback) is subtracted from each.

import Foundation
import Plan

enum FloorCalibration {
    /// Blended quads stacked per calibration frame.
    static let blendedQuads = 4

    /// Nanoseconds per fragment of each kind on `executor` at `width` × `height`.
    static func rates(_ executor: any PlanExecutor, width: Int, height: Int, frames: Int, warmup: Int) throws -> FragmentRates {
        let k = blendedQuads
        let cases: [(FragmentKind?, Int, RenderPlan)] = [
            (.opaqueSolid, 1, FillratePlans.quads(1, width, height, blend: .copy, textured: false)),
            (.blendedSolid, k, FillratePlans.quads(k, width, height, blend: .sourceOver, textured: false)),
            (.opaqueTextured, 1, FillratePlans.quads(1, width, height, blend: .copy, textured: true)),
            (.blendedTextured, k, FillratePlans.quads(k, width, height, blend: .sourceOver, textured: true)),
            (nil, 0, FillratePlans.quads(0, width, height, blend: .copy, textured: false)),
        ]
        let progress = Progress(total: cases.count * (warmup + frames), label: "floor calibration")
        var ms: [Double] = []
        for (_, _, plan) in cases {
            ms.append(median(try executionTimes(executor, plan, frames: frames, warmup: warmup, progress: progress)))
        }
        let empty = ms[4], pixels = Double(width * height)
        var ns = [Double](repeating: 0, count: 4)
        for (i, (kind, quads, _)) in cases.enumerated() {
            guard let kind else { continue }
            // A frame faster than the empty one (noise) still costs something: at least 1% of it.
            let extra = max(ms[i] - empty, ms[i] * 0.01)
            ns[kind.rawValue] = extra * 1e6 / (Double(quads) * pixels)
        }
        return FragmentRates(nanosecondsPerFragment: ns)
    }
}
