#!/usr/bin/env bash
# Every logo of a corpus through info, render (256 px), mask (256 px), bounds and cover, two at a
# time (xargs -P), and a summary: runs per command per exit status, time, and every crash.
#
#   scripts/corpus-run.sh ../shared/corpus/simple-icons/icons
#   LOGO_MASK=.build/release/logo-mask JOBS=2 EVERY=10 scripts/corpus-run.sh CORPUS_DIR
#
# A crash is an exit status of 128 or more (a signal, or killed by the outer 180 s guard),
# or a result other than success or one of the documented statuses (3 64 65 66 69 70 73 75).
# A clean error must print a "logo-mask: FILE: ..." line; outputs must not be left half-written
# (no .part temporaries). Exits 1 when anything crashed, 0 otherwise.
# Environment: LOGO_MASK (the binary, default .build/release/logo-mask), JOBS (default 2),
# EVERY (take every Nth logo, default 1: all), TIMEOUT (--timeout per run, default 60),
# RESULTS (the per-run results file, default a temporary file; kept when given).
set -euo pipefail

corpus="${1:?usage: scripts/corpus-run.sh CORPUS_DIR}"
[ -d "$corpus" ] || { echo "corpus-run: $corpus is not a folder" >&2; exit 64; }
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${LOGO_MASK:-$root/.build/release/logo-mask}"
[ -x "$binary" ] || { echo "corpus-run: no binary at $binary (run swift build -c release, or set LOGO_MASK)" >&2; exit 69; }
jobs="${JOBS:-2}"
every="${EVERY:-1}"
timeout_seconds="${TIMEOUT:-60}"
work="$(mktemp -d "${TMPDIR:-/tmp}/corpus-run.XXXXXX")"
results="${RESULTS:-$work/results.tsv}"
trap 'rm -rf "$work"' EXIT
: > "$results"

# One logo through every command; one line per run: command, status, seconds, clean, file.
run_one() {
    local logo="$1" binary="$2" timeout_seconds="$3" results="$4" work="$5"
    local out
    out="$(mktemp -d "$work/out.XXXXXX")"
    local -a commands=(
        "info|--json"
        "render|-o $out/r.png --width 256 -q"
        "mask|-o $out/m.png --width 256 -q"
        "bounds|--json"
        "cover|--device iPhone 15 --json"
    )
    for entry in "${commands[@]}"; do
        local name="${entry%%|*}" rest="${entry#*|}"
        local -a args
        if [ "$name" = cover ]; then args=(--device "iPhone 15" --json); else read -r -a args <<< "$rest"; fi
        local start end status clean=yes
        start=$(date +%s.%N)
        set +e
        timeout -s KILL 180 "$binary" "$name" "$logo" "${args[@]}" --timeout "$timeout_seconds" > /dev/null 2> "$out/stderr"
        status=$?
        set -e
        end=$(date +%s.%N)
        if [ "$status" -ne 0 ] && ! grep -q "^logo-mask: " "$out/stderr"; then clean=no-message; fi
        if ls -A "$out" | grep -q '\.part-'; then clean=left-part; fi
        # A failed run must not leave its output behind.
        if [ "$status" -ne 0 ] && ls "$out" | grep -q '\.png$'; then clean=left-output; fi
        printf '%s\t%s\t%.3f\t%s\t%s\t%s\n' "$name" "$status" "$(echo "$end - $start" | bc)" "$clean" "$logo" \
            "$(head -c 300 "$out/stderr" | tr '\t\n' '  ')" >> "$results"
        rm -f "$out"/*.png "$out/stderr"
    done
    rm -rf "$out"
}
export -f run_one

started=$(date +%s)
find "$corpus" -maxdepth 1 -type f \( -name '*.svg' -o -name '*.svgz' -o -name '*.pdf' \) | sort \
    | awk -v n="$every" 'NR % n == 0 || n == 1' \
    | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {} "$binary" "$timeout_seconds" "$results" "$work"
elapsed=$(( $(date +%s) - started ))

logos=$(cut -f5 "$results" | sort -u | wc -l)
echo "corpus: $corpus ($logos logos, $(wc -l < "$results") runs, $jobs at a time, ${elapsed} s wall)"
echo
awk -F'\t' '
    { count[$1 "\t" $2]++; seen[$1] = 1; statuses[$2] = 1; time[$1] += $3; n[$1]++
      if ($3 > slowest[$1]) { slowest[$1] = $3 } }
    END {
        header = sprintf("%-8s", "command"); ns = 0
        for (s in statuses) list[++ns] = s + 0
        for (i = 1; i <= ns; i++) for (j = i + 1; j <= ns; j++) if (list[j] < list[i]) { t = list[i]; list[i] = list[j]; list[j] = t }
        for (i = 1; i <= ns; i++) header = header sprintf("  %7s", "exit " list[i])
        print header sprintf("  %9s  %9s  %9s", "total s", "mean s", "max s")
        split("info render mask bounds cover", order, " ")
        for (k = 1; k <= 5; k++) {
            c = order[k]; if (!(c in seen)) continue
            line = sprintf("%-8s", c)
            for (i = 1; i <= ns; i++) line = line sprintf("  %7d", count[c "\t" list[i]] + 0)
            print line sprintf("  %9.1f  %9.3f  %9.2f", time[c], time[c] / n[c], slowest[c])
        }
    }' "$results"
echo
crashes=$(awk -F'\t' '$2 >= 128 || ($2 != 0 && $2 != 3 && $2 != 64 && $2 != 65 && $2 != 66 && $2 != 69 && $2 != 70 && $2 != 73 && $2 != 75) || $4 != "yes"' "$results")
if [ -n "$crashes" ]; then
    echo "CRASHES or unclean results:"
    echo "$crashes" | cut -f1,2,4,5,6
    exit 1
fi
echo "crashes: 0 (every run a success or a clean, documented error)"
echo "errors by message (first words):"
awk -F'\t' '$2 != 0 { sub(/^logo-mask: [^:]*: /, "", $6); print $1 " " $2 ": " substr($6, 1, 90) }' "$results" | sort | uniq -c | sort -rn | head -15
