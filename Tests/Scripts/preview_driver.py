#!/usr/bin/env python3
"""Drives the preview page of a running `logo-mask preview` in headless Chromium over the
DevTools protocol (on a pipe), for PreviewCLITests: one browser, one server, every step.

Usage: preview_driver.py FLAGS.json URL CONFIG OUT-FOLDER
FLAGS.json: the browser's command line (HeadlessChromium.flags plus --remote-debugging-pipe).
Writes OUT/result.json and PNGs:
  t0-I.png   screen I at t = 0, its logo box grown to whole CSS pixels, at the device's scale
             factor (result.json's t0Offsets: where the box starts in it);
  end-I.png  screen I after play, the whole screen at scale 1.
Steps: wait for every screen and reveal page; shoot t = 0; play to the end; shoot; change
reveal.duration in CONFIG on disk and time the page's update; break CONFIG (a YAML syntax
error) and time the error's appearance; restore it; set the duration through the page's field
and read CONFIG back.
"""
import base64, json, math, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools_pipe import Browser

command = json.load(open(sys.argv[1]))
url, config, out = sys.argv[2], sys.argv[3], sys.argv[4]
browser = Browser(command, os.path.join(out, "chromium.log"))
session = browser.session
send, wait_event = browser.send, browser.wait_event


def metrics(scale):
    send("Emulation.setDeviceMetricsOverride", {"width": 1800, "height": 1000, "deviceScaleFactor": scale,
         "mobile": False}, session)


def evaluate(expression):
    result = send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, session)
    if "exceptionDetails" in result: raise SystemExit(expression + ": " + json.dumps(result["exceptionDetails"]))
    return result["result"].get("value")


def wait_for(expression, timeout, what):
    start = time.monotonic()
    while True:
        if evaluate(expression): return time.monotonic() - start
        if time.monotonic() - start > timeout: raise SystemExit("timed out after %.1f s waiting for %s" % (timeout, what))
        time.sleep(0.01)


def shoot(path, x, y, width, height):
    shot = send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                "clip": {"x": x, "y": y, "width": width, "height": height, "scale": 1}}, session)
    with open(path, "wb") as f: f.write(base64.b64decode(shot["data"]))


result = {}
metrics(1)
send("Page.navigate", {"url": url + "?zoom=1"}, session)
wait_event("Page.loadEventFired", session)
all_loaded = ("window.logoMaskPreview.state() && window.logoMaskPreview.state().screens.length > 0 && "
              "Number(document.body.dataset.loaded) === window.logoMaskPreview.state().screens.length")
wait_for(all_loaded, 120, "every screen and its reveal page")
result["devices"] = evaluate("Array.from(document.querySelectorAll('figure.screen')).map(f => f.dataset.device)")
result["captions"] = evaluate("Array.from(document.querySelectorAll('figcaption')).map(f => f.textContent)")
result["screens"] = evaluate("window.logoMaskPreview.state().screens.map(s => ({device: s.device, platform: s.platform, "
                             "appearance: s.appearance, landscape: s.landscape, width: s.width, height: s.height, "
                             "density: s.density, logoBox: s.logoBox, background: s.background, duration: s.duration}))")
result["notes"] = evaluate("Array.from(document.querySelectorAll('#notes li')).map(l => l.textContent)")
origins = evaluate("Array.from(document.querySelectorAll('.frame')).map(e => { const r = e.getBoundingClientRect(); "
                   "return [r.left + window.scrollX, r.top + window.scrollY]; })")
result["phaseAtStart"] = evaluate("document.body.dataset.phase")
result["t0Offsets"] = []
for i, s in enumerate(result["screens"]):
    # The logo box grown to whole CSS pixels (Chromium rounds a clip to them), and where the box
    # starts in the shot.
    d, b = s["density"], s["logoBox"]
    x0, y0 = math.floor(b[0] / d), math.floor(b[1] / d)
    x1, y1 = math.ceil(b[2] / d), math.ceil(b[3] / d)
    metrics(d)
    shoot(os.path.join(out, "t0-%d.png" % i), origins[i][0] + x0, origins[i][1] + y0, x1 - x0, y1 - y0)
    result["t0Offsets"].append([round(b[0] - x0 * d), round(b[1] - y0 * d)])
metrics(1)
evaluate("window.logoMaskPreview.play()")
duration = evaluate("window.logoMaskPreview.state().duration")
wait_for("document.body.dataset.phase === 'app'", duration + 20, "the end of the reveal")
result["phaseAtEnd"] = evaluate("document.body.dataset.phase")
for i, s in enumerate(result["screens"]):
    shoot(os.path.join(out, "end-%d.png" % i), origins[i][0], origins[i][1], s["width"], s["height"])

original = open(config).read()


def rewrite(text):
    # Written aside and renamed, as editors do.
    with open(config + ".new", "w") as f: f.write(text)
    os.replace(config + ".new", config)


# An edit on disk: the duration.
version = evaluate("document.body.dataset.version")
lines = original.split("\n")
index = next(i for i, l in enumerate(lines) if l.strip().startswith("duration:"))
edited = lines[:]; edited[index] = "  duration: 0.75"
rewrite("\n".join(edited))
result["editSeconds"] = wait_for("document.body.dataset.version !== '%s'" % version, 10, "the page to follow the edit")
result["durationAfterEdit"] = evaluate("window.logoMaskPreview.state().duration")
result["captionsAfterEdit"] = evaluate("Array.from(document.querySelectorAll('figcaption')).map(f => f.textContent)")

# A broken file: the error shows, the last preview stays.
version = evaluate("document.body.dataset.version")
broken = edited[:]
width = next(i for i, l in enumerate(broken) if l.startswith("logoWidth:"))
broken[width] = "logoWidth: 100: 3"
rewrite("\n".join(broken))
result["brokenLine"] = width + 1
result["errorSeconds"] = wait_for("document.getElementById('error').className === 'shown'", 10, "the error on the page")
result["errorText"] = evaluate("document.getElementById('error').textContent")
result["versionAfterError"] = evaluate("document.body.dataset.version") == version
result["screensAfterError"] = evaluate("document.querySelectorAll('figure.screen').length")
result["framesAfterError"] = evaluate("document.querySelectorAll('iframe').length")

# Repaired: the error goes.
rewrite("\n".join(edited))
wait_for("document.getElementById('error').className === ''", 10, "the error to go")

# A control writes back: the duration field.
version = evaluate("document.body.dataset.version")
before = open(config).read()
evaluate("(() => { const i = document.getElementById('c-reveal.duration'); i.value = '0.6'; "
         "i.dispatchEvent(new Event('change')); })()")
result["controlSeconds"] = wait_for("document.body.dataset.version !== '%s'" % version, 10, "the control's change to come back")
result["durationAfterControl"] = evaluate("window.logoMaskPreview.state().duration")
result["configBeforeControl"] = before
result["configAfterControl"] = open(config).read()

json.dump(result, open(os.path.join(out, "result.json"), "w"), indent=1)
browser.close()
