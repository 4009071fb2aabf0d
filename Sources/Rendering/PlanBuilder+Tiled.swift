// Rendering: tiled layers (CATiledLayer). The tile source's picture fills
// the layer's bounds. Per frame: the part of the bounds the target (and the
// clip) can show is mapped back into the layer's plane; the on-screen scale
// there picks the level of detail (k = ⌈log2(pixels per point ÷
// contentsScale)⌉ clamped to the layer's detail range, then the coarsest
// pyramid level with at least contentsScale × 2^k pixels per point — or a
// coarser one when the tiles would not fit the tile cache budget); only the
// tiles of that level whose core meets the visible part are asked of the
// TileLoader. Each ready tile is one texture item over its core (its overlap
// pixels feed bilinear sampling across seams), faded in over fadeDuration of
// timeline time from its arrival; a tile not (fully) in yet has the nearest
// coarser cached tile drawn under it, cut to its rectangle, so the coarser
// level stays visible while the finer one loads.

import Foundation
import Geometry
import Images
import Layers

extension PlanBuilder {
    /// The most tiles one tiled layer draws in a frame (a coarser level is used beyond it):
    /// 4096 tiles of 256 pixels cover 16384 × 16384 pixels, the largest canvas.
    static let maximumTilesPerLayer = 4096

    func emitTiled(_ n: LayerDraw, opacity: Double) {
        guard let layer = n.layer as? TiledLayer, let source = layer.tileSource else { return }
        let b = layer.bounds
        guard !b.isEmpty, let visible = visibleLocalRect(n, bounds: b) else { return }
        let loader = activeTileLoader()
        let pyramid = source.pyramid
        let level = tileLevel(layer, n, visible: visible, pyramid: pyramid, budget: loader.budgetBytes)
        let ids = tilesMeeting(visible, bounds: b, pyramid: pyramid, level: level)
        let (ready, failures) = loader.tiles(source, ids)
        for f in failures.prefix(1) { problem(layer, "cannot read a tile: \(f)") }
        let time = frameTime
        var fallbackDraws: [() -> Void] = []
        var tileDraws: [() -> Void] = []
        var shown = 0, fading = 0, fallback = 0, blank = 0
        for id in ids {
            let rect = localRect(of: id, pyramid: pyramid, bounds: b)
            var alpha = 0.0
            if let t = ready[id] {
                alpha = layer.fadeDuration > 0 ? min(1, max(0, (time - t.readyTime) / layer.fadeDuration)) : 1
                if time < t.readyTime { alpha = 0 }
                if alpha > 0 {
                    let a = alpha
                    tileDraws.append { self.emitTile(n, source, id, t.image, part: rect, bounds: b, opacity: opacity * a) }
                    if a < 1 { fading += 1 } else { shown += 1 }
                }
            }
            guard alpha < 1 else { continue }
            // A coarser tile stands in (the nearest cached level that has fully arrived).
            var stand: (TileID, Image)?
            var l = id.level - 1
            while l >= 0, stand == nil {
                let shift = id.level - l
                let parent = TileID(level: l, column: id.column >> shift, row: id.row >> shift)
                if let p = loader.cached(source, parent), layer.fadeDuration == 0 || time - p.readyTime >= layer.fadeDuration {
                    stand = (parent, p.image)
                }
                l -= 1
            }
            if let (pid, image) = stand {
                fallback += 1
                fallbackDraws.append { self.emitTile(n, source, pid, image, part: rect, bounds: b, opacity: opacity) }
            } else if alpha == 0 {
                blank += 1
            }
        }
        for d in fallbackDraws { d() }
        for d in tileDraws { d() }
        loader.record(level: level, needed: ids.count, shown: shown, fading: fading, fallback: fallback, blank: blank)
    }

