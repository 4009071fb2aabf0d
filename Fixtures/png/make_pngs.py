#!/usr/bin/env python3
"""Generates the PNG decoder fixtures in this folder (run from anywhere).

Every file is 9x7 pixels (odd sizes exercise all seven Adam7 passes) and its
pixels follow a formula that Tests/ImagesTests/PNGTests.swift repeats, so the
test can assert exact premultiplied values without a second decoder.

The files are written by the small encoder below rather than by Pillow because
Pillow cannot write 16-bit colour, Adam7 interlacing or every bit depth.
Pillow, when installed, is used as an independent check that each file decodes
to the intended straight-alpha pixels (its 16-bit colour and sub-byte support
is partial, so only the kinds it reads faithfully are checked).
"""
import os
import struct
import zlib

W, H = 9, 7
HERE = os.path.dirname(os.path.abspath(__file__))

# --- Pixel formulas (mirrored in PNGTests.swift) ---------------------------

def v8(x, y, c):
    """An 8-bit sample for channel c (0..3)."""
    return (x * 29 + y * 53 + c * 71 + x * y * 7) % 256

def v16(x, y, c):
    """A 16-bit sample for channel c, hitting values where rounding matters."""
    return (x * 7919 + y * 15733 + c * 4099 + x * y * 257 + 255) % 65536

def gray_bits(x, y, bits):
    return (x + 2 * y) % (1 << bits)

PALETTE = [((i * 16) % 256, (255 - i * 16) % 256, (i * 37) % 256) for i in range(16)]
PALETTE_ALPHA = [0, 64, 128, 200, 255, 17]  # tRNS for the first six entries

def pal_index(x, y, bits):
    return (x + y * 3) % (1 << bits) % 16

# --- A minimal PNG encoder -------------------------------------------------

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

def pack_row(samples, bits):
    """Packs a row of samples (already flattened per channel) at a bit depth."""
    if bits == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if bits == 8:
        return bytes(samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << bits) | s
        n += bits
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
         (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

def encode(pixel, color_type, bits, interlace=False, extra=b"", after_ihdr=b""):
    """pixel(x, y) -> tuple of samples in file order."""
    ihdr = struct.pack(">IIBBBBB", W, H, bits, color_type, 0, 0, 1 if interlace else 0)
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for (x0, y0, dx, dy) in passes:
        xs = list(range(x0, W, dx))
        if not xs:
            continue
        for y in range(y0, H, dy):
            samples = [s for x in xs for s in pixel(x, y)]
            raw += b"\x00" + pack_row(samples, bits)  # filter type None
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + after_ihdr + extra
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))

def plte():
    return chunk(b"PLTE", bytes(c for rgb in PALETTE for c in rgb))

FIXTURES = {
    "gray1.png": lambda: encode(lambda x, y: (gray_bits(x, y, 1),), 0, 1),
    "gray2.png": lambda: encode(lambda x, y: (gray_bits(x, y, 2),), 0, 2),
    "gray4.png": lambda: encode(lambda x, y: (gray_bits(x, y, 4),), 0, 4),
    "gray8.png": lambda: encode(lambda x, y: (v8(x, y, 0),), 0, 8),
    # Gray key 0x55 in tRNS: those samples become transparent.
    "gray8_trns.png": lambda: encode(lambda x, y: (0x55 if (x + y) % 4 == 0 else v8(x, y, 0),), 0, 8,
                                     extra=chunk(b"tRNS", struct.pack(">H", 0x55))),
    "gray16.png": lambda: encode(lambda x, y: (v16(x, y, 0),), 0, 16),
    "graya8.png": lambda: encode(lambda x, y: (v8(x, y, 0), v8(x, y, 3)), 4, 8),
    "graya16.png": lambda: encode(lambda x, y: (v16(x, y, 0), v16(x, y, 3)), 4, 16),
    "palette1.png": lambda: encode(lambda x, y: (pal_index(x, y, 1),), 3, 1, extra=plte()),
    "palette4_trns.png": lambda: encode(lambda x, y: (pal_index(x, y, 4),), 3, 4,
                                        extra=plte() + chunk(b"tRNS", bytes(PALETTE_ALPHA))),
    "palette8_trns.png": lambda: encode(lambda x, y: (pal_index(x, y, 4),), 3, 8,
                                        extra=plte() + chunk(b"tRNS", bytes(PALETTE_ALPHA))),
    "rgb8.png": lambda: encode(lambda x, y: (v8(x, y, 0), v8(x, y, 1), v8(x, y, 2)), 2, 8),
    # RGB key (10, 20, 30) in tRNS.
    "rgb8_trns.png": lambda: encode(lambda x, y: (10, 20, 30) if (x + y) % 3 == 0
                                    else (v8(x, y, 0), v8(x, y, 1), v8(x, y, 2)), 2, 8,
                                    extra=chunk(b"tRNS", struct.pack(">HHH", 10, 20, 30))),
    "rgb16.png": lambda: encode(lambda x, y: (v16(x, y, 0), v16(x, y, 1), v16(x, y, 2)), 2, 16),
    "rgba8.png": lambda: encode(lambda x, y: tuple(v8(x, y, c) for c in range(4)), 6, 8),
    "rgba16.png": lambda: encode(lambda x, y: tuple(v16(x, y, c) for c in range(4)), 6, 16),
    "rgb8_interlaced.png": lambda: encode(lambda x, y: (v8(x, y, 0), v8(x, y, 1), v8(x, y, 2)), 2, 8,
                                          interlace=True),
    "rgba16_interlaced.png": lambda: encode(lambda x, y: tuple(v16(x, y, c) for c in range(4)), 6, 16,
                                            interlace=True),
    "rgb16_interlaced.png": lambda: encode(lambda x, y: (v16(x, y, 0), v16(x, y, 1), v16(x, y, 2)), 2, 16,
                                           interlace=True),
    "graya16_interlaced.png": lambda: encode(lambda x, y: (v16(x, y, 0), v16(x, y, 3)), 4, 16, interlace=True),
    # gAMA 1.0 and an sRGB-less file: the decoder must ignore colour management.
    "rgb8_gama.png": lambda: encode(lambda x, y: (v8(x, y, 0), v8(x, y, 1), v8(x, y, 2)), 2, 8,
                                    after_ihdr=chunk(b"gAMA", struct.pack(">I", 100000))),
}

