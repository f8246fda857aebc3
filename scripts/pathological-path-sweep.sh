#!/bin/sh
# Issue 17, point 5: no real logo may be refused as a path too complex to draw. Runs `info` and
# `render` at 256 px and at a big size over every SVG of a folder (a simple-icons clone's
# icons/ folder) and lists every file that does not end with status 0, with the slowest run.
#
#   scripts/pathological-path-sweep.sh CORPUS_FOLDER [BINARY] [BIG_SIZE]
#
# BINARY defaults to .build/release/logo-mask, BIG_SIZE to 4096. Exits 1 when a file failed.
set -u
corpus=${1:?usage: $0 CORPUS_FOLDER [BINARY] [BIG_SIZE]}
binary=${2:-.build/release/logo-mask}
big=${3:-4096}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0 count=0 slowest=0 slowestFile=
for file in "$corpus"/*.svg; do
  count=$((count + 1))
  for run in "info" "render -w 256" "render -w $big"; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    if [ "$run" = info ]; then "$binary" info "$file" >/dev/null 2>"$out/err"; else "$binary" $run "$file" -o "$out/x.png" >/dev/null 2>"$out/err"; fi
    status=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ "$ms" -gt "$slowest" ]; then slowest=$ms slowestFile="$file ($run)"; fi
    if [ "$status" -ne 0 ]; then
      failed=$((failed + 1))
      echo "FAIL $status $file ($run): $(head -c 300 "$out/err")"
    fi
  done
done
echo "$count files, $failed failed runs; slowest run ${slowest} ms: $slowestFile"
[ "$failed" -eq 0 ]
