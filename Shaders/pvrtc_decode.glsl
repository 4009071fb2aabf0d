// pvrtc_decode.glsl: PVRTC1 4bpp decoding of single texels in the fragment
// shader, bit-exact with Sources/PVRTC/PVRTCDecoder.swift, followed by the
// premultiply of Image(straightRGBA:) (Image.mul255), and llvmpipe's integer
// bilinear filter (GLConventions.bilinearTaps / lerp8) on the decoded bytes.
//
// The blocks arrive as an RGBA8 texture of (2·nbx) × nby texels in raster
// block order (GLES/PVRTCUpload.swift reorders the Morton words): texel
// (2·bx, by) holds block (bx, by)'s modulation word, texel (2·bx + 1, by) its
// colour word, byte i of the little-endian word in channel i. The sampler is
// GL_NEAREST and every fetch hits a texel centre.
//
// Integer maths runs in highp floats: every value stays below 2^17 and bits
// are extracted with floor/mod by powers of two, so each step is exact.

uniform highp sampler2D u_blocks;

// The four bytes (0…255) of word `w` (0 modulation, 1 colour) of block `b`; `nb` = (nbx, nby).
vec4 pvr_word(vec2 b, float w, vec2 nb) {
    vec2 c = vec2(2.0 * b.x + w + 0.5, b.y + 0.5) / vec2(2.0 * nb.x, nb.y);
    return floor(texture2D(u_blocks, c) * 255.0 + 0.5);
}

// ⌊v / shift⌋ mod count, shift and count powers of two.
float pvr_bits(float v, float shift, float count) {
    return mod(floor(v / shift), count);
}

// 4-bit → 5-bit widening x<<1 | x>>3.
float pvr_w45(float x) { return x * 2.0 + floor(x / 8.0); }

// Colour A (colour word bits 1–15, bytes x and y): RGB 0…31, alpha 0…15.
// Opaque (bit 15): R5 bits 10–14, G5 bits 5–9, B4 bits 1–4; translucent: A3
// bits 12–14, R4 bits 8–11, G4 bits 4–7, B3 bits 1–3 — every field read from
// five shared quotients of the bytes. Both forms are computed and one chosen
// by a 0/1 weight (exact), with no branch: llvmpipe would run both sides of a
// per-fragment branch anyway.
vec4 pvr_colorA(vec4 word) {
    float x2 = floor(word.x / 2.0), x16 = floor(word.x / 16.0), x32 = floor(word.x / 32.0);
    float y4 = floor(word.y / 4.0), y16 = floor(word.y / 16.0);
    float opaque = step(128.0, word.y);
    float b4 = x2 - 16.0 * x32, b3 = x2 - 8.0 * x16;
    vec4 o = vec4(y4 - 32.0, (word.y - 4.0 * y4) * 8.0 + x32, pvr_w45(b4), 15.0);
    vec4 t = vec4(pvr_w45(word.y - 16.0 * y16), pvr_w45(x16), b3 * 4.0 + floor(b3 / 2.0), y16 * 2.0);
    return t + (o - t) * opaque;
}

// Colour B (colour word bits 16–31, bytes z and w): opaque R5 G5 B5 (bits
// 10–14, 5–9, 0–4 of the half-word), translucent A3 R4 G4 B4 (12–14, 8–11,
// 4–7, 0–3); branch-free like pvr_colorA.
vec4 pvr_colorB(vec4 word) {
    float z16 = floor(word.z / 16.0), z32 = floor(word.z / 32.0);
    float w4 = floor(word.w / 4.0), w16 = floor(word.w / 16.0);
    float opaque = step(128.0, word.w);
    vec4 o = vec4(w4 - 32.0, (word.w - 4.0 * w4) * 8.0 + z32, word.z - 32.0 * z32, 15.0);
    vec4 t = vec4(pvr_w45(word.w - 16.0 * w16), pvr_w45(z16), pvr_w45(word.z - 16.0 * z16), w16 * 2.0);
    return t + (o - t) * opaque;
}

