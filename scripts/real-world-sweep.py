#!/usr/bin/env python3
"""Every command a user runs, with its defaults, over a folder of real logos, on every core.

    scripts/real-world-sweep.py FOLDER [--binary .build/release/logo-mask] [--jobs N]
        [--device "iPhone 15"] [--commands info,render,...] [--results runs.tsv] [--timeout 60]
        [--compare before.tsv]

For each logo (*.svg, *.svgz, *.pdf below FOLDER) it runs: info, render (512 px), cover,
reveal to frames, to a Lottie, to a web page and to the web overlay script (twitter preset), code for iOS and Android,
assets (iOS, Android, web), and init followed by generate (every output of the configuration's
defaults: six devices, three platforms), each in a fresh folder, and records the exit status, the first line
of the error, the wall time and the peak memory (the child's maxrss from wait4).

It prints one table per command: runs, failures by exit status, median / 95th percentile / max
wall time, 95th percentile / max CPU time (user + system: the figure to compare on a loaded
machine) and peak memory, then the failures grouped by message. Exit status: 0 when every run
succeeded, 1 when any failed (a valid logo is never to be refused), 2 on usage errors.
"""
import argparse
import concurrent.futures
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = {
    "info": lambda logo, out, dev: ["info", logo, "--json"],
    "render": lambda logo, out, dev: ["render", logo, "-o", f"{out}/r.png", "--width", "512", "-q"],
    "cover": lambda logo, out, dev: ["cover", logo, "--device", dev, "--json"],
    "reveal-frames": lambda logo, out, dev: ["reveal", logo, "--preset", "twitter", "--device", dev,
                                             "-o", f"{out}/frames", "--fps", "30"],
    "reveal-lottie": lambda logo, out, dev: ["reveal", logo, "--preset", "twitter", "--device", dev,
                                             "-o", f"{out}/splash.json"],
    "reveal-page": lambda logo, out, dev: ["reveal", logo, "--preset", "twitter", "--device", dev,
                                           "-o", f"{out}/splash.html"],
    "reveal-overlay": lambda logo, out, dev: ["reveal", logo, "--preset", "twitter", "--device", dev,
                                              "-o", f"{out}/logo-reveal.js"],
    "code-ios": lambda logo, out, dev: ["code", logo, "--platform", "ios", "--preset", "twitter",
                                        "-o", f"{out}/ios"],
    "code-android": lambda logo, out, dev: ["code", logo, "--platform", "android", "--preset", "yula",
                                            "-o", f"{out}/android"],
    "assets": lambda logo, out, dev: ["assets", logo, "-o", f"{out}/assets"],
    # The README's first job: `init` writes the configuration, `generate` every output from it
    # (both timed together, through sh; `init` takes about 0.2 s).
    "generate": lambda logo, out, dev: ["init", logo, "-o", f"{out}/logo-mask.yml", "-q", "&&",
                                        "generate", f"{out}/logo-mask.yml", "-q"],
}


def run_one(binary, command, logo, device, timeout):
    out = tempfile.mkdtemp(prefix="sweep.")
    words = COMMANDS[command](logo, out, device)
    if "&&" in words:
        # Several commands in a row: one shell, each with the binary and the deadline.
        steps = []
        while words:
            end = words.index("&&") if "&&" in words else len(words)
            steps.append(" ".join(shlex.quote(w) for w in [binary] + words[:end] + ["--timeout", str(timeout)]))
            words = words[end + 1:]
        args = ["sh", "-c", " && ".join(steps)]
    else:
        args = [binary] + words + ["--timeout", str(timeout)]
    start = time.monotonic()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _, stderr = process.communicate(timeout=timeout * 3 + 30)
    except subprocess.TimeoutExpired:
        process.kill()
        _, stderr = process.communicate()
    # communicate() reaps the child; its rusage is read from the process object below.
    elapsed = time.monotonic() - start
    status = process.returncode if process.returncode >= 0 else 128 - process.returncode
    peak_kb = getattr(process, "peak_kb", 0)
    cpu = getattr(process, "cpu_seconds", 0.0)
    shutil.rmtree(out, ignore_errors=True)
    first = stderr.decode("utf-8", "replace").strip().splitlines()
    message = next((line for line in first if line.startswith("logo-mask:")), first[0] if first else "")
    return command, logo, status, elapsed, peak_kb, message, cpu


class MeasuredPopen(subprocess.Popen):
    """A Popen that reaps its child with wait4, keeping the child's own peak memory."""

    def _try_wait(self, wait_flags):
        try:
            pid, status, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            pid, status = self.pid, 0
            usage = None
        if pid == self.pid and usage is not None:
            self.peak_kb = usage.ru_maxrss
            self.cpu_seconds = usage.ru_utime + usage.ru_stime
        return (pid, status)


