#!/usr/bin/env bash
# Writes scripts/startup-order.txt: the functions of the release binary that `--version`, a small
# `render` (the bundled bird and kotlin), `info` and `mask` execute, in that order, one mangled
# name a line. The release link
# (Package.swift) hands it to lld as --symbol-ordering-file, which lays these functions out next
# to one another at the start of .text: the kernel maps a binary's code 64 KiB around each page
# fault, so code scattered over the 18 MB of .text made a 512 px render map ~9 MB of it. Only
# functions in sections of their own move: the Makefile compiles every Swift module with
# -function-sections; the prebuilt standard library and Foundation are what they are.
# A stale list is harmless (missing names are skipped, new functions land after the listed ones);
# regenerate it after large changes or a toolchain update:
#   make build && scripts/startup-order.sh && rm .build/release/logo-mask && make build
# (SwiftPM does not relink when only this list changes, hence the rm).
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
run 5 render "$root/Tests/LogoMaskTests/Fixtures/simple-icons/kotlin.svg" -o "$work/k.png" --width 512 -q
python3 - "$work" "$root/scripts/startup-order.txt" <<'PY'
import re, sys
work, out = sys.argv[1], sys.argv[2]
# A callgrind file names a function or an object once, at its first mention, which may be a
# callee line (cfn=, cob=); later lines give only the number. Both forms are read, or the
# functions first met as callees are lost (they were: 2,148 names listed instead of 2,748).
entry = re.compile(r"^(c?fn|c?ob)=\((\d+)\)(?: (.*))?$")
names, seen = [], set()
for n in (1, 2, 3, 4, 5):
    function_names, object_names = {}, {}
    caller_object = callee_object = ""
    for line in open(f"{work}/cg.{n}"):
        m = entry.match(line.rstrip("\n"))
        if not m:
            continue
        kind, number, text = m.groups()
        if kind in ("ob", "cob"):
            if text:
                object_names[number] = text
            if kind == "ob":
                caller_object = callee_object = object_names.get(number, "")
            else:
                callee_object = object_names.get(number, "")
            continue
        if text:
            function_names[number] = text
        name = function_names.get(number, "").split("'")[0]
        obj = caller_object if kind == "fn" else callee_object
        if kind == "fn":
            callee_object = caller_object
        if obj.endswith("/logo-mask") and name and name not in seen and not name.startswith("0x") and " " not in name:
            seen.add(name)
            names.append(name)
open(out, "w").write("\n".join(names) + "\n")
print(f"{out}: {len(names)} functions")
PY