    /// The loader tiles come from: the one given, or one of this builder's own
    /// (waiting for every tile), started for this build.
    func activeTileLoader() -> TileLoader {
        let loader: TileLoader
        if let l = tileLoader { loader = l } else {
            if ownTileLoader == nil { ownTileLoader = TileLoader() }
            loader = ownTileLoader!
        }
        if !tileFrameStarted {
            loader.beginFrame(time: frameTime)
            tileFrameStarted = true
        }
        return loader
    }

    /// Ends the tile loader's frame if this build started one.
    func endTileFrame() {
        guard tileFrameStarted else { return }
        (tileLoader ?? ownTileLoader)?.endFrame()
        tileFrameStarted = false
    }

    /// The part of `bounds` the target (within the clip) can show, in the layer's
    /// plane; all of the bounds when the view cannot be mapped back (behind the eye).
    func visibleLocalRect(_ n: LayerDraw, bounds b: Rect) -> Rect? {
        var area = n.target
        if let clip = n.clip {
            guard !clip.isEmpty else { return nil }
            let xs = clip.map(\.x), ys = clip.map(\.y)
            area = area.intersection(Rect(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!))
            if area.isEmpty { return nil }
        }
        guard let inv = n.toTarget.inverse else { return nil }
        var pts: [Vec2] = []
        for c in area.corners {
            let (x, y, w) = inv.applyHomogeneous(c.x, c.y)
            guard w > 1e-12 else { return b }
            pts.append(Vec2(x / w, y / w))
        }
        let r = Rect(minX: pts.map(\.x).min()!, minY: pts.map(\.y).min()!,
                     maxX: pts.map(\.x).max()!, maxY: pts.map(\.y).max()!).intersection(b)
        return r.isEmpty ? nil : r
    }

    /// The pyramid level this frame draws (see the file comment).
    func tileLevel(_ layer: TiledLayer, _ n: LayerDraw, visible: Rect, pyramid: TilePyramid, budget: Int) -> Int {
        let b = layer.bounds
        let j = Tessellator.jacobian(n.toTarget, Vec2(visible.midX, visible.midY))
        let perPoint = max((j.0 * j.0 + j.1 * j.1).squareRoot(), (j.2 * j.2 + j.3 * j.3).squareRoot())
        let cs = layer.contentsScale > 0 ? layer.contentsScale : 1
        let range = layer.detailRange
        var k = perPoint > 0 && perPoint.isFinite ? Int((log2(perPoint / cs) - 1e-9).rounded(.up)) : range.lowerBound
        k = min(max(k, range.lowerBound), range.upperBound)
        let wanted = cs * pow(2, Double(k))
        let full = max(Double(pyramid.width) / b.width, Double(pyramid.height) / b.height)
        let top = pyramid.maxLevel
        var level = top
        if wanted < full {
            level = top + Int((log2(wanted / full) - 1e-9).rounded(.up))
        }
        level = min(max(level, 0), top)
        // Keep one frame's tiles within the cache budget and the per-layer tile limit:
        // go coarser while they would not fit.
        let side = pyramid.tileSize + 2 * pyramid.overlap
        while level > 0 {
            let count = tileCount(visible, bounds: b, pyramid: pyramid, level: level)
            if count <= Self.maximumTilesPerLayer && count * side * side * 4 <= budget { break }
            level -= 1
        }
        return level
    }

