#!/usr/bin/env python3
"""Whole-process comparison of `logo-mask render` with rsvg-convert, resvg and cairosvg.

One command (from anywhere):

    python3 Benchmarks/compare.py [CORPUS_DIR]

CORPUS_DIR is simple-icons' icons folder (default: ../shared/corpus/simple-icons/icons relative
to the repository root). The script

  1. installs the peers that are missing (apt: librsvg2-bin, cairosvg/python3-cairosvg;
     pip: resvg-cli, which carries the resvg binary) unless --no-install;
  2. builds `logo-mask` in release (scratch path Benchmarks/.build-cli) and the in-process
     `floor` probe (Benchmarks package) unless --no-build;
  3. renders kotlin, debridlink and elsevier at 1024, 4096 and 16384 px wide with every tool,
     alternating runs of each pair (ours, peer, ours, peer, ...), and measures per process:
     wall time, CPU time (user + sys), peak resident memory (ru_maxrss, taken by the small
     launcher Benchmarks/measure-process.c, not by Python: see why there) and
     output bytes; it checks that every PNG header has the same pixel size as ours;
  4. renders a fixed batch of 200 corpus logos (Fixtures/batch200.txt) at 512 px: ours as ONE
     batch command (`render @list -o DIR/ --jobs CORES`), each peer as one process per logo
     started by `xargs -P CORES` (the same cores), and reports the batch totals per tool; then
     checks all 200 of our PNGs against rsvg-convert's within +-2 per premultiplied channel
     (decoded by ffmpeg);
  5. prints medians and our/peer ratios as a Markdown table (also written to
     Benchmarks/results/), with the floor beside it: rendering without encoding (in-process,
     all cores) plus one copy of the output-sized pixel buffer.

  6. with --real-world FOLDER (e.g. Tests/LogoMaskTests/Fixtures/real-world), the real-world
     rows (Benchmarks/real_world.py): every command a user runs over those logos (failures,
     median / 95th percentile / max time, peak memory) and `render` at 4096 px of each against
     resvg and rsvg-convert with the worst ratio. --only-real-world runs just those rows.

A peer that is not installed (or cannot be) is reported as "missing", never dropped.
--only-small runs just the small cases: one 512 px render of kotlin (against rsvg-convert and
resvg) and the batch.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import functools
import json
import os
import platform
import shutil
import statistics
import struct
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import real_world as real_world_rows

BENCH_DIR = Path(__file__).resolve().parent
REPO_DIR = BENCH_DIR.parent
FIXTURES = BENCH_DIR / "Fixtures"
DEFAULT_CORPUS = REPO_DIR.parent / "shared" / "corpus" / "simple-icons" / "icons"
CLI_SCRATCH = BENCH_DIR / ".build-cli"
LOGOS = ["kotlin", "debridlink", "elsevier"]
SIZES = [1024, 4096, 16384]
BATCH_WIDTH = 512
SMALL_WIDTH = 512  # the single small render of --only-small
PROCESS_TIMEOUT = 600  # seconds, per process


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------------------------
# Tools


@dataclass
class Tool:
    name: str
    argv: list[str] | None  # the program (plus fixed leading arguments); None when missing
    version: str = ""
    missing_reason: str = ""

    def command(self, svg: Path, out: Path, width: int) -> list[str]:
        assert self.argv is not None
        if self.name == "logo-mask":
            return self.argv + ["render", str(svg), "-o", str(out), "--width", str(width), "-q"]
        if self.name == "rsvg-convert":
            return self.argv + ["-w", str(width), "-o", str(out), str(svg)]
        if self.name == "resvg":
            return self.argv + ["-w", str(width), str(svg), str(out)]
        if self.name == "cairosvg":
            # -W/--width is the *parent container* width; --output-width scales the output.
            return self.argv + [str(svg), "-f", "png", "--output-width", str(width), "-o", str(out)]
        raise ValueError(self.name)


def run_quiet(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kwargs)


def apt_install(packages: list[str]) -> str:
    """Installs Debian packages; returns '' or the reason it could not."""
    if shutil.which("apt-get") is None:
        return "apt-get not found"
    prefix = [] if os.geteuid() == 0 else (["sudo", "-n"] if shutil.which("sudo") else None)
    if prefix is None:
        return "not root and no sudo"
    log(f"installing {' '.join(packages)} (apt-get)...")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    result = run_quiet(prefix + ["apt-get", "install", "-y", "-qq"] + packages, env=env)
    if result.returncode != 0:
        run_quiet(prefix + ["apt-get", "update", "-qq"], env=env)
        result = run_quiet(prefix + ["apt-get", "install", "-y", "-qq"] + packages, env=env)
    return "" if result.returncode == 0 else f"apt-get install {' '.join(packages)} failed: {result.stdout.strip()[-300:]}"


def find_resvg() -> str | None:
    """The resvg binary itself (not a pyenv shim, whose bash start-up would be timed too)."""
    candidates = [Path(sysconfig.get_path("scripts")) / "resvg",
                  Path(sysconfig.get_path("scripts", "posix_user")) / "resvg"]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    # pip show -f lists the files of the distribution; the binary is under <name>.data/scripts.
    result = run_quiet([sys.executable, "-m", "pip", "show", "-f", "resvg-cli"])
    if result.returncode == 0:
        location = None
        for line in result.stdout.splitlines():
            if line.startswith("Location:"):
                location = Path(line.split(":", 1)[1].strip())
            elif location and line.strip().endswith("/resvg"):
                path = (location / line.strip()).resolve()
                if path.is_file():
                    return str(path)
    which = shutil.which("resvg")
    if which:
        # Resolve a pyenv shim to the real binary when possible.
        result = run_quiet(["pyenv", "which", "resvg"]) if shutil.which("pyenv") else None
        if result is not None and result.returncode == 0 and Path(result.stdout.strip()).is_file():
            return result.stdout.strip()
        return which
    return None


def discover_peers(install: bool) -> list[Tool]:
    peers: list[Tool] = []

    # rsvg-convert (librsvg2-bin)
    reason = ""
    if shutil.which("rsvg-convert") is None and install:
        reason = apt_install(["librsvg2-bin"])
    path = shutil.which("rsvg-convert")
    tool = Tool("rsvg-convert", [path] if path else None,
                missing_reason=reason or "rsvg-convert not found (apt-get install librsvg2-bin)")
    if path:
        tool.version = run_quiet([path, "--version"]).stdout.strip().split()[-1]
    peers.append(tool)

    # resvg (pip: resvg-cli)
    reason = ""
    path = find_resvg()
    if path is None and install:
        log("installing resvg-cli (pip)...")
        result = run_quiet([sys.executable, "-m", "pip", "install", "-q", "resvg-cli"])
        if result.returncode != 0:
            reason = f"pip install resvg-cli failed: {result.stdout.strip()[-300:]}"
        path = find_resvg()
    tool = Tool("resvg", [path] if path else None,
                missing_reason=reason or "resvg not found (pip install resvg-cli)")
    if path:
        tool.version = run_quiet([path, "--version"]).stdout.strip()
    peers.append(tool)

    # cairosvg (Debian: cairosvg, which brings python3-cairosvg)
    def cairosvg_argv() -> list[str] | None:
        exe = shutil.which("cairosvg")
        if exe:
            return [exe]
        if Path("/usr/bin/python3").exists() and run_quiet(["/usr/bin/python3", "-c", "import cairosvg"]).returncode == 0:
            return ["/usr/bin/python3", "-m", "cairosvg"]
        return None

    reason = ""
    argv = cairosvg_argv()
    if argv is None and install:
        reason = apt_install(["cairosvg", "python3-cairosvg"])
        argv = cairosvg_argv()
    tool = Tool("cairosvg", argv, missing_reason=reason or "cairosvg not found (apt-get install cairosvg python3-cairosvg)")
    if argv:
        tool.version = run_quiet(argv + ["--version"]).stdout.strip()
    peers.append(tool)
    return peers


def build(no_build: bool, install: bool, no_floor: bool = False, cli_path: str | None = None) -> tuple[Tool, Path]:
    cli = Path(cli_path).resolve() if cli_path else CLI_SCRATCH / "release" / "logo-mask"
    floor = BENCH_DIR / ".build" / "release" / "floor"
    if not no_build and not cli_path:
        if install and (REPO_DIR / "Makefile").exists() and shutil.which("make"):
            # The main package's Makefile installs the Debian packages it builds against, when missing.
            result = run_quiet(["make", "-C", str(REPO_DIR), "deps"])
            if result.returncode != 0:
                log(f"make deps failed (continuing): {result.stdout.strip()[-300:]}")
        log("building logo-mask (release)...")
        # Built as `make build` builds it: the Swift runtime linked in (half the start-up time).
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib",
                        # as the Makefile's RELEASE: functions in sections of their own, ordered by the link
                        "-Xswiftc", "-Xfrontend", "-Xswiftc", "-function-sections", "--package-path", str(REPO_DIR),
                        "--scratch-path", str(CLI_SCRATCH), "--product", "logo-mask"], check=True,
                       stdout=sys.stderr)
    if not no_build and not no_floor:
        log("building floor (release)...")
        subprocess.run(["swift", "build", "-c", "release", "--package-path", str(BENCH_DIR),
                        "--product", "floor"], check=True, stdout=sys.stderr)
    for path in (cli,) if no_floor else (cli, floor):
        if not path.exists():
            sys.exit(f"compare.py: {path} is missing; run without --no-build")
    ours = Tool("logo-mask", [str(cli)])
    described = run_quiet(["git", "-C", str(REPO_DIR), "describe", "--always", "--dirty"])
    ours.version = described.stdout.strip() if described.returncode == 0 else "(not a git checkout)"
    return ours, floor


# ----------------------------------------------------------------------------------------------
# Measuring


@dataclass
class Sample:
    wall: float
    cpu: float
    peak: int  # bytes
    size: int  # output bytes
    pixels: tuple[int, int] | None
    error: str = ""


def png_size(path: Path) -> tuple[int, int] | None:
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


@functools.cache
def measure_process_binary() -> Path:
    """Benchmarks/measure-process.c, compiled once (a launcher of ~1 MB: see its header for why
    the peak memory of a process started from Python cannot be trusted)."""
    source = BENCH_DIR / "measure-process.c"
    binary = CLI_SCRATCH / "measure-process"
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        compiler = next((c for c in ("cc", "clang", "gcc") if shutil.which(c)), None)
        if compiler is None:
            sys.exit("compare.py: no C compiler (cc, clang or gcc) to build Benchmarks/measure-process.c")
        binary.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def measure(argv: list[str], out: Path, keep: bool = False) -> Sample:
    """Runs `argv` (which writes `out`) under measure-process; `out` is deleted after, unless `keep`."""
    if out.exists():
        out.unlink()
    with tempfile.TemporaryFile() as stderr:
        result = subprocess.run([str(measure_process_binary()), str(PROCESS_TIMEOUT)] + argv,
                                stdout=subprocess.PIPE, stderr=stderr, text=True)
        stderr.seek(0)
        message = stderr.read().decode(errors="replace").strip()
    fields = result.stdout.split()
    if result.returncode != 0 or len(fields) != 4:
        sys.exit(f"compare.py: measure-process failed on {argv[0]}: {message[-300:]}")
    returncode, wall, cpu, peak = int(fields[0]), float(fields[1]), float(fields[2]), int(fields[3]) * 1024
    error = ""
    if returncode != 0:
        error = f"exit {returncode}: {message.splitlines()[-1] if message else ''}"[:160]
    size = out.stat().st_size if out.exists() else 0
    pixels = png_size(out)
    if not error and pixels is None:
        error = "no PNG written"
    if out.exists() and not keep:
        out.unlink()
    return Sample(wall, cpu, peak, size, pixels, error)


@dataclass
class Series:
    samples: list[Sample] = field(default_factory=list)

    def ok(self) -> list[Sample]:
        return [s for s in self.samples if not s.error]

    def median(self, attr: str) -> float | None:
        values = [getattr(s, attr) for s in self.ok()]
        return statistics.median(values) if values else None

    def error(self) -> str:
        errors = [s.error for s in self.samples if s.error]
        return errors[0] if errors else ""


def run_floor(floor: Path, svg: Path, width: int, runs: int) -> dict | None:
    result = run_quiet([str(floor), str(svg), str(width), "--runs", str(runs), "--json"])
    if result.returncode != 0:
        log(f"floor failed for {svg.name} at {width}: {result.stdout.strip()}")
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def measure_case(ours: Tool, peers: list[Tool], svg: Path, width: int, runs: int, scratch: Path) -> dict:
    """Alternates ours and each peer `runs` times; returns our series per peer and each peer's."""
    result = {"ours_all": Series(), "pairs": {}, "peers": {}}
    for peer in peers:
        if peer.argv is None:
            continue
        ours_series, peer_series = Series(), Series()
        for i in range(runs):
            for tool, series in ((ours, ours_series), (peer, peer_series)):
                out = scratch / f"{tool.name}-{svg.stem}-{width}.png"
                sample = measure(tool.command(svg, out, width), out)
                series.samples.append(sample)
                log(f"  {svg.stem:<11} {width:>6} {tool.name:<12} run {i + 1}/{runs}: "
                    f"{sample.wall:7.3f} s wall {sample.cpu:7.3f} s cpu {sample.peak / 1e6:8.1f} MB "
                    f"{sample.size:>10} B {sample.error}")
        result["pairs"][peer.name] = ours_series
        result["peers"][peer.name] = peer_series
        result["ours_all"].samples.extend(ours_series.samples)
    if not result["pairs"]:  # no peer at all: still measure ours
        for i in range(runs):
            out = scratch / f"ours-{svg.stem}-{width}.png"
            result["ours_all"].samples.append(measure(ours.command(svg, out, width), out))
    return result


