#!/usr/bin/env python3
"""Plays Lottie files with ThorVG (PyPI thorvg-python) as the tests' second Lottie player, in the
same protocol as Tests/Tools/rlottie-render.c.

Reads jobs from standard input, one a line: FILE WIDTH HEIGHT PREFIX FRAME [FRAME ...]. Each
frame is drawn at WIDTH x HEIGHT (the composition scaled to fit) over transparency and written
to PREFIX<FRAME>.bgra as premultiplied ARGB32 words in the machine's byte order (Cairo's
layout). Prints one line per job: "ok FILE TOTAL-FRAMES FPS" or "error FILE: WHY".
"""
import ctypes
import sys

import thorvg_python as tvg


def value(answer):
    """The number of a thorvg-python answer, which may come as (Result, number)."""
    return answer[-1] if isinstance(answer, tuple) else answer


def render(engine, line):
    words = line.split()
    path, width, height, prefix = words[0], int(words[1]), int(words[2]), words[3]
    frames = [int(w) for w in words[4:]]
    canvas = tvg.SwCanvas(engine)
    result = canvas.set_target(width, height, cs=tvg.Colorspace.ARGB8888)
    buffer = canvas.buffer_arr
    if result != tvg.Result.SUCCESS:
        return 'error %s: set_target %s' % (path, result)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    with open(path, 'rb') as f:
        data = f.read()
    result = picture.load_data(data, 'lottie', None, True)
    if result != tvg.Result.SUCCESS:
        return 'error %s: load %s' % (path, result)
    picture.set_size(width, height)
    canvas.add(picture)
    total = value(animation.get_total_frame())
    duration = value(animation.get_duration())
    for frame in frames:
        animation.set_frame(float(frame))
        ctypes.memset(buffer, 0, ctypes.sizeof(buffer))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        with open('%s%d.bgra' % (prefix, frame), 'wb') as f:
            f.write(bytes(buffer))
    canvas.destroy()
    fps = total / duration if duration > 0 else 0
    return 'ok %s %d %r' % (path, round(total), fps)


def main():
    engine = tvg.Engine(threads=0)
    for line in sys.stdin.read().splitlines():
        if line.strip():
            try:
                print(render(engine, line), flush=True)
            except Exception as error:  # one bad file must not hide the others' answers
                print('error %s: %r' % (line.split()[0], error), flush=True)


if __name__ == '__main__':
    main()
