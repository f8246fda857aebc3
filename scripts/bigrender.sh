#!/usr/bin/env bash
# Renders the wordmark sample 100,000 px wide, reports wall time and peak resident memory
# (GNU time), then checks the PNG header and decodes spot rows to exact pixels.
# usage: scripts/bigrender.sh [OUT_DIR]   (builds in release when the binary is missing)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/logo-mask-bigrender}"
mkdir -p "$out"
png="$out/wordmark-100000.png"
bin=.build/release/logo-mask
[ -x "$bin" ] || swift build -c release --static-swift-stdlib
python3 -c 'import numpy' 2>/dev/null || pip install -q numpy

/usr/bin/time -f 'wall %e s, user %U s, sys %S s, peak resident %M KB' \
    "$bin" render SampleLogos/wordmark.svg -o "$png" --width 100000 -q 2> "$out/time.txt"
cat "$out/time.txt"
peak_kb=$(grep -o 'peak resident [0-9]*' "$out/time.txt" | grep -o '[0-9]*$')
ls -l "$png" | awk '{print "file bytes:", $5}'

# The wordmark is 400x100 units, so 250 px per unit. Colour #283593.
# Row 12500 (y = 50): letter l spans x 46-64, u's arms 86-104 and 138-156, o 303-352 (solid there).
# Row 15625 (y = 62.5): o's ring 300-318 and 337-355 around its hole; the hole is clear.
# Ranges keep 2 px inside each edge; gaps are checked clear.
ink=283593ff; clear=00000000
python3 scripts/check_png_rows.py "$png" \
  "12500:0-11498:$clear,11502-15998:$ink,16002-21498:$clear,21502-25998:$ink,26002-34498:$clear,34502-38998:$ink,88002-100000:$clear" \
  "15625:75002-79498:$ink,79502-84248:$clear,84252-88748:$ink,88752-100000:$clear" \
  "0:0-100000:$clear" "24999:0-100000:$clear"
if [ "$peak_kb" -lt 307200 ]; then echo "peak memory ${peak_kb} KB: under 300 MB"; else echo "peak memory ${peak_kb} KB: OVER 300 MB"; exit 1; fi
