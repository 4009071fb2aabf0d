// Drawing: which part of a drawing changes when operations appear or
// disappear over time (a drawing list whose operations have times). A
// changed path-construction operation damages the box of its segment (from
// the previous point, and the next segment, whose start it moves), grown by
// the reach of the stroke that consumes it; anything else that changes
// (paint, clip, transform, state), a change to a path that is filled,
// clipped or dashed, forces a full redraw. The answer may cover more than
// what changed, never less.

import Foundation
import Geometry

public enum DrawingDamage {
    /// The rects (bounds coordinates) to redraw when the operations drawn
    /// change from `old` to `new` (flags per operation), or nil for a full redraw.
    /// `pixelScale` is the backing store's pixels per point (for the antialiasing margin).
    public static func dirtyRects(_ ops: [TimedDrawingOperation], old: [Bool], new: [Bool],
                                  pixelScale: Double) -> [Rect]? {
        guard ops.count == old.count, ops.count == new.count else { return nil }
        var ctm = Affine.identity
        var stack: [Affine] = []
        var current: Vec2?, start: Vec2?
        var pending: [Rect] = []   // changed segments of the current path
        var dirty: [Rect] = []
        var touchNext = false
        let margin = 1 / max(pixelScale, 1e-3)  // one pixel for antialiasing
        for (i, timed) in ops.enumerated() where old[i] || new[i] {
            let changed = old[i] != new[i]
            let op = timed.operation
            if op.isPathConstruction {
                let (pts, end, newStart) = points(op, ctm: ctm, current: current, start: start)
                if changed || touchNext {
                    if !pts.isEmpty { pending.append(Rect.bounding(pts)) }
                }
                touchNext = changed
                if let end { current = end }
                if let s = newStart { start = s }
                continue
            }
            if changed { return nil }
            switch op {
            case .stroke(let s, let keep):
                if !pending.isEmpty {
                    if !s.dashPattern.isEmpty { return nil }
                    let grow = s.reach * ctm.maximumScale + margin
                    dirty += pending.map { $0.insetBy(-grow, -grow) }
                }
                if !keep { pending = []; current = nil; start = nil; touchNext = false }
            case .fill(_, _, let keep):
                if !pending.isEmpty { return nil }
                if !keep { current = nil; start = nil; touchNext = false }
            case .clip:
                if !pending.isEmpty { return nil }
                current = nil; start = nil; touchNext = false
            case .save: stack.append(ctm)
            case .restore: if let t = stack.popLast() { ctm = t }
            case .translate(let v): ctm = ctm.translated(v)
            case .scale(let v): ctm = ctm.scaled(v)
            case .rotate(let a): ctm = ctm.rotated(a)
            default: break
            }
        }
        guard dirty.allSatisfy({ $0.minX.isFinite && $0.minY.isFinite && $0.maxX.isFinite && $0.maxY.isFinite }) else {
            return nil
        }
        return dirty
    }

    /// The bounds-space points an operation's segment spans (its start included),
    /// where the current point ends and where a new subpath starts.
    private static func points(_ op: DrawingOperation, ctm: Affine, current: Vec2?, start: Vec2?)
        -> (points: [Vec2], end: Vec2?, start: Vec2?) {
        let from = current.map { [$0] } ?? []
        switch op {
        case .move(let p): let q = ctm.apply(p); return ([q], q, q)
        case .line(let p): let q = ctm.apply(p); return (from + [q], q, current == nil ? q : nil)
        case .quad(let c, let p):
            let q = ctm.apply(p); return (from + [ctm.apply(c), q], q, current == nil ? q : nil)
        case .curve(let c1, let c2, let p):
            let q = ctm.apply(p); return (from + [ctm.apply(c1), ctm.apply(c2), q], q, current == nil ? q : nil)
        case .arc(let c, let r, _, let a1, _):
            let box = Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r).corners.map(ctm.apply)
            let end = ctm.apply(Vec2(c.x + r * cos(a1), c.y + r * sin(a1)))
            return (from + box, end, current == nil ? end : nil)
        case .close: return (from + (start.map { [$0] } ?? []), start, nil)
        case .path(let path):
            guard !path.elements.isEmpty else { return ([], nil, nil) }
            let box = path.controlBounds.corners.map(ctm.apply)
            // The current point and subpath start after the path: its last point and last move.
            var last: Vec2?, lastMove: Vec2?
            for e in path.elements {
                switch e {
                case .move(let p): lastMove = p; last = p
                case .line(let p), .quad(_, let p), .cubic(_, _, let p): last = p
                case .close: last = lastMove
                }
            }
            return (from + box, last.map(ctm.apply), lastMove.map(ctm.apply))
        default: return ([], nil, nil)
        }
    }
}

/// A 2D affine map (a, b, c, d, tx, ty): x' = a·x + c·y + tx, y' = b·x + d·y + ty.
struct Affine {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0
    static let identity = Affine()
    func apply(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// self ∘ m (m applied first), as cairo's translate/scale/rotate compose.
    func then(_ m: Affine) -> Affine {
        Affine(a: a * m.a + c * m.b, b: b * m.a + d * m.b, c: a * m.c + c * m.d, d: b * m.c + d * m.d,
               tx: a * m.tx + c * m.ty + tx, ty: b * m.tx + d * m.ty + ty)
    }
    func translated(_ v: Vec2) -> Affine { then(Affine(tx: v.x, ty: v.y)) }
    func scaled(_ v: Vec2) -> Affine {
        guard v.x.isFinite, v.y.isFinite, v.x != 0, v.y != 0 else { return self }
        return then(Affine(a: v.x, d: v.y))
    }
    func rotated(_ t: Double) -> Affine {
        guard t.isFinite else { return self }
        return then(Affine(a: cos(t), b: sin(t), c: -sin(t), d: cos(t)))
    }
    /// How much the map stretches a length at most (its largest singular value).
    var maximumScale: Double {
        let p = a * a + b * b, q = a * c + b * d, r = c * c + d * d
        let mid = (p + r) / 2, dev = (((p - r) / 2) * ((p - r) / 2) + q * q).squareRoot()
        return (mid + dev).squareRoot()
    }
}
