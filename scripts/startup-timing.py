#!/usr/bin/env python3
"""Start-up and one small render, whole process: median wall time and peak RSS (ru_maxrss),
both taken by Benchmarks/measure-process.c.

    scripts/startup-timing.py ICONS_DIR BINARY [BINARY...]

Alternates every binary given with rsvg-convert, 31 runs each: `--version`, then
`render ICON.svg -o OUT --width 512 -q` for kotlin, github and elsevier from ICONS_DIR
(simple-icons' icons folder). Run it on an idle machine.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
from compare import measure_process_binary  # noqa: E402  (one recipe for the launcher)


def run(launch, argv):
    fields = subprocess.run([launch, "60"] + argv, stdout=subprocess.PIPE, text=True, check=True).stdout.split()
    return float(fields[1]), int(fields[3]) / 1024


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    icons, binaries = sys.argv[1], sys.argv[2:]
    out = tempfile.mkdtemp()
    launch = str(measure_process_binary())
    cases = {"--version": (lambda b: [b, "--version"], ["rsvg-convert", "--version"])}
    for icon in ["kotlin", "github", "elsevier"]:
        svg = os.path.join(icons, icon + ".svg")
        cases[icon + " 512"] = (
            lambda b, svg=svg: [b, "render", svg, "-o", os.path.join(out, "a.png"), "--width", "512", "-q"],
            ["rsvg-convert", "-w", "512", svg, "-o", os.path.join(out, "b.png")])
    for name, (ours, peer) in cases.items():
        samples = {b: [] for b in binaries + ["rsvg-convert"]}
        for _ in range(31):
            for b in binaries:
                samples[b].append(run(launch, ours(b)))
            samples["rsvg-convert"].append(run(launch, peer))
        for b, values in samples.items():
            wall = median([v[0] for v in values]) * 1000
            peak = median([v[1] for v in values])
            print(f"{name:14} {b}: {wall:.1f} ms, {peak:.1f} MB")


if __name__ == "__main__":
    main()
