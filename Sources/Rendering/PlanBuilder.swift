// Rendering: layer tree → render plan. Walks the model layers once, computing
// each layer's flattened map to its pass, and emits draw items in Core
// Animation's order (shadow, background, contents, sublayers by zPosition,
// border). Effects that need the composited result of a subtree (group
// opacity, rounded clips, masks, shadows without a path, rasterization) open
// offscreen passes, each tagged with its reason; see PlanBuilder+Offscreen.
//
// Offscreen passes for clips, masks, shadows and group opacity live in the
// target's pixel space (a pixel-aligned window of it), so drawing them back
// is an exact copy; only shouldRasterize renders in the layer's own space,
// because its bitmap must survive the layer moving.

import Foundation
import Geometry
import Images
import Layers

/// Options for building a plan.
public struct PlanOptions: Sendable {
    /// Pixels per point of the output.
    public var scale: Double = 1
    /// Skip layers that cannot show (off the canvas, clipped away) and items
    /// hidden under opaque items. Never changes the output; off for experiments.
    public var cull = true
    /// With culling on, query big sublayer lists through a spatial index
    /// kept on the layer instead of testing every sublayer each frame.
    public var sublayerIndex = true
    /// Bytes the drawing layers' backing stores of one plan may take (each counted twice:
    /// cairo's surface and the image); a store that would pass it is not allocated, the
    /// layer is not drawn and the plan reports a problem. Nil: no limit beyond each store's own.
    public var memoryLimit: Int?
    /// Plain rounded-rect shadows (shadowPath or an opaque rounded layer)
    /// evaluated per pixel (Shape.blurredRoundedRect) instead of drawn from a
    /// cached CPU mask. Off by default (slower on llvmpipe and the CPU
    /// executor, docs/benchmarks.md); COMPOSITOR_ROUNDED_SHADOW=shader turns it on.
    public var roundedShadowsInShader = PlanBuilder.roundedShadowsInShaderFromEnvironment()
    /// The offscreen shadows of a draw pass share one body target and one H
    /// and one V blur pass (PlanBuilder+ShadowPacking) instead of three passes
    /// each; the pixels are the same. On by default; COMPOSITOR_PACK_SHADOWS=0
    /// turns it off (for before/after measurements).
    public var packShadows = ProcessInfo.processInfo.environment["COMPOSITOR_PACK_SHADOWS"] != "0"
    /// A packed shadow's composite and its body drawn back cover only the
    /// pixels their textures can make non-zero, and a composite that is an
    /// integer translation of its texels samples them with .nearest
    /// (PlanBuilder+TightShadowComposite); the pixels are the same. On by
    /// default; COMPOSITOR_TIGHT_SHADOWS=0 turns it off (before/after measurements).
    public var tightShadowComposites = ProcessInfo.processInfo.environment["COMPOSITOR_TIGHT_SHADOWS"] != "0"
    public init(scale: Double = 1, cull: Bool = true, sublayerIndex: Bool = true) {
        self.scale = scale; self.cull = cull; self.sublayerIndex = sublayerIndex
    }
}