// A bilinear sum C (weights summing to 16) widened to 8 bits: RGB (C>>1)+(C>>6), alpha C+(C>>4).
vec4 pvr_widen(vec4 c) {
    return vec4(floor(c.rgb / 2.0) + floor(c.rgb / 64.0), c.a + floor(c.a / 16.0));
}

// Colours A and B at texel `t`, upscaled bilinearly (with wrap-around) from
// the four blocks of `bs` texels around it — integer sums weighted to
// bs.x·bs.y, not yet widened to 8 bits — and the mode bit of the texel's own
// block. Shared by the 4bpp (4×4 blocks) and 2bpp (8×4) decoders.
void pvr_upscale(vec2 t, vec2 size, vec2 bs, out vec4 a, out vec4 b, out float mode) {
    vec2 nb = size / bs;
    vec2 p = t - bs / 2.0;
    vec2 q = floor(p / bs);
    vec2 r = p - bs * q;                  // offset from the upper-left block centre
    vec2 b0 = mod(q, nb);
    vec2 b1 = mod(b0 + 1.0, nb);
    vec4 w00 = pvr_word(b0, 1.0, nb);
    vec4 w10 = pvr_word(vec2(b1.x, b0.y), 1.0, nb);
    vec4 w01 = pvr_word(vec2(b0.x, b1.y), 1.0, nb);
    vec4 w11 = pvr_word(b1, 1.0, nb);
    float k00 = (bs.x - r.x) * (bs.y - r.y), k10 = r.x * (bs.y - r.y);
    float k01 = (bs.x - r.x) * r.y, k11 = r.x * r.y;
    a = pvr_colorA(w00) * k00 + pvr_colorA(w10) * k10 + pvr_colorA(w01) * k01 + pvr_colorA(w11) * k11;
    b = pvr_colorB(w00) * k00 + pvr_colorB(w10) * k10 + pvr_colorB(w01) * k01 + pvr_colorB(w11) * k11;
    // The texel's own block is column b0 when its local x is in the block's
    // right half (else b1), likewise rows.
    vec2 l = t - bs * floor(t / bs);
    vec4 own = l.y >= bs.y / 2.0 ? (l.x >= bs.x / 2.0 ? w00 : w10) : (l.x >= bs.x / 2.0 ? w01 : w11);
    mode = mod(own.x, 2.0);
}

// The texel from widened colours and its modulation weight w (0…8), alpha
// zeroed when `punch` is 1 (0 or 1), premultiplied like Image.mul255:
// t = x·a + 128, (t + (t >> 8)) >> 8.
vec4 pvr_modulate(vec4 a, vec4 b, float w, float punch) {
    vec4 c = floor((a * (8.0 - w) + b * w) / 8.0);
    c.a *= 1.0 - punch;
    vec3 pm = c.rgb * c.a + 128.0;
    return vec4(floor((pm + floor(pm / 256.0)) / 256.0), c.a);
}

// The 4bpp texel at local position `l` (0…3 per axis) of a block with
// modulation bytes `m` and mode bit `punchMode`, from its widened colours.
// The 2-bit value v gives w = 0, 3, 5, 8 (3v − [v ≥ 2]) in the standard mode
// and 0, 4, 4, 8 (4⌈v/2⌉) with punch-through, where v = 2 also clears alpha.
vec4 pvr_modulated4(vec4 a, vec4 b, vec4 m, vec2 l, float punchMode) {
    float row = l.y < 1.0 ? m.x : (l.y < 2.0 ? m.y : (l.y < 3.0 ? m.z : m.w));
    float div = l.x < 1.0 ? 1.0 : (l.x < 2.0 ? 4.0 : (l.x < 3.0 ? 16.0 : 64.0));
    float v = mod(floor(row / div), 4.0);
    float ws = 3.0 * v - step(1.5, v), wp = 4.0 * floor((v + 1.0) / 2.0);
    float w = ws + (wp - ws) * punchMode;
    float punch = punchMode * step(1.5, v) * step(v, 2.5);
    return pvr_modulate(a, b, w, punch);
}

