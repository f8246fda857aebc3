#!/usr/bin/env python3
"""Draws the launch screen a platform shows, from the files `logo-mask assets` wrote, without
logo-mask: the hand-off test compares it with frame 0 of every reveal output.

Usage: compose_launch_screen.py --rsvg RSVG-CONVERT [--jobs N] < JOBS
Each line of JOBS: ASSETS-FOLDER PLATFORM WIDTH HEIGHT DENSITY OUT.png [APPEARANCE]
(WIDTH and HEIGHT in points or dp; DENSITY pixels per point; APPEARANCE light, the default, or
dark.) Each launch screen is written as
OUT.svg (a rectangle of the background colour and the logo placed as the platform places it)
and drawn by rsvg-convert to OUT.png at ceil(WIDTH x DENSITY) x ceil(HEIGHT x DENSITY) pixels.
Prints one line per job: "ok X Y W H" (the logo picture's rect in pixels) or "error ...".

iOS (PLATFORM ios), as UIKit draws ios/LaunchScreen.storyboard: the view's named background
colour from the colour set's Contents.json; the image view's named image from the image set's
Contents.json, the PNG of the scale nearest the density (1x-3x) at its point size (pixels over
scale) unless the view has width/height constraints (then aspect-fitted in that box), centred by
its centerX/centerY constraints, its origin on whole device pixels (halves up). In dark mode the colour set's and the image
set's entries with the "luminosity: dark" appearance win over the ones without, as asset
catalogs resolve them.

Android (PLATFORM android), as Android 12+ draws the starting theme of
android/res/values/themes.xml: windowSplashScreenBackground (a colour of values/colors.xml)
over the window; the icon (windowSplashScreenAnimatedIcon: a vector drawable converted by
vector_drawable_to_svg.py, a PNG drawable of the nearest density, or a <bitmap> drawable of
such a PNG, scaled to fill the canvas as the splash scales any drawable to its icon view) on a
canvas of 288 dp (240 dp
with windowSplashScreenIconBackgroundColor, drawn as a circle behind it), round(side x density)
pixels, centred by integer halving, clipped to the circle of a third of the side. In dark mode
(the night qualifier) every resource is looked up in its -night folder first (values-night,
drawable-night, drawable-night-DENSITY), then in the default one, as Android resolves them; the
colours of values-night override those of values one by one. A drawable resolves as Android
resolves it (android_drawable): the night qualifier first, then the nearest density, so a
light vector in drawable/ loses to a dark picture in drawable-night-xxhdpi/.
"""
import base64
import json
import math
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vector_drawable_to_svg import Converter, tool_options  # noqa: E402

