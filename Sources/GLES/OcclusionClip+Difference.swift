// GLES: the rectangle difference OcclusionClip cuts pieces with — a
// rectangle minus the union of a few others, as disjoint rectangles swept in
// bands top to bottom. It runs once for each piece worth cutting (about a
// thousand a frame on layers-1000), so it works in buffers allocated once
// per pass: no array, no allocation and no reference counting per piece.

extension OcclusionClip {
    /// Room for rectangle differences of at most `maxOccluders` occluders
    /// and `cap` result rectangles, reused from one difference to the next.
    final class DifferenceBuffers {
        let maxOccluders: Int
        let cap: Int
        /// The occluders cut to the target, by left edge.
        private let cut: UnsafeMutablePointer<PixelRect>
        /// The band edges: the target's, and the top and bottom of each cut occluder.
        private let ys: UnsafeMutablePointer<Int>
        /// The result (`count` rectangles), then the spans of the band being swept.
        let out: UnsafeMutablePointer<PixelRect>
        /// Rectangles in `out` after a difference that stayed within the cap.
        private(set) var count = 0

        init(maxOccluders: Int, cap: Int) {
            precondition(maxOccluders >= 0 && cap >= 1)
            self.maxOccluders = maxOccluders
            self.cap = cap
            cut = .allocate(capacity: max(1, maxOccluders))
            ys = .allocate(capacity: 2 * maxOccluders + 2)
            // A band adds at most one span more than it has occluders, after at most `cap` rectangles.
            out = .allocate(capacity: cap + maxOccluders + 1)
        }

        deinit {
            cut.deallocate()
            ys.deallocate()
            out.deallocate()
        }

        /// The result of the last difference.
        var rects: UnsafeBufferPointer<PixelRect> { UnsafeBufferPointer(start: out, count: count) }

        /// `target` minus the union of `occluders` (at most `maxOccluders`)
        /// into `rects`: bands top to bottom, rectangles of equal column spans
        /// in consecutive bands merged. False when that takes more than `cap`
        /// rectangles (`rects` is then meaningless).
        func difference(_ target: PixelRect, _ occluders: UnsafeBufferPointer<PixelRect>) -> Bool {
            precondition(occluders.count <= maxOccluders)
            count = 0
            // The occluders' parts inside the target, by left edge (insertion: there are few),
            // so each band's covering spans come out in order.
            var k = 0
            for o in occluders {
                let c = o.intersection(target)
                if c.isEmpty { continue }
                var m = k
                while m > 0, cut[m - 1].x0 > c.x0 { cut[m] = cut[m - 1]; m -= 1 }
                cut[m] = c
                k += 1
            }
            if k == 0 {
                if !target.isEmpty { out[0] = target; count = 1 }
                return true
            }
            ys[0] = target.y0; ys[1] = target.y1
            var e = 2
            func insert(_ y: Int) {
                // An edge on the target's own top or bottom would only make an empty band.
                guard y > target.y0, y < target.y1 else { return }
                var m = e
                while m > 0, ys[m - 1] > y { ys[m] = ys[m - 1]; m -= 1 }
                ys[m] = y
                e += 1
            }
            for j in 0..<k { insert(cut[j].y0); insert(cut[j].y1) }
            // The open rectangles are the last `open` of the result, extended
            // downwards while the spans of the next band are the same.
            var open = 0
            var ya = ys[0]
            for q in 1..<e {
                let yb = ys[q]
                guard yb > ya else { continue }
                defer { ya = yb }
                // This band's spans, written after the result for now.
                var m = 0
                var x = target.x0
                for j in 0..<k {
                    let c = cut[j]
                    guard c.y0 <= ya, c.y1 >= yb else { continue }
                    if c.x0 > x { out[count + m] = PixelRect(x0: x, y0: ya, x1: c.x0, y1: yb); m += 1 }
                    if c.x1 > x { x = c.x1 }
                }
                if x < target.x1 { out[count + m] = PixelRect(x0: x, y0: ya, x1: target.x1, y1: yb); m += 1 }
                if m == open {
                    let base = count - open
                    var same = true
                    for j in 0..<m where out[base + j].x0 != out[count + j].x0 || out[base + j].x1 != out[count + j].x1 {
                        same = false
                        break
                    }
                    if same {
                        for j in 0..<m { out[base + j].y1 = yb }
                        continue
                    }
                }
                count += m
                open = m
                if count > cap { return false }
            }
            return true
        }
    }

    /// `target` minus the union of `occluders` as disjoint rectangles (bands
    /// top to bottom, rectangles of equal column spans in consecutive bands
    /// merged), or nil when that takes more than `cap` rectangles.
    static func subtract(_ target: PixelRect, _ occluders: [PixelRect], cap: Int) -> [PixelRect]? {
        let buffers = DifferenceBuffers(maxOccluders: occluders.count, cap: max(1, cap))
        let fits = occluders.withUnsafeBufferPointer { buffers.difference(target, $0) }
        guard fits, buffers.count <= cap else { return nil }
        return Array(buffers.rects)
    }
}