// The premultiplied RGBA bytes of texel `t` (integers, inside the texture) of a
// 4bpp texture of `size` texels.
vec4 pvr_texel(vec2 t, vec2 size) {
    vec2 nb = size / 4.0;
    vec4 a, b;
    float punchMode;
    pvr_upscale(t, size, vec2(4.0), a, b, punchMode);
    a = pvr_widen(a);
    b = pvr_widen(b);
    vec2 own = floor(t / 4.0);
    vec2 l = t - 4.0 * own;
    vec4 m = pvr_word(own, 0.0, nb);
    return pvr_modulated4(a, b, m, l, punchMode);
}

// llvmpipe's bilinear taps along one axis (clamp to edge): (i0, i1, w) with
// s = roundEven(u·size·256) − 128, i0 = s >> 8, w = s & 255.
vec3 pvr_taps(float u, float size) {
    float f = clamp(u * size * 256.0, -1000000.0, 1000000000.0);
    float r = floor(f + 0.5);
    if (r - f == 0.5 && mod(r, 2.0) == 1.0) r -= 1.0;
    float s = r - 128.0;
    float i = floor(s / 256.0);
    float w = s - 256.0 * i;
    return vec3(clamp(i, 0.0, size - 1.0), clamp(i + 1.0, 0.0, size - 1.0), w);
}

// llvmpipe's 8-bit lerp a + (((b − a)·w + 128) >> 8).
vec4 pvr_lerp8(vec4 a, vec4 b, float w) {
    return a + floor(((b - a) * w + 128.0) / 256.0);
}

// ---- 4bpp bilinear footprint ----
// The four taps of a linear-filtered fragment are texels (x0|x1, y0|y1) with
// x1 = x0 or x0 + 1 (likewise y). With q = ⌊(x0 − 2) / 4⌋, tap x's colours
// blend block columns q and q + 1 with weights 4 − r and r, r = x − 2 − 4q:
// r is 0…3 for x0 and 0…4 for x1 — when x1 crosses into the next block
// interval its offset from column q + 1 is 0, so column q + 2 would get weight
// 0 and is never read. Every tap's own block ⌊x / 4⌋ is q or q + 1 too. So a
// fragment fetches the 2 × 2 blocks' colour and modulation words once (8
// fetches instead of 4 × 5), decodes 4 colour pairs instead of 16, and blends
// the colour rows once per tap column. Blocks are picked by 0/1 weights
// (exact), so each tap equals pvr_texel's bytes.

// The byte of row `ly` (0…3) of modulation word m.
float pvr_rowByte(vec4 m, float ly) { return ly < 1.0 ? m.x : (ly < 2.0 ? m.y : (ly < 3.0 ? m.z : m.w)); }

// 4^lx for a local column lx of 0…3: the divisor of its 2-bit field in a row byte.
float pvr_fieldDiv(float lx) { return lx < 1.0 ? 1.0 : (lx < 2.0 ? 4.0 : (lx < 3.0 ? 16.0 : 64.0)); }

// The premultiplied bytes of a tap: colour rows ha0/ha1 and hb0/hb1 already
// blended for its column, ry its row offset (0…4) from grid row 0, and its
// own block's modulation row byte, field divisor and mode bit.
vec4 pvr_tap4(vec4 ha0, vec4 ha1, vec4 hb0, vec4 hb1, float ry, float row, float div, float punchMode) {
    vec4 a = pvr_widen(ha0 * (4.0 - ry) + ha1 * ry);
    vec4 b = pvr_widen(hb0 * (4.0 - ry) + hb1 * ry);
    float v = mod(floor(row / div), 4.0);
    float ws = 3.0 * v - step(1.5, v), wp = 4.0 * floor((v + 1.0) / 2.0);
    float w = ws + (wp - ws) * punchMode;
    float punch = punchMode * step(1.5, v) * step(v, 2.5);
    return pvr_modulate(a, b, w, punch);
}