    /// Columns and rows of `level` whose cores meet `visible`.
    func tileRange(_ visible: Rect, bounds b: Rect, pyramid: TilePyramid, level: Int)
        -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let size = pyramid.levelSize(level), grid = pyramid.grid(level)
        let sx = Double(size.width) / b.width, sy = Double(size.height) / b.height
        let x0 = (visible.minX - b.minX) * sx, x1 = (visible.maxX - b.minX) * sx
        let y0 = (visible.minY - b.minY) * sy, y1 = (visible.maxY - b.minY) * sy
        let ts = Double(pyramid.tileSize)
        let c0 = max(0, Int((x0 / ts).rounded(.down))), c1 = min(grid.columns - 1, Int((x1 / ts).rounded(.up)) - 1)
        let r0 = max(0, Int((y0 / ts).rounded(.down))), r1 = min(grid.rows - 1, Int((y1 / ts).rounded(.up)) - 1)
        guard c0 <= c1, r0 <= r1 else { return nil }
        return (c0...c1, r0...r1)
    }

    func tileCount(_ visible: Rect, bounds b: Rect, pyramid: TilePyramid, level: Int) -> Int {
        guard let r = tileRange(visible, bounds: b, pyramid: pyramid, level: level) else { return 0 }
        return r.columns.count * r.rows.count
    }

    /// The tiles of `level` that meet `visible`, row by row.
    func tilesMeeting(_ visible: Rect, bounds b: Rect, pyramid: TilePyramid, level: Int) -> [TileID] {
        guard let r = tileRange(visible, bounds: b, pyramid: pyramid, level: level) else { return [] }
        var out: [TileID] = []
        for row in r.rows { for c in r.columns { out.append(TileID(level: level, column: c, row: row)) } }
        return out
    }

    /// A tile's core in the layer's bounds coordinates.
    func localRect(of id: TileID, pyramid: TilePyramid, bounds b: Rect) -> Rect {
        let size = pyramid.levelSize(id.level)
        let c = pyramid.core(id)
        let sx = b.width / Double(size.width), sy = b.height / Double(size.height)
        return Rect(minX: b.minX + Double(c.x) * sx, minY: b.minY + Double(c.y) * sy,
                    maxX: c.x + c.width == size.width ? b.maxX : b.minX + Double(c.x + c.width) * sx,
                    maxY: c.y + c.height == size.height ? b.maxY : b.minY + Double(c.y + c.height) * sy)
    }

    /// Draws `part` (layer coordinates, inside the tile's core) of tile `id` from its image.
    func emitTile(_ n: LayerDraw, _ source: any TileSource, _ id: TileID, _ image: Image, part: Rect, bounds b: Rect,
                  opacity: Double) {
        let pyramid = source.pyramid
        let core = pyramid.core(id), extent = pyramid.extent(id)
        let coreRect = localRect(of: id, pyramid: pyramid, bounds: b)
        let iw = Double(image.width), ih = Double(image.height)
        // Layer x → texel x: the core's left edge is texel (core.x − extent.x).
        func u(_ x: Double) -> Double {
            (Double(core.x - extent.x) + (x - coreRect.minX) / coreRect.width * Double(core.width)) / iw
        }
        func v(_ y: Double) -> Double {
            (Double(core.y - extent.y) + (y - coreRect.minY) / coreRect.height * Double(core.height)) / ih
        }
        let uv = Rect(minX: u(part.minX), minY: v(part.minY), maxX: u(part.maxX), maxY: v(part.maxY))
        let map = Homography.mapping(part, to: uv)
        let key = TileLoader.key(source, id)
        let index: Int
        if let i = imageIndex[key] { index = i } else {
            images.append(PlanImage(key: key, image: image, pvrtc: nil))
            index = images.count - 1
            imageIndex[key] = index
        }
        let l = n.layer
        var aa: EdgeMask = []
        if l.allowsEdgeAntialiasing {
            if part.minX <= b.minX { aa.insert(.left) }
            if part.maxX >= b.maxX { aa.insert(.right) }
            if part.minY <= b.minY { aa.insert(.top) }
            if part.maxY >= b.maxY { aa.insert(.bottom) }
        }
        let filter = chooseFilter(l, toTarget: n.toTarget, rect: part, uv: map,
                                  imageWidth: image.width, imageHeight: image.height)
        add(DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: part,
                     paint: .texture(.image(index), uv: map, filter: filter, opacity: opacity),
                     aaEdges: aa, blend: .sourceOver, clip: n.clip))
    }
}
