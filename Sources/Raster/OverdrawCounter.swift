// Raster: exact overdraw counting on the CPU. The plan's items go through
// the very same stages as CPUExecutor — PreparedItem (shared vertex stage,
// triangle setup, coverage program) and SpanRasterizer's span loops — but
// with a "counting" blend program over a buffer of UInt32 counters instead
// of pixels, so a pixel is counted exactly when the executor would blend
// it with a coverage above `Overdraw.coverageThreshold` (see there why not
// > 0). No rasterizer code is duplicated and the normal draw path is
// untouched (the counting loop is its own generic specialisation).
// Paint is ignored (solid), so textures are never sampled.

import Dispatch
import Foundation
import Plan

/// "Blend" that adds one to the destination counter (the paint is ignored).
struct CountBlend: BlendProgram {
    @inline(__always)
    static func blend(_ src: SIMD4<Float>, over dst: UInt32) -> UInt32 { dst &+ 1 }
}

/// Analytic coverage with fragments at or below the counting threshold dropped.
struct ThresholdCoverage: CoverageProgram {
    let base: AnalyticCoverage
    static var isAnalytic: Bool { true }
    @inline(__always)
    func coverage(local: SIMD4<Float>, jacobian: SIMD4<Float>) -> Float {
        let c = base.coverage(local: local, jacobian: jacobian)
        return c > Overdraw.coverageThreshold ? c : 0
    }
    @inline(__always)
    func interiorColumns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int) {
        base.interiorColumns(localRow: localRow, localDx: localDx, x0: x0)
    }
    @inline(__always)
    func holeColumns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int) {
        base.holeColumns(localRow: localRow, localDx: localDx, x0: x0)
    }
}

/// Counts, per pass and per pixel, how many items write each pixel, exactly
/// as `CPUExecutor` rasterizes them; also fragments per item.
public final class CPUOverdrawCounter {
    public let conventions: GLConventions
    /// Row bands counted in parallel (the result does not depend on it).
    public let bands: Int

    /// - Parameters:
    ///   - conventions: the GL rules emulated (as for `CPUExecutor`).
    ///   - bands: concurrent row bands; nil picks 4 per core.
    public init(conventions: GLConventions = .llvmpipe, bands: Int? = nil) {
        self.conventions = conventions
        self.bands = max(1, bands ?? 4 * ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Counts every pass of `plan`. Blur passes write each pixel once.
    /// - Throws: `PlanError` for a malformed plan (`RenderPlan.validate`).
    public func count(_ plan: RenderPlan) throws -> OverdrawResult {
        _ = try plan.validate(maxPassSize: CPUExecutor.maxPassSize)
        // Paint is never evaluated, but ItemProgram resolves texture views: give it one dummy.
        let dummy = PixelBuffer(width: 1, height: 1)
        var passes: [PassOverdraw] = []
        var items: [ItemFragments] = []
        for pass in plan.passes {
            let target = PixelBuffer(width: pass.width, height: pass.height)
            switch pass.content {
            case .draw(let drawItems):
                let prepared = drawItems.map {
                    PreparedItem.make($0, width: pass.width, height: pass.height, conventions: conventions,
                                      textures: { _ in dummy.texture })
                }
                let perItem = countItems(prepared, into: target)
                for (i, item) in drawItems.enumerated() {
                    items.append(ItemFragments(passID: pass.id, item: i, layer: item.layer, blend: item.blend,
                                               fragments: perItem[i]))
                }
            case .blur, .blurs:
                target.fill(1)
                items.append(ItemFragments(passID: pass.id, item: nil, layer: nil, blend: .copy,
                                           fragments: pass.width * pass.height))
            }
            let counts = Array(UnsafeBufferPointer(start: target.pixels, count: pass.width * pass.height))
            passes.append(PassOverdraw(passID: pass.id, reason: pass.reason, layerName: pass.layerName,
                                       width: pass.width, height: pass.height, counts: counts))
        }
        return OverdrawResult(passes: passes, items: items)
    }

    /// Adds one per written pixel of every item to `target`'s counters; returns fragments per item.
    private func countItems(_ prepared: [PreparedItem?], into target: PixelBuffer) -> [Int] {
        let n = prepared.count
        let bandCount = max(1, min(bands, target.height))
        var perBand = [Int](repeating: 0, count: n * bandCount)
        guard n > 0 else { return [] }
        perBand.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress!
            let work = { (b: Int) in
                let band = BandTarget(pixels: target.pixels, width: target.width,
                                      rowLo: target.height * b / bandCount, rowHi: target.height * (b + 1) / bandCount)
                for (i, p) in prepared.enumerated() {
                    guard let item = p, item.maxY >= band.rowLo, item.minY < band.rowHi else { continue }
                    var c = FragmentCounts()
                    for tri in item.triangles where tri.maxY >= band.rowLo && tri.minY < band.rowHi {
                        if let cov = item.program.coverage {
                            SpanRasterizer.draw(tri, into: band, paint: SolidPaint(), coverage: ThresholdCoverage(base: cov),
                                                blend: CountBlend.self, constant: .none, counts: &c)
                        } else {
                            SpanRasterizer.draw(tri, into: band, paint: SolidPaint(), coverage: FullCoverage(),
                                                blend: CountBlend.self, constant: .none, counts: &c)
                        }
                    }
                    out[b * n + i] = c.written
                }
            }
            if bandCount == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: work) }
        }
        var total = [Int](repeating: 0, count: n)
        for b in 0..<bandCount { for i in 0..<n { total[i] += perBand[b * n + i] } }
        return total
    }
}