// The 2 × 2 blocks (of bs texels) that a bilinear fragment's taps t0 and t1
// read, decoded once for both formats: the grid origin q (in blocks) and
// its wrapped position g0, the taps' offsets r0, r1 from the first block
// centre, the modulation words, the mode bits, and colours A and B blended
// along x (in units of bs.x) for the two tap columns, x0 (h*) and x1 (k*),
// each of grid rows 0 and 1.
struct PvrFootprint {
    vec2 nb, q, g0, r0, r1;
    vec4 m00, m10, m01, m11, mode;
    vec4 ha0, ha1, hb0, hb1, ka0, ka1, kb0, kb1;
};

PvrFootprint pvr_footprint(vec2 t0, vec2 t1, vec2 size, vec2 bs) {
    PvrFootprint f;
    f.nb = size / bs;
    f.q = floor((t0 - bs / 2.0) / bs);
    f.g0 = mod(f.q, f.nb);
    vec2 g0 = f.g0, g1 = mod(f.q + 1.0, f.nb), nb = f.nb;
    f.r0 = t0 - bs / 2.0 - bs * f.q;
    f.r1 = t1 - bs / 2.0 - bs * f.q;
    vec4 c00 = pvr_word(g0, 1.0, nb), c10 = pvr_word(vec2(g1.x, g0.y), 1.0, nb);
    vec4 c01 = pvr_word(vec2(g0.x, g1.y), 1.0, nb), c11 = pvr_word(g1, 1.0, nb);
    f.m00 = pvr_word(g0, 0.0, nb); f.m10 = pvr_word(vec2(g1.x, g0.y), 0.0, nb);
    f.m01 = pvr_word(vec2(g0.x, g1.y), 0.0, nb); f.m11 = pvr_word(g1, 0.0, nb);
    vec4 a00 = pvr_colorA(c00), a10 = pvr_colorA(c10), a01 = pvr_colorA(c01), a11 = pvr_colorA(c11);
    vec4 b00 = pvr_colorB(c00), b10 = pvr_colorB(c10), b01 = pvr_colorB(c01), b11 = pvr_colorB(c11);
    f.mode = mod(vec4(c00.x, c10.x, c01.x, c11.x), 2.0);
    float w = bs.x, x0 = f.r0.x, x1 = f.r1.x;
    f.ha0 = a00 * (w - x0) + a10 * x0; f.ha1 = a01 * (w - x0) + a11 * x0;
    f.hb0 = b00 * (w - x0) + b10 * x0; f.hb1 = b01 * (w - x0) + b11 * x0;
    f.ka0 = a00 * (w - x1) + a10 * x1; f.ka1 = a01 * (w - x1) + a11 * x1;
    f.kb0 = b00 * (w - x1) + b10 * x1; f.kb1 = b01 * (w - x1) + b11 * x1;
    return f;
}

