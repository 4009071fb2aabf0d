// Geometry: SVG elliptical arcs → cubic Béziers. Follows the SVG
// implementation notes (appendix F.6 of SVG 1.1, "Elliptical arc
// implementation notes"): endpoint → centre parameterisation, radii scaled
// up when they cannot span the endpoints, a zero radius degrading to a line
// and coincident endpoints to nothing. Each cubic spans at most 90°
// (control length 4/3·tan(δ/4)), keeping the radial error below 0.03 % of
// the radius; the last endpoint is the exact given point so paths close.

import Foundation

/// One arc command in endpoint form.
struct SVGArc {
    var from: Vec2
    var to: Vec2
    var rx: Double
    var ry: Double
    var rotationDegrees: Double
    var largeArc: Bool
    var sweep: Bool

    init(from: Vec2, to: Vec2, rx: Double, ry: Double, rotationDegrees: Double,
         largeArc: Bool, sweep: Bool) {
        self.from = from; self.to = to; self.rx = rx; self.ry = ry
        self.rotationDegrees = rotationDegrees; self.largeArc = largeArc; self.sweep = sweep
    }

    /// The path elements that draw the arc from `from` (not included) to `to`.
    func elements() -> [PathElement] {
        if from == to { return [] }                       // F.6.2: omit the arc
        var rx = abs(rx), ry = abs(ry)
        if rx == 0 || ry == 0 { return [.line(to)] }      // F.6.2: straight line
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)

        // F.6.5.1: the midpoint-relative endpoint in the ellipse's axes.
        let dx = (from.x - to.x) / 2, dy = (from.y - to.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy

        // F.6.6: scale the radii up when too small.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s; ry *= s
        }

        // F.6.5.2: the centre in the rotated frame.
        let rx2 = rx * rx, ry2 = ry * ry
        let num = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
        let den = rx2 * y1 * y1 + ry2 * x1 * x1
        var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cxr = coef * rx * y1 / ry
        let cyr = -coef * ry * x1 / rx

        // F.6.5.3: the centre in user space.
        let cx = cosPhi * cxr - sinPhi * cyr + (from.x + to.x) / 2
        let cy = sinPhi * cxr + cosPhi * cyr + (from.y + to.y) / 2

        // F.6.5.5–6: start angle and sweep.
        let ux = (x1 - cxr) / rx, uy = (y1 - cyr) / ry
        let vx = (-x1 - cxr) / rx, vy = (-y1 - cyr) / ry
        let theta1 = atan2(uy, ux)
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        // Radii so small (denormal) or endpoints so far apart that the maths
        // overflows: no arc can be drawn, so degrade to the chord.
        guard delta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else {
            return [.line(to)]
        }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }

        // Split into segments of at most 90° (a tiny slack keeps exact
        // quarter arcs in one piece despite rounding).
        let count = Int(clamping: (abs(delta) / (.pi / 2) - 1e-9).rounded(.up), to: 1...4)
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)

        func point(_ t: Double) -> Vec2 {
            let ct = cos(t), st = sin(t)
            return Vec2(cx + rx * cosPhi * ct - ry * sinPhi * st,
                        cy + rx * sinPhi * ct + ry * cosPhi * st)
        }
        func derivative(_ t: Double) -> Vec2 {
            let ct = cos(t), st = sin(t)
            return Vec2(-rx * cosPhi * st - ry * sinPhi * ct,
                        -rx * sinPhi * st + ry * cosPhi * ct)
        }

        var out: [PathElement] = []
        out.reserveCapacity(count)
        var t0 = theta1
        var p0 = from
        for i in 0..<count {
            let t1 = i == count - 1 ? theta1 + delta : t0 + step
            let p1 = i == count - 1 ? to : point(t1)
            out.append(.cubic(p0 + derivative(t0) * k, p1 - derivative(t1) * k, p1))
            t0 = t1
            p0 = p1
        }
        return out
    }
}
