// CompositorTests: the shadow-casting scenes the analytic shadow tests
// share — a square root layer holding one card with a black, fully opaque
// shadow of a given path, so each test states only what differs.

import Geometry
import Layers

enum ShadowCards {
    /// A `size`² root holding a `w` × `h` card at `pos`, scaled by
    /// (`sx`, `sy`) then rotated by `angle` about z, whose shadow is
    /// `path(bounds)` offset by `offset` with shadowRadius `sigma`. The card
    /// has no background, so the whole shadow shows.
    static func transformed(size: Int, w: Double, h: Double, pos: Vec2, sx: Double, sy: Double, angle: Double,
                            offset: Vec2, sigma: Double, path: (Rect) -> Path) -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: Double(size), height: Double(size))
        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: w, height: h)
        card.position = pos
        card.transform = Transform3D.scale(sx, sy).concatenating(.rotation(angle, 0, 0, 1))
        card.shadowPath = path(card.bounds)
        card.shadowOpacity = 1
        card.shadowColor = .black
        card.shadowOffset = offset
        card.shadowRadius = sigma
        root.addSublayer(card)
        return root
    }

    /// A `size`² root holding a card at `frame` whose shadowPath is its
    /// bounds rounded by `radius`, with shadowRadius `sigma`.
    static func rounded(size: Double, frame: Rect, radius: Double, sigma: Double) -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: size, height: size)
        let card = Layer()
        card.frame = frame
        card.shadowPath = .roundedRect(card.bounds, radius: radius)
        card.shadowOpacity = 1
        card.shadowRadius = sigma
        root.addSublayer(card)
        return root
    }
}