// The bilinearly filtered premultiplied bytes at taps tx, ty (pvr_taps) of a
// 4bpp texture of `size` texels, decoding the footprint once.
vec4 pvr_bilinear4(vec3 tx, vec3 ty, vec2 size) {
    vec2 t0 = vec2(tx.x, ty.x), t1 = vec2(tx.y, ty.y);
    PvrFootprint f = pvr_footprint(t0, t1, size, vec2(4.0));
    vec2 q = f.q, r0 = f.r0, r1 = f.r1;
    vec4 m00 = f.m00, m10 = f.m10, m01 = f.m01, m11 = f.m11, mode = f.mode;
    vec4 ha0 = f.ha0, ha1 = f.ha1, hb0 = f.hb0, hb1 = f.hb1, ka0 = f.ka0, ka1 = f.ka1, kb0 = f.kb0, kb1 = f.kb1;
    // Each tap's own block in the grid (0 or 1 per axis) and local position.
    vec2 o0 = floor(t0 / 4.0) - q, o1 = floor(t1 / 4.0) - q;
    vec2 l0 = t0 - 4.0 * floor(t0 / 4.0), l1 = t1 - 4.0 * floor(t1 / 4.0);
    // Per tap row, its own grid row's modulation bytes (grid columns 0, 1) and mode bits.
    float y0c0 = pvr_rowByte(o0.y > 0.5 ? m01 : m00, l0.y), y0c1 = pvr_rowByte(o0.y > 0.5 ? m11 : m10, l0.y);
    float y1c0 = pvr_rowByte(o1.y > 0.5 ? m01 : m00, l1.y), y1c1 = pvr_rowByte(o1.y > 0.5 ? m11 : m10, l1.y);
    vec2 md0 = o0.y > 0.5 ? mode.zw : mode.xy, md1 = o1.y > 0.5 ? mode.zw : mode.xy;
    float d0 = pvr_fieldDiv(l0.x), d1 = pvr_fieldDiv(l1.x);
    bool c0 = o0.x > 0.5, c1 = o1.x > 0.5;
    vec4 t00 = pvr_tap4(ha0, ha1, hb0, hb1, r0.y, c0 ? y0c1 : y0c0, d0, c0 ? md0.y : md0.x);
    vec4 t10 = pvr_tap4(ka0, ka1, kb0, kb1, r0.y, c1 ? y0c1 : y0c0, d1, c1 ? md0.y : md0.x);
    vec4 t01 = pvr_tap4(ha0, ha1, hb0, hb1, r1.y, c0 ? y1c1 : y1c0, d0, c0 ? md1.y : md1.x);
    vec4 t11 = pvr_tap4(ka0, ka1, kb0, kb1, r1.y, c1 ? y1c1 : y1c0, d1, c1 ? md1.y : md1.x);
    return pvr_lerp8(pvr_lerp8(t00, t10, tx.z), pvr_lerp8(t01, t11, tx.z), ty.z);
}

// ---- 2bpp ----
// The same upload layout with 8×4-texel blocks: (2·nbx) × nby texels, texel
// (2·bx, by) the modulation word, (2·bx + 1, by) the colour word. Weights follow
// ModulationGrid.fill2bpp: M = 0 direct 1-bit; M = 1 2-bit values on the
// checkerboard (x + y even, byte ty holds row ty's four values), the other
// texels averaging their stored neighbours (wrapping, from adjacent words).

// 2^n for an integer n in 0…7, exact.
float pvr2_pow2(float n) { return floor(exp2(n) + 0.5); }

// The stored (first pass) weight of texel (tx, ty) of a block with modulation
// bytes `m` and mode flag `flag`: direct when flag is 0, else the checkerboard
// value (tx + ty even) with the (0,0) and (4,2) doubling rules.
float pvr2_stored(vec4 m, float flag, float tx, float ty) {
    float row = ty < 0.5 ? m.x : (ty < 1.5 ? m.y : (ty < 2.5 ? m.z : m.w));
    float direct = mod(floor(row / pvr2_pow2(tx)), 2.0) * 8.0;
    float v = mod(floor(row / pvr2_pow2(2.0 * floor(tx / 2.0))), 4.0);
    v = tx + ty < 0.5 ? mod(floor(m.x / 2.0), 2.0) * 3.0 : v;                              // bit 1, doubled
    v = tx == 4.0 && ty == 2.0 && mod(m.x, 2.0) == 1.0 ? mod(floor(m.z / 32.0), 2.0) * 3.0 : v;  // bit 21, doubled
    return flag < 0.5 ? direct : 3.0 * v - step(1.5, v);   // v → 0, 3, 5, 8
}

