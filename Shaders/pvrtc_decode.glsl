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

// Colour A (colour word bits 1–15): RGB 0…31, alpha 0…15.
vec4 pvr_colorA(vec4 word) {
    float v = word.x + 256.0 * word.y;
    if (v >= 32768.0) {
        float b4 = pvr_bits(v, 2.0, 16.0);
        return vec4(pvr_bits(v, 1024.0, 32.0), pvr_bits(v, 32.0, 32.0), pvr_w45(b4), 15.0);
    }
    float b3 = pvr_bits(v, 2.0, 8.0);
    return vec4(pvr_w45(pvr_bits(v, 256.0, 16.0)), pvr_w45(pvr_bits(v, 16.0, 16.0)),
                b3 * 4.0 + floor(b3 / 2.0), pvr_bits(v, 4096.0, 8.0) * 2.0);
}

// Colour B (colour word bits 16–31).
vec4 pvr_colorB(vec4 word) {
    float v = word.z + 256.0 * word.w;
    if (v >= 32768.0) {
        return vec4(pvr_bits(v, 1024.0, 32.0), pvr_bits(v, 32.0, 32.0), pvr_bits(v, 1.0, 32.0), 15.0);
    }
    return vec4(pvr_w45(pvr_bits(v, 256.0, 16.0)), pvr_w45(pvr_bits(v, 16.0, 16.0)),
                pvr_w45(pvr_bits(v, 1.0, 16.0)), pvr_bits(v, 4096.0, 8.0) * 2.0);
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

// The texel from widened colours and its modulation weight w (0…8),
// premultiplied like Image.mul255: t = x·a + 128, (t + (t >> 8)) >> 8.
vec4 pvr_modulate(vec4 a, vec4 b, float w, bool punch) {
    vec4 c = floor((a * (8.0 - w) + b * w) / 8.0);
    if (punch) c.a = 0.0;
    vec3 pm = c.rgb * c.a + 128.0;
    return vec4(floor((pm + floor(pm / 256.0)) / 256.0), c.a);
}

// The 4bpp texel at local position `l` (0…3 per axis) of a block with
// modulation bytes `m` and mode bit `punchMode`, from its widened colours.
vec4 pvr_modulated4(vec4 a, vec4 b, vec4 m, vec2 l, float punchMode) {
    float row = l.y < 1.0 ? m.x : (l.y < 2.0 ? m.y : (l.y < 3.0 ? m.z : m.w));
    float div = l.x < 1.0 ? 1.0 : (l.x < 2.0 ? 4.0 : (l.x < 3.0 ? 16.0 : 64.0));
    float v = mod(floor(row / div), 4.0);
    float w;
    bool punch = false;
    if (punchMode < 0.5) {
        w = v < 0.5 ? 0.0 : (v < 1.5 ? 3.0 : (v < 2.5 ? 5.0 : 8.0));
    } else {
        w = v < 0.5 ? 0.0 : (v < 2.5 ? 4.0 : 8.0);
        punch = v > 1.5 && v < 2.5;
    }
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
// The four taps of a linear-filtered fragment are texels (x0|x1, y0|y1)
// with x1 = x0 or x0 + 1 (likewise y). Every colour upscale among them reads
// blocks q, q + 1, q + 2 per axis (q = ⌊(x0 − 2) / 4⌋, wrapping), and every
// tap's own block is ⌊x / 4⌋ ∈ {⌊x0 / 4⌋, ⌊x1 / 4⌋}: so the footprint fetches
// and decodes 3 × 3 colour words and 2 × 2 modulation words once, instead of
// 4 + 1 words per tap (20 fetches, 32 colour decodes). Blocks are selected
// by multiplying with 0/1 weights, which is exact, so each tap equals
// pvr_texel's bytes.

// One row of the footprint grid blended for column tap offset `s` (0 or 1)
// and fraction `r` (0…3): c0·(1−s)·(4−r) + c1·(s·(4−r) + (1−s)·r) + c2·s·r.
vec4 pvr_row(vec4 c0, vec4 c1, vec4 c2, float s, float r) {
    return (c0 * (1.0 - s) + c1 * s) * (4.0 - r) + (c1 * (1.0 - s) + c2 * s) * r;
}

// Of three values, the one at index i (0, 1 or 2).
float pvr_pick3(float v0, float v1, float v2, float i) { return i < 0.5 ? v0 : (i < 1.5 ? v1 : v2); }

// The premultiplied bytes of tap texel (x, y) given the footprint's decoded
// colours (rows j = 0…2 of columns blended for this x: ha*, hb*), the mode
// bits of the 3 × 3 grid row-major (m*), the grid origin q and the tap's
// modulation word mw.
vec4 pvr_tap(float x, float y, vec2 q, vec4 ha0, vec4 ha1, vec4 ha2, vec4 hb0, vec4 hb1, vec4 hb2,
             vec3 m0, vec3 m1, vec3 m2, vec4 mw) {
    float py = y - 2.0, qy = floor(py / 4.0), ry = py - 4.0 * qy, sy = qy - q.y;
    vec4 a = pvr_widen((ha0 * (1.0 - sy) + ha1 * sy) * (4.0 - ry) + (ha1 * (1.0 - sy) + ha2 * sy) * ry);
    vec4 b = pvr_widen((hb0 * (1.0 - sy) + hb1 * sy) * (4.0 - ry) + (hb1 * (1.0 - sy) + hb2 * sy) * ry);
    // Own block in the grid: column (x − 2 − 4q) ≥ 2 ? ⌊⌋ … as in pvr_upscale.
    vec2 l = vec2(x, y) - 4.0 * floor(vec2(x, y) / 4.0);
    float px = x - 2.0, sx = floor(px / 4.0) - q.x;
    float ox = sx + (l.x >= 2.0 ? 0.0 : 1.0), oy = sy + (l.y >= 2.0 ? 0.0 : 1.0);
    vec3 mrow = oy < 0.5 ? m0 : (oy < 1.5 ? m1 : m2);
    float punchMode = pvr_pick3(mrow.x, mrow.y, mrow.z, ox);
    return pvr_modulated4(a, b, mw, l, punchMode);
}

// The bilinearly filtered premultiplied bytes at taps tx, ty (pvr_taps) of a
// 4bpp texture of `size` texels, decoding the footprint once.
vec4 pvr_bilinear4(vec3 tx, vec3 ty, vec2 size) {
    vec2 nb = size / 4.0;
    vec2 q = floor((vec2(tx.x, ty.x) - 2.0) / 4.0);
    vec2 g0 = mod(q, nb), g1 = mod(q + 1.0, nb), g2 = mod(q + 2.0, nb);
    // Colour words of the 3 × 3 grid, decoded once.
    vec4 w00 = pvr_word(vec2(g0.x, g0.y), 1.0, nb), w10 = pvr_word(vec2(g1.x, g0.y), 1.0, nb), w20 = pvr_word(vec2(g2.x, g0.y), 1.0, nb);
    vec4 w01 = pvr_word(vec2(g0.x, g1.y), 1.0, nb), w11 = pvr_word(vec2(g1.x, g1.y), 1.0, nb), w21 = pvr_word(vec2(g2.x, g1.y), 1.0, nb);
    vec4 w02 = pvr_word(vec2(g0.x, g2.y), 1.0, nb), w12 = pvr_word(vec2(g1.x, g2.y), 1.0, nb), w22 = pvr_word(vec2(g2.x, g2.y), 1.0, nb);
    vec4 a00 = pvr_colorA(w00), a10 = pvr_colorA(w10), a20 = pvr_colorA(w20);
    vec4 a01 = pvr_colorA(w01), a11 = pvr_colorA(w11), a21 = pvr_colorA(w21);
    vec4 a02 = pvr_colorA(w02), a12 = pvr_colorA(w12), a22 = pvr_colorA(w22);
    vec4 b00 = pvr_colorB(w00), b10 = pvr_colorB(w10), b20 = pvr_colorB(w20);
    vec4 b01 = pvr_colorB(w01), b11 = pvr_colorB(w11), b21 = pvr_colorB(w21);
    vec4 b02 = pvr_colorB(w02), b12 = pvr_colorB(w12), b22 = pvr_colorB(w22);
    vec3 m0 = mod(vec3(w00.x, w10.x, w20.x), 2.0), m1 = mod(vec3(w01.x, w11.x, w21.x), 2.0);
    vec3 m2 = mod(vec3(w02.x, w12.x, w22.x), 2.0);
    // Modulation words of the taps' own blocks.
    vec2 o0 = floor(vec2(tx.x, ty.x) / 4.0), o1 = floor(vec2(tx.y, ty.y) / 4.0);
    vec4 mw00 = pvr_word(vec2(o0.x, o0.y), 0.0, nb), mw10 = pvr_word(vec2(o1.x, o0.y), 0.0, nb);
    vec4 mw01 = pvr_word(vec2(o0.x, o1.y), 0.0, nb), mw11 = pvr_word(vec2(o1.x, o1.y), 0.0, nb);
    // Rows blended horizontally for each tap column.
    float p0 = tx.x - 2.0, r0 = p0 - 4.0 * floor(p0 / 4.0), s0 = floor(p0 / 4.0) - q.x;
    float p1 = tx.y - 2.0, r1 = p1 - 4.0 * floor(p1 / 4.0), s1 = floor(p1 / 4.0) - q.x;
    vec4 ha0 = pvr_row(a00, a10, a20, s0, r0), ha1 = pvr_row(a01, a11, a21, s0, r0), ha2 = pvr_row(a02, a12, a22, s0, r0);
    vec4 hb0 = pvr_row(b00, b10, b20, s0, r0), hb1 = pvr_row(b01, b11, b21, s0, r0), hb2 = pvr_row(b02, b12, b22, s0, r0);
    vec4 ka0 = pvr_row(a00, a10, a20, s1, r1), ka1 = pvr_row(a01, a11, a21, s1, r1), ka2 = pvr_row(a02, a12, a22, s1, r1);
    vec4 kb0 = pvr_row(b00, b10, b20, s1, r1), kb1 = pvr_row(b01, b11, b21, s1, r1), kb2 = pvr_row(b02, b12, b22, s1, r1);
    vec4 t00 = pvr_tap(tx.x, ty.x, q, ha0, ha1, ha2, hb0, hb1, hb2, m0, m1, m2, mw00);
    vec4 t10 = pvr_tap(tx.y, ty.x, q, ka0, ka1, ka2, kb0, kb1, kb2, m0, m1, m2, mw10);
    vec4 t01 = pvr_tap(tx.x, ty.y, q, ha0, ha1, ha2, hb0, hb1, hb2, m0, m1, m2, mw01);
    vec4 t11 = pvr_tap(tx.y, ty.y, q, ka0, ka1, ka2, kb0, kb1, kb2, m0, m1, m2, mw11);
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
    if (flag < 0.5) return mod(floor(row / pvr2_pow2(tx)), 2.0) * 8.0;
    float v = mod(floor(row / pvr2_pow2(2.0 * floor(tx / 2.0))), 4.0);
    if (tx + ty < 0.5) v = mod(floor(m.x / 2.0), 2.0) * 3.0;                       // bit 1, doubled
    if (tx == 4.0 && ty == 2.0 && mod(m.x, 2.0) == 1.0) v = mod(floor(m.z / 32.0), 2.0) * 3.0;  // bit 21, doubled
    return v < 0.5 ? 0.0 : (v < 1.5 ? 3.0 : (v < 2.5 ? 5.0 : 8.0));
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
    return pvr_modulate(a, b, w, false);
}
