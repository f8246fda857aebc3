#!/usr/bin/env python3
"""Converts Android VectorDrawable XML (or the drawable inside an AnimatedVectorDrawable) to SVG,
independently of logo-mask, so that rsvg-convert can draw it.

Usage: vector_drawable_to_svg.py [--rsvg RSVG-CONVERT --jobs N] SIZE IN.xml OUT.svg [IN.xml OUT.svg ...]
SIZE is the SVG's width and height in pixels (the drawable's viewport is scaled to it). With
--rsvg, each OUT.svg is also drawn to OUT.png (OUT.svg with .png) at SIZE x SIZE, N at a time.

Handles what a static VectorDrawable holds: <vector> (viewportWidth/Height), <group> (pivotX/Y,
scaleX/Y, rotation, translateX/Y), <clip-path> (clips the group's later children), <path>
(pathData, fillColor, fillAlpha, fillType, strokeColor, strokeAlpha, strokeWidth,
strokeLineCap, strokeLineJoin, strokeMiterLimit), and a fill or stroke given as an inline
<aapt:attr name="android:fillColor|strokeColor"><gradient> (API 24: type linear with startX..endY,
radial with centerX, centerY, gradientRadius; tileMode clamp, mirror or repeat; <item> offset and
color), written as an SVG gradient in the path's user space. Colours: #RGB, #ARGB, #RRGGBB,
#AARRGGBB.
"""
import sys
import xml.etree.ElementTree as ET

A = '{http://schemas.android.com/apk/res/android}'
AAPT = '{http://schemas.android.com/aapt}'


def attr(element, name, default=None):
    return element.get(A + name, default)


def color(text):
    """(#RRGGBB, alpha 0..1) of an Android colour."""
    h = text.lstrip('#')
    if len(h) in (3, 4):
        h = ''.join(c * 2 for c in h)
    if len(h) == 6:
        return '#' + h, 1.0
    if len(h) == 8:
        return '#' + h[2:], int(h[:2], 16) / 255
    raise ValueError('not an Android colour: ' + text)