// The stored weight of texel `t` (may lie one texel outside: wraps) of a 2bpp texture.
float pvr2_neighbour(vec2 t, vec2 size, vec2 nb) {
    vec2 p = mod(t, size);
    vec2 b = floor(p / vec2(8.0, 4.0));
    vec2 l = p - b * vec2(8.0, 4.0);
    vec4 m = pvr_word(b, 0.0, nb);
    vec4 c = pvr_word(b, 1.0, nb);
    return pvr2_stored(m, mod(c.x, 2.0), l.x, l.y);
}

// A 2bpp bilinear sum C (weights summing to 32) widened: RGB (C>>2)+(C>>7), alpha (C>>1)+(C>>5).
vec4 pvr2_widen(vec4 c) {
    return vec4(floor(c.rgb / 4.0) + floor(c.rgb / 128.0), floor(c.a / 2.0) + floor(c.a / 32.0));
}

// The premultiplied RGBA bytes of texel `t` (integers, inside the texture) of a
// 2bpp texture of `size` texels.
vec4 pvr2_texel(vec2 t, vec2 size) {
    vec2 bs = vec2(8.0, 4.0);
    vec2 nb = size / bs;
    vec4 a, b;
    float flag;
    pvr_upscale(t, size, bs, a, b, flag);
    a = pvr2_widen(a);
    b = pvr2_widen(b);
    vec2 own = floor(t / bs);
    vec2 l = t - bs * own;
    vec4 m = pvr_word(own, 0.0, nb);
    float w = pvr2_stored(m, flag, l.x, l.y);
    if (flag > 0.5 && mod(l.x + l.y, 2.0) == 1.0) {
        float left = pvr2_neighbour(t - vec2(1.0, 0.0), size, nb);
        float right = pvr2_neighbour(t + vec2(1.0, 0.0), size, nb);
        float up = pvr2_neighbour(t - vec2(0.0, 1.0), size, nb);
        float down = pvr2_neighbour(t + vec2(0.0, 1.0), size, nb);
        if (mod(m.x, 2.0) < 0.5) {
            w = floor((left + right + up + down + 2.0) / 4.0);
        } else if (mod(floor(m.z / 16.0), 2.0) == 1.0) {
            w = floor((up + down + 1.0) / 2.0);            // bit 20: vertical
        } else {
            w = floor((left + right + 1.0) / 2.0);
        }
    }
    return pvr_modulate(a, b, w, 0.0);
}

// ---- 2bpp bilinear footprint ----
// As for 4bpp (pvr_bilinear4) with 8 × 4 blocks: the taps' colours blend
// block columns q, q + 1 (q = ⌊(x0 − 4) / 8⌋, offsets 0…8) and rows likewise,
// and every texel an interpolated weight reads — the taps and their left,
// right, upper and lower neighbours, x0 − 1 … x1 + 1 by y0 − 1 … y1 + 1 less
// the corners, wrapping — lies in those 2 × 2 blocks too (four texels in a
// row touch at most two 8-wide blocks, and the one left of x0 leaves block
// ⌊x0 / 8⌋ only when x0 is a block's first column, where q is the block to
// its left; likewise at the right and in y). So a fragment fetches 8 words
// instead of 4 × 13 and evaluates 12 stored weights instead of 4 × 5.

// Row y's data (y may lie one texel outside: wraps): its local row ly, and
// for grid columns 0 and 1 of its block row the modulation byte of that row
// and the mode flag (bytes.xy, .zw) and modulation bits 0 and 20 (bits.xy, .zw).
void pvr2_row(float y, float sizeY, float nbY, float g0y, vec4 m00, vec4 m10, vec4 m01, vec4 m11,
              vec4 mode, vec4 bit0, vec4 bit20, out vec4 bytes, out vec4 bits, out float ly) {
    float wy = mod(y, sizeY);
    float by = floor(wy / 4.0);
    bool lower = mod(by - g0y, nbY) > 0.5;
    ly = wy - 4.0 * by;
    bytes = vec4(pvr_rowByte(lower ? m01 : m00, ly), pvr_rowByte(lower ? m11 : m10, ly), lower ? mode.zw : mode.xy);
    bits = lower ? vec4(bit0.zw, bit20.zw) : vec4(bit0.xy, bit20.xy);
}

