// Raster: executing a `.draw` pass. Items are prepared once (vertex stage,
// triangle setup, program choice), then the target is cut into horizontal
// bands drawn in parallel; every band draws every item in plan order,
// clipped to its rows. Pixels belong to exactly one band and each band keeps
// the plan order, so the result is bit-identical to a serial draw whatever
// the number of bands. Before drawing, a band marks which item last
// replaces each pixel, and items skip the columns a later item replaces
// (HiddenFragments.swift; `skipHidden`).

import Dispatch
import Plan

enum DrawPass {
    /// Draws `items` over `target` (already cleared); returns the pass's
    /// counts. With `skipHidden`, fragments a later item replaces are not run.
    static func run(_ items: [PreparedItem], into target: PixelBuffer, bands: Int,
                    conventions: GLConventions, skipHidden: Bool = true) -> FragmentCounts {
        let height = target.height
        let bandCount = max(1, min(bands, height))
        var perBand = [FragmentCounts](repeating: FragmentCounts(), count: bandCount)
        let weightScale = conventions.bilinearWeightScale
        let quantize = conventions.quantizeSourceBeforeBlend
        perBand.withUnsafeMutableBufferPointer { perBand in
            let counts = perBand.baseAddress!
            let work = { (b: Int) in
                let band = BandTarget(pixels: target.pixels, width: target.width,
                                      rowLo: height * b / bandCount, rowHi: height * (b + 1) / bandCount)
                var c = FragmentCounts()
                let markers = skipHidden ? ReplacingMarkers.build(items, band: band) : nil
                defer { markers?.release() }
                for (index, item) in items.enumerated() where item.maxY >= band.rowLo && item.minY < band.rowHi {
                    let hidden = markers?.hidden(for: index) ?? .none
                    for tri in item.triangles where tri.maxY >= band.rowLo && tri.minY < band.rowHi {
                        draw(tri, item.program, band, weightScale: weightScale, quantize: quantize, hidden, &c)
                    }
                }
                counts[b] = c
            }
            if bandCount == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: work) }
        }
        return perBand.reduce(into: FragmentCounts()) {
            $0.shaded += $1.shaded; $0.written += $1.written; $0.hidden += $1.hidden
        }
    }

    /// Picks the specialised loop for one triangle of an item.
    @inline(__always)
    static func draw(_ tri: TriangleSetup, _ program: ItemProgram, _ band: BandTarget,
                     weightScale: Float, quantize: Bool, _ hidden: HiddenColumns,
                     _ counts: inout FragmentCounts) {
        switch program.paint {
        case .solid:
            withCoverage(tri, program, band, SolidPaint(), quantize, hidden, &counts)
        case .texture(let t, let nearest):
            if nearest {
                withCoverage(tri, program, band, TexturePaint<NearestFilter>(texture: t, weightScale: weightScale),
                             quantize, hidden, &counts)
            } else {
                withCoverage(tri, program, band, TexturePaint<LinearFilter>(texture: t, weightScale: weightScale),
                             quantize, hidden, &counts)
            }
        case .textureAlpha(let t, let nearest):
            if nearest {
                withCoverage(tri, program, band,
                             TextureAlphaPaint<NearestFilter>(texture: t, weightScale: weightScale), quantize,
                             hidden, &counts)
            } else {
                withCoverage(tri, program, band,
                             TextureAlphaPaint<LinearFilter>(texture: t, weightScale: weightScale), quantize,
                             hidden, &counts)
            }
        case .gradient(let u):
            withCoverage(tri, program, band, GradientPaintProgram(uniforms: u), quantize, hidden, &counts)
        case .masked(let t, let m, let nearest):
            if nearest {
                withCoverage(tri, program, band,
                             MaskedPaint<NearestFilter>(texture: t, mask: m, weightScale: weightScale),
                             quantize, hidden, &counts)
            } else {
                withCoverage(tri, program, band,
                             MaskedPaint<LinearFilter>(texture: t, mask: m, weightScale: weightScale),
                             quantize, hidden, &counts)
            }
        }
    }

    @inline(__always)
    static func withCoverage<P: PaintProgram>(_ tri: TriangleSetup, _ program: ItemProgram, _ band: BandTarget,
                                              _ paint: P, _ quantize: Bool, _ hidden: HiddenColumns,
                                              _ counts: inout FragmentCounts) {
        if let cov = program.coverage {
            withBlend(tri, program, band, paint, cov, quantize, hidden, &counts)
        } else {
            withBlend(tri, program, band, paint, FullCoverage(), quantize, hidden, &counts)
        }
    }

    @inline(__always)
    static func withBlend<P: PaintProgram, C: CoverageProgram>(
        _ tri: TriangleSetup, _ program: ItemProgram, _ band: BandTarget, _ paint: P, _ cov: C,
        _ quantize: Bool, _ hidden: HiddenColumns, _ counts: inout FragmentCounts
    ) {
        // A constant solid colour at full coverage needs no Float stage.
        var constant = ConstantWrite.none
        if case .solid = program.paint, let color = program.constantColor, program.blend == .copy || quantize {
            let packed = PixelMath.pack(color)
            constant = program.blend == .copy || packed >> 24 == 255 ? .fill(packed) : .blend(packed)
        }
        switch (program.blend, quantize) {
        case (.copy, _):
            SpanRasterizer.draw(tri, into: band, paint: paint, coverage: cov, blend: CopyBlend.self,
                                constant: constant, hidden: hidden, counts: &counts)
        case (.sourceOver, true):
            SpanRasterizer.draw(tri, into: band, paint: paint, coverage: cov, blend: QuantizedSourceOver.self,
                                constant: constant, hidden: hidden, counts: &counts)
        case (.sourceOver, false):
            SpanRasterizer.draw(tri, into: band, paint: paint, coverage: cov, blend: FloatSourceOver.self,
                                constant: constant, hidden: hidden, counts: &counts)
        }
    }
}
