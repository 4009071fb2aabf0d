// GLES: the shape kinds of a draw call's pieces, so the batch runs a build
// of its program with only their coverage code compiled in (COV_KINDS in
// Shaders/coverage.glsl). llvmpipe runs every side of a per-fragment branch
// on every fragment (benchmarks/llvmpipe/branch_bench.c), so the shared
// coverage function costs each fragment its edge, rounded-rect and ring
// code whatever the fragment's own kind; a draw call of rounded
// rects alone needs one of them. Same pixels: the kinds compiled in run the
// very same operations.

import Plan

/// A set of the coverage kinds of `Shaders/coverage.glsl` (the bits of `COV_KINDS`).
struct CoverageKinds: OptionSet, Hashable {
    let rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }
    /// A quad without antialiased edges (kind 0, mask 0): coverage exactly 1.
    static let plainQuad = CoverageKinds(rawValue: 1)
    /// A quad with antialiased edges (kind 0, mask ≠ 0).
    static let edgeQuad = CoverageKinds(rawValue: 2)
    static let roundedRect = CoverageKinds(rawValue: 4)
    static let ring = CoverageKinds(rawValue: 8)
    // (16 was the trapezoid of shape layers' items, now gone: shape layers
    // draw from exact coverage masks.)
    /// The blurred shapes: compiled into their own programs (ps_blurred_rect,
    /// ps_blurred_rrect) by those programs' defines, not by `COV_KINDS`.
    static let blurredRect = CoverageKinds(rawValue: 32)
    static let blurredRoundedRect = CoverageKinds(rawValue: 64)
    /// Every kind `COV_KINDS` selects: a build with them all is the full program.
    static let all: CoverageKinds = [.plainQuad, .edgeQuad, .roundedRect, .ring]

    /// The kind of a piece from its `shapeParams.w` code (kind × 16 + AA edge
    /// mask, VertexLayout); `.all` for a code no build handles (garbage).
    init(code: Float) {
        let c = (code + 0.5).rounded(.down)
        guard c >= 0, c < 96 else { self = .all; return }
        let kind = (c / 16).rounded(.down), mask = c - kind * 16
        switch kind {
        case VertexLayout.kindQuad: self = mask == 0 ? .plainQuad : .edgeQuad
        case VertexLayout.kindRoundedRect: self = .roundedRect
        case VertexLayout.kindRing: self = .ring
        case VertexLayout.kindBlurredRect: self = .blurredRect
        case VertexLayout.kindBlurredRoundedRect: self = .blurredRoundedRect
        default: self = .all
        }
    }

    /// The kinds of the piece whose vertices are `vertices` (every vertex of a piece carries the same code).
    init(vertices: [Float]) {
        let k = VertexLayout.shapeParams + 3
        self = vertices.count > k ? CoverageKinds(code: vertices[k]) : []
    }

    /// The set a program is built for: the plain quad always (its test is two
    /// compares), a ring with the rounded rect (its outer edge is one), so
    /// there are at most 6 builds of a program.
    var canonical: CoverageKinds {
        var k = self
        k.insert(.plainQuad)
        if k.contains(.ring) { k.insert(.roundedRect) }
        return k
    }

    /// The `COV_KINDS` value of a build for this set: its bits that
    /// coverage.glsl selects (the blurred shapes come with their programs).
    var define: Int { rawValue & CoverageKinds.all.rawValue }

    /// Whether `program` draws pieces of these kinds exactly with a build
    /// that has fewer kinds than the full program (and is worth building):
    /// the program must take its coverage from `cov_evaluate`, and a
    /// blurred shape only from the program that compiles it in.
    func needsOnlyABuild(of program: ProgramKind) -> Bool {
        guard program.specialisesCoverage, define != CoverageKinds.all.rawValue else { return false }
        let blurred = intersection([.blurredRect, .blurredRoundedRect])
        // ps_blurred_rrect compiles both blurred shapes in.
        return program == .blurredRoundedRect || blurred.isEmpty
    }
}

extension ProgramKind {
    /// Whether the program's coverage comes from `cov_evaluate`, so a build
    /// with fewer kinds serves a draw call whose pieces use no others
    /// (ps_blurred_rrect compiles its own kinds in whatever `COV_KINDS` says;
    /// ps_blurred_rect calls the blurred-rect coverage directly, so a build
    /// of it would be the same program; fullscreen and flat programs have no coverage).
    var specialisesCoverage: Bool {
        switch self {
        case .solid, .texture, .textureAlpha, .masked, .gradient, .texturePVRTC, .texturePVRTCNearest,
             .texturePVRTC2, .texturePVRTC2Nearest, .textureAtlas, .textureAtlasNearest, .blurredRoundedRect:
            return true
        case .blurredRect, .flat, .textureFlat, .textureAlphaFlat, .textureAlphaAtlasNearest, .blur, .blurRGBA:
            return false
        }
    }
}