def pillow_check(name, data):
    try:
        from PIL import Image
    except ImportError:
        return "skipped (no Pillow)"
    import io
    im = Image.open(io.BytesIO(data))
    im.load()
    if "16" in name and not name.startswith("gray16"):
        return "skipped (Pillow reduces 16-bit colour itself)"
    rgba = im.convert("RGBA")
    expected = expected_rgba8(name)
    got = [rgba.getpixel((x, y)) for y in range(H) for x in range(W)]
    if name == "gray16.png":
        # Pillow reads 16-bit gray as mode I (no reduction); compare the raw values.
        raw = [im.getpixel((x, y)) for y in range(H) for x in range(W)]
        want = [v16(x, y, 0) for y in range(H) for x in range(W)]
        assert raw == want, name
        return "ok (raw 16-bit)"
    assert got == expected, (name, got[:4], expected[:4])
    return "ok"

def expected_rgba8(name):
    """Straight RGBA8 for the 8-bit-and-below kinds (used by the Pillow check)."""
    out = []
    for y in range(H):
        for x in range(W):
            if name.startswith("gray1."):
                g = gray_bits(x, y, 1) * 255; out.append((g, g, g, 255))
            elif name.startswith("gray2"):
                g = gray_bits(x, y, 2) * 85; out.append((g, g, g, 255))
            elif name.startswith("gray4"):
                g = gray_bits(x, y, 4) * 17; out.append((g, g, g, 255))
            elif name == "gray8.png":
                g = v8(x, y, 0); out.append((g, g, g, 255))
            elif name == "gray8_trns.png":
                g = 0x55 if (x + y) % 4 == 0 else v8(x, y, 0)
                out.append((g, g, g, 0 if g == 0x55 else 255))
            elif name == "graya8.png":
                g = v8(x, y, 0); out.append((g, g, g, v8(x, y, 3)))
            elif name.startswith("palette"):
                bits = 1 if name.startswith("palette1") else 4
                i = pal_index(x, y, bits)
                a = PALETTE_ALPHA[i] if ("trns" in name and i < len(PALETTE_ALPHA)) else 255
                out.append(PALETTE[i] + (a,))
            elif name == "rgb8_trns.png":
                if (x + y) % 3 == 0:
                    out.append((10, 20, 30, 0))
                else:
                    out.append((v8(x, y, 0), v8(x, y, 1), v8(x, y, 2), 255))
            elif name.startswith("rgb8"):
                out.append((v8(x, y, 0), v8(x, y, 1), v8(x, y, 2), 255))
            elif name == "rgba8.png":
                out.append(tuple(v8(x, y, c) for c in range(4)))
    return out

if __name__ == "__main__":
    for name, make in FIXTURES.items():
        data = make()
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
        print(f"{name:24} {len(data):5} bytes  pillow: {pillow_check(name, data)}")
