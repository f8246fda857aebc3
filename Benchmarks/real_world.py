"""The real-world rows of Benchmarks/compare.py (`--real-world FOLDER`).

Real app logos (several shapes, gradients, group opacity, masks, filters) behave unlike the
one-path logos of the main table, so they get rows of their own:

  1. every command a user runs (scripts/real-world-sweep.py: info, render, cover, reveal to
     frames, Lottie and page, code for iOS and Android, assets) over the folder, on every core:
     per command the runs, failures, median / 95th percentile / max wall time and peak memory;
  2. `render --width 4096` of every logo, ours against resvg and rsvg-convert, alternating, each
     process measured by Benchmarks/measure-process.c: per peer the median and the worst
     ours/peer wall-time ratio, with the logo that gives it.

The targets these rows check (issue 24): every command at most 2 s at the 95th percentile and
10 s at worst, at most 500 MB; render at 4096 px at most 0.5x resvg's wall time on every logo.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

SWEEP = Path(__file__).resolve().parent.parent / "scripts" / "real-world-sweep.py"
RENDER_WIDTH = 4096


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def logos_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix in (".svg", ".svgz", ".pdf"))


def command_rows(cli: Path, folder: Path, jobs: int, log) -> list[dict]:
    """Runs the sweep and summarizes its per-run lines by command."""
    with tempfile.NamedTemporaryFile(suffix=".tsv") as results:
        log(f"real-world sweep of {folder} ({jobs} at a time)...")
        subprocess.run([sys.executable, str(SWEEP), str(folder), "--binary", str(cli), "--jobs", str(jobs),
                        "--results", results.name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        lines = [line.rstrip("\n").split("\t") for line in Path(results.name).read_text().splitlines() if line]
    rows = []
    for command in dict.fromkeys(line[0] for line in lines):
        runs = [line for line in lines if line[0] == command]
        times = [float(line[2]) for line in runs]
        peaks = [int(line[3]) / 1024 for line in runs]
        failures = [line for line in runs if line[1] != "0"]
        rows.append({
            "command": command, "runs": len(runs), "failures": len(failures),
            "first_failure": f"{Path(failures[0][4]).name}: exit {failures[0][1]}" if failures else "",
            "p50_s": statistics.median(times), "p95_s": percentile(times, 0.95), "max_s": max(times),
            "p50_mb": statistics.median(peaks), "max_mb": max(peaks),
        })
    return rows


def render_rows(ours, peers, folder: Path, runs: int, scratch: Path, measure, log, decode=None) -> dict:
    """Renders every logo at 4096 px with ours and each peer; ratios of median wall times, and of
    median CPU times (which other work on the machine disturbs less than wall times). With
    `decode` (a PNG's path to premultiplied RGBA, or None), also the largest channel difference
    between our last render of each logo and rsvg-convert's: our renders draw through librsvg
    as rsvg-convert does, so any difference is a bug (a strip cut or crop that changed pixels)."""
    result = {"width": RENDER_WIDTH, "runs": runs, "peers": {}, "ours_peak_mb": {}, "rsvg_difference": {}}
    available = [p for p in peers if p.argv is not None and p.name in ("resvg", "rsvg-convert")]
    for peer in available:
        result["peers"][peer.name] = {"ratios": {}, "cpu_ratios": {}, "failures": []}
    for svg in logos_in(folder):
        # Themes share file names (breeze/ and papirus/ both hold some): key by theme/name.
        label = f"{svg.parent.name}/{svg.name}"
        ours_times, ours_cpu, ours_peaks = [], [], []
        peer_times = {peer.name: [] for peer in available}
        peer_cpu = {peer.name: [] for peer in available}
        for _ in range(runs):
            for tool in [ours] + available:
                out = scratch / f"{tool.name}-{svg.stem}.png"
                sample = measure(tool.command(svg, out, RENDER_WIDTH), out,
                                 keep=decode is not None and tool.name in ("logo-mask", "rsvg-convert"))
                if sample.error:
                    target = "ours" if tool is ours else tool.name
                    log(f"  {label} {target}: {sample.error}")
                    if tool is not ours:
                        result["peers"][tool.name]["failures"].append(label)
                    continue
                (ours_times if tool is ours else peer_times[tool.name]).append(sample.wall)
                (ours_cpu if tool is ours else peer_cpu[tool.name]).append(sample.cpu)
                if tool is ours:
                    ours_peaks.append(sample.peak / 1e6)
        if not ours_times:
            for peer in available:
                result["peers"][peer.name]["failures"].append(f"{label} (ours failed)")
            continue
        for peer in available:
            if peer_times[peer.name]:
                ratio = statistics.median(ours_times) / statistics.median(peer_times[peer.name])
                result["peers"][peer.name]["ratios"][label] = ratio
                cpu = statistics.median(peer_cpu[peer.name])
                if cpu > 0:
                    result["peers"][peer.name]["cpu_ratios"][label] = statistics.median(ours_cpu) / cpu
        result["ours_peak_mb"][label] = max(ours_peaks)
        if decode is not None and any(peer.name == "rsvg-convert" for peer in available):
            kept = [scratch / f"{name}-{svg.stem}.png" for name in (ours.name, "rsvg-convert")]
            result["rsvg_difference"][label] = pixel_difference(decode, *kept)
            for path in kept:
                path.unlink(missing_ok=True)
        log(f"  {label}: ours {statistics.median(ours_times):.3f} s " + " ".join(
            f"{name} {statistics.median(times):.3f} s" for name, times in peer_times.items() if times))
    return result


def pixel_difference(decode, ours: Path, reference: Path) -> int | None:
    """The largest premultiplied channel difference of two PNGs; None when either is missing
    or their sizes differ."""
    a, b = decode(ours), decode(reference)
    if a is None or b is None or a.shape != b.shape:
        return None
    return int(abs(a - b).max())


def report(rows: list[dict], renders: dict | None, folder: Path) -> list[str]:
    lines = [f"## Real-world logos ({len(logos_in(folder))} in {folder})", "",
             "Every command with its defaults (iPhone 15), all cores (scripts/real-world-sweep.py):", "",
             "| command | runs | failed | p50 s | p95 s | max s | p50 MB | max MB |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        failed = f"{row['failures']} ({row['first_failure']})" if row["failures"] else "0"
        lines.append(f"| {row['command']} | {row['runs']} | {failed} | {row['p50_s']:.2f} | {row['p95_s']:.2f} | "
                     f"{row['max_s']:.2f} | {row['p50_mb']:.0f} | {row['max_mb']:.0f} |")
    if renders:
        lines += ["", f"`render --width {renders['width']}` against the peers ({renders['runs']} run(s) each, median wall "
                  "time, ours/peer; CPU: median CPU time, user + sys):", "",
                  "| peer | logos | median ratio | worst ratio | worst logo | above 0.5x | median CPU ratio | worst CPU ratio | worst CPU logo | peer failed on |",
                  "|---|---:|---:|---:|---|---:|---:|---:|---|---|"]
        for name, peer in renders["peers"].items():
            ratios = peer["ratios"]
            if not ratios:
                lines.append(f"| {name} | 0 | - | - | - | - | - | - | - | {', '.join(peer['failures']) or '-'} |")
                continue
            worst = max(ratios, key=ratios.get)
            cpu = peer.get("cpu_ratios") or {"-": 0.0}
            worst_cpu = max(cpu, key=cpu.get)
            above = sum(1 for r in ratios.values() if r > 0.5)
            lines.append(f"| {name} | {len(ratios)} | {statistics.median(ratios.values()):.2f}x | {ratios[worst]:.2f}x | "
                         f"{worst} | {above} | {statistics.median(cpu.values()):.2f}x | {cpu[worst_cpu]:.2f}x | {worst_cpu} | "
                         f"{', '.join(peer['failures']) or '-'} |")
        differences = renders.get("rsvg_difference") or {}
        if differences:
            off = {label: d for label, d in differences.items() if d != 0}
            lines += ["", f"Pixels against rsvg-convert's: identical on {len(differences) - len(off)} of {len(differences)} logos"
                      + ("." if not off else "; differ: " + ", ".join(
                          f"{label} ({'size' if d is None else f'by {d}'})" for label, d in sorted(off.items())) + ".")]
        peaks = renders.get("ours_peak_mb") or {}
        if peaks:
            top = max(peaks, key=peaks.get)
            lines += ["", f"Our peak memory at {renders['width']} px: max {peaks[top]:.0f} MB ({top})."]
    return lines
