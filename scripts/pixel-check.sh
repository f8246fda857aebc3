#!/usr/bin/env bash
# Runs a fixed set of commands (render, mask, hole, reveal frames, header frames) with two builds
# of logo-mask and compares every PNG they write: decoded RGBA (through ffmpeg) must be identical.
# It was written for issue 12's refactor ("no pixel changes"): build the old commit's binary in a
# worktree, then
#   scripts/pixel-check.sh OLD/.build/release/logo-mask .build/release/logo-mask
# Exit 0 when every picture decodes to the same pixels; 1 with the list of differences otherwise.
# PNGs whose bytes differ but whose pixels agree are listed too (an encoder change), not failed.
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 OLD_BINARY NEW_BINARY" >&2
    exit 64
fi
old=$(realpath "$1")
new=$(realpath "$2")
command -v ffmpeg >/dev/null || { echo "ffmpeg is missing: run make deps" >&2; exit 69; }
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
logos="$root/SampleLogos"
fixtures="$root/Benchmarks/Fixtures"

# A PNG to use as a picture input (header image, reveal content, hole background image).
picture="$work/picture.png"
"$old" render "$logos/gradient.svg" -w 390 -o "$picture" -q

# One command a line; OUT stands for the output folder of the run.
commands() {
    cat <<EOF
render $logos/bird.svg -w 512 -o OUT/render-bird-512.png
render $logos/bird.svg -w 2000 -o OUT/render-bird-2000.png
render $logos/glow.svg -w 300 -o OUT/render-glow.png
render $logos/gradient.svg -w 640 --background white -o OUT/render-gradient.png
render $logos/ring.svg -s 3 -o OUT/render-ring.png
render $logos/wordmark.svg --height 200 -o OUT/render-wordmark.png
render $logos/y-mark.svg --dpi 300 -o OUT/render-ymark.png
render $logos/bird.pdf -w 700 -o OUT/render-bird-pdf.png
render $logos/wordmark.pdf -w 900 -o OUT/render-wordmark-pdf.png
render $fixtures/elsevier.svg -w 1500 --compression small -o OUT/render-elsevier.png
mask $logos/bird.svg -w 512 -o OUT/mask-bird.png
mask $logos/bird.svg -w 512 --invert -o OUT/mask-bird-invert.png
mask $logos/glow.svg -w 400 --gray -o OUT/mask-glow-gray.png
mask $fixtures/kotlin.svg -w 1024 --gray --invert -o OUT/mask-kotlin.png
hole $logos/bird.svg --device iPhone\ 15 -o OUT/hole-bird.png
hole $logos/bird.svg --viewport 390x844@2 --scale 3.5 --rotate 20 --background '#1DA1F2' -o OUT/hole-bird-rotated.png
hole $logos/y-mark.svg --viewport 300x600@2 --background-gradient '#ff0000,#0000ff,45' -o OUT/hole-ymark-gradient.png
hole $logos/wordmark.svg --viewport 400x300@1 --background-image $picture -o OUT/hole-wordmark-image.png
hole $logos/glow.svg --viewport 300x300@2 -o OUT/hole-glow.png
hole $fixtures/debridlink.svg --viewport 390x844@3 --scale 6 -o OUT/hole-debridlink.png
reveal $logos/bird.svg --preset twitter --viewport 200x400@2 --fps 20 -o OUT/reveal-twitter/ --contact-sheet OUT/reveal-twitter-sheet.png --still OUT/reveal-twitter-still.png -q
reveal $logos/bird.svg --preset yula --viewport 200x400@2 --fps 20 --content $picture -o OUT/reveal-yula/ -q
reveal $logos/bird.svg --preset huvi --viewport 200x400@2 --fps 20 --target 20,40,60,60 -o OUT/reveal-huvi/ -q
reveal $logos/y-mark.svg --preset fade --viewport 200x400@2 --fps 20 -o OUT/reveal-fade/ -q
reveal $logos/glow.svg --preset twitter --viewport 200x400@1 --fps 20 -o OUT/reveal-glow/ -q
reveal $logos/gradient.svg --preset twitter --viewport 200x400@1 --fps 20 --background '#222244' -o OUT/reveal-gradient/ -q
reveal $fixtures/elsevier.svg --preset twitter --viewport 430x932@3 --fps 15 -o OUT/reveal-elsevier/ -q
reveal $logos/bird.pdf --preset twitter --viewport 200x400@2 --fps 20 -o OUT/reveal-bird-pdf/ -q
header --image $picture --avatar $logos/bird.svg --name-label Bird --offsets -60:200:40 --scale 2 -o OUT/header/ --contact-sheet OUT/header-sheet.png --blurred-header OUT/header-blurred.png --constants OUT/header-constants.json -q
EOF
}

run_all() { # binary, output folder
    local binary=$1 out=$2 line
    mkdir -p "$out"
    while IFS= read -r line; do
        line=${line//OUT/$out}
        # Word-split on spaces but keep "iPhone\ 15" together.
        eval "set -- $line"
        if ! "$binary" "$@" > "$out/.log" 2>&1; then
            echo "FAILED ($binary): $line" >&2
            cat "$out/.log" >&2
            return 1
        fi
    done < <(commands)
}

run_all "$old" "$work/old"
run_all "$new" "$work/new"

rgba_hash() { ffmpeg -v error -i "$1" -f rawvideo -pix_fmt rgba - | sha256sum | cut -d' ' -f1; }

failed=0; compared=0; byte_changes=0
old_list=$(cd "$work/old" && find . -type f ! -name .log | sort)
new_list=$(cd "$work/new" && find . -type f ! -name .log | sort)
if [ "$old_list" != "$new_list" ]; then
    echo "The two builds wrote different files:"
    diff <(echo "$old_list") <(echo "$new_list") || true
    failed=1
fi
while IFS= read -r file; do
    [ -f "$work/new/$file" ] || continue
    case "$file" in
    *.png)
        compared=$((compared + 1))
        if ! cmp -s "$work/old/$file" "$work/new/$file"; then
            if [ "$(rgba_hash "$work/old/$file")" = "$(rgba_hash "$work/new/$file")" ]; then
                echo "same pixels, other bytes: $file"
                byte_changes=$((byte_changes + 1))
            else
                echo "PIXELS DIFFER: $file"
                failed=1
            fi
        fi
        ;;
    *)
        cmp -s "$work/old/$file" "$work/new/$file" || { echo "DIFFERS: $file"; failed=1; }
        ;;
    esac
done <<< "$old_list"

echo "$compared PNGs compared, $byte_changes with other bytes but the same pixels."
if [ $failed -ne 0 ]; then
    echo "pixel-check: differences found"
    exit 1
fi
echo "pixel-check: identical pixels"