subprocess.Popen = MeasuredPopen


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "logo-mask"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--device", default="iPhone 15")
    parser.add_argument("--commands", default=",".join(COMMANDS))
    parser.add_argument("--results", help="write every run as a TSV line here")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--compare", help="an earlier --results file: print this sweep's figures against it")
    options = parser.parse_args()
    if not os.path.isdir(options.folder):
        print(f"real-world-sweep: {options.folder} is not a folder", file=sys.stderr)
        return 2
    if not os.access(options.binary, os.X_OK):
        print(f"real-world-sweep: no binary at {options.binary} (make build)", file=sys.stderr)
        return 2
    commands = options.commands.split(",")
    unknown = [c for c in commands if c not in COMMANDS]
    if unknown:
        print(f"real-world-sweep: unknown command {unknown[0]}; known: {', '.join(COMMANDS)}", file=sys.stderr)
        return 2
    logos = sorted(os.path.join(root, name) for root, _, names in os.walk(options.folder)
                   for name in names if name.endswith((".svg", ".svgz", ".pdf")))
    jobs = [(c, logo) for logo in logos for c in commands]
    started = time.monotonic()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        for result in pool.map(lambda job: run_one(options.binary, job[0], job[1], options.device, options.timeout), jobs):
            results.append(result)
    wall = time.monotonic() - started
    if options.results:
        with open(options.results, "w") as file:
            for command, logo, status, elapsed, peak, message, cpu in results:
                file.write(f"{command}\t{status}\t{elapsed:.3f}\t{peak}\t{logo}\t{message}\t{cpu:.3f}\n")

    print(f"{options.folder}: {len(logos)} logos, {len(results)} runs, {options.jobs} at a time, {wall:.0f} s wall, "
          f"device {options.device}")
    failed_logos = {logo for _, logo, status, *_ in results if status != 0}
    print(f"logos failing at least one command: {len(failed_logos)} of {len(logos)}")
    print()
    header = f"{'command':<14} {'runs':>5} {'failed':>6}  {'by status':<22} {'p50 s':>6} {'p95 s':>6} {'max s':>6} {'p50 cpu':>7} {'p95 cpu':>7} {'max cpu':>7} {'p50 MB':>7} {'max MB':>7}"
    print(header)
    for command in commands:
        rows = [r for r in results if r[0] == command]
        times = [r[3] for r in rows]
        peaks = [r[4] / 1024 for r in rows]
        cpus = [r[6] for r in rows]
        statuses = {}
        for r in rows:
            if r[2] != 0:
                statuses[r[2]] = statuses.get(r[2], 0) + 1
        by_status = " ".join(f"{s}:{n}" for s, n in sorted(statuses.items())) or "-"
        failed = sum(statuses.values())
        print(f"{command:<14} {len(rows):>5} {failed:>6}  {by_status:<22} {statistics.median(times):>6.2f} "
              f"{percentile(times, 0.95):>6.2f} {max(times):>6.2f} {statistics.median(cpus):>7.2f} {percentile(cpus, 0.95):>7.2f} "
              f"{max(cpus):>7.2f} {statistics.median(peaks):>7.1f} {max(peaks):>7.1f}")
    failures = [r for r in results if r[2] != 0]
    if failures:
        print()
        print("failures by message (the file's name and numbers folded):")
        groups = {}
        for command, logo, status, _, _, message, _ in failures:
            text = message.replace(logo, "LOGO")
            text = text[:110]
            groups.setdefault((command, status, text), []).append(os.path.basename(logo))
        for (command, status, text), names in sorted(groups.items(), key=lambda item: -len(item[1])):
            print(f"  {len(names):>4}  {command} {status}: {text}  (e.g. {', '.join(names[:3])})")
    slowest = sorted(results, key=lambda r: -r[3])[:5]
    print()
    print("slowest runs: " + "; ".join(f"{r[0]} {os.path.basename(r[1])} {r[3]:.1f} s" for r in slowest))
    busiest = sorted(results, key=lambda r: -r[6])[:5]
    print("most CPU: " + "; ".join(f"{r[0]} {os.path.basename(r[1])} {r[6]:.2f} s" for r in busiest))
    heaviest = sorted(results, key=lambda r: -r[4])[:5]
    print("heaviest runs: " + "; ".join(f"{r[0]} {os.path.basename(r[1])} {r[4] / 1024:.0f} MB" for r in heaviest))
    if options.compare:
        print_comparison(options.compare, results, commands)
    return 1 if failures else 0


def print_comparison(path, results, commands):
    """Per command, this sweep's CPU and memory figures against an earlier --results file's."""
    before = {}
    with open(path) as file:
        for line in file:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 7:
                before.setdefault(fields[0], []).append((float(fields[6]), float(fields[2]), int(fields[3]) / 1024))
    print()
    print(f"against {path} (before -> after):")
    print(f"{'command':<14} {'p50 cpu s':>13} {'p95 cpu s':>13} {'max cpu s':>13} {'p95 wall s':>13} {'max MB':>13}")
    for command in commands:
        old = before.get(command)
        if not old:
            continue
        new = [(r[6], r[3], r[4] / 1024) for r in results if r[0] == command]
        def pair(values_old, values_new, figure):
            return f"{figure(values_old):.2f} -> {figure(values_new):.2f}"
        print(f"{command:<14} {pair([o[0] for o in old], [n[0] for n in new], statistics.median):>13} "
              f"{pair([o[0] for o in old], [n[0] for n in new], lambda v: percentile(v, 0.95)):>13} "
              f"{pair([o[0] for o in old], [n[0] for n in new], max):>13} "
              f"{pair([o[1] for o in old], [n[1] for n in new], lambda v: percentile(v, 0.95)):>13} "
              f"{pair([o[2] for o in old], [n[2] for n in new], max):>13}")


if __name__ == "__main__":
    sys.exit(main())
