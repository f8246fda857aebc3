/// The player of `logo-reveal.js`, the part of the script that does not depend on the logo
/// (``WebOverlayBuilder`` puts the data in front of it as `DATA`).
///
/// It draws the overlay into a fixed `<div id="logo-reveal">` above the page: an SVG whose
/// units are CSS pixels, with the veil, the splash cut by a luminance `<mask>` holding the
/// logo's hole, and the drawn logo, layer for layer as the page does. Each frame it evaluates
/// the tracks itself (the same keyframes and cubic Béziers as the page's Web Animations; a value
/// is `b + s·finalScale + a·cornerAngle + w·W + h·H` for the window, as the generated code
/// reads it), so a resize only recomputes the numbers. The final scale is the cover scale of
/// the window read from the radial profile (the largest distance to the window's edge over the
/// radius, bin by bin, at the bin's ends and any corner inside it) times the margin.
enum WebOverlayScript {
    static let player = #"""
      var script = document.currentScript;
      var options = (script && script.dataset) || {};
      if (window.logoReveal) { return; }
      var media = function (query) { return window.matchMedia ? window.matchMedia(query) : {matches: false}; };
      var darkQuery = media("(prefers-color-scheme: dark)");
      var reducedQuery = media("(prefers-reduced-motion: reduce)");
      var duration = DATA.duration;
      var marginOverride = options.margin ? parseFloat(options.margin) : NaN;
      var root = document.createElement("div");
      root.id = "logo-reveal";
      root.setAttribute("aria-hidden", "true");
      root.style.cssText = "position:fixed;left:0;top:0;width:100%;height:100%;margin:0;padding:0;border:0;"
        + "z-index:2147483647;pointer-events:none;overflow:hidden";
      var variant, parts, sized, content = null, time = 0, startedAt = null;
      var playing = false, finished = false, frame = 0, timer = 0;

      // A cubic Bézier timing curve (x1, y1, x2, y2) at progress x.
      function bezier(c, x) {
        if (c[0] === c[1] && c[2] === c[3]) { return x; }
        function at(a, b, t) { return ((1 - 3 * b + 3 * a) * t + (3 * b - 6 * a)) * t * t + 3 * a * t; }
        function slope(a, b, t) { return 3 * (1 - 3 * b + 3 * a) * t * t + 2 * (3 * b - 6 * a) * t + 3 * a; }
        var t = x, i;
        for (i = 0; i < 8; i++) {
          var error = at(c[0], c[2], t) - x;
          if (Math.abs(error) < 1e-9) { return at(c[1], c[3], t); }
          var d = slope(c[0], c[2], t);
          if (Math.abs(d) < 1e-7) { break; }
          t -= error / d;
        }
        var low = 0, high = 1;
        t = x;
        for (i = 0; i < 64; i++) {
          var v = at(c[0], c[2], t);
          if (Math.abs(v - x) < 1e-9) { break; }
          if (v < x) { low = t; } else { high = t; }
          t = (low + high) / 2;
        }
        return at(c[1], c[3], t);
      }

      // The value of a track at t seconds; at two keyframes of one time the later wins.
      function valueAt(track, values, t) {
        var times = track.t, n = times.length, i = n - 1;
        if (t < times[0]) { return values[0]; }
        while (i > 0 && times[i] > t) { i--; }
        if (i === n - 1) { return values[n - 1]; }
        var span = times[i + 1] - times[i];
        if (!(span > 0)) { return values[i + 1]; }
        var eased = bezier(track.c[i] || [0, 0, 1, 1], (t - times[i]) / span);
        return values[i] + (values[i + 1] - values[i]) * eased;
      }

      // How far from (ax, ay) the ray at angle stays inside a W x H window (0 when it misses it).
      function reach(ax, ay, W, H, angle) {
        var origins = [ax, ay], directions = [Math.cos(angle), Math.sin(angle)], sizes = [W, H];
        var near = 0, far = Infinity;
        for (var k = 0; k < 2; k++) {
          if (Math.abs(directions[k]) < 1e-15) {
            if (origins[k] < 0 || origins[k] > sizes[k]) { return 0; }
            continue;
          }
          var t0 = -origins[k] / directions[k], t1 = (sizes[k] - origins[k]) / directions[k];
          if (t0 > t1) { var swap = t0; t0 = t1; t1 = swap; }
          near = Math.max(near, t0);
          far = Math.min(far, t1);
        }
        return far >= near ? far : 0;
      }

