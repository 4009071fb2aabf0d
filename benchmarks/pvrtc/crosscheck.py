#!/usr/bin/env python3
"""Cross-checks the Swift PVRTC decoder against an independent one.

Writes seeded random PVRTC words (plus words with every 2bpp block in
interpolated mode) into a temporary folder, has the Swift test harness decode
them (CrossCheckHarness, via `swift test`), and compares every byte with the
`texture2ddecoder` package (a wrapper of Perfare's Texture2DDecoder, whose PVRTC
code follows the PowerVR reference decompressor). Exit status 1 on any mismatch.

Needs: pip install texture2ddecoder numpy
Usage (from the package root): python3 benchmarks/pvrtc/crosscheck.py [swift test args...]
"""
import os
import random
import subprocess
import sys
import tempfile

import numpy as np
import texture2ddecoder


def cases(rng):
    for bpp in (4, 2):
        for (w, h) in [(8, 8), (16, 16), (32, 32), (64, 64), (128, 128), (256, 256), (64, 32), (32, 64)]:
            if bpp == 2 and w < 16:
                continue
            blocks = (w // (4 if bpp == 4 else 8)) * (h // 4)
            data = bytearray(rng.getrandbits(8) for _ in range(blocks * 8))
            yield f"rand{rng.randrange(1 << 30)}_{w}_{h}_{bpp}", data
            if bpp == 2:
                forced = bytearray(data)
                for i in range(blocks):
                    forced[8 * i + 4] |= 1  # mode bit: interpolated
                yield f"interp{rng.randrange(1 << 30)}_{w}_{h}_{bpp}", forced


def main():
    rng = random.Random(1234)
    folder = tempfile.mkdtemp(prefix="pvrtc-crosscheck-")
    items = list(cases(rng))
    for name, data in items:
        with open(os.path.join(folder, name + ".pvrtc"), "wb") as f:
            f.write(data)
    env = dict(os.environ, PVRTC_CROSSCHECK=folder)
    cmd = ["swift", "test", "--filter", "CrossCheckHarness"] + sys.argv[1:]
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    bad = 0
    for name, data in items:
        w, h, bpp = (int(p) for p in name.split("_")[1:])
        theirs = np.frombuffer(texture2ddecoder.decode_pvrtc(bytes(data), w, h, bpp == 2), dtype=np.uint8)
        theirs = theirs.reshape(-1, 4)[:, [2, 1, 0, 3]]  # BGRA -> RGBA
        ours = np.fromfile(os.path.join(folder, name + ".rgba"), dtype=np.uint8).reshape(-1, 4)
        diff = np.count_nonzero(np.any(theirs != ours, axis=1))
        print(f"{name}: {w}x{h} {bpp}bpp: {diff} texels differ")
        bad += diff > 0
    print("MISMATCH" if bad else f"all {len(items)} cases identical")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
