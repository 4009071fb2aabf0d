// Rendering: contents that show a snapshot of another layer (renderInContext
// as `contents`). The source's subtree, as it looks in this frame (its
// presentation copy when the tree holds one), is rendered into a pass of
// its bounds × the current pixel scale — its own position and transform
// ignored, its opacity kept — and drawn back where contentsGravity puts the
// contents (the natural size is the source's bounds). With a rasterization
// cache the pass is kept between frames and reused while the source
// subtree's fingerprint is unchanged; within a frame every layer showing the
// same source shares one pass. A snapshot that would contain itself (the
// scene reader rejects these; Swift callers can build them) draws nothing
// inside itself.

import Geometry
import Layers

extension PlanBuilder {
    /// The cache key of a source's snapshot: its id in a key space apart from layer ids.
    static func snapshotKey(_ id: UInt64) -> UInt64 { id | (1 << 62) }

    func emitSnapshot(_ n: LayerDraw, _ source: SnapshotSource, opacity: Double) {
        guard let model = source.layer, !snapshotsInProgress.contains(source.id) else { return }
        let src = presentationLayer(id: source.id) ?? model
        let dest = contentsFrame(n.layer)
        let b = src.bounds, s = pixelScale
        guard !dest.isEmpty, !b.isEmpty, s > 0 else { return }
        let pw = (b.width * s).rounded(.up), ph = (b.height * s).rounded(.up)
        guard pw <= Double(maxPassSide), ph <= Double(maxPassSide), pw * ph <= Double(PlanLimits.maximumPassPixels),
              let w = Int(checked: pw), let h = Int(checked: ph), w > 0, h > 0 else { return }
        let uvRect = Rect(x: 0, y: 0, width: b.width * s / Double(w), height: b.height * s / Double(h))
        let map = Homography.mapping(dest, to: uvRect)
        let filter = chooseFilter(n.layer, toTarget: n.toTarget, rect: dest, uv: map, imageWidth: w, imageHeight: h)
        func drawBack(_ texture: TextureRef) {
            add(DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: dest,
                         paint: .texture(texture, uv: map, filter: filter, opacity: opacity),
                         aaEdges: n.layer.allowsEdgeAntialiasing ? .all : [], blend: .sourceOver, clip: n.clip))
        }
        let key = Self.snapshotKey(source.id)
        if let texture = snapshotTextures[key] { drawBack(texture); return }
        var store = false
        if let cache = rasterCache {
            var hasher = Hasher()
            hasher.combine(LayerFingerprint.of(src, scale: s)); hasher.combine(src.opacity)
            switch cache.lookup(key: key, fingerprint: hasher.finalize(), width: w, height: h) {
            case .hit:
                snapshotTextures[key] = .cached(key)
                drawBack(.cached(key))
                return
            case .miss(let keep):
                store = keep
            }
        }
        guard !src.isHidden else { return }
        let inner = LayerDraw(layer: src, toTarget: Homography.scale(s, s).concatenating(.translation(-b.minX * s, -b.minY * s)),
                              opacity: src.opacity, clip: nil, target: Rect(x: 0, y: 0, width: Double(w), height: Double(h)),
                              nameIndex: nameIndex(src))
        snapshotsInProgress.insert(source.id)
        let pass = makePass(width: w, height: h, reason: .rasterize, layer: src) {
            if needsOffscreen(inner) { emitOffscreen(inner) } else { emitDirect(inner) }
        }
        snapshotsInProgress.remove(source.id)
        if store { passes[pass].retainKey = key }
        snapshotTextures[key] = .pass(pass)
        drawBack(.pass(pass))
    }

    /// The layer of the tree being built with this id (presentation copies keep their model's id).
    func presentationLayer(id: UInt64) -> Layer? {
        if presentationIndex == nil {
            var index: [UInt64: Layer] = [:]
            func walk(_ l: Layer) {
                index[l.id] = index[l.id] ?? l
                if let m = l.mask { walk(m) }
                l.sublayers.forEach(walk)
            }
            if let root = rootLayer { walk(root) }
            presentationIndex = index
        }
        return presentationIndex?[id]
    }
}
