// Raster: a draw item turned into what the band workers need — its set-up
// triangles (the fan 0, i, i+1 of the shared vertex stage's polygon), its
// textures resolved to views, and the choice of fragment program. All the
// per-item decisions are made here once, so the bands only dispatch per
// triangle, never per pixel.

import Plan

/// The fragment program an item runs, chosen once per item.
struct ItemProgram {
    enum PaintKind {
        case solid
        case texture(TextureView, nearest: Bool)
        case textureAlpha(TextureView, nearest: Bool)
        case masked(TextureView, mask: TextureView, nearest: Bool)
        case gradient(GradientUniforms)
    }
    var paint: PaintKind
    /// Nil for aliased quads (full coverage), else the shape for `Coverage.evaluate`.
    var coverage: AnalyticCoverage?
    var blend: BlendMode
    /// The colour attribute when identical at every vertex (always, from the Tessellator).
    var constantColor: SIMD4<Float>?
}

/// One item ready for the bands.
struct PreparedItem {
    var program: ItemProgram
    var triangles: [TriangleSetup]
    /// Inclusive rows the triangles may touch.
    var minY: Int
    var maxY: Int
    /// Triangles of the fan (including ones that cover no pixel centre).
    var triangleCount: Int
    /// Where its fragments provably replace the pixel (`HiddenFragments.swift`).
    var replacing: ReplacingRegion = .none

    /// Prepares `item`; nil when the vertex stage finds nothing visible.
    /// `textures` resolves every texture ref (validated before drawing);
    /// `textureIsOpaque` says whether one has alpha 255 in every texel.
    static func make(_ item: DrawItem, width: Int, height: Int, conventions: GLConventions,
                     useInteriorShortcut: Bool = true,
                     textureIsOpaque: (TextureRef) -> Bool = { _ in false },
                     textures: (TextureRef) -> TextureView) -> PreparedItem? {
        // PlanBuilder only emits valid gradients; a degenerate one draws nothing (as on the GPU).
        if case .gradient(let g) = item.paint, GradientUniforms(g) == nil { return nil }
        guard let geometry = Tessellator.geometry(of: item, width: width, height: height) else { return nil }
        let n = geometry.vertexCount
        guard n >= 3 else { return nil }
        var tris: [TriangleSetup] = []
        tris.reserveCapacity(n - 2)
        geometry.vertices.withUnsafeBufferPointer { v in
            for i in 1..<(n - 1) {
                if let t = TriangleSetup.make(v, 0, i, i + 1, width: width, height: height,
                                              conventions: conventions) {
                    tris.append(t)
                }
            }
        }
        let program = ItemProgram(item: item, vertices: geometry.vertices,
                                  useInteriorShortcut: useInteriorShortcut, textures: textures)
        let minY = tris.map(\.minY).min() ?? 0, maxY = tris.map(\.maxY).max() ?? -1
        let replacing = ReplacingRegion.of(program, quantize: conventions.quantizeSourceBeforeBlend) {
            if case .texture(let t, _, _, _) = item.paint { return textureIsOpaque(t) }
            return false
        }
        return PreparedItem(program: program, triangles: tris, minY: minY, maxY: maxY,
                            triangleCount: n - 2, replacing: replacing)
    }
}

extension ItemProgram {
    init(item: DrawItem, vertices: [Float], useInteriorShortcut: Bool,
         textures: (TextureRef) -> TextureView) {
        switch item.paint {
        case .solid:
            paint = .solid
        case .texture(let t, _, let filter, _):
            paint = .texture(textures(t), nearest: filter == .nearest)
        case .textureAlpha(let t, _, let filter, _):
            paint = .textureAlpha(textures(t), nearest: filter == .nearest)
        case .masked(let t, let m, _, let filter, _):
            paint = .masked(textures(t), mask: textures(m), nearest: filter == .nearest)
        case .gradient(let g):
            // `make` has already dropped degenerate gradients (nil uniforms).
            paint = .gradient(GradientUniforms(g)!)
        }
        blend = item.blend

        let s = VertexLayout.stride
        func attr(_ vertex: Int, _ offset: Int) -> SIMD4<Float> {
            let b = vertex * s + offset
            return SIMD4(vertices[b], vertices[b + 1], vertices[b + 2], vertices[b + 3])
        }
        let count = vertices.count / s
        let c0 = attr(0, VertexLayout.color)
        constantColor = (1..<count).allSatisfy { attr($0, VertexLayout.color) == c0 } ? c0 : nil

        // Shape rect and params are per-item constants (identical at every vertex).
        let r = attr(0, VertexLayout.shapeRect), p = attr(0, VertexLayout.shapeParams)
        let j0 = attr(0, VertexLayout.jacobian)
        let affine = (1..<count).allSatisfy { attr($0, VertexLayout.jacobian) == j0 }
        let interior = affine && useInteriorShortcut
            ? InteriorBoxes.make(rect: r, params: p, jacobian: j0) : .empty
        let holes = affine && useInteriorShortcut ? InteriorBoxes.holes(rect: r, params: p, jacobian: j0) : (.empty, .empty)
        coverage = p.w == 0 ? nil
            : AnalyticCoverage(rect: (r.x, r.y, r.z, r.w), params: (p.x, p.y, p.z, p.w), interior: interior,
                               holes: holes,
                               rounded: affine && useInteriorShortcut
                                   ? RoundedInterior.make(rect: r, params: p, jacobian: j0) : nil)
    }
}