/// Builds the render plan of a layer tree.
public final class PlanBuilder {
    let options: PlanOptions
    var passes: [RenderPass] = []
    var images: [PlanImage] = []
    var imageIndex: [String: Int] = [:]
    var layerNames: [String] = []
    var current: [DrawItem] = []
    /// Offscreen shadows waiting for the shared targets of the pass being built (PlanBuilder+ShadowPacking).
    var shadowPack = ShadowPack()
    public internal(set) var stats = PlanBuildStats()
    /// Blurred shadowPath masks built this frame: image index and the local rect it covers.
    var shadowMasks: [ShadowMaskKey: (Int, Rect)] = [:]
    /// Pixels per point of the pass being built (the canvas scale, or a rasterization scale).
    var pixelScale: Double
    /// Set while a rasterized layer's bitmap is sized (PlanBuilder+Rasterize):
    /// shape layers then count by their outlines, not their control points.
    var sizingBitmap = false
    /// Largest offscreen pass side in pixels.
    let maxPassSide = PlanLimits.maximumPassSide
    /// Bytes of the shadowPath masks made for this plan so far (see PlanLimits).
    var shadowMaskBytes = 0
    /// Text backing images of this frame so far (PlanBuilder+Text): bytes, layers, and whether over the limit.
    var textImageBytes = 0, textLayersDrawn = 0, textImagesOverBudget = false
    /// Shape coverage masks of this frame so far (PlanBuilder+ShapeMask): bytes, and whether over the limit.
    var shapeMaskBytes = 0, shapeMasksOverBudget = false
    /// Whether each plan image (by index) is opaque in every pixel, for occlusion culling.
    var opaqueImages: [Int: Bool] = [:]
    /// The layer `build` started from, for naming layers by key path in problems.
    var rootLayer: Layer?
    /// Snapshot contents (PlanBuilder+Snapshot.swift): the picture of each source this plan
    /// rendered, the sources being rendered now, and the tree's layers by id.
    var snapshotTextures: [UInt64: TextureRef] = [:]
    var snapshotsInProgress: Set<UInt64> = []
    var presentationIndex: [UInt64: Layer]?
    /// The replicator instance being emitted (tint, instances), see PlanBuilder+Replicator.
    var replication = Replication()
    /// The rasterization cache consulted for shouldRasterize layers (nil:
    /// every rasterized layer builds its pass, nothing is kept).
    public var rasterCache: RasterCache?
    /// Where sublayer indexes are kept across builds (by layer identity);
    /// a builder without one given keeps its own for this build only.
    public var sublayerIndexes = SublayerIndexCache()
    /// Where tiled layers get their tiles across frames (nil: this builder makes
    /// its own, which waits for every tile — a complete picture).
    public var tileLoader: TileLoader?
    /// The timeline time of the frame being built (tiles fade in by it).
    public var frameTime: Double = 0
    var ownTileLoader: TileLoader?
    var tileFrameStarted = false

    public init(options: PlanOptions = PlanOptions()) {
        self.options = options
        pixelScale = options.scale
    }

    /// The plan for `root` (the implicit root layer of a scene, whose bounds
    /// are the canvas in points) drawn into a `width` × `height` pixel canvas.
    public static func build(root: Layer, width: Int, height: Int,
                             options: PlanOptions = PlanOptions()) -> RenderPlan {
        let b = PlanBuilder(options: options)
        return b.build(root: root, width: width, height: height)
    }

