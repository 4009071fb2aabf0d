// Bench: the shading rate of each fragment kind (`FragmentKind`) on one
// executor, measured with full-canvas calibration quads at the start of
// `bench scene`, so the honest floor (`FragmentRates.floorMilliseconds`) is
// priced on the same backend, canvas size and machine state as the frame.
// Blended kinds draw K stacked quads; opaque kinds draw one quad per frame,
// because llvmpipe skips the earlier commands of a tile that a later opaque
// command covers (K opaque quads would cost one). The empty frame (clear +
// readback) is subtracted from each.
//
// Edge kinds (antialiased fringe pixels, coverage below 1) are priced with
// K stacked translucent rounded rects reaching past the canvas, drawn with
// the executor's shortcuts that skip coverage where it is provably 1 turned
// off (GLES flat interiors, the CPU's interior columns), so every pixel runs
// the rounded-rect coverage function as a fringe pixel does. Border rings
// evaluate two rounded rects per fringe pixel on the CPU but are priced at
// this one-shape rate (a floor may only under-price, never over-price).

import Foundation
import GLES
import Plan
import Raster

enum FloorCalibration {
    /// Blended quads stacked per calibration frame.
    static let blendedQuads = 4

    /// Nanoseconds per fragment of each kind on `executor` at `width` × `height`,
    /// and the median empty frame (clear + readback or output copy), ms.
    static func rates(_ executor: any PlanExecutor, width: Int, height: Int, frames: Int,
                      warmup: Int) throws -> (rates: FragmentRates, emptyFrameMs: Double) {
        let k = blendedQuads
        let cases: [(FragmentKind?, Int, RenderPlan)] = [
            (.opaqueSolid, 1, FillratePlans.quads(1, width, height, blend: .copy, textured: false)),
            (.blendedSolid, k, FillratePlans.quads(k, width, height, blend: .sourceOver, textured: false)),
            (.opaqueTextured, 1, FillratePlans.quads(1, width, height, blend: .copy, textured: true)),
            (.blendedTextured, k, FillratePlans.quads(k, width, height, blend: .sourceOver, textured: true)),
            (.edgeSolid, k, FillratePlans.edgeQuads(k, width, height, textured: false)),
            (.edgeTextured, k, FillratePlans.edgeQuads(k, width, height, textured: true)),
            (nil, 0, FillratePlans.quads(0, width, height, blend: .copy, textured: false)),
        ]
        let progress = Progress(total: cases.count * (warmup + frames), label: "floor calibration")
        var ms: [Double] = []
        for (kind, _, plan) in cases {
            let edge = kind == .edgeSolid || kind == .edgeTextured
            let restore = edge ? evaluatingCoverageEverywhere(executor) : {}
            defer { restore() }
            ms.append(median(try executionTimes(executor, plan, frames: frames, warmup: warmup, progress: progress)))
        }
        let empty = ms[cases.count - 1], pixels = Double(width * height)
        var ns = [Double](repeating: 0, count: FragmentKind.allCases.count)
        for (i, (kind, quads, _)) in cases.enumerated() {
            guard let kind else { continue }
            // A frame faster than the empty one (noise) still costs something: at least 1% of it.
            let extra = max(ms[i] - empty, ms[i] * 0.01)
            ns[kind.rawValue] = extra * 1e6 / (Double(quads) * pixels)
        }
        return (FragmentRates(nanosecondsPerFragment: ns), empty)
    }

    /// Turns off the shortcuts that skip coverage where it is exactly 1, so
    /// a calibration quad runs its coverage function on every pixel; returns
    /// what restores them. (Pictures do not change: both shortcuts are exact.)
    static func evaluatingCoverageEverywhere(_ executor: any PlanExecutor) -> () -> Void {
        if let gl = executor as? GLESExecutor {
            let was = gl.flatInteriors
            gl.flatInteriors = false
            return { gl.flatInteriors = was }
        }
        if let cpu = executor as? CPUExecutor {
            let was = cpu.useInteriorShortcut
            cpu.useInteriorShortcut = false
            return { cpu.useInteriorShortcut = was }
        }
        return {}
    }
}
