#!/usr/bin/env python3
"""What drawing a filtered logo as row regions on every core would cost and change, with librsvg.

usage: filter-regions.py [--width 4096] [--regions 2] [--reach PX] LOGO.svg [...]

For each logo: rsvg-convert draws it whole, then each of REGIONS bands of rows from the document
cropped to the band grown by REACH device pixels (the nested-root rewrite of
Sources/LogoMask/Loading/CroppedSVGSource.swift, on the same pixel grid), and only the band's own
rows are kept. Prints the CPU seconds (user + system, from wait4) of the whole draw and of each
region, their ratios (sum/whole: the work a region cut adds; max/whole: the wall time on as many
idle cores as regions), and how many bytes of the assembled image differ from the whole draw.
REACH defaults to LogoDrawing's filter padding (a tenth of the document's larger side, at most
512 px, plus 2). Decoding needs ffmpeg and numpy, as Benchmarks/compare.py does.
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    sys.exit("filter-regions.py needs numpy (apt-get install python3-numpy, or pip install numpy)")


def root_tag(text):
    return re.search(r"<svg\b[^>]*>", text, re.S)


def attributes(tag):
    return re.findall(r"([\w:.-]+)\s*=\s*(\"[^\"]*\"|'[^']*')", tag, re.S)


def document_size(text):
    values = {name: value[1:-1] for name, value in attributes(root_tag(text).group(0))}
    number = lambda s: float(re.match(r"[\d.]+", s).group(0))
    if "width" in values and "height" in values and "%" not in values["width"] + values["height"]:
        return number(values["width"]), number(values["height"])
    box = [float(v) for v in re.split(r"[ ,]+", values["viewBox"].strip())]
    return box[2], box[3]


def cropped(text, y, height):
    """The document with its toplevel viewport the rows y..y+height (document units), full width."""
    match = root_tag(text)
    tag = match.group(0)
    width, full_height = document_size(text)
    kept = [f"{name}={value}" for name, value in attributes(tag) if name not in ("width", "height", "x", "y", "overflow")]
    empty = tag.rstrip().endswith("/>")
    return (text[:match.start()]
            + f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            + f'viewBox="0 {y} {width} {height}" preserveAspectRatio="none">'
            + "<svg " + " ".join(kept) + f' width="{width}" height="{full_height}" overflow="visible"'
            + ("/>" if empty else ">") + text[match.end():] + "</svg>")


def timed(args):
    """Runs args; returns its CPU seconds (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def pixels(png):
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         stdout=subprocess.PIPE, check=True).stdout
    probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", png],
                           stdout=subprocess.PIPE, check=True, text=True).stdout.strip().split(",")
    width, height = int(probe[0]), int(probe[1])
    return np.frombuffer(raw, dtype=np.uint8).reshape(height, width, 4).astype(np.int16)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("logos", nargs="+")
    parser.add_argument("--width", type=int, default=4096)
    parser.add_argument("--regions", type=int, default=2)
    parser.add_argument("--reach", type=int, help="device pixels kept around each region")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        whole_png, part_png, part_svg = (os.path.join(folder, n) for n in ("whole.png", "part.png", "part.svg"))
        for logo in options.logos:
            text = open(logo, encoding="utf-8").read()
            width, _ = document_size(text)
            scale = options.width / width
            reach = options.reach
            if reach is None:
                reach = int(min(0.1 * max(document_size(text)) * scale, 512) + 2)
            whole_cpu = timed(["rsvg-convert", "-w", str(options.width), logo, "-o", whole_png])
            whole = pixels(whole_png)
            rows = whole.shape[0]
            cpus, differing, worst = [], 0, 0
            for index in range(options.regions):
                y0, y1 = rows * index // options.regions, rows * (index + 1) // options.regions
                top, bottom = max(0, y0 - reach), min(rows, y1 + reach)
                with open(part_svg, "w", encoding="utf-8") as out:
                    out.write(cropped(text, top / scale, (bottom - top) / scale))
                # Both sizes: with the width alone rsvg-convert rounds the height and rescales.
                cpus.append(timed(["rsvg-convert", "-w", str(options.width), "-h", str(bottom - top), part_svg, "-o", part_png]))
                part = pixels(part_png)[y0 - top:y1 - top]
                difference = np.abs(part - whole[y0:y1])
                differing += int((difference > 0).sum())
                worst = max(worst, int(difference.max()))
            print(f"{logo}: reach {reach} px, whole {whole_cpu:.2f} s CPU, regions "
                  + " + ".join(f"{c:.2f}" for c in cpus)
                  + f" s: sum/whole {sum(cpus) / whole_cpu:.2f}, max/whole {max(cpus) / whole_cpu:.2f}; "
                  + f"{differing} bytes differ ({100 * differing / whole.size:.3f} %), by up to {worst}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