    public func build(root: Layer, width: Int, height: Int) -> RenderPlan {
        let s = options.scale
        rootLayer = root
        defer { rootLayer = nil; presentationIndex = nil; snapshotTextures = [:] }
        current = []
        let ctx = EmitContext(toTarget: .scale(s, s), parentS: .identity, opacity: 1, clip: nil,
                              target: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        emit(root, ctx)
        flushShadowPack()
        passes.append(RenderPass(id: passes.count, width: width, height: height, reason: .canvas,
                                 layerName: nil, clear: .clear, content: .draw(current)))
        if options.cull { cullOccludedItems() }
        sublayerIndexes.endBuild()
        endTileFrame()
        return RenderPlan(width: width, height: height, passes: passes, images: images, layerNames: layerNames)
    }

    /// Where emission happens: the superlayer's plane → target pixels map,
    /// its sublayer transform about its anchor, the opacity passed down, an
    /// aliased clip polygon in target pixels, and the target's bounds.
    struct EmitContext {
        var toTarget: Homography
        var parentS: Transform3D
        var opacity: Double
        var clip: [Vec2]?
        var target: Rect
        /// Inside a transform layer: the 4x4 map from the superlayer's space
        /// to the plane `toTarget` starts from, not yet flattened (PlanBuilder+TransformLayer).
        var pending3D: Transform3D? = nil
    }

    // MARK: - Layers

    func emit(_ layer: Layer, _ ctx: EmitContext) {
        stats.layersVisited += 1
        if layer.isHidden { stats.culledHidden += 1; return }
        if layer.kind == .transform { emitTransformLayer(layer, ctx); return }
        let mask = layer.mask, bounds = layer.bounds
        if let m = mask, m.isHidden { stats.culledHidden += 1; return }
        var toParent = layer.transformToSuperlayer(parentS: ctx.parentS, bounds: bounds)
        if let p = ctx.pending3D { toParent = toParent.concatenating(p) }
        let toSuper = toParent.flattened
        if !layer.isDoubleSided,
           toSuper.reversesOrientation(at: Vec2(bounds.midX, bounds.midY)) {
            stats.culledBackFacing += 1; return
        }
        let opacity = ctx.opacity * layer.opacity
        if opacity <= 0 { stats.culledTransparent += 1; return }
        let h = toSuper.concatenating(ctx.toTarget)
        guard h.isInvertible else { stats.culledEmpty += 1; return }
        if options.cull, let reason = boundsCullReason(layer, h, ctx, bounds: bounds, hasMask: mask != nil) {
            switch reason {
            case .empty: stats.culledEmpty += 1
            case .outside: stats.culledOutsideCanvas += 1
            case .clipped: stats.culledClipped += 1
            }
            return
        }
        let node = LayerDraw(layer: layer, toTarget: h, opacity: opacity, clip: ctx.clip,
                             target: ctx.target, nameIndex: nameIndex(layer))
        if layer.shouldRasterize {
            emitRasterized(node)
        } else if needsOffscreen(node) {
            emitOffscreen(node)
        } else {
            emitDirect(node)
        }
    }

    /// A layer being emitted into the current pass.
    struct LayerDraw {
        let layer: Layer
        /// Layer bounds coordinates → target pixels.
        var toTarget: Homography
        var opacity: Double
        var clip: [Vec2]?
        var target: Rect
        let nameIndex: Int
    }

    func nameIndex(_ layer: Layer) -> Int {
        layerNames.append(layer.name ?? "layer#\(layerNames.count)")
        return layerNames.count - 1
    }

    /// Draws the layer's parts straight into the current pass, opacity
    /// multiplied into each part, a rectangular masksToBounds as an aliased clip.
    func emitDirect(_ n: LayerDraw) {
        let before = current.count
        emitShadowFromPath(n)
        emitBody(n, opacity: n.opacity)
        if current.count > before { stats.layersDrawn += 1 }
    }

    /// Background, contents, sublayers and border at `opacity`, with a
    /// rectangular masksToBounds clip applied to contents and sublayers.
    func emitBody(_ n: LayerDraw, opacity: Double) {
        let l = n.layer
        emitBackground(n, opacity: opacity)
        var inner = n
        if l.masksToBounds, !needsRoundedClip(l) {
            inner.clip = clipPolygon(intersecting: n.clip, with: l.bounds, through: n.toTarget)
            if inner.clip?.isEmpty == true { emitBorder(n, opacity: opacity); return }
        }
        emitContents(inner, opacity: opacity)
        emitKindContent(inner, opacity: opacity)
        emitSublayers(inner, opacity: opacity)
        emitBorder(n, opacity: opacity)
    }

    func emitSublayers(_ n: LayerDraw, opacity: Double) {
        let subs = n.layer.sublayers
        guard !subs.isEmpty else { return }
        switch n.layer.kind {
        case .replicator: emitReplicatorSublayers(n, opacity: opacity); return
        default: break
        }
        let parentS = n.layer.sublayerTransformAboutAnchor
        let ctx = EmitContext(toTarget: n.toTarget, parentS: parentS,
                              opacity: opacity, clip: n.clip, target: n.target)
        for s in sublayersToEmit(n, parentS: parentS) { emit(s, ctx) }
    }

    /// What a specialized layer draws in the contents slot (after the
    /// contents, before the sublayers).
    func emitKindContent(_ n: LayerDraw, opacity: Double) {
        switch n.layer.kind {
        case .layer, .transform, .replicator: return
        case .text: emitText(n, opacity: opacity)
        case .shape: emitShape(n, opacity: opacity)
        case .gradient: emitGradient(n, opacity: opacity)
        case .tiled: emitTiled(n, opacity: opacity)
        case .drawing: emitDrawing(n, opacity: opacity)
        }
    }

    /// The local rect `emitKindContent` may draw into, nil when it draws
    /// nothing (for extents, culling and the rounded-clip decision).
    func kindContentBounds(_ l: Layer) -> Rect? {
        switch l.kind {
        case .layer, .transform, .replicator: return nil
        case .gradient: return gradientBounds(l)
        case .shape: return shapeBounds(l)
        case .tiled: return (l as? TiledLayer)?.tileSource != nil && !l.bounds.isEmpty ? l.bounds : nil
        case .drawing:  // the backing image covers exactly the bounds
            guard let d = l as? DrawingLayer, d.hasContent, !l.bounds.isEmpty else { return nil }
            return l.bounds
        case .text:  // the backing image covers exactly the bounds
            guard let t = l as? TextLayer, t.hasVisibleText,
                  !l.bounds.isEmpty else { return nil }
            return l.bounds
        }
    }

    func sortedByZ(_ layers: [Layer]) -> [Layer] {
        guard let order = Self.zOrder(layers) else { return layers }
        return order.map { layers[Int($0)] }
    }

    /// Drawing order of sibling layers — ascending zPosition, ties in array
    /// order — as indices, or nil when that is the array order (one z, or
    /// built back to front: the stable sort would change nothing, so skip it).
    static func zOrder(_ layers: [Layer]) -> [Int32]? {
        var sorted = true, previous = -Double.infinity
        for l in layers {
            let z = l.zPosition
            if previous > z { sorted = false; break }
            previous = z
        }
        if sorted { return nil }
        return layers.enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition
                ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset
        }.map { Int32($0.offset) }
    }

