// GLES: the order a draw pass's pieces are drawn in, and the batches they
// share. Opaque pieces (DrawItem.isOpaque, and the opaque interiors the plan
// offers, DrawItem.opaqueInterior) go first, front to back, with blending
// off and a depth test writing each piece's painter depth, so hidden
// fragments are rejected before they are shaded; since the depth test, not
// the order, decides which opaque piece shows, equal states share one batch
// however they interleave. The blended pieces follow with the depth test
// on (depth writes only for flat pieces), in an order that keeps painter
// order between every two pieces that overlap and is otherwise free
// (BlendedScheduling), so pieces of one state that do not touch the pieces
// between them share a draw call however far apart they are in painter order.
// The result is the painter's-order picture exactly (see DrawItem+Opaque.swift).

import Plan

/// One tessellated piece of a draw item, ready to batch.
struct DrawPiece {
    var geometry: ItemGeometry
    var state: BatchState
    /// The item's index in the pass (painter order; pieces of one item share it).
    var order: Int
    /// Drawn in the opaque phase (blending off, depth written).
    var opaque: Bool
    /// A flat interior (DrawItem.flatInterior): it stands in for part of its
    /// own item, which the depth test must then reject there, so it is
    /// dropped when the pass draws without the depth buffer.
    var interior = false
    /// Bounding box in pass pixels (minX, minY, maxX, maxY), widened by a pixel.
    var box: SIMD4<Float>

    init(geometry: ItemGeometry, state: BatchState, order: Int, opaque: Bool, interior: Bool = false) {
        self.geometry = geometry; self.state = state; self.order = order; self.opaque = opaque
        self.interior = interior
        var lo = SIMD2<Float>(.infinity, .infinity), hi = SIMD2<Float>(-.infinity, -.infinity)
        let v = geometry.vertices
        var k = VertexLayout.position
        while k + 1 < v.count {
            let p = SIMD2(v[k], v[k + 1])
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
            k += VertexLayout.stride
        }
        box = SIMD4(lo.x - 1, lo.y - 1, hi.x + 1, hi.y + 1)
    }

    func overlaps(_ b: SIMD4<Float>) -> Bool {
        box.x < b.z && b.x < box.z && box.y < b.w && b.y < box.w
    }
}

/// A run of pieces drawn with one state and one draw call.
struct PassBatch {
    var state: BatchState
    /// Indices into the pass's pieces, in drawing order.
    var pieces: [Int]
    /// Drawn in the opaque phase: depth test and depth writes on, blending off.
    var opaque: Bool
    /// Whether the depth test is on (the pass uses the depth buffer).
    var depthTest: Bool
    /// Union of the pieces' boxes, for a quick overlap reject.
    var bounds: SIMD4<Float>
    var vertexCount: Int
}

enum PassOrdering {
    /// Largest number of items a pass may have for depth ordering: each
    /// needs its own DEPTH_COMPONENT16 value below the cleared 1.0.
    static let maxDepthItems = 65534
    /// How many batches back a blended piece may look for one of its state
    /// when the pass is too large for BlendedScheduling's overlap graph.
    static let lookback = 8

    /// The NDC depth of painter index `order`: window depth (65534 − order)/65535,
    /// so later items are nearer and every value is an exact 16-bit level.
    static func depth(order: Int) -> Float {
        Float(maxDepthItems - order) / 65535 * 2 - 1
    }

    /// The batches of `pieces` in drawing order; `opaqueFirst` false draws
    /// every piece in the blended phase, without the depth test.
    /// `reorderBlended` lets blended pieces leave painter order wherever they
    /// overlap nothing in between (BlendedScheduling); false draws them in
    /// painter order exactly, merging only consecutive pieces of one state.
    static func batches(_ pieces: [DrawPiece], opaqueFirst: Bool, reorderBlended: Bool = true) -> [PassBatch] {
        schedule(pieces, opaqueFirst: opaqueFirst, reorderBlended: reorderBlended).batches
    }

