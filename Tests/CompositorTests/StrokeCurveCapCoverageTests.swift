// A dashed stroke of a curve, on both backends, against its exact
// coverage: each dash is the union of the curve's normals of half the
// line width between the dash's ends at their true arc lengths (for square
// caps, with the box half a width long along the true tangent at each
// end). The arch's radius of curvature (34 points at least) is far above
// half the width, so that union is the polygon of the two offset curves,
// sampled here at 2,000 parameters per dash (within 10⁻⁶ pixels of the
// curves); each pixel's expected value is 255 × (1 − the area inside its
// square) (TestSupport's pixelArea). The curve, its arc length and its
// normals come from the Bézier formula in this file, not from our
// flattening or stroker.

import Geometry
import TestSupport
import XCTest

final class StrokeCurveCapCoverageTests: XCTestCase {
    /// The arch M 10 70 C 30 0 90 0 110 70, in points (the canvas is at scale 2).
    let p = [Vec2(10, 70), Vec2(30, 0), Vec2(90, 0), Vec2(110, 70)]

    func point(_ t: Double) -> Vec2 {
        let u = 1 - t
        return p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t)
    }

    func tangent(_ t: Double) -> Vec2 {
        let u = 1 - t
        let d = (p[1] - p[0]) * (3 * u * u) + (p[2] - p[1]) * (6 * u * t) + (p[3] - p[2]) * (3 * t * t)
        return d * (1 / d.length)
    }

    /// Cumulative arc length at 100,000 even parameter steps.
    lazy var table: [Double] = {
        let n = 100_000
        var out = [0.0]
        for i in 1...n {
            let a = Double(i - 1) / Double(n), b = Double(i) / Double(n)
            // Simpson's rule on each step.
            let speed = { (t: Double) -> Double in
                let u = 1 - t
                return ((self.p[1] - self.p[0]) * (3 * u * u) + (self.p[2] - self.p[1]) * (6 * u * t)
                        + (self.p[3] - self.p[2]) * (3 * t * t)).length
            }
            out.append(out[i - 1] + (b - a) / 6 * (speed(a) + 4 * speed((a + b) / 2) + speed(b)))
        }
        return out
    }()

    func parameter(atLength s: Double) -> Double {
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 { let m = (lo + hi) / 2; if table[m] <= s { lo = m } else { hi = m } }
        let f = (s - table[lo]) / (table[hi] - table[lo])
        return (Double(lo) + f) / Double(table.count - 1)
    }

    /// The exact region of the dash between arc lengths `a` and `b`, in canvas pixels.
    func dashRegion(_ a: Double, _ b: Double, hw: Double, square: Bool) -> [Vec2] {
        let ta = parameter(atLength: a), tb = parameter(atLength: b)
        let n = 2000
        var left: [Vec2] = [], right: [Vec2] = []
        for i in 0...n {
            let t = ta + (tb - ta) * Double(i) / Double(n)
            let d = tangent(t), q = point(t), o = Vec2(-d.y, d.x) * hw
            left.append(q + o); right.append(q - o)
        }
        if square {
            let d0 = tangent(ta) * hw, d1 = tangent(tb) * hw
            left.insert(left[0] - d0, at: 0); right.insert(right[0] - d0, at: 0)
            left.append(left[left.count - 1] + d1); right.append(right[right.count - 1] + d1)
        }
        return (left + right.reversed()).map { $0 * 2 }
    }

    /// The dashes (arc lengths) of `pattern` from phase 0 along the whole arch.
    func dashes(_ pattern: [Double]) -> [(Double, Double)] {
        let total = table.last!
        var out: [(Double, Double)] = [], s = 0.0, i = 0
        while s < total {
            let e = min(s + pattern[i % 2], total)
            if i % 2 == 0 { out.append((s, e)) }
            s = e; i += 1
        }
        return out
    }

    func assertExact(cap: String, pattern: [Double], file: StaticString = #filePath, line: UInt = #line) throws {
        let hw = 5.0
        let scene = ##"{"canvas":{"width":120,"height":80,"scale":2,"backgroundColor":"#FFFFFF"},"sublayers":[{"type":"shape","frame":[0,0,120,80],"path":"M 10 70 C 30 0 90 0 110 70","fillColor":null,"strokeColor":"#000000","lineWidth":10,"lineCap":""## + cap + ##"","lineDashPattern":["## + pattern.map { "\($0)" }.joined(separator: ",") + "]}]}"
        var expected = [[Double]](repeating: [Double](repeating: 255, count: 240), count: 160)
        let regions = dashes(pattern).map { dashRegion($0.0, $0.1, hw: hw, square: cap == "square") }
        for r in regions {
            let box = Rect.bounding(r)
            for y in max(0, Int(box.minY.rounded(.down)))..<min(160, Int(box.maxY.rounded(.up))) {
                for x in max(0, Int(box.minX.rounded(.down)))..<min(240, Int(box.maxX.rounded(.up))) {
                    expected[y][x] -= 255 * pixelArea(r, x, y)  // the dashes do not overlap
                }
            }
        }
        // Our chords lie within 0.05 pixels of the curve, so the stroke's
        // long edges within 0.05 × (1 + half width / radius) = 0.058 pixels
        // of the offset curves (the radius is 68 pixels at least, half the
        // width 10): a pixel's area is off by under 0.058 × √2, 21 levels,
        // plus one for rounding. A cap turned by the chord's angle (up to
        // 0.054 radian here) moves its corners by up to 0.5 pixels.
        for (backend, out) in try ContractPixels.render(scene) {
            var worst = 0.0, at = (0, 0)
            for y in 0..<160 {
                for x in 0..<240 {
                    let err = abs(Double(out.image[x, y].0) - expected[y][x])
                    if err > worst { worst = err; at = (x, y) }
                }
            }
            XCTAssertLessThanOrEqual(worst, 22, "\(cap), \(backend): worst at \(at)", file: file, line: line)
        }
    }

    func testButtCapsOfDashesOnACurveAreTheExactEnds() throws {
        try assertExact(cap: "butt", pattern: [7.3, 6.1])
    }

    func testSquareCapsOfDashesOnACurveAreTheExactBoxes() throws {
        try assertExact(cap: "square", pattern: [9.3, 12.4])
    }

    func testDashEndsOnACurveTighterThanHalfTheWidthAreItsNormals() throws {
        // A circle of radius 3 (the shorthand's four cubics, within 0.001
        // of it) under a 10-point butt-capped stroke dashed [5, 3], at scale 4:
        // half the width passes the radius, so each dash's normals cross at
        // the centre and cover, beyond it, the opposite sector out to 5 − 3 = 2.
        // By angle φ about the centre the union of the dashes' normals reaches
        // out to 8 where φ is in a dash, else to 2 where φ + π is, else
        // nowhere: disjoint sectors, whose pixel areas add up. The dashes
        // (the last runs on through the start into the first) are measured
        // along the cubics: each quarter's arc length, from the Bézier
        // formula here, is a quarter turn.
        let r = 3.0, hw = 5.0, k = 0.5522847498307936
        let q = [Vec2(r, 0), Vec2(r, k * r), Vec2(k * r, r), Vec2(0, r)]
        var quarter = 0.0
        let n = 100_000
        for i in 0..<n {
            let speed = { (t: Double) -> Double in
                let u = 1 - t
                return ((q[1] - q[0]) * (3 * u * u) + (q[2] - q[1]) * (6 * u * t) + (q[3] - q[2]) * (3 * t * t)).length
            }
            let a = Double(i) / Double(n), b = Double(i + 1) / Double(n)
            quarter += (b - a) / 6 * (speed(a) + 4 * speed((a + b) / 2) + speed(b))
        }
        let total = 4 * quarter
        // Arc length to angle: each quarter's cubic runs at a speed within 0.1 % of even.
        let angle = { (s: Double) -> Double in s / quarter * Double.pi / 2 }
        let dashes = [(angle(16), angle(total + 5)), (angle(8), angle(13))]
        func inDash(_ phi: Double) -> Bool {
            dashes.contains { d in
                var p = phi
                while p < d.0 { p += 2 * Double.pi }
                return p <= d.1
            }
        }
        var cuts: [Double] = []
        for d in dashes { for e in [d.0, d.1] { cuts += [e, e - Double.pi] } }
        cuts = cuts.map { var c = $0.truncatingRemainder(dividingBy: 2 * Double.pi); if c < 0 { c += 2 * Double.pi }; return c }
        cuts.sort()
        cuts.append(cuts[0] + 2 * Double.pi)
        let centre = Vec2(10, 10)
        var sectors: [[Vec2]] = []
        for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
            let mid = (a + b) / 2
            let reach = inDash(mid) ? r + hw : inDash(mid + Double.pi) ? hw - r : 0
            guard reach > 0 else { continue }
            let steps = max(2, Int((b - a) * 2000))
            var poly = [centre * 4]
            for i in 0...steps {
                let t = a + (b - a) * Double(i) / Double(steps)
                poly.append((centre + Vec2(cos(t), sin(t)) * reach) * 4)
            }
            sectors.append(poly)
        }
        var expected = [[Double]](repeating: [Double](repeating: 255, count: 80), count: 80)
        for poly in sectors {
            let box = Rect.bounding(poly)
            for y in max(0, Int(box.minY.rounded(.down)))..<min(80, Int(box.maxY.rounded(.up))) {
                for x in max(0, Int(box.minX.rounded(.down)))..<min(80, Int(box.maxX.rounded(.up))) {
                    expected[y][x] -= 255 * pixelArea(poly, x, y)
                }
            }
        }
        let scene = ##"{"canvas":{"width":20,"height":20,"scale":4,"backgroundColor":"#FFFFFF"},"sublayers":[{"type":"shape","frame":[0,0,20,20],"path":{"ellipse":[7,7,6,6]},"fillColor":null,"strokeColor":"#000000","lineWidth":10,"lineDashPattern":[5,3]}]}"##
        // Chords within 0.05 pixels of the curve: the outer edge (the chords'
        // own offsets) within 0.05 pixels of the circle of radius 8, the
        // edge beyond the centre (a chord of the circle of radius 2 between
        // true normals) within 0.05 × 2 / 3; the cubics within 0.001 points
        // (0.004 pixels) of the circle. So 0.054 × √2 × 255 = 20 levels.
        // The chords' own normals (their quads) would cover up to the
        // chord's length past an end's normal beyond the centre.
        for (backend, out) in try ContractPixels.render(scene) {
            var worst = 0.0, at = (0, 0)
            for y in 0..<80 {
                for x in 0..<80 {
                    let err = abs(Double(out.image[x, y].0) - expected[y][x])
                    if err > worst { worst = err; at = (x, y) }
                }
            }
            XCTAssertLessThanOrEqual(worst, 20, "\(backend): worst at \(at)")
        }
    }
}