    /// The convex clip polygon (target pixels) of `rect` seen through `h`,
    /// intersected with an existing clip; nil when the rect can't be a convex clip (behind the eye).
    func clipPolygon(intersecting existing: [Vec2]?, with rect: Rect, through h: Homography) -> [Vec2]? {
        var hom = rect.corners.map { h.applyHomogeneous($0.x, $0.y) }
        guard hom.allSatisfy({ $0.2 > Tessellator.nearW }) else {
            hom = Tessellator.clipNear(hom)
            if hom.count < 3 { return [] }
            return existing  // partially behind the eye: keep the old clip (rare; documented)
        }
        var poly = hom.map { Vec2($0.0 / $0.2, $0.1 / $0.2) }
        if let e = existing { poly = Tessellator.clip(poly, against: e) }
        return poly.count >= 3 ? poly : []
    }

    // MARK: - Passes

    /// Runs `body` with a fresh item list, appends the result as a pass and returns its id.
    /// `tinted`: the replicator tint being emitted colours the pass's parts
    /// (else the pass is built untinted; see PlanBuilder+Replicator).
    func makePass(width: Int, height: Int, reason: PassReason, layer: Layer, tinted: Bool = false,
                  body: () -> Void) -> Int {
        let items = collectItems(tinted: tinted, body)
        let id = passes.count
        passes.append(RenderPass(id: id, width: width, height: height, reason: reason,
                                 layerName: layer.name, clear: .clear, content: .draw(items)))
        return id
    }

    /// Appends `item` to the pass being built, multiplied by the replicator
    /// tint being emitted unless `tinted` is false (a pass whose parts already
    /// carry the tint, drawn back).
    func add(_ item: DrawItem, tinted: Bool = true) {
        current.append(tinted ? replication.tint.map { item.tinted(by: $0) } ?? item : item)
        stats.items += 1
    }

    /// The index of an image in the plan, adding it once per key.
    func imageRef(_ c: LayerContents) -> Int {
        if let i = imageIndex[c.key] { return i }
        images.append(PlanImage(key: c.key, image: c.image, pvrtc: c.pvrtc))
        imageIndex[c.key] = images.count - 1
        return images.count - 1
    }
}