    /// `batches`, with a floor under the batches any drawing order of these
    /// pieces could take (`lowerBound`, nil when the blended pieces kept
    /// painter order): one per opaque state, plus BlendedScheduling's chain
    /// floor for the blended pieces (Schedule.chainBound). With `viewport`
    /// (the pass's, as the rasterizer receives positions), blended pieces
    /// whose shared pixels opaque pieces hide from the lower of them are not
    /// ordered (HiddenOverlaps), and the floor is over those orders too.
    static func schedule(_ pieces: [DrawPiece], opaqueFirst: Bool, reorderBlended: Bool = true,
                         viewport: SIMD2<Int>? = nil) -> (batches: [PassBatch], lowerBound: Int?) {
        let maxOrder = pieces.last?.order ?? 0
        let useDepth = opaqueFirst && maxOrder < maxDepthItems && depthCanReject(pieces)
        var out: [PassBatch] = []
        var blended: [Int] = []
        if useDepth {
            // Front to back; equal states gather in one batch whatever lies between.
            var groups: [PassBatch] = []
            for i in pieces.indices.reversed() {
                guard pieces[i].opaque else { continue }
                let p = pieces[i]
                if let g = groups.firstIndex(where: { $0.state == p.state
                        && $0.vertexCount + p.geometry.vertexCount <= FanBuffer.maxVertices }) {
                    groups[g].pieces.append(i)
                    groups[g].vertexCount += p.geometry.vertexCount
                } else {
                    groups.append(PassBatch(state: p.state, pieces: [i], opaque: true, depthTest: true,
                                            bounds: p.box, vertexCount: p.geometry.vertexCount))
                }
            }
            out = groups
            blended = pieces.indices.filter { !pieces[$0].opaque }
        } else {
            // Without the depth buffer a flat interior would be blended twice (its
            // item draws every pixel): drop them, the items alone are the picture.
            blended = pieces.indices.filter { !pieces[$0].interior }
        }
        let hidden = useDepth && reorderBlended ? viewport.flatMap { HiddenOverlaps(pieces, viewport: $0) } : nil
        if reorderBlended, let scheduled = BlendedScheduling.batches(pieces, order: blended, depthTest: useDepth,
                                                                       hidden: hidden) {
            var opaqueStates: [BatchState] = []
            for b in out where !opaqueStates.contains(b.state) { opaqueStates.append(b.state) }
            return (out + scheduled.batches, opaqueStates.count + scheduled.chainBound)
        }
        // Painter order, or (a pass too large for the overlap graph) a bounded look-back.
        let firstBlended = out.count
        let reach = reorderBlended ? lookback : 1
        for i in blended {
            let p = pieces[i]
            var target: Int?
            var merged = p.state
            var j = out.count - 1
            while j >= firstBlended && out.count - 1 - j < reach {
                if let m = Batcher.merge(out[j].state, p.state),
                   out[j].vertexCount + p.geometry.vertexCount <= FanBuffer.maxVertices {
                    target = j; merged = m
                    break
                }
                if intersects(out[j], p, pieces) { break }
                j -= 1
            }
            if let t = target {
                out[t].state = merged
                out[t].pieces.append(i)
                out[t].vertexCount += p.geometry.vertexCount
                let b = out[t].bounds
                out[t].bounds = SIMD4(min(b.x, p.box.x), min(b.y, p.box.y), max(b.z, p.box.z), max(b.w, p.box.w))
            } else {
                out.append(PassBatch(state: p.state, pieces: [i], opaque: false, depthTest: useDepth,
                                     bounds: p.box, vertexCount: p.geometry.vertexCount))
            }
        }
        return (out, nil)
    }

    /// Whether the depth test can hide anything: a flat interior hides its
    /// item's fragments, some opaque piece lies above a blended one, or there
    /// are several opaque pieces (they may cover each other). A lone opaque background under blended items (the
    /// 1000 translucent rounded rects) would only pay for the test.
    static func depthCanReject(_ pieces: [DrawPiece]) -> Bool {
        var opaqueCount = 0, lastOpaque = -1, firstBlended = Int.max
        for p in pieces {
            if p.interior { return true }
            if p.opaque { opaqueCount += 1; lastOpaque = p.order } else { firstBlended = min(firstBlended, p.order) }
            if opaqueCount > 1 { return true }
        }
        return opaqueCount == 1 && lastOpaque > firstBlended
    }

    /// Whether any piece of `batch` may share a pixel with `piece`.
    private static func intersects(_ batch: PassBatch, _ piece: DrawPiece, _ pieces: [DrawPiece]) -> Bool {
        guard piece.overlaps(batch.bounds) else { return false }
        for k in batch.pieces where pieces[k].overlaps(piece.box) { return true }
        return false
    }
}
