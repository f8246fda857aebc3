#!/usr/bin/env python3
"""Stream-decode a PNG of any size (8-bit RGBA or grey, no interlace) and spot-check rows.

usage: check_png_rows.py FILE.png ROW:START-END:RRGGBBAA[,START-END:RRGGBBAA...] ...

Each check names a row and pixel ranges that must hold exactly one colour. The image is
never held whole: rows are inflated and unfiltered one at a time (numpy for speed).
Prints the size and each check's result; exits 1 if any check fails.
"""
import heapq
import struct
import sys
import zlib

import numpy as np


def unpaeth(raw, prev, bpp):
    """Undoes the Paeth filter without a Python loop over every byte.

    Where the residual is 0 and the left byte equals the one above-left, Paeth predicts the
    byte above, so the row starts as a copy of the row above and only the bytes with a non-zero
    residual are decoded one by one, plus, to their right, each byte whose left neighbour came
    out different from the one above it.
    """
    row = prev.copy()
    heap = [int(i) for i in np.flatnonzero(raw)]
    heapq.heapify(heap)
    done = set()
    n = len(raw)
    while heap:
        i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        b = int(prev[i])
        a = int(row[i - bpp]) if i >= bpp else 0
        c = int(prev[i - bpp]) if i >= bpp else 0
        pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
        predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        row[i] = (int(raw[i]) + predictor) & 255
        if i + bpp < n and row[i] != prev[i]:
            heapq.heappush(heap, i + bpp)
    return row


def rows(path):
    with open(path, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            raise SystemExit(f"{path}: not a PNG")
        inflater = zlib.decompressobj()
        width = height = bpp = None
        pending = b""
        prev = None
        y = 0
        while True:
            head = f.read(8)
            if len(head) < 8:
                break
            length, kind = struct.unpack(">I4s", head)
            data = f.read(length)
            f.read(4)
            if kind == b"IHDR":
                width, height, depth, colour = struct.unpack(">IIBB", data[:10])
                bpp = {6: 4, 0: 1}[colour]
                yield ("size", width, height)
                prev = np.zeros(width * bpp, dtype=np.uint8)
            elif kind == b"IDAT":
                pending += inflater.decompress(data)
                stride = width * bpp + 1
                while len(pending) >= stride:
                    line = np.frombuffer(pending[:stride], dtype=np.uint8)
                    pending = pending[stride:]
                    kind_of_filter, raw = line[0], line[1:].astype(np.uint8)
                    if kind_of_filter == 0:
                        row = raw.copy()
                    elif kind_of_filter == 1:  # Sub: running sum per channel
                        row = (np.cumsum(raw.reshape(-1, bpp).astype(np.uint32), axis=0) & 255).astype(np.uint8).reshape(-1)
                    elif kind_of_filter == 2:  # Up
                        row = raw + prev
                    elif kind_of_filter == 4:  # Paeth
                        row = unpaeth(raw, prev, bpp)
                    else:
                        raise SystemExit(f"filter {kind_of_filter} not handled by this checker")
                    yield ("row", y, row)
                    prev = row
                    y += 1
            elif kind == b"IEND":
                if not inflater.eof:
                    raise SystemExit("zlib stream not finished")
                yield ("end", y, None)


def main():
    path, specs = sys.argv[1], sys.argv[2:]
    checks = {}
    for spec in specs:
        row, ranges = spec.split(":", 1)
        checks[int(row)] = [(int(r.split(":")[0].split("-")[0]), int(r.split(":")[0].split("-")[1]), bytes.fromhex(r.split(":")[1]))
                            for r in ranges.split(",")]
    failed = 0
    bpp = 4
    for event in rows(path):
        if event[0] == "size":
            print(f"PNG header: {event[1]} x {event[2]}")
        elif event[0] == "row" and event[1] in checks:
            y, row = event[1], event[2]
            pixels = row.reshape(-1, bpp)
            for start, end, colour in checks[y]:
                want = np.frombuffer(colour, dtype=np.uint8)
                bad = np.any(pixels[start:end] != want, axis=1)
                ok = not bad.any()
                failed += not ok
                print(f"row {y} pixels {start}-{end} = #{colour.hex()}: {'ok' if ok else f'{int(bad.sum())} differ'}")
        elif event[0] == "end":
            print(f"decoded {event[1]} rows, zlib stream complete")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
