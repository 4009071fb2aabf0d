#!/usr/bin/env bash
# Regenerates photo.dzi and photo_files/ (PNG tiles, lossless) from the
# project's generated test photo (Fixtures/images/photo.png, made by
# Fixtures/images/make_images.py) with the compositor's own pyramid writer.
# Run from the repository root after `swift build`.
set -euo pipefail
here=Fixtures/reftests/tiled
.build/debug/compositor tiles make Fixtures/images/photo.png -o "$here/photo.dzi" --tile-size 32 --overlap 1 --format png
