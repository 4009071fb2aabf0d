#!/usr/bin/env python3
# Writes the generated seed inputs of two harnesses; run from this folder,
# the outputs are committed.
# - FuzzStroke/*.bin in the byte layout its main.swift decodes with
#   ByteReader: style, fill rule, then path elements.
# - FuzzPVR/*: small PVR v3 and v2 files (random block data, with and
#   without mipmaps) and inputs for the harness's raw block-decoder mode.
import os, random, struct

def num(v):
    """A small number: tag byte < 0x80, then an Int16 in sixteenths."""
    return bytes([0]) + struct.pack('<h', int(round(v * 16)))

def style(width, cap, join, miter=10, dashes=(), phase=0, trim=0, start=0, end=1, rule=0):
    b = num(width) + bytes([cap, join]) + num(miter) + bytes([len(dashes)])
    for d in dashes: b += num(d)
    b += num(phase) + bytes([trim])
    if trim & 1: b += num(start)
    if trim & 2: b += num(end)
    return b + bytes([rule])

MOVE, LINE, QUAD, CUBIC, CLOSE = range(5)

def path(*els):
    b = b''
    for e in els:
        b += bytes([e[0]]) + b''.join(num(v) for v in e[1:])
    return b

square = path((MOVE, 10, 10), (LINE, 90, 10), (LINE, 90, 90), (LINE, 10, 90), (CLOSE,))
star = path((MOVE, 50, 5), (LINE, 79, 95), (LINE, 2, 40), (LINE, 98, 40), (LINE, 21, 95), (CLOSE,))
curve = path((MOVE, 5, 50), (CUBIC, 20, 0, 80, 100, 95, 50), (QUAD, 50, 0, 5, 50))
zigzag = path((MOVE, 0, 0), (LINE, 20, 40), (LINE, 40, 0), (LINE, 60, 40), (LINE, 80, 0))
dot = path((MOVE, 30, 30), (LINE, 30, 30))
seeds = {
    'square-miter.bin': style(4, 0, 0) + square,
    'star-round-evenodd.bin': style(6, 1, 1, rule=1) + star,
    'curve-square-bevel.bin': style(3, 2, 2) + curve,
    'zigzag-dashed.bin': style(2, 0, 0, dashes=(5, 3, 1, 3), phase=2) + zigzag,
    'zigzag-trimmed.bin': style(8, 1, 0, miter=1.5, trim=3, start=0.2, end=0.7) + zigzag,
    'dot-round-cap.bin': style(10, 1, 1) + dot,
}
os.makedirs('FuzzStroke', exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join('FuzzStroke', name), 'wb') as f:
        f.write(data)

def pvr_level_bytes(bpp, w, h):
    return (max(w, 16 if bpp == 2 else 8) * max(h, 8) * bpp) // 8

def pvr_v3(fmt, w, h, mips, meta=b''):
    bpp = 4 if fmt >= 2 else 2
    head = struct.pack('<IIQIIIIIIIII', 0x03525650, 0, fmt, 0, 0, h, w, 1, 1, 1, mips, len(meta))
    data = b''.join(rng.randbytes(pvr_level_bytes(bpp, max(1, w >> i), max(1, h >> i))) for i in range(mips))
    return head + meta + data

def pvr_v2(bpp, w, h, mips):
    data = b''.join(rng.randbytes(pvr_level_bytes(bpp, max(1, w >> i), max(1, h >> i))) for i in range(mips + 1))
    kind = 0x18 if bpp == 2 else 0x19
    head = struct.pack('<IIIIIIIIIIII', 52, h, w, mips, 0x100 | 0x8000 | kind, len(data), bpp, 0xff, 0xff00,
                       0xff0000, 0xff000000, 0x21525650) + struct.pack('<I', 1)
    return head + data

rng = random.Random(18)
pvr = {
    'v3-4bpp-rgba-8x8.pvr': pvr_v3(3, 8, 8, 1),
    'v3-2bpp-rgb-16x8-mips.pvr': pvr_v3(0, 16, 8, 5),
    'v3-4bpp-rgb-32x32-mips-meta.pvr': pvr_v3(2, 32, 32, 6, meta=struct.pack('<III', 0x03525650, 3, 4) + b'abcd'),
    'v2-4bpp-16x16.pvr': pvr_v2(4, 16, 16, 0),
    'v2-2bpp-32x16-mips.pvr': pvr_v2(2, 32, 16, 5),
    # Raw mode: first byte = bpp bit 0 (0: 4bpp), log2 width bits 1-3, log2 height bits 4-6.
    'raw-4bpp-8x8.bin': bytes([(3 << 1) | (3 << 4)]) + rng.randbytes(32),
    'raw-2bpp-16x8.bin': bytes([1 | (4 << 1) | (3 << 4)]) + rng.randbytes(32),
    'raw-4bpp-4x32.bin': bytes([(2 << 1) | (5 << 4)]) + rng.randbytes(128),
}
os.makedirs('FuzzPVR', exist_ok=True)
for name, data in pvr.items():
    with open(os.path.join('FuzzPVR', name), 'wb') as f:
        f.write(data)
