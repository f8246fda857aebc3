/// The preview page: one HTML document, the same for every project, that draws itself from the
/// server's `/state.json` and follows `/events` (a WebSocket that sends the state's revision on
/// every change of the files).
///
/// Each screen shows its launch screen (the colour and the launch picture at the logo's pixel
/// box) at t = 0; past 0 it shows the exported reveal page in a frame, seeked through the page's
/// own `window.logoMaskReveal`, so what plays is the file `reveal -o x.html` writes. One
/// play/pause button and one scrubber drive every screen. The controls post to `/config`,
/// which changes the configuration file; the page then follows the file like any other edit.
///
/// For tests the page keeps `document.body.dataset`: `version` (the snapshot shown), `revision`,
/// `loaded` (how many reveal frames have loaded) and `phase` (`launch`, `reveal` or `app`).
/// `?zoom=1` shows the screens at their size in CSS pixels (the default fits two rows).
public enum PreviewPage {
    /// The page's HTML.
    public static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>logo-mask preview</title>
        <style>
          body { margin: 0; font: 13px/1.4 system-ui, sans-serif; background: #202124; color: #e8eaed; }
          /* Whole CSS pixels everywhere above and around the screens: a launch picture lands on
             whole device pixels, drawn as the platform draws it, not resampled. */
          header { position: sticky; top: 0; z-index: 2; display: flex; gap: 12px; align-items: center; box-sizing: border-box;
                   height: 44px; padding: 0 12px; overflow-x: auto; white-space: nowrap; background: #303134; }
          header input[type=range] { width: 320px; }
          header label { display: inline-flex; gap: 4px; align-items: center; }
          header input[type=text], header input[type=number] { width: 90px; }
          #error { display: none; margin: 0; padding: 8px 12px; background: #8c1d18; color: #fff; white-space: pre-wrap; }
          #error.shown { display: block; }
          #screens { display: flex; flex-wrap: wrap; gap: 16px; padding: 12px; align-items: flex-start; }
          figure { margin: 0; }
          figcaption { max-width: 360px; height: 54px; line-height: 18px; padding-top: 4px; overflow: hidden; color: #bdc1c6; }
          .frame { position: relative; overflow: hidden; box-shadow: 0 0 0 1px #5f6368; }
          .inner { position: absolute; left: 0; top: 0; transform-origin: 0 0; overflow: hidden; }
          .inner iframe { position: absolute; left: 0; top: 0; border: 0; display: block; }
          .launch { position: absolute; left: 0; top: 0; right: 0; bottom: 0; }
          .launch img { position: absolute; display: block; }
          #notes { padding: 0 12px 12px; color: #bdc1c6; }
        </style>
        </head>
        <body data-version="0" data-revision="0" data-loaded="0" data-phase="launch">
        <header>
          <strong>logo-mask preview</strong>
          <button id="play" type="button">Play</button>
          <input id="scrub" type="range" min="0" max="1" step="0.001" value="0">
          <span id="time">0.000 s</span>
          <label>anchor <input id="c-reveal.anchor" type="text" data-key="reveal.anchor"></label>
          <label>duration <input id="c-reveal.duration" type="number" step="0.05" min="0" data-key="reveal.duration"></label>
          <label>logo size <input id="c-logoWidth" type="number" step="1" min="1" data-key="logoWidth"></label>
          <label>background <input id="c-background" type="text" data-key="background"></label>
          <span id="saved"></span>
        </header>
        <pre id="error"></pre>
        <div id="screens"></div>
        <ul id="notes"></ul>
        <script>
        (function () {
          var zoomMatch = /[?&]zoom=([0-9.]+)/.exec(location.search);
          var zoom = zoomMatch ? parseFloat(zoomMatch[1]) : 0.5;
          var state = null, shownVersion = -1, t = 0, duration = 1, playing = false, started = 0;
          var frames = [];
          var body = document.body;
          function fmt(x, n) { return x == null ? "none" : Number(x).toFixed(n); }
          function el(tag, props, children) {
            var e = document.createElement(tag);
            for (var k in props) { if (k === "style") e.style.cssText = props[k]; else e.setAttribute(k, props[k]); }
            (children || []).forEach(function (c) { e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
            return e;
          }
          function render() {
            var list = document.getElementById("screens");
            list.textContent = "";
            frames = [];
            body.dataset.loaded = "0";
            duration = Math.max(state.duration, 0.001);
            var scrub = document.getElementById("scrub");
            scrub.max = String(duration);
            state.screens.forEach(function (s, i) {
              var d = s.density, b = s.logoBox;
              var img = el("img", {src: s.launchPicture, alt: "", style: "left:" + (b[0] / d) + "px;top:" + (b[1] / d) + "px;width:" +
                ((b[2] - b[0]) / d) + "px;height:" + ((b[3] - b[1]) / d) + "px"});
              var launch = el("div", {"class": "launch", style: "background:" + s.background}, [img]);
              var frame = el("iframe", {width: String(s.width), height: String(s.height),
                style: "width:" + s.width + "px;height:" + s.height + "px", title: s.device});
              frame.addEventListener("load", function () {
                if (!frame.getAttribute("src")) return;
                body.dataset.loaded = String(Number(body.dataset.loaded) + 1);
                seekAll();
                // One page at a time: the browser's six connections stay free for the state.
                var next = frames[i + 1];
                if (next && next.version === state.version) next.frame.setAttribute("src", next.src);
                // The pages' notes join the state once every page is made.
                if (Number(body.dataset.loaded) === frames.length) refresh();
              });
              var inner = el("div", {"class": "inner", style: "width:" + s.width + "px;height:" + s.height + "px;transform:scale(" + zoom + ")"},
                [frame, launch]);
              var box = el("div", {"class": "frame", "data-screen": String(i),
                style: "width:" + (s.width * zoom) + "px;height:" + (s.height * zoom) + "px"}, [inner]);
              var caption = el("figcaption", {}, [
                s.device + (s.landscape ? " landscape" : "") + ", " + s.appearance + " (" + s.platform + ", " + s.width + "x" + s.height +
                " @" + s.density + ")",
                el("br"), "cover scale " + fmt(s.coverScale, 3) + ", final " + fmt(s.finalScale, 3) + ", anchor " +
                fmt(s.anchor[0], 2) + "," + fmt(s.anchor[1], 2) + " (" + s.anchorChoice + "), " + fmt(s.duration, 2) + " s"]);
              list.appendChild(el("figure", {"class": "screen", "data-device": s.device}, [box, caption]));
              frames.push({frame: frame, launch: launch, duration: s.duration, version: state.version,
                src: "/reveal/" + state.version + "/" + i + ".html?t=0"});
            });
            if (frames.length) frames[0].frame.setAttribute("src", frames[0].src);
            for (var key in state.controls) {
              var input = document.getElementById("c-" + key);
              if (input && document.activeElement !== input) input.value = state.controls[key];
            }
            shownVersion = state.version;
            body.dataset.version = String(state.version);
            seekAll();
          }
          function seekAll() {
            body.dataset.phase = t <= 0 ? "launch" : t >= duration ? "app" : "reveal";
            frames.forEach(function (f) {
              f.launch.style.visibility = t <= 0 ? "visible" : "hidden";
              var reveal = f.frame.contentWindow && f.frame.contentWindow.logoMaskReveal;
              if (reveal) reveal.seek(Math.min(t, f.duration));
            });
            document.getElementById("scrub").value = String(t);
            document.getElementById("time").textContent = t.toFixed(3) + " s";
          }
          function tick(now) {
            if (!playing) return;
            t = Math.min(duration, (now - started) / 1000);
            seekAll();
            if (t >= duration) { setPlaying(false); return; }
            requestAnimationFrame(tick);
          }
          function setPlaying(on) {
            playing = on;
            document.getElementById("play").textContent = on ? "Pause" : "Play";
            if (on) {
              if (t >= duration) t = 0;
              started = performance.now() - t * 1000;
              requestAnimationFrame(tick);
            }
          }
          document.getElementById("play").addEventListener("click", function () { setPlaying(!playing); });
          document.getElementById("scrub").addEventListener("input", function (e) {
            setPlaying(false);
            t = parseFloat(e.target.value);
            seekAll();
          });
          Array.prototype.forEach.call(document.querySelectorAll("header input[data-key]"), function (input) {
            input.addEventListener("change", function () {
              fetch("/config", {method: "POST", headers: {"Content-Type": "application/json"},
                body: JSON.stringify({key: input.dataset.key, value: input.value})})
                .then(function (r) { return r.text().then(function (text) { return {ok: r.ok, text: text}; }); })
                .then(function (r) { document.getElementById("saved").textContent = r.ok ? "saved" : r.text; });
            });
          });
          function showNotes() {
            var notes = document.getElementById("notes");
            notes.textContent = "";
            var all = state.notes.slice();
            state.screens.forEach(function (s) { s.notes.forEach(function (n) { if (all.indexOf(n) < 0) all.push(n); }); });
            all.forEach(function (n) { notes.appendChild(el("li", {}, [n])); });
          }
          function showError() {
            var box = document.getElementById("error");
            box.textContent = state.error || "";
            box.className = state.error ? "shown" : "";
            body.dataset.revision = String(state.revision);
          }
          function refresh() {
            return fetch("/state.json", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (next) {
              state = next;
              if (state.version !== shownVersion) render();
              showError();
              showNotes();
            });
          }
          function connect() {
            var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/events");
            socket.onmessage = function () { refresh(); };
            socket.onclose = function () { setTimeout(connect, 500); };
          }
          window.logoMaskPreview = {
            seek: function (seconds) { setPlaying(false); t = seconds; seekAll(); },
            play: function () { t = 0; setPlaying(true); },
            state: function () { return state; }
          };
          refresh().then(connect);
        })();
        </script>
        </body>
        </html>

        """
}
