#!/usr/bin/env bash
# Builds the libFuzzer target and runs it for SECONDS (default 60) over Fuzz/corpus, seeded from
# Fuzz/seeds. Findings land in Fuzz/findings/ (crash-*, timeout-*, oom-*).
#   Fuzz/run.sh 1800            # half an hour, one job
#   JOBS=2 Fuzz/run.sh 600      # two workers sharing the corpus
#   KEEP_GOING=1 Fuzz/run.sh 1800   # record findings and carry on (fork mode) instead of stopping
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="${1:-60}"
jobs="${JOBS:-1}"
cd "$here"
swift build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library --scratch-path "$here/.build" >&2
binary="$here/.build/release/LogoMaskFuzz"
mkdir -p corpus findings
[ -d seeds ] || ./make-seeds.sh
extra=()
[ "$jobs" -gt 1 ] && extra+=(-jobs="$jobs" -workers="$jobs")
[ -n "${KEEP_GOING:-}" ] && extra+=(-fork="$jobs" -ignore_timeouts=1 -ignore_ooms=1 -ignore_crashes=1)
exec "$binary" corpus seeds \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
    -dict="$here/svg.dict" -artifact_prefix="$here/findings/" -print_final_stats=1 "${extra[@]}"