      // The smallest scale about (ax, ay) at which the profile, turned by rotation, covers the window.
      function coverScale(radii, W, H, ax, ay, rotation) {
        var n = radii.length, step = 2 * Math.PI / n, scale = 0;
        if (n === 0) { return 1; }
        var corners = [[0, 0], [W, 0], [0, H], [W, H]].map(function (c) {
          var angle = Math.atan2(c[1] - ay, c[0] - ax);
          return [angle, reach(ax, ay, W, H, angle)];
        });
        for (var i = 0; i < n; i++) {
          var start = i * step + rotation;
          var far = Math.max(reach(ax, ay, W, H, start), reach(ax, ay, W, H, start + step));
          for (var k = 0; k < 4; k++) {
            var offset = (corners[k][0] - start) % (2 * Math.PI);
            if (offset < 0) { offset += 2 * Math.PI; }
            if (offset <= step) { far = Math.max(far, corners[k][1]); }
          }
          if (radii[i] <= 0) { return Infinity; }
          scale = Math.max(scale, far / radii[i]);
        }
        return scale;
      }

      // The window's numbers: the logo's centre, the anchor, the cover and final scales, and
      // every track's values.
      function geometry() {
        var v = variant, box = root.getBoundingClientRect();
        var W = box.width || window.innerWidth, H = box.height || window.innerHeight;
        var cx = W / 2 + v.center[0], cy = H / 2 + v.center[1];
        var angle = cx === 0 ? 0 : -Math.atan(cy / cx);
        var g = {W: W, H: H, cx: cx, cy: cy, ax: cx + v.anchorOffset[0], ay: cy + v.anchorOffset[1],
                 cover: 1, scale: 1, values: {}};
        function end(name) {
          var track = v.tracks[name];
          if (!track) { return 0; }
          var i = track.b.length - 1;
          return track.b[i] + track.a[i] * angle + track.w[i] * W + track.h[i] * H;
        }
        if (v.hole && v.radii.length) {
          g.cover = coverScale(v.radii, W, H, g.ax + end("holeOffsetX"), g.ay + end("holeOffsetY"),
                               v.rotation + end("holeRotation"));
          g.scale = g.cover * (isFinite(marginOverride) && marginOverride > 0 ? marginOverride : v.margin);
        }
        Object.keys(v.tracks).forEach(function (name) {
          var track = v.tracks[name];
          g.values[name] = track.b.map(function (b, i) {
            return b + track.s[i] * g.scale + track.a[i] * angle + track.w[i] * W + track.h[i] * H;
          });
        });
        return g;
      }

      function build() {
        variant = (darkQuery.matches && DATA.dark) ? DATA.dark : DATA.light;
        var v = variant, full = ' width="100%" height="100%"';
        var svg = '<svg xmlns="http://www.w3.org/2000/svg"' + full
          + ' style="display:block;position:absolute;left:0;top:0;overflow:hidden"><defs>' + v.defs;
        if (v.hole) {
          svg += '<mask id="logo-reveal-hole" maskUnits="userSpaceOnUse" x="0" y="0"' + full + '>'
            + '<rect' + full + ' fill="#FFFFFF"/><g id="logo-reveal-opening"><g id="logo-reveal-hole-place">'
            + v.holeArt + '</g></g></mask>';
        }
        svg += '</defs><rect id="logo-reveal-veil"' + full + ' fill="' + v.veil[0] + '" fill-opacity="' + v.veil[1]
          + '" opacity="0"/>';
        var logo = v.logoShown ? '<g id="logo-reveal-logo"><g id="logo-reveal-logo-place">' + v.logoArt + '</g></g>' : '';
        svg += '<g id="logo-reveal-splash"' + (v.hole ? ' mask="url(#logo-reveal-hole)"' : '') + '><rect' + full
          + ' fill="' + v.background[0] + '" fill-opacity="' + v.background[1] + '"/>' + (v.fadesLogo ? logo : '') + '</g>';
        svg += (v.fadesLogo ? '' : logo) + '</svg>';
        root.innerHTML = svg;
        parts = {};
        ["veil", "splash", "opening", "hole-place", "logo", "logo-place"].forEach(function (name) {
          parts[name] = root.querySelector("#logo-reveal-" + name);
        });
        sized = geometry();
      }

