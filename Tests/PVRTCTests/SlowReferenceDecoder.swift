// SlowReferenceDecoder: an independent, deliberately simple PVRTC1 decoder for
// the tests, written per texel straight from the rules in PVRTC-NOTES.md (no
// SWAR, no grids, recursion for neighbours) so that the module's fast decoder
// can be compared against it on random data.

enum SlowReferenceDecoder {
    static func field(_ v: UInt32, _ lo: Int, _ count: Int) -> Int {
        Int((v >> UInt32(lo)) & ((1 << UInt32(count)) - 1))
    }

    /// Bit replication from n to m bits (m - n ≤ n).
    static func replicate(_ v: Int, from n: Int, to m: Int) -> Int {
        (v << (m - n)) | (v >> (2 * n - m))
    }

    /// [r, g, b, a] at 5/5/5/4 bits for colour A (isB false) or B.
    static func color(_ col: UInt32, isB: Bool) -> [Int] {
        let base = isB ? 16 : 0
        if field(col, base + 15, 1) == 1 {
            let r = field(col, base + 10, 5), g = field(col, base + 5, 5)
            let b = isB ? field(col, base, 5) : replicate(field(col, 1, 4), from: 4, to: 5)
            return [r, g, b, 15]
        }
        let a = field(col, base + 12, 3) * 2
        let r = replicate(field(col, base + 8, 4), from: 4, to: 5)
        let g = replicate(field(col, base + 4, 4), from: 4, to: 5)
        let b = isB ? replicate(field(col, base, 4), from: 4, to: 5)
                    : replicate(field(col, 1, 3), from: 3, to: 5)
        return [r, g, b, a]
    }

    struct Texture {
        let data: [UInt8], width: Int, height: Int, four: Bool
        var bw: Int { four ? 4 : 8 }
        var nbx: Int { width / bw }
        var nby: Int { height / 4 }

        func word(_ bx: Int, _ by: Int) -> (mod: UInt32, col: UInt32) {
            let bxw = ((bx % nbx) + nbx) % nbx, byw = ((by % nby) + nby) % nby
            let off = slowMortonIndex(x: bxw, y: byw, wide: nbx, high: nby) * 8
            func u32(_ o: Int) -> UInt32 {
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(data[o + $1]) << (8 * UInt32($1)) }
            }
            return (u32(off), u32(off + 4))
        }

        /// 2bpp stored or direct weight of texel (x, y) (wrapped); nil for an
        /// unstored texel of an interpolated word.
        func stored2bpp(_ x: Int, _ y: Int) -> Int? {
            let xw = ((x % width) + width) % width, yw = ((y % height) + height) % height
            let w = word(xw / 8, yw / 4), tx = xw % 8, ty = yw % 4
            if w.col & 1 == 0 { return field(w.mod, ty * 8 + tx, 1) == 1 ? 8 : 0 }
            if (tx + ty) % 2 == 1 { return nil }
            var index = 0
            for py in 0..<4 { for px in 0..<8 where (px + py) % 2 == 0 && py * 8 + px < ty * 8 + tx { index += 1 } }
            var value = field(w.mod, 2 * index, 2)
            if index == 0 { value = field(w.mod, 1, 1) * 3 }
            if index == 10 && field(w.mod, 0, 1) == 1 { value = field(w.mod, 21, 1) * 3 }
            return [0, 3, 5, 8][value]
        }

        /// Weight 0…8 and punch-through flag of texel (x, y).
        func modulation(_ x: Int, _ y: Int) -> (w: Int, punch: Bool) {
            let w = word(x / bw, y / 4), tx = x % bw, ty = y % 4
            if four {
                let v = field(w.mod, 2 * (4 * ty + tx), 2)
                if w.col & 1 == 0 { return ([0, 3, 5, 8][v], false) }
                return ([0, 4, 4, 8][v], v == 2)
            }
            if let s = stored2bpp(x, y) { return (s, false) }
            let l = stored2bpp(x - 1, y)!, r = stored2bpp(x + 1, y)!
            let u = stored2bpp(x, y - 1)!, d = stored2bpp(x, y + 1)!
            if field(w.mod, 0, 1) == 0 { return ((l + r + u + d + 2) / 4, false) }
            if field(w.mod, 20, 1) == 1 { return ((u + d + 1) / 2, false) }
            return ((l + r + 1) / 2, false)
        }

        /// Upscaled colour A or B at (x, y), widened to 8 bits.
        func upscaled(_ x: Int, _ y: Int, isB: Bool) -> [Int] {
            let xr = ((x - bw / 2) % bw + bw) % bw, yr = ((y - 2) % 4 + 4) % 4
            let bx = (x - bw / 2 - xr) / bw, by = (y - 2 - yr) / 4
            let p = color(word(bx, by).col, isB: isB), q = color(word(bx + 1, by).col, isB: isB)
            let r = color(word(bx, by + 1).col, isB: isB), s = color(word(bx + 1, by + 1).col, isB: isB)
            var out = [Int]()
            for c in 0..<4 {
                let sum = (bw - xr) * (4 - yr) * p[c] + xr * (4 - yr) * q[c]
                        + (bw - xr) * yr * r[c] + xr * yr * s[c]
                if four { out.append(c < 3 ? (sum >> 1) + (sum >> 6) : sum + (sum >> 4)) }
                else { out.append(c < 3 ? (sum >> 2) + (sum >> 7) : (sum >> 1) + (sum >> 5)) }
            }
            return out
        }

        func texel(_ x: Int, _ y: Int) -> [Int] {
            let a = upscaled(x, y, isB: false), b = upscaled(x, y, isB: true)
            let m = modulation(x, y)
            var out = (0..<4).map { (a[$0] * (8 - m.w) + b[$0] * m.w) / 8 }
            if m.punch { out[3] = 0 }
            return out
        }
    }

    /// Decodes a level of at least the minimum size; returns RGBA8 bytes.
    static func decode(_ data: [UInt8], width: Int, height: Int, fourBpp: Bool) -> [UInt8] {
        let t = Texture(data: data, width: width, height: height, four: fourBpp)
        var out = [UInt8]()
        for y in 0..<height { for x in 0..<width { out += t.texel(x, y).map { UInt8($0) } } }
        return out
    }
}
