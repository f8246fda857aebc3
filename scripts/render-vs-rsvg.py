#!/usr/bin/env python3
"""Pixels of `logo-mask render` against rsvg-convert's, per logo: how many bytes differ and by how much.

    python3 scripts/render-vs-rsvg.py --cli .build/release/logo-mask [--width 4096] [--reference-cache DIR] LOGO.svg|FOLDER...

Renders every logo (folders are searched for *.svg) at --width with the binary and with
rsvg-convert (cached in --reference-cache when given, so a second binary is compared to the same
references), decodes both PNGs and prints a Markdown row per logo: RGBA bytes differing, the
largest difference of straight RGBA bytes, and the largest of premultiplied channels (what the
eye sees: a straight colour under alpha 1 can move by 255 and not show). Needs numpy and Pillow
(`pip install numpy pillow`) and rsvg-convert (`apt-get install librsvg2-bin`).
"""
import argparse
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
    from PIL import Image
except ImportError:
    sys.exit("numpy and Pillow are missing: pip install numpy pillow")


def logos(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.endswith(".svg"):
                        yield os.path.join(folder, name)
        else:
            yield path


def rgba(png):
    return np.asarray(Image.open(png).convert("RGBA"), dtype=np.int32)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--cli", required=True)
    parser.add_argument("--width", type=int, default=4096)
    parser.add_argument("--reference-cache")
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    cache = args.reference_cache or work
    os.makedirs(cache, exist_ok=True)
    print("| logo | bytes differing | max straight | max premultiplied |")
    print("|---|---:|---:|---:|")
    for logo in logos(args.paths):
        name = os.path.relpath(logo).replace("/", "_")
        ours = os.path.join(work, "ours.png")
        reference = os.path.join(cache, f"{name}-{args.width}.png")
        subprocess.run([args.cli, "render", logo, "--width", str(args.width), "-o", ours, "-q"], check=True)
        if not os.path.exists(reference):
            subprocess.run(["rsvg-convert", "-w", str(args.width), logo, "-o", reference], check=True)
        a, b = rgba(ours), rgba(reference)
        if a.shape != b.shape:
            print(f"| {logo} | sizes differ {a.shape} {b.shape} | | |")
            continue
        difference = np.abs(a - b)
        pa = a[..., :3] * a[..., 3:] // 255
        pb = b[..., :3] * b[..., 3:] // 255
        premultiplied = max(int(np.abs(pa - pb).max()), int(difference[..., 3].max()))
        label = os.path.relpath(logo, os.path.dirname(os.path.dirname(logo)))
        print(f"| {label} | {int((difference > 0).sum()):,} | {int(difference.max())} | {premultiplied} |", flush=True)
        os.remove(ours)


if __name__ == "__main__":
    main()