      function clamp(x) { return Math.min(Math.max(x, 0), 1); }

      // Draws the moment t (seconds).
      function render(t) {
        var v = variant, g = sized;
        function value(name, fallback) {
          var track = v.tracks[name];
          return track ? valueAt(track, g.values[name], t) : fallback;
        }
        var logoOpacity = value("logoOpacity", 0);
        var hole = "translate(" + (g.ax + value("holeOffsetX", 0)) + " " + (g.ay + value("holeOffsetY", 0)) + ") rotate("
          + ((v.rotation + value("holeRotation", 0)) * 180 / Math.PI) + ") scale(" + (value("holeScale", 1) * v.k)
          + ") translate(" + (-v.anchor[0]) + " " + (-v.anchor[1]) + ")";
        parts.veil.setAttribute("opacity", clamp(value("veilOpacity", 0)));
        parts.splash.setAttribute("opacity", clamp(value("backgroundOpacity", 1)));
        if (v.hole) {
          parts["hole-place"].setAttribute("transform", hole);
          parts.opening.setAttribute("opacity", v.logoShown ? clamp(1 - logoOpacity) : 1);
        }
        if (parts.logo) {
          var place;
          if (v.tracks.logoFrameX) {
            place = "translate(" + value("logoFrameX", 0) + " " + value("logoFrameY", 0) + ") scale("
              + (value("logoFrameWidth", 0) / v.doc[0]) + " " + (value("logoFrameHeight", 0) / v.doc[1]) + ")";
          } else if (v.hole) {
            place = hole;
          } else {
            place = "translate(" + g.cx + " " + g.cy + ") rotate(" + (v.rotation * 180 / Math.PI) + ") scale(" + v.k
              + ") translate(" + (-v.doc[0] / 2) + " " + (-v.doc[1] / 2) + ")";
          }
          parts["logo-place"].setAttribute("transform", place);
          parts.logo.setAttribute("opacity", clamp(logoOpacity));
        }
        if (!content && options.content) { content = document.querySelector(options.content); }
        if (content && v.tracks.contentScale) {
          var box = content.getBoundingClientRect();
          content.style.transformOrigin = (g.W / 2 - box.left) + "px " + (g.H / 2 - box.top) + "px";
          content.style.transform = "scale(" + value("contentScale", 1) + ")";
        }
      }

      function finish() {
        if (finished) { return; }
        finished = true;
        playing = false;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        window.removeEventListener("resize", resized);
        if (darkQuery.removeEventListener) { darkQuery.removeEventListener("change", restyled); }
        if (root.parentNode) { root.parentNode.removeChild(root); }
        if (content) { content.style.transform = ""; content.style.transformOrigin = ""; }
        document.dispatchEvent(new CustomEvent("logoreveal:end", {
          bubbles: true, detail: {duration: duration, reducedMotion: !!reducedQuery.matches}}));
      }

      function tick(now) {
        if (!playing) { return; }
        if (startedAt === null) { startedAt = now; }
        time = (now - startedAt) / 1000;
        if (time >= duration) { finish(); return; }
        render(time);
        frame = requestAnimationFrame(tick);
      }

      function play() {
        if (finished) { return; }
        if (reducedQuery.matches) { finish(); return; }
        playing = true;
        startedAt = null;
        time = 0;
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(tick);
        // Ends the reveal where animation frames do not run (a hidden tab).
        clearTimeout(timer);
        timer = setTimeout(finish, duration * 1000 + 500);
      }

      function seek(seconds) {
        if (finished) { return; }
        playing = false;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        time = Math.min(Math.max(+seconds || 0, 0), duration);
        render(time);
      }

      function resized() { if (!finished) { sized = geometry(); render(time); } }
      function restyled() { if (!finished) { build(); render(time); } }

      (document.body || document.documentElement).appendChild(root);
      build();
      render(0);
      window.addEventListener("resize", resized);
      if (darkQuery.addEventListener) { darkQuery.addEventListener("change", restyled); }
      window.logoReveal = {
        duration: duration,
        play: play,
        seek: seek,
        finish: finish,
        coverScale: function () { return sized.cover; },
        finalScale: function () { return sized.scale; }
      };
      if (options.start !== "manual") {
        if (document.readyState === "complete") { play(); } else { window.addEventListener("load", play); }
      }
    """#
}