class Converter:
    def __init__(self):
        self.clips = 0
        self.defs = []

    def group(self, element, indent):
        """SVG for a <group>'s or <vector>'s children."""
        out = []
        open_clips = 0
        for child in element:
            tag = child.tag
            if tag == 'clip-path':
                self.clips += 1
                cid = 'clip%d' % self.clips
                self.defs.append('<clipPath id="%s"><path d="%s"/></clipPath>' % (cid, attr(child, 'pathData')))
                out.append(indent + '<g clip-path="url(#%s)">' % cid)
                open_clips += 1
            elif tag == 'group':
                px, py = float(attr(child, 'pivotX', 0)), float(attr(child, 'pivotY', 0))
                sx, sy = float(attr(child, 'scaleX', 1)), float(attr(child, 'scaleY', 1))
                rot = float(attr(child, 'rotation', 0))
                tx, ty = float(attr(child, 'translateX', 0)), float(attr(child, 'translateY', 0))
                # Android: translate(-pivot), scale, rotate, translate(pivot + translation).
                transform = 'translate(%r %r) rotate(%r) scale(%r %r) translate(%r %r)' % (
                    px + tx, py + ty, rot, sx, sy, -px, -py)
                out.append(indent + '<g transform="%s">' % transform)
                out += self.group(child, indent + '  ')
                out.append(indent + '</g>')
            elif tag == 'path':
                out.append(indent + self.path(child))
        out += [indent + '</g>'] * open_clips
        return out

    def gradient(self, element, name):
        """url(#id) of the inline gradient given for `name` (fillColor or strokeColor), or None."""
        for inline in element.findall(AAPT + 'attr'):
            if inline.get('name') != 'android:' + name:
                continue
            g = inline.find('gradient')
            if g is None:
                raise ValueError('an aapt:attr for %s without a <gradient>' % name)
            self.clips += 1
            gid = 'gradient%d' % self.clips
            spread = {'clamp': 'pad', 'mirror': 'reflect', 'repeat': 'repeat'}[attr(g, 'tileMode', 'clamp')]
            kind = attr(g, 'type', 'linear')
            if kind == 'linear':
                head = '<linearGradient id="%s" gradientUnits="userSpaceOnUse" x1="%s" y1="%s" x2="%s" y2="%s" spreadMethod="%s">' % (
                    gid, attr(g, 'startX', 0), attr(g, 'startY', 0), attr(g, 'endX', 0), attr(g, 'endY', 0), spread)
                tail = '</linearGradient>'
            elif kind == 'radial':
                head = '<radialGradient id="%s" gradientUnits="userSpaceOnUse" cx="%s" cy="%s" r="%s" spreadMethod="%s">' % (
                    gid, attr(g, 'centerX', 0), attr(g, 'centerY', 0), attr(g, 'gradientRadius', 0), spread)
                tail = '</radialGradient>'
            else:
                raise ValueError('a gradient of type ' + kind)
            stops = ''
            for item in g.findall('item'):
                rgb, alpha = color(attr(item, 'color'))
                stops += '<stop offset="%s" stop-color="%s" stop-opacity="%r"/>' % (attr(item, 'offset'), rgb, alpha)
            self.defs.append(head + stops + tail)
            return 'url(#%s)' % gid
        return None

    def path(self, element):
        parts = ['d="%s"' % attr(element, 'pathData', '')]
        fill = attr(element, 'fillColor')
        fill_gradient = self.gradient(element, 'fillColor')
        if fill_gradient:
            parts += ['fill="%s"' % fill_gradient, 'fill-opacity="%r"' % float(attr(element, 'fillAlpha', 1))]
        elif fill:
            rgb, alpha = color(fill)
            alpha *= float(attr(element, 'fillAlpha', 1))
            parts += ['fill="%s"' % rgb, 'fill-opacity="%r"' % alpha]
        else:
            parts.append('fill="none"')
        parts.append('fill-rule="%s"' % ('evenodd' if attr(element, 'fillType') == 'evenOdd' else 'nonzero'))
        stroke = attr(element, 'strokeColor')
        stroke_gradient = self.gradient(element, 'strokeColor')
        width = float(attr(element, 'strokeWidth', 0))
        if (stroke or stroke_gradient) and width > 0:
            if stroke_gradient:
                rgb, alpha = stroke_gradient, 1.0
            else:
                rgb, alpha = color(stroke)
            alpha *= float(attr(element, 'strokeAlpha', 1))
            parts += ['stroke="%s"' % rgb, 'stroke-opacity="%r"' % alpha, 'stroke-width="%r"' % width,
                      'stroke-linecap="%s"' % attr(element, 'strokeLineCap', 'butt'),
                      'stroke-linejoin="%s"' % attr(element, 'strokeLineJoin', 'miter'),
                      'stroke-miterlimit="%s"' % attr(element, 'strokeMiterLimit', '4')]
        return '<path %s/>' % ' '.join(parts)

    def convert(self, root, size):
        if root.tag == 'animated-vector':
            vector = None
            for inline in root.findall(AAPT + 'attr'):
                if inline.get('name') == 'android:drawable':
                    vector = inline.find('vector')
            if vector is None:
                raise ValueError('an animated-vector without an inline drawable')
            root = vector
        if root.tag != 'vector':
            raise ValueError('not a vector drawable: <%s>' % root.tag)
        vw, vh = float(attr(root, 'viewportWidth')), float(attr(root, 'viewportHeight'))
        body = self.group(root, '  ')
        return '\n'.join([
            '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %r %r">' % (size, size * vh / vw, vw, vh),
            '<defs>' + ''.join(self.defs) + '</defs>'] + body + ['</svg>', ''])


def tool_options(args, rsvg, jobs):
    """Reads the leading --rsvg PATH and --jobs N of `args`: (rsvg, jobs, the other arguments)."""
    while args and args[0].startswith('--'):
        if args[0] == '--rsvg':
            rsvg = args[1]
        elif args[0] == '--jobs':
            jobs = int(args[1])
        args = args[2:]
    return rsvg, jobs, args


def main(argv):
    rsvg, jobs, args = tool_options(argv[1:], None, 1)
    size = int(args[0])
    pairs = args[1:]
    if len(pairs) % 2:
        raise SystemExit('usage: vector_drawable_to_svg.py [--rsvg PATH --jobs N] SIZE IN.xml OUT.svg [...]')
    outputs = []
    for i in range(0, len(pairs), 2):
        root = ET.parse(pairs[i]).getroot()
        with open(pairs[i + 1], 'w') as f:
            f.write(Converter().convert(root, size))
        outputs.append(pairs[i + 1])
    if rsvg:
        import subprocess
        from concurrent.futures import ThreadPoolExecutor

        def draw(svg):
            png = svg[:-4] + '.png'
            result = subprocess.run([rsvg, '-w', str(size), '-h', str(size), '-o', png, svg], capture_output=True, text=True)
            return None if result.returncode == 0 else '%s: %s' % (svg, result.stderr.strip())

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            failures = [f for f in pool.map(draw, outputs) if f]
        if failures:
            raise SystemExit('\n'.join(failures))


if __name__ == '__main__':
    main(sys.argv)