ANDROID = '{http://schemas.android.com/apk/res/android}'


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    if head[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('%s is not a PNG' % path)
    return struct.unpack('>II', head[16:24])


def data_url(path, kind):
    with open(path, 'rb') as f:
        return 'data:%s;base64,%s' % (kind, base64.b64encode(f.read()).decode('ascii'))


def half_up(value):
    return int(math.floor(value + 0.5))


def is_dark_entry(entry):
    return any(a.get('appearance') == 'luminosity' and a.get('value') == 'dark' for a in entry.get('appearances') or [])


def by_appearance(entries, dark):
    """The entries an asset catalog shows in the appearance: the dark ones in dark mode when
    there are any, else those without appearances."""
    plain = [e for e in entries if not e.get('appearances')]
    if dark:
        darks = [e for e in entries if is_dark_entry(e)]
        if darks:
            return darks
    return plain


def ios_colour(catalog, name, dark):
    with open(os.path.join(catalog, name + '.colorset', 'Contents.json')) as f:
        colours = json.load(f)['colors']
    entry = by_appearance(colours, dark)[0]
    comps = entry['color']['components']

    def channel(text):
        text = str(text)
        return int(text, 16) if text.startswith('0x') else half_up(float(text) * 255)
    return '#%02x%02x%02x' % (channel(comps['red']), channel(comps['green']), channel(comps['blue'])), float(comps['alpha'])


def ios(folder, width, height, density, dark):
    board = ET.parse(os.path.join(folder, 'ios', 'LaunchScreen.storyboard')).getroot()
    view = board.find('.//viewController/view')
    image_view = view.find('./subviews/imageView')
    colour_name = view.find("./color[@key='backgroundColor']").get('name')
    catalog = os.path.join(folder, 'ios', 'Assets.xcassets')
    colour, alpha = ios_colour(catalog, colour_name, dark)
    ids = {c.get('firstAttribute') for c in view.findall('./constraints/constraint') if c.get('firstItem') == image_view.get('id')}
    if not {'centerX', 'centerY'} <= ids:
        raise ValueError('the image view is not centred by constraints: %s' % sorted(ids))
    sizes = {c.get('firstAttribute'): float(c.get('constant')) for c in image_view.findall('./constraints/constraint')}
    with open(os.path.join(catalog, image_view.get('image') + '.imageset', 'Contents.json')) as f:
        entries = json.load(f)['images']
    scale = min(3, max(1, half_up(density)))
    images = [i for i in by_appearance(entries, dark) if i.get('filename')]
    if not any(i.get('scale') == '%dx' % scale for i in images):
        images = [i for i in by_appearance(entries, False) if i.get('filename')]
    chosen = next(i for i in images if i.get('scale') == '%dx' % scale)
    png = os.path.join(catalog, image_view.get('image') + '.imageset', chosen['filename'])
    pw, ph = png_size(png)
    w, h = pw / scale, ph / scale
    if 'width' in sizes or 'height' in sizes:
        box_w, box_h = sizes.get('width', w), sizes.get('height', h)
        fit = min(box_w / w, box_h / h)
        view_w, view_h = box_w, box_h
        w, h = w * fit, h * fit
    else:
        view_w, view_h = w, h
    screen_w, screen_h = math.ceil(width * density - 1e-9), math.ceil(height * density - 1e-9)
    vx = half_up((screen_w - view_w * density) / 2)
    vy = half_up((screen_h - view_h * density) / 2)
    x = vx + (view_w - w) * density / 2
    y = vy + (view_h - h) * density / 2
    body = '<image x="%r" y="%r" width="%r" height="%r" preserveAspectRatio="none" href="%s"/>' % (
        x, y, w * density, h * density, data_url(png, 'image/png'))
    return screen_w, screen_h, colour, alpha, body, (x, y, w * density, h * density)


def android_resource(folder, reference):
    kind, name = reference.lstrip('@').split('/')
    return kind, name


def android_file(res, folder, name, dark):
    """The file Android picks: in night mode FOLDER-night/NAME when it exists (the qualifier
    goes before a density: drawable-night-xxhdpi), else FOLDER/NAME."""
    if dark:
        kind, _, rest = folder.partition('-')
        night = os.path.join(res, kind + '-night' + ('-' + rest if rest else ''), name)
        if os.path.exists(night):
            return night
    return os.path.join(res, folder, name)


DENSITIES = {'mdpi': 1, 'hdpi': 1.5, 'xhdpi': 2, 'xxhdpi': 3, 'xxxhdpi': 4}


def android_drawable(res, name, density, dark):
    """The file @drawable/NAME resolves to, as Android picks it: among the folders
    drawable[-night][-DENSITY] holding NAME.xml or NAME.png, in night mode the -night ones when
    there are any (the night qualifier outranks density), else those without; then the density
    bucket nearest the screen's (ties to the higher; a folder without a density only when no
    bucket holds the name)."""
    found = []
    for folder in sorted(os.listdir(res)):
        parts = folder.split('-')
        if parts[0] != 'drawable':
            continue
        night = 'night' in parts[1:]
        buckets = [p for p in parts[1:] if p in DENSITIES]
        if len(parts) - 1 != int(night) + len(buckets):
            continue  # another qualifier: not written by logo-mask
        for ext in ('.xml', '.png'):
            if os.path.exists(os.path.join(res, folder, name + ext)):
                found.append((night, buckets[0] if buckets else None, os.path.join(res, folder, name + ext)))
    if dark and any(f[0] for f in found):
        found = [f for f in found if f[0]]
    else:
        found = [f for f in found if not f[0]]
    if not found:
        raise ValueError('no drawable %s in %s' % (name, res))
    bucketed = [f for f in found if f[1]]
    if bucketed:
        return min(bucketed, key=lambda f: (abs(DENSITIES[f[1]] - density), -DENSITIES[f[1]]))[2]
    return found[0][2]


def android(folder, width, height, density, dark):
    res = os.path.join(folder, 'android', 'res')
    style = ET.parse(android_file(res, 'values', 'themes.xml', dark)).getroot().find('style')
    items = {i.get('name').replace('android:', ''): i.text.strip() for i in style.findall('item')}
    colours = {}
    for path in [os.path.join(res, 'values', 'colors.xml')] + ([os.path.join(res, 'values-night', 'colors.xml')] if dark else []):
        if os.path.exists(path):
            colours.update({c.get('name'): c.text.strip() for c in ET.parse(path).getroot().findall('color')})

    def argb(reference):
        text = colours[android_resource(folder, reference)[1]].lstrip('#')
        if len(text) == 6:
            text = 'ff' + text
        return '#' + text[2:], int(text[:2], 16) / 255
    colour, alpha = argb(items['windowSplashScreenBackground'])
    icon_background = items.get('windowSplashScreenIconBackgroundColor')
    canvas = 240 if icon_background else 288
    side = half_up(canvas * density)
    screen_w, screen_h = math.ceil(width * density - 1e-9), math.ceil(height * density - 1e-9)
    x0, y0 = (screen_w - side) // 2, (screen_h - side) // 2
    name = android_resource(folder, items['windowSplashScreenAnimatedIcon'])[1]
    icon = android_drawable(res, name, density, dark)
    if icon.endswith('.xml'):
        root = ET.parse(icon).getroot()
        if root.tag == 'bitmap':
            # A <bitmap> drawable: its android:src PNG (resolved like any drawable), filling the view.
            icon = android_drawable(res, android_resource(folder, root.get(ANDROID + 'src'))[1], density, dark)
            if not icon.endswith('.png') or root.get(ANDROID + 'gravity', 'fill') != 'fill':
                raise ValueError('%s: a <bitmap> of %s with gravity %s' % (name, icon, root.get(ANDROID + 'gravity')))
    if icon.endswith('.xml'):
        svg = Converter().convert(root, side)
        href = 'data:image/svg+xml;base64,' + base64.b64encode(svg.encode('utf-8')).decode('ascii')
    else:
        href = data_url(icon, 'image/png')
    cx, cy, r = x0 + side / 2, y0 + side / 2, side / 3
    body = '<defs><clipPath id="circle"><circle cx="%r" cy="%r" r="%r"/></clipPath></defs><g clip-path="url(#circle)">' % (cx, cy, r)
    if icon_background:
        ib, ib_alpha = argb(icon_background)
        body += '<circle cx="%r" cy="%r" r="%r" fill="%s" fill-opacity="%r"/>' % (cx, cy, r, ib, ib_alpha)
    body += '<image x="%d" y="%d" width="%d" height="%d" preserveAspectRatio="none" href="%s"/></g>' % (x0, y0, side, side, href)
    return screen_w, screen_h, colour, alpha, body, (x0, y0, side, side)


def compose(line, rsvg):
    fields = line.split()
    folder, platform, width, height, density, out = fields[:6]
    appearance = fields[6] if len(fields) > 6 else 'light'
    width, height, density = float(width), float(height), float(density)
    try:
        if appearance not in ('light', 'dark'):
            raise ValueError('appearance %r is neither light nor dark' % appearance)
        make = {'ios': ios, 'android': android}[platform]
        screen_w, screen_h, colour, alpha, body, rect = make(folder, width, height, density, appearance == 'dark')
    except (KeyError, ValueError, OSError, StopIteration, AttributeError) as error:
        return 'error %s %s: %r' % (folder, platform, error)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           '<rect width="%d" height="%d" fill="%s" fill-opacity="%r"/>%s</svg>\n') % (
        screen_w, screen_h, screen_w, screen_h, screen_w, screen_h, colour, alpha, body)
    with open(out[:-4] + '.svg', 'w') as f:
        f.write(svg)
    result = subprocess.run([rsvg, '-w', str(screen_w), '-h', str(screen_h), '-o', out, out[:-4] + '.svg'],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return 'error %s: rsvg-convert: %s' % (out, result.stderr.strip())
    return 'ok %r %r %r %r' % rect


def main(argv):
    rsvg, jobs, _ = tool_options(argv[1:], 'rsvg-convert', 2)
    lines = [l for l in sys.stdin.read().splitlines() if l.strip()]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for answer in pool.map(lambda l: compose(l, rsvg), lines):
            print(answer)


if __name__ == '__main__':
    main(sys.argv)