@dataclass
class BatchTotal:
    wall: float
    cpu: float
    peak: int
    size: int
    failures: int
    first_error: str = ""
    pixels: list = field(default_factory=list)


def batch_command(tool: Tool, logos: list[Path], width: int, out_dir: Path, scratch: Path, jobs: int) -> list[str]:
    """Ours: one batch command over a list file. A peer: `xargs -P jobs`, one process per logo."""
    assert tool.argv is not None
    if tool.name == "logo-mask":
        listing = scratch / "batch-list.txt"
        listing.write_text("".join(f"{p}\n" for p in logos))
        return tool.argv + ["render", f"@{listing}", "-o", f"{out_dir}/", "--width", str(width),
                            "--jobs", str(jobs), "-q"]
    args = scratch / f"batch-{tool.name}.args"
    lines = []
    for svg in logos:
        out = out_dir / f"{svg.stem}.png"
        lines.append(tool.command(svg, out, width)[len(tool.argv):])
    per_call = len(lines[0])
    args.write_text("".join("".join(f"{a}\n" for a in line) for line in lines))
    return ["xargs", "-d", "\\n", "-a", str(args), "-P", str(jobs), "-n", str(per_call)] + tool.argv


def run_batch(tool: Tool, logos: list[Path], width: int, scratch: Path, jobs: int, keep: Path | None = None) -> BatchTotal:
    """One timed batch: wall of the whole, CPU of every process (wait4 counts the reaped
    descendants), peak = the largest single process; `keep` receives the PNGs."""
    out_dir = scratch / f"batch-out-{tool.name}"
    shutil.rmtree(out_dir, ignore_errors=True)
    out_dir.mkdir()
    sample = measure(batch_command(tool, logos, width, out_dir, scratch, jobs), out_dir / "none.png")
    pixels, size, failures, first_error = [], 0, 0, ""
    for svg in logos:
        png = out_dir / f"{svg.stem}.png"
        pixels.append(png_size(png))
        if png.exists():
            size += png.stat().st_size
        else:
            failures += 1
            first_error = first_error or f"{svg.name}: no PNG written ({sample.error})"
    if keep is not None:
        shutil.rmtree(keep, ignore_errors=True)
        out_dir.rename(keep)
    else:
        shutil.rmtree(out_dir, ignore_errors=True)
    return BatchTotal(sample.wall, sample.cpu, sample.peak, size, failures, first_error, pixels)


