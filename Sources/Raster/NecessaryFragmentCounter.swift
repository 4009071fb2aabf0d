// Raster: the exact per-pixel count behind the honest floor
// (`NecessaryFragments`, Plan/ShadingFloor.swift). Items go through the same
// stages as CPUExecutor — PreparedItem, the real paint programs (so a
// texel's alpha decides whether a fragment replaces the pixel) and
// SpanRasterizer's span loops with `Overdraw.coverageThreshold` — but the
// "blend" marks each written pixel in a scratch buffer as replacing (2) or
// blending (1), plus 4 where the computed coverage is below 1 (an edge
// fragment: the paint is wrapped so its red channel carries 1, which the
// span loop multiplies by the coverage, while alpha stays the real one).
// After each item the marks are folded into per-pixel state: a replacing
// fragment resets the pixel to "one necessary fragment of my kind", a
// blending one adds one of its kind. What is left at the end is, per pixel,
// the topmost replacing fragment plus everything above it. Bands run in
// parallel over disjoint rows, as in DrawPass.

import Dispatch
import Foundation
import Plan

/// The item's paint with red replaced by 1, so after the span loop's
/// `colour × coverage` the red channel holds the coverage itself (alpha,
/// which decides replacing, is untouched).
struct CoverageProbePaint<P: PaintProgram>: PaintProgram {
    let base: P
    static var usesUV: Bool { P.usesUV }
    @inline(__always)
    func shade(color: SIMD4<Float>, u: Float, v: Float) -> SIMD4<Float> {
        var c = base.shade(color: color, u: u, v: v)
        c.x = 1
        return c
    }
}

/// The edge bit of a mark: the fragment's coverage (red, see `CoverageProbePaint`) is below 1.
@inline(__always)
func edgeBit(_ src: SIMD4<Float>) -> UInt32 { src.x < 1 ? 4 : 0 }

/// Marks a fragment 2 when it replaces the destination on the 8-bit path (alpha byte 255), else 1; plus the edge bit.
struct MarkQuantizedSourceOver: BlendProgram {
    @inline(__always)
    static func blend(_ src: SIMD4<Float>, over dst: UInt32) -> UInt32 {
        (PixelMath.pack(src) >> 24 == 255 ? 2 : 1) | edgeBit(src)
    }
}

/// Marks a fragment 2 when it replaces the destination on the Float path (clamped alpha 1), else 1; plus the edge bit.
struct MarkFloatSourceOver: BlendProgram {
    @inline(__always)
    static func blend(_ src: SIMD4<Float>, over dst: UInt32) -> UInt32 {
        (PixelMath.clamp01(src).w == 1 ? 2 : 1) | edgeBit(src)
    }
}

/// `.copy` always replaces; plus the edge bit.
struct MarkCopy: BlendProgram {
    @inline(__always)
    static func blend(_ src: SIMD4<Float>, over dst: UInt32) -> UInt32 { 2 | edgeBit(src) }
}

/// Counts necessary and wasted fragments of a plan exactly as `CPUExecutor` rasterizes it.
public final class NecessaryFragmentCounter {
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

    /// Counts every pass of `plan` (draw passes per pixel; blur passes as `blurFragments`).
    /// - Throws: `PlanError` for a malformed plan (`RenderPlan.validate`).
    public func count(_ plan: RenderPlan) throws -> NecessaryFragments {
        _ = try plan.validate(maxPassSize: CPUExecutor.maxPassSize)
        var total = NecessaryFragments()
        var images: [Int: PixelBuffer] = [:]
        // Pass textures are sampled for their alpha; their content is not drawn here, so
        // a pass reads as opaque white (worst case for the floor: nothing below a replacing
        // fragment counts). Plan images and cached bitmaps are read as they are.
        let white = PixelBuffer(width: 1, height: 1)
        white.fill(0xFFFF_FFFF)
        for pass in plan.passes {
            switch pass.content {
            case .draw(let items):
                for item in items {
                    for case .image(let i) in item.textures where images[i] == nil {
                        images[i] = PixelBuffer(image: plan.images[i].image)
                    }
                }
                let prepared = items.map { item in
                    PreparedItem.make(item, width: pass.width, height: pass.height, conventions: conventions) { ref in
                        if case .image(let i) = ref { return images[i]!.texture }
                        return white.texture
                    }
                }
                total.add(countPass(prepared, width: pass.width, height: pass.height))
            case .blur, .blurs:
                total.blurFragments += pass.width * pass.height
            }
        }
        return total
    }