// Column x's data (x may lie one texel outside: wraps): local column lx,
// 2^lx and 4^⌊lx/2⌋ (the divisors of its 1-bit and 2-bit fields in a row
// byte) and its grid column (0 or 1).
vec4 pvr2_col(float x, float sizeX, float nbX, float g0x) {
    float wx = mod(x, sizeX);
    float bx = floor(wx / 8.0);
    float lx = wx - 8.0 * bx;
    return vec4(lx, pvr2_pow2(lx), pvr2_pow2(2.0 * floor(lx / 2.0)), mod(bx - g0x, nbX));
}

// The stored weight (pvr2_stored) of the texel at row data (bytes, bits, ly)
// and column data `col`.
float pvr2_storedAt(vec4 bytes, vec4 bits, float ly, vec4 col) {
    bool right = col.w > 0.5;
    float row = right ? bytes.y : bytes.x, flag = right ? bytes.w : bytes.z, b0 = right ? bits.y : bits.x;
    float direct = mod(floor(row / col.y), 2.0) * 8.0;
    float v = mod(floor(row / col.z), 4.0);
    v = col.x + ly < 0.5 ? mod(floor(row / 2.0), 2.0) * 3.0 : v;                      // bit 1, doubled
    v = col.x == 4.0 && ly == 2.0 && b0 > 0.5 ? mod(floor(row / 32.0), 2.0) * 3.0 : v;  // bit 21, doubled
    return flag < 0.5 ? direct : 3.0 * v - step(1.5, v);
}

// The premultiplied bytes of the 2bpp tap at row data (bytes, bits, ly) and
// column data `col`: colour rows ha0/ha1, hb0/hb1 blended for its column, ry
// its row offset (0…4), s its stored weight and l, r, u, d its neighbours'.
vec4 pvr2_tap(vec4 ha0, vec4 ha1, vec4 hb0, vec4 hb1, float ry, vec4 bytes, vec4 bits, float ly, vec4 col,
              float s, float l, float r, float u, float d) {
    vec4 a = pvr2_widen(ha0 * (4.0 - ry) + ha1 * ry);
    vec4 b = pvr2_widen(hb0 * (4.0 - ry) + hb1 * ry);
    bool right = col.w > 0.5;
    float flag = right ? bytes.w : bytes.z, b0 = right ? bits.y : bits.x, b20 = right ? bits.w : bits.z;
    float cross4 = floor((l + r + u + d + 2.0) / 4.0);
    float vertical = floor((u + d + 1.0) / 2.0), horizontal = floor((l + r + 1.0) / 2.0);
    float wi = b0 < 0.5 ? cross4 : (b20 > 0.5 ? vertical : horizontal);
    float w = flag > 0.5 && mod(col.x + ly, 2.0) > 0.5 ? wi : s;
    return pvr_modulate(a, b, w, 0.0);
}

