// Rendering: shape layers, antialiased exactly. The path's fill polygons
// (or its stroke's outline polygons) are mapped to target pixels, cut there
// into trapezoids by the slab sweep, and each
// pixel gets the exact area of the region inside it (TrapezoidCoverage):
// the box filter, summed over trapezoids that never overlap. The coverage
// is a small alpha image drawn in tiles over the pixels it touches, in the
// shape's colour: nearest sampling on a pixel-aligned grid, so each pixel
// reads its own coverage and both executors draw the same bytes. Tiles
// covered everywhere are plain solid quads (opaque when the colour is), and
// empty tiles are left out.
//
// Under perspective the map keeps straight edges straight, so the mapped
// polygons are still exact; they are clipped on the way to the window the
// mask covers and to the near limit (Homography.mapClipped), since points
// near or behind the eye map arbitrarily far away or mirrored.

import Foundation
import Geometry
import Images
import Layers

/// A shape part (fill or stroke) as polygons in the layer's plane, filled
/// with `rule`, for drawing through an exact coverage mask.
struct ShapePolygons {
    var polygons: [[Vec2]]
    var rule: FillRule
    /// The polygons' bounds (finite points), nil when there are none.
    var bounds: Rect?
    /// What the polygons were built from (the path, stroke and tolerance).
    var source: ShapePartKey

    init(_ polygons: [[Vec2]], rule: FillRule, source: ShapePartKey) {
        self.polygons = polygons; self.rule = rule; self.source = source
        let points = polygons.lazy.filter { $0.count >= 3 }.joined().filter { $0.x.isFinite && $0.y.isFinite }
        bounds = points.isEmpty ? nil : Rect.bounding(Array(points))
    }
}

extension PlanBuilder {
    /// Side of the square tiles a coverage mask is drawn in.
    static let shapeMaskTile = 32

    /// Draws `part` in `color` × `opacity` through its exact coverage in
    /// `n`'s target.
    func emitShapeMask(_ part: ShapePolygons, _ color: Color, _ n: LayerDraw, opacity: Double, what: String) {
        let h = n.toTarget
        guard let local = part.bounds, let box = h.boundingBox(of: local) else { return }
        var visible = n.target
        if let c = n.clip { visible = visible.intersection(Rect.bounding(c)) }
        let area = box.intersection(visible)
        guard !area.isEmpty, area.minX.isFinite, area.maxX.isFinite, area.minY.isFinite, area.maxY.isFinite else { return }
        let x0 = Int(area.minX.rounded(.down)), y0 = Int(area.minY.rounded(.down))
        let w = Int(area.maxX.rounded(.up)) - x0, hgt = Int(area.maxY.rounded(.up)) - y0
        guard w > 0, hgt > 0 else { return }
        shapeMaskBytes += w * hgt * 4
        guard shapeMaskBytes <= PlanLimits.maximumShapeMaskBytes else {
            if !shapeMasksOverBudget {
                shapeMasksOverBudget = true
                problem(n.layer, "\(what): this frame's shape coverage masks would need more than "
                        + "\(PlanLimits.maximumShapeMaskBytes >> 20) MiB")
            }
            return
        }
        let key = ShapeMaskKey(source: part.source, rule: part.rule, map: h, x0: x0, y0: y0, width: w, height: hgt)
        let mask: ShapeMask
        do {
            mask = try shapeMaskCache.value(for: key) {
                let pixels: [[Vec2]]
                if h.isAffine && h.i > 0 {
                    pixels = part.polygons.map { $0.map { h.apply($0) } }
                } else {
                    // A pixel's margin around the window: the cut runs where no coverage is read.
                    let margin = Rect(x: Double(x0 - 1), y: Double(y0 - 1), width: Double(w + 2), height: Double(hgt + 2))
                    pixels = part.polygons.map { h.mapClipped($0, to: margin, nearW: Tessellator.nearW) }.filter { $0.count >= 3 }
                }
                var win = CoverageWindow(x0: x0, y0: y0, width: w, height: hgt)
                TrapezoidCoverage.accumulate(try Trapezoids.decomposeChecked(pixels, rule: part.rule), into: &win)
                return ShapeMask(Self.maskImage(win), tile: Self.shapeMaskTile)
            }
        } catch {
            problem(n.layer, "\(what): \(error)")
            return
        }
        images.append(PlanImage(key: "shapeMask(\(n.nameIndex))", image: mask.image))
        let index = images.count - 1
        let c = color.premultiplied.scaled(opacity)
        let window = Rect(x: Double(x0), y: Double(y0), width: Double(w), height: Double(hgt))
        let uv = Homography.mapping(window, to: Rect(x: 0, y: 0, width: 1, height: 1))
        let identity = Homography.identity.transform3D
        for tile in mask.tiles {
            let rect = Rect(x: Double(x0 + Int(tile.x)), y: Double(y0 + Int(tile.y)), width: Double(tile.width), height: Double(tile.height))
            let paint: Paint = tile.full ? .solid(c) : .textureAlpha(.image(index), uv: uv, filter: .nearest, color: c)
            add(DrawItem(layer: n.nameIndex, transform: identity, rect: rect, paint: paint, clip: n.clip))
        }
    }

    /// Coverage as an alpha image (premultiplied white), rounded to 8 bits.
    static func maskImage(_ win: CoverageWindow) -> Image {
        var img = Image(width: win.width, height: win.height)
        img.pixels.withUnsafeMutableBufferPointer { px in
            for i in 0..<(win.width * win.height) {
                let v = UInt8((min(max(win.coverage[i], 0), 1) * 255).rounded())
                px[i * 4] = v; px[i * 4 + 1] = v; px[i * 4 + 2] = v; px[i * 4 + 3] = v
            }
        }
        return img
    }
}

/// What a shape part's coverage mask depends on: its polygons' source, the
/// layer → target map and the pixel window.
struct ShapeMaskKey: Hashable {
    var source: ShapePartKey
    var rule: FillRule
    var map: Homography
    var x0: Int, y0: Int, width: Int, height: Int
}