def decode_premultiplied(png: Path):
    """The PNG's pixels as premultiplied RGBA (numpy, rounded), decoded by ffmpeg."""
    import numpy
    size = png_size(png)
    if size is None:
        return None
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(png), "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         stdout=subprocess.PIPE, check=True).stdout
    rgba = numpy.frombuffer(raw, dtype=numpy.uint8).reshape(size[1], size[0], 4).astype(numpy.int32)
    alpha = rgba[:, :, 3:4]
    rgba[:, :, :3] = (rgba[:, :, :3] * alpha + 127) // 255
    return rgba


def compare_outputs(ours: Path, reference: Path, names: list[str], tolerance: int = 2) -> tuple[int, int, str]:
    """How many of `names` match (same size, every premultiplied channel within `tolerance`),
    the worst difference seen, and the first mismatch."""
    from concurrent.futures import ThreadPoolExecutor
    import numpy

    def one(name: str) -> tuple[bool, int, str]:
        a, b = decode_premultiplied(ours / name), decode_premultiplied(reference / name)
        if a is None or b is None:
            return False, 255, f"{name}: missing"
        if a.shape != b.shape:
            return False, 255, f"{name}: {a.shape[1]}x{a.shape[0]} != {b.shape[1]}x{b.shape[0]}"
        worst = int(numpy.abs(a - b).max())
        return worst <= tolerance, worst, "" if worst <= tolerance else f"{name}: off by {worst}"

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(one, names))
    matched = sum(1 for ok, _, _ in results if ok)
    worst = max((w for _, w, _ in results), default=0)
    first = next((m for ok, _, m in results if not ok), "")
    return matched, worst, first


