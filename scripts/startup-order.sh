#!/usr/bin/env bash
# Writes scripts/startup-order.txt: the functions of the release binary that `--version`, a small
# `render`, `info` and `mask` execute, in that order, one mangled name a line. The release link
# (Package.swift) hands it to lld as --symbol-ordering-file, which lays these functions out next
# to one another at the start of .text: the kernel maps a binary's code 64 KiB around each page
# fault, so code scattered over the 18 MB of .text made a 512 px render map ~10 MB of it.
# A stale list is harmless (missing names are skipped, new functions land after the listed ones);
# regenerate it after large changes or a toolchain update:
#   make build && scripts/startup-order.sh && make build
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$root/.build/release/logo-mask}
logo=$root/SampleLogos/bird.svg
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 69; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the DWARF of this binary: profile a copy without it (same code, same names).
strip --strip-debug -o "$work/logo-mask" "$binary"
run() { valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$1" "$work/logo-mask" "${@:2}" >/dev/null 2>&1; }
run 1 --version
run 2 render "$logo" -o "$work/r.png" --width 512 -q
run 3 info "$logo"
run 4 mask "$logo" -o "$work/m.png" --width 512
python3 - "$work" "$root/scripts/startup-order.txt" <<'PY'
import re, sys
work, out = sys.argv[1], sys.argv[2]
names, seen = [], set()
for n in (1, 2, 3, 4):
    objects, current = {}, None
    for line in open(f"{work}/cg.{n}"):
        m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?", line)
        if m:
            if m.group(3):
                objects[m.group(2)] = m.group(3)
            if m.group(1) == "ob":
                current = objects.get(m.group(2), "")
            continue
        m = re.match(r"^fn=\((\d+)\) (.*)", line)
        if m and current.endswith("/logo-mask"):
            name = m.group(2).split("'")[0]
            if name not in seen and not name.startswith("0x"):
                seen.add(name)
                names.append(name)
open(out, "w").write("\n".join(names) + "\n")
print(f"{out}: {len(names)} functions")
PY
