#!/usr/bin/env bash
# Makes Fuzz/seeds: the sample logos, twenty simple-icons logos and a few tiny SVG/PDF shapes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
icons="${ICONS:-$here/../../shared/corpus/simple-icons/icons}"
mkdir -p "$here/seeds"
cp "$here"/../SampleLogos/*.svg "$here"/../SampleLogos/*.pdf "$here/seeds/"
if [ -d "$icons" ]; then
    ls "$icons" | sort | awk 'NR % 170 == 1' | head -20 | while read -r f; do cp "$icons/$f" "$here/seeds/si-$f"; done
fi
printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>' > "$here/seeds/rect.svg"
printf '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><defs><path id="p" d="M0 0L5 5"/></defs><use xlink:href="#p" stroke="red"/><circle r="3" cx="5" cy="5" filter="url(#f)"/><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></svg>' > "$here/seeds/use-filter.svg"
printf '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "x">]><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><text y="3">&a;</text></svg>' > "$here/seeds/entity.svg"