// The bilinearly filtered premultiplied bytes at taps tx, ty (pvr_taps) of a
// 2bpp texture of `size` texels, decoding the footprint once.
vec4 pvr2_bilinear(vec3 tx, vec3 ty, vec2 size) {
    vec2 t0 = vec2(tx.x, ty.x), t1 = vec2(tx.y, ty.y);
    PvrFootprint f = pvr_footprint(t0, t1, size, vec2(8.0, 4.0));
    vec2 nb = f.nb, g0 = f.g0, r0 = f.r0, r1 = f.r1;
    vec4 m00 = f.m00, m10 = f.m10, m01 = f.m01, m11 = f.m11, mode = f.mode;
    vec4 ha0 = f.ha0, ha1 = f.ha1, hb0 = f.hb0, hb1 = f.hb1, ka0 = f.ka0, ka1 = f.ka1, kb0 = f.kb0, kb1 = f.kb1;
    // Rows y0 − 1, y0, y1, y1 + 1 and columns x0 − 1, x0, x1, x1 + 1, each set up once.
    vec4 bit0 = mod(vec4(m00.x, m10.x, m01.x, m11.x), 2.0);
    vec4 bit20 = mod(floor(vec4(m00.z, m10.z, m01.z, m11.z) / 16.0), 2.0);
    vec4 yU, zU, y0, z0, y1, z1, yD, zD;
    float lU, l0, l1, lD;
    pvr2_row(t0.y - 1.0, size.y, nb.y, g0.y, m00, m10, m01, m11, mode, bit0, bit20, yU, zU, lU);
    pvr2_row(t0.y, size.y, nb.y, g0.y, m00, m10, m01, m11, mode, bit0, bit20, y0, z0, l0);
    pvr2_row(t1.y, size.y, nb.y, g0.y, m00, m10, m01, m11, mode, bit0, bit20, y1, z1, l1);
    pvr2_row(t1.y + 1.0, size.y, nb.y, g0.y, m00, m10, m01, m11, mode, bit0, bit20, yD, zD, lD);
    vec4 cL = pvr2_col(t0.x - 1.0, size.x, nb.x, g0.x), c0 = pvr2_col(t0.x, size.x, nb.x, g0.x);
    vec4 c1 = pvr2_col(t1.x, size.x, nb.x, g0.x), cR = pvr2_col(t1.x + 1.0, size.x, nb.x, g0.x);
    // Stored weights: the taps, then left/right of each row, up/down of each column.
    float s00 = pvr2_storedAt(y0, z0, l0, c0), s10 = pvr2_storedAt(y0, z0, l0, c1);
    float s01 = pvr2_storedAt(y1, z1, l1, c0), s11 = pvr2_storedAt(y1, z1, l1, c1);
    float sl0 = pvr2_storedAt(y0, z0, l0, cL), sr0 = pvr2_storedAt(y0, z0, l0, cR);
    float sl1 = pvr2_storedAt(y1, z1, l1, cL), sr1 = pvr2_storedAt(y1, z1, l1, cR);
    float su0 = pvr2_storedAt(yU, zU, lU, c0), sd0 = pvr2_storedAt(yD, zD, lD, c0);
    float su1 = pvr2_storedAt(yU, zU, lU, c1), sd1 = pvr2_storedAt(yD, zD, lD, c1);
    // Where x1 = x0 + 1 the taps are each other's neighbours; where a tap was
    // clamped (x1 = x0) the neighbours are x0 − 1 and x1 + 1 (likewise y).
    bool sx = t1.x > t0.x, sy = t1.y > t0.y;
    vec4 t00 = pvr2_tap(ha0, ha1, hb0, hb1, r0.y, y0, z0, l0, c0, s00, sl0, sx ? s10 : sr0, su0, sy ? s01 : sd0);
    vec4 t10 = pvr2_tap(ka0, ka1, kb0, kb1, r0.y, y0, z0, l0, c1, s10, sx ? s00 : sl0, sr0, su1, sy ? s11 : sd1);
    vec4 t01 = pvr2_tap(ha0, ha1, hb0, hb1, r1.y, y1, z1, l1, c0, s01, sl1, sx ? s11 : sr1, sy ? s00 : su0, sd0);
    vec4 t11 = pvr2_tap(ka0, ka1, kb0, kb1, r1.y, y1, z1, l1, c1, s11, sx ? s01 : sl1, sr1, sy ? s10 : su1, sd1);
    return pvr_lerp8(pvr_lerp8(t00, t10, tx.z), pvr_lerp8(t01, t11, tx.z), ty.z);
}