    /// Per-pixel state of a pass: fragments of each kind above the topmost
    /// replacing one (`above[kind]`), and that one's kind + 1 (0: none).
    private func countPass(_ items: [PreparedItem?], width: Int, height: Int) -> NecessaryFragments {
        let n = width * height, kinds = FragmentKind.allCases.count
        let marks = PixelBuffer(width: width, height: height)
        let above = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, n * kinds))
        let top = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, n))
        above.initialize(repeating: 0, count: max(1, n * kinds))
        top.initialize(repeating: 0, count: max(1, n))
        defer { above.deallocate(); top.deallocate() }
        let bandCount = max(1, min(bands, height))
        var perBand = [NecessaryFragments](repeating: NecessaryFragments(), count: bandCount)
        let quantize = conventions.quantizeSourceBeforeBlend, weightScale = conventions.bilinearWeightScale
        perBand.withUnsafeMutableBufferPointer { perBand in
            let out = perBand.baseAddress!
            let work = { (b: Int) in
                let band = BandTarget(pixels: marks.pixels, width: width,
                                      rowLo: height * b / bandCount, rowHi: height * (b + 1) / bandCount)
                var written = NecessaryFragments.zero
                for case let item? in items where item.maxY >= band.rowLo && item.minY < band.rowHi {
                    var c = FragmentCounts()
                    var minX = Int.max, maxX = Int.min
                    for tri in item.triangles where tri.maxY >= band.rowLo && tri.minY < band.rowHi {
                        minX = min(minX, tri.minX); maxX = max(maxX, tri.maxX)
                        Self.mark(tri, item.program, band, weightScale: weightScale, quantize: quantize, &c)
                    }
                    guard minX <= maxX else { continue }
                    let textured: Bool
                    if case .solid = item.program.paint { textured = false } else { textured = true }
                    // Fold the item's marks into the state, clearing them.
                    for y in max(item.minY, band.rowLo)..<min(item.maxY + 1, band.rowHi) {
                        let row = y * width
                        for x in minX...maxX {
                            let m = marks.pixels[row + x]
                            if m == 0 { continue }
                            marks.pixels[row + x] = 0
                            let kind = Self.kind(mark: m, textured: textured).rawValue
                            written[kind] += 1
                            let i = (row + x) * kinds
                            if m & 3 == 2 {
                                for k in 0..<kinds { above[i + k] = 0 }
                                top[row + x] = UInt8(kind + 1)
                            } else {
                                above[i + kind] += 1
                            }
                        }
                    }
                }
                var necessary = NecessaryFragments.zero
                for p in (band.rowLo * width)..<(band.rowHi * width) {
                    for k in 0..<kinds { necessary[k] += Int(above[p * kinds + k]) }
                    if top[p] > 0 { necessary[Int(top[p]) - 1] += 1 }
                }
                out[b] = NecessaryFragments(necessary: necessary, written: written)
            }
            if bandCount == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: work) }
        }
        return perBand.reduce(into: NecessaryFragments()) { $0.add($1) }
    }

    /// The kind of a marked fragment: edge when its coverage was below 1
    /// (bit 4), else opaque when it replaces (2) or blended (1).
    static func kind(mark m: UInt32, textured: Bool) -> FragmentKind {
        if m & 4 != 0 { return textured ? .edgeTextured : .edgeSolid }
        if m & 3 == 2 { return textured ? .opaqueTextured : .opaqueSolid }
        return textured ? .blendedTextured : .blendedSolid
    }

    /// Marks the pixels of one triangle with the item's real paint and coverage.
    private static func mark(_ tri: TriangleSetup, _ program: ItemProgram, _ band: BandTarget,
                             weightScale: Float, quantize: Bool, _ c: inout FragmentCounts) {
        switch program.paint {
        case .solid:
            withCoverage(tri, program, band, SolidPaint(), quantize, &c)
        case .texture(let t, let nearest):
            if nearest {
                withCoverage(tri, program, band, TexturePaint<NearestFilter>(texture: t, weightScale: weightScale), quantize, &c)
            } else {
                withCoverage(tri, program, band, TexturePaint<LinearFilter>(texture: t, weightScale: weightScale), quantize, &c)
            }
        case .textureAlpha(let t, let nearest):
            if nearest {
                withCoverage(tri, program, band, TextureAlphaPaint<NearestFilter>(texture: t, weightScale: weightScale),
                             quantize, &c)
            } else {
                withCoverage(tri, program, band, TextureAlphaPaint<LinearFilter>(texture: t, weightScale: weightScale),
                             quantize, &c)
            }
        case .gradient(let u):
            withCoverage(tri, program, band, GradientPaintProgram(uniforms: u), quantize, &c)
        case .masked(let t, let m, let nearest):
            if nearest {
                withCoverage(tri, program, band, MaskedPaint<NearestFilter>(texture: t, mask: m, weightScale: weightScale),
                             quantize, &c)
            } else {
                withCoverage(tri, program, band, MaskedPaint<LinearFilter>(texture: t, mask: m, weightScale: weightScale),
                             quantize, &c)
            }
        }
    }

    private static func withCoverage<P: PaintProgram>(_ tri: TriangleSetup, _ program: ItemProgram, _ band: BandTarget,
                                                      _ paint: P, _ quantize: Bool, _ c: inout FragmentCounts) {
        if let cov = program.coverage {
            withBlend(tri, program, band, paint, ThresholdCoverage(base: cov), quantize, &c)
        } else {
            withBlend(tri, program, band, paint, FullCoverage(), quantize, &c)
        }
    }

    private static func withBlend<P: PaintProgram, C: CoverageProgram>(
        _ tri: TriangleSetup, _ program: ItemProgram, _ band: BandTarget, _ paint: P, _ cov: C, _ quantize: Bool,
        _ c: inout FragmentCounts
    ) {
        let paint = CoverageProbePaint(base: paint)
        switch (program.blend, quantize) {
        case (.copy, _):
            SpanRasterizer.draw(tri, into: band, paint: paint, coverage: cov, blend: MarkCopy.self, constant: .none, counts: &c)
        case (.sourceOver, true):
            SpanRasterizer.draw(tri, into: band, paint: paint, coverage: cov, blend: MarkQuantizedSourceOver.self,
                                constant: .none, counts: &c)
        case (.sourceOver, false):
            SpanRasterizer.draw(tri, into: band, paint: paint, coverage: cov, blend: MarkFloatSourceOver.self,
                                constant: .none, counts: &c)
        }
    }
}
