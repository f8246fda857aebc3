#!/usr/bin/env python3
"""Alternated `render` runs of several binaries (and resvg) at real-time priority, per logo.

    python3 scripts/alternated-renders.py RUNS WIDTH NAME=BINARY ... -- LOGO ...

A NAME containing "resvg" is run as `resvg -w WIDTH LOGO OUT`, any other as `BINARY render LOGO
--width WIDTH -o OUT -q`. Each run is `chrt -f 20 ...` (root: the run gets both cores as on an idle
machine although other work is running), the tools alternated run by run; per tool the median wall
time (from the parent), the median CPU time (user + sys, from wait4) and the range of peak RSS.
A LOGO is a path, or THEME/NAME of the real-world set (Tests/LogoMaskTests/Fixtures/real-world).
"""
import os
import statistics
import subprocess
import sys
import tempfile

REAL_WORLD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests/LogoMaskTests/Fixtures/real-world")


def main():
    runs, width = int(sys.argv[1]), sys.argv[2]
    split = sys.argv.index("--")
    tools = [arg.split("=", 1) for arg in sys.argv[3:split]]
    with tempfile.TemporaryDirectory(prefix="alternated-renders-") as out:
        for logo in sys.argv[split + 1:]:
            run_logo(logo, runs, width, tools, out)


def run_logo(logo, runs, width, tools, out):
    """Alternates the tools' renders of one logo and prints its row."""
    path = logo if os.path.exists(logo) else os.path.join(REAL_WORLD, logo + ".svg")
    results = {name: [] for name, _ in tools}
    for _ in range(runs):
        for name, binary in tools:
            png = os.path.join(out, name + ".png")
            command = [binary, "-w", width, path, png] if "resvg" in name else \
                [binary, "render", path, "--width", width, "-o", png, "-q"]
            start = os.times().elapsed
            child = subprocess.Popen(["chrt", "-f", "20"] + command, stderr=subprocess.DEVNULL)
            _, _, usage = os.wait4(child.pid, 0)
            results[name].append((os.times().elapsed - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024))
    cells = [logo]
    for name, _ in tools:
        walls, cpus, peaks = zip(*results[name])
        cells.append("%s wall %.3f s cpu %.3f s peak %.0f-%.0f MB" % (
            name, statistics.median(walls), statistics.median(cpus), min(peaks), max(peaks)))
    print(" | ".join(cells), flush=True)


if __name__ == "__main__":
    main()