# ----------------------------------------------------------------------------------------------
# Reporting


def fmt_seconds(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if value < 10 else f"{value:.2f}"


def fmt_mb(value: float | None) -> str:
    return "-" if value is None else f"{value / 1e6:.0f}" if value >= 1e7 else f"{value / 1e6:.1f}"


def fmt_bytes(value: float | None) -> str:
    return "-" if value is None else f"{int(value):,}"


def ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None or b == 0:
        return "-"
    return f"{a / b:.2f}x"


def machine_description() -> str:
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
                break
    except OSError:
        pass
    distro = ""
    try:
        for line in open("/etc/os-release"):
            if line.startswith("PRETTY_NAME="):
                distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model}), {memory}, {distro or platform.platform()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS),
                        help="simple-icons icons folder (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=5, help="runs per tool at 1024 and 4096 px (default 5)")
    parser.add_argument("--runs-large", type=int, default=3, help="runs per tool at 16384 px (default 3)")
    parser.add_argument("--batch-runs", type=int, default=3, help="repeats of the 200-logo batch per tool (default 3)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="widths, comma separated")
    parser.add_argument("--logos", default=",".join(LOGOS), help="logo names, comma separated")
    parser.add_argument("--peers", default="rsvg-convert,resvg,cairosvg", help="peers to compare, comma separated")
    parser.add_argument("--skip-batch", action="store_true", help="skip the 200-logo batch")
    parser.add_argument("--only-small", action="store_true",
                        help="only the small cases: kotlin at 512 px (against rsvg-convert and resvg) and the batch")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="cores given to each batch: our --jobs and xargs -P (default: all)")
    parser.add_argument("--no-install", action="store_true", help="do not install missing peers")
    parser.add_argument("--no-build", action="store_true", help="use the binaries already built")
    parser.add_argument("--cli", help="this logo-mask binary instead of building one (e.g. .build/release/logo-mask of `make build`)")
    parser.add_argument("--no-floor", action="store_true", help="skip the in-process floor")
    parser.add_argument("--output", default=str(BENCH_DIR / "results"), help="folder for the .md/.json results")
    parser.add_argument("--real-world", metavar="FOLDER",
                        help="add the real-world rows for the logos below FOLDER (e.g. Tests/LogoMaskTests/Fixtures/real-world)")
    parser.add_argument("--only-real-world", action="store_true", help="only the real-world rows (needs --real-world)")
    parser.add_argument("--real-world-runs", type=int, default=1, help="runs per tool of each 4096 px real-world render (default 1)")
    args = parser.parse_args()
    if args.only_real_world and not args.real_world:
        parser.error("--only-real-world needs --real-world FOLDER")
    if args.only_real_world:
        args.logos, args.skip_batch, args.no_floor = "", True, True

    corpus = Path(args.corpus).expanduser().resolve()
    if args.only_small:
        args.sizes, args.logos, args.skip_batch = str(SMALL_WIDTH), "kotlin", False
        args.peers = ",".join(p for p in args.peers.split(",") if p in ("rsvg-convert", "resvg"))
    sizes = [int(s) for s in args.sizes.split(",") if s]
    wanted_peers = [p for p in args.peers.split(",") if p]

    if args.only_small:
        args.no_floor = True  # the floor is for the large renders
    ours, floor = build(args.no_build, not args.no_install, args.no_floor, args.cli)
    peers = [p for p in discover_peers(not args.no_install) if p.name in wanted_peers]
    load_before = os.getloadavg()
    started = _dt.datetime.now().astimezone()

    scratch = Path(tempfile.mkdtemp(prefix="logo-mask-compare-"))
    try:
        # Warm the page cache and the dynamic loader for every tool once, untimed.
        warm = FIXTURES / "kotlin.svg"
        for tool in [ours] + [p for p in peers if p.argv]:
            measure(tool.command(warm, scratch / "warm.png", 64), scratch / "warm.png")

        cases = []
        for name in [n for n in args.logos.split(",") if n]:
            svg = corpus / f"{name}.svg"
            if not svg.exists():
                svg = FIXTURES / f"{name}.svg"
            for width in sizes:
                runs = args.runs_large if width >= 16384 else args.runs
                log(f"{name} at {width} px, {runs} runs per tool")
                floor_result = None if args.no_floor else run_floor(floor, svg, width, runs)
                case = measure_case(ours, peers, svg, width, runs, scratch)
                cases.append((name, width, runs, floor_result, case))

        batch = None
        if not args.skip_batch:
            names = [line.strip() for line in (FIXTURES / "batch200.txt").read_text().splitlines() if line.strip()]
            logos = [corpus / n for n in names]
            missing = [p for p in logos if not p.exists()]
            if missing:
                log(f"batch skipped: {len(missing)} of {len(logos)} logos are not in {corpus} (e.g. {missing[0].name})")
                batch = {"skipped": f"corpus not found at {corpus}"}
            else:
                batch = {"ours": [], "peers": {p.name: [] for p in peers if p.argv}, "jobs": args.jobs, "check": None}
                kept = {}
                for i in range(args.batch_runs):
                    # Alternating: ours, then each peer, in every round.
                    for tool in [ours] + [p for p in peers if p.argv]:
                        keep = scratch / f"kept-{tool.name}" if i == 0 else None
                        total = run_batch(tool, logos, BATCH_WIDTH, scratch, args.jobs, keep)
                        if keep is not None:
                            kept[tool.name] = keep
                        log(f"  batch {tool.name:<12} run {i + 1}/{args.batch_runs}: {total.wall:7.2f} s wall "
                            f"{total.cpu:7.2f} s cpu, {total.failures} failed")
                        (batch["ours"] if tool is ours else batch["peers"][tool.name]).append(total)
                if "rsvg-convert" in kept and ours.name in kept:
                    log("  checking our 200 PNGs against rsvg-convert's (+-2 per premultiplied channel)...")
                    batch["check"] = compare_outputs(kept[ours.name], kept["rsvg-convert"], [f"{p.stem}.png" for p in logos])

        real_world = None
        if args.real_world:
            folder = Path(args.real_world).expanduser().resolve()
            rows = real_world_rows.command_rows(Path(ours.argv[0]), folder, args.jobs, log)
            renders = real_world_rows.render_rows(ours, peers, folder, args.real_world_runs, scratch, measure, log,
                                                 decode=decode_premultiplied)
            real_world = (rows, renders, folder)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    load_after = os.getloadavg()
    report, data = render_report(ours, peers, cases, batch, started, load_before, load_after, corpus)
    if real_world:
        rows, renders, folder = real_world
        report += "\n\n" + "\n".join(real_world_rows.report(rows, renders, folder))
        data["real_world"] = {"folder": str(folder), "commands": rows, "render": renders}
    print(report)
    out_dir = Path(args.output)
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = started.strftime("%Y%m%d-%H%M%S")
    (out_dir / f"compare-{stamp}.md").write_text(report + "\n")
    (out_dir / f"compare-{stamp}.json").write_text(json.dumps(data, indent=1) + "\n")
    log(f"written: {out_dir}/compare-{stamp}.md and .json")
    return 0


def render_report(ours, peers, cases, batch, started, load_before, load_after, corpus):
    lines = []
    data = {"date": started.isoformat(), "machine": machine_description(), "load_before": load_before,
            "load_after": load_after, "tools": {}, "cases": [], "batch": None, "targets": []}
    lines.append(f"Measured {started.strftime('%Y-%m-%d %H:%M %Z')} on {machine_description()}; "
                 f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after.")
    versions = [f"logo-mask {ours.version}"] + [
        f"{p.name} {p.version}" if p.argv else f"{p.name}: missing ({p.missing_reason})" for p in peers]
    lines.append("Tools: " + "; ".join(versions) + ".")
    lines.append("Medians of whole-process runs, alternating ours and each peer; ratios are ours / peer "
                 "(from the runs paired with that peer; below 1.00x we are faster, smaller or leaner). "
                 "Floor: in-process render without encoding (the faster of Rasterizer.image, which draws in bands on every core from "
                 "64 MiB of pixels, and 16 MiB bands drawn into memory already touched) plus one copy of the W x H x 4 output.")
    lines.append("")
    lines.append("| logo | px | tool | wall s | CPU s | peak RSS MB | PNG bytes | ours/peer wall | ours/peer CPU | ours/peer peak | ours/peer bytes |")
    lines.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    targets = []
    for name, width, runs, floor_result, case in cases:
        all_ours: Series = case["ours_all"]
        o_wall, o_cpu, o_peak, o_size = (all_ours.median(a) for a in ("wall", "cpu", "peak", "size"))
        our_pixels = next((s.pixels for s in all_ours.ok()), None)
        label = f"{name}"
        dims = f"{width}" + (f" ({our_pixels[0]}x{our_pixels[1]})" if our_pixels and our_pixels[0] != our_pixels[1] else "")
        ours_cell = "**logo-mask**" + (f" (failed: {all_ours.error()})" if not all_ours.ok() else "")
        lines.append(f"| {label} | {dims} | {ours_cell} | {fmt_seconds(o_wall)} | {fmt_seconds(o_cpu)} | "
                     f"{fmt_mb(o_peak)} | {fmt_bytes(o_size)} | | | | |")
        case_data = {"logo": name, "width": width, "runs": runs, "pixels": our_pixels,
                     "ours": {"wall": o_wall, "cpu": o_cpu, "peak": o_peak, "bytes": o_size}, "peers": {}, "floor": floor_result}
        if floor_result:
            floor_s = floor_result["floor_ms"] / 1000
            bands_win = floor_result["render_parallel_ms"] <= floor_result["render_image_ms"]
            render_ms = min(floor_result["render_parallel_ms"], floor_result["render_image_ms"])
            how = f"bands on {floor_result['cores']} cores" if bands_win else "Rasterizer.image"
            lines.append(f"| {label} | {width} | floor (render {render_ms / 1000:.3f} s, {how} "
                         f"+ copy {floor_result['copy_ms'] / 1000:.3f} s) | "
                         f"{fmt_seconds(floor_s)} | - | - | {fmt_bytes(floor_result['width'] * floor_result['height'] * 4)} raw | "
                         f"{ratio(o_wall, floor_s)} | | | |")
        for peer in peers:
            if peer.argv is None:
                lines.append(f"| {label} | {width} | {peer.name} | missing | | | | | | | |")
                case_data["peers"][peer.name] = "missing"
                continue
            ps: Series = case["peers"][peer.name]
            pair: Series = case["pairs"][peer.name]
            p_wall, p_cpu, p_peak, p_size = (ps.median(a) for a in ("wall", "cpu", "peak", "size"))
            q_wall, q_cpu, q_peak, q_size = (pair.median(a) for a in ("wall", "cpu", "peak", "size"))
            note = ""
            if not ps.ok():
                note = f" (failed: {ps.error()})"
            else:
                peer_pixels = ps.ok()[0].pixels
                if our_pixels and peer_pixels != our_pixels:
                    note = f" (size {peer_pixels[0]}x{peer_pixels[1]} != ours)"
            lines.append(f"| {label} | {width} | {peer.name}{note} | {fmt_seconds(p_wall)} | {fmt_seconds(p_cpu)} | "
                         f"{fmt_mb(p_peak)} | {fmt_bytes(p_size)} | {ratio(q_wall, p_wall)} | {ratio(q_cpu, p_cpu)} | "
                         f"{ratio(q_peak, p_peak)} | {ratio(q_size, p_size)} |")
            case_data["peers"][peer.name] = {"wall": p_wall, "cpu": p_cpu, "peak": p_peak, "bytes": p_size,
                                             "ours_paired": {"wall": q_wall, "cpu": q_cpu, "peak": q_peak, "bytes": q_size},
                                             "note": note.strip()}
            if None in (q_wall, p_wall, q_size, p_size):
                continue
            if width == SMALL_WIDTH and peer.name == "rsvg-convert" and q_peak and p_peak:
                targets.append((f"wall <= 1.0x rsvg-convert, {name} {width}", q_wall / p_wall, 1.0))
                targets.append((f"peak <= 1.5x rsvg-convert, {name} {width}", q_peak / p_peak, 1.5))
            if peer.name == "resvg" and width >= 4096:
                targets.append((f"wall <= 0.5x resvg, {name} {width}", q_wall / p_wall, 0.5))
            if peer.name == "rsvg-convert":
                targets.append((f"bytes <= 1.25x rsvg-convert, {name} {width}", q_size / p_size, 1.25))
                if width >= 16384 and q_peak and p_peak:
                    targets.append((f"peak <= 0.25x rsvg-convert, {name} {width}", q_peak / p_peak, 0.25))
        data["cases"].append(case_data)

    if batch is not None:
        lines.append("")
        if "skipped" in batch:
            lines.append(f"Batch of 200 logos at {BATCH_WIDTH} px: skipped ({batch['skipped']}).")
        else:
            lines.append(f"Batch: the 200 corpus logos of Fixtures/batch200.txt at {BATCH_WIDTH} px on {batch['jobs']} cores: "
                         f"ours as one `render @list -o DIR/ --jobs {batch['jobs']}` command (worker processes), each peer one "
                         f"process per logo under `xargs -P {batch['jobs']}`; medians of {len(batch['ours'])} alternating repeats: "
                         f"wall of the whole batch, CPU of every process, peak = the largest single process, bytes summed.")
            lines.append("")
            lines.append("| batch | tool | wall s | CPU s | max peak RSS MB | PNG bytes | failed | ours/peer wall | ours/peer CPU | ours/peer bytes |")
            lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")

            def med(totals, attr):
                return statistics.median(getattr(t, attr) for t in totals) if totals else None

            o = batch["ours"]
            batch["pairs"] = {name: o for name in batch["peers"]}
            lines.append(f"| 200 x {BATCH_WIDTH} | **logo-mask** | {fmt_seconds(med(o, 'wall'))} | {fmt_seconds(med(o, 'cpu'))} | "
                         f"{fmt_mb(med(o, 'peak'))} | {fmt_bytes(med(o, 'size'))} | {o[0].failures if o else '-'} | | | |")
            data["batch"] = {"ours": {a: med(o, a) for a in ("wall", "cpu", "peak", "size", "failures")}, "peers": {}}
            for peer in peers:
                if peer.argv is None:
                    lines.append(f"| 200 x {BATCH_WIDTH} | {peer.name} | missing | | | | | | | |")
                    data["batch"]["peers"][peer.name] = "missing"
                    continue
                p = batch["peers"][peer.name]
                q = batch["pairs"][peer.name]
                mismatches = 0
                if p and o:
                    mismatches = sum(1 for a, b in zip(o[0].pixels, p[0].pixels) if a and b and a != b)
                note = f" ({mismatches} sizes != ours)" if mismatches else ""
                if p and p[0].failures:
                    note += f" (first failure: {p[0].first_error})"
                lines.append(f"| 200 x {BATCH_WIDTH} | {peer.name}{note} | {fmt_seconds(med(p, 'wall'))} | {fmt_seconds(med(p, 'cpu'))} | "
                             f"{fmt_mb(med(p, 'peak'))} | {fmt_bytes(med(p, 'size'))} | {p[0].failures if p else '-'} | "
                             f"{ratio(med(q, 'wall'), med(p, 'wall'))} | {ratio(med(q, 'cpu'), med(p, 'cpu'))} | "
                             f"{ratio(med(q, 'size'), med(p, 'size'))} |")
                data["batch"]["peers"][peer.name] = {a: med(p, a) for a in ("wall", "cpu", "peak", "size", "failures")}
                if peer.name == "resvg" and med(o, "wall") and med(p, "wall"):
                    targets.append((f"batch 200 x {BATCH_WIDTH} wall <= 0.5x resvg (xargs -P {batch['jobs']})",
                                    med(o, "wall") / med(p, "wall"), 0.5))
            if batch.get("check"):
                matched, worst, first = batch["check"]
                lines.append("")
                lines.append(f"Pixels: {matched} of {len(o[0].pixels) if o else 0} of our batch PNGs within +-2 of rsvg-convert's "
                             f"per premultiplied channel (worst difference {worst})" + (f"; first mismatch {first}" if first else "") + ".")
                data["batch"]["check"] = {"matched": matched, "worst": worst, "first_mismatch": first}
                targets.append((f"batch PNGs within +-2 of rsvg-convert (mismatches)", float(len(o[0].pixels) - matched), 0.0))

    if targets:
        lines.append("")
        lines.append("Targets (issues 6 and 16):")
        lines.append("")
        lines.append("| target | ours/peer | limit | met |")
        lines.append("|---|---:|---:|---|")
        for label, value, limit in targets:
            shown = (f"{value:.0f}", f"{limit:.0f}") if "mismatches" in label else (f"{value:.2f}x", f"{limit:.2f}x")
            lines.append(f"| {label} | {shown[0]} | {shown[1]} | {'yes' if value <= limit else '**no**'} |")
            data["targets"].append({"target": label, "ratio": value, "limit": limit, "met": value <= limit})
    for peer in peers:
        data["tools"][peer.name] = peer.version if peer.argv else f"missing: {peer.missing_reason}"
    data["tools"]["logo-mask"] = ours.version
    return "\n".join(lines), data


if __name__ == "__main__":
    sys.exit(main())
