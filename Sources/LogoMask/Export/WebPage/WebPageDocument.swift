import FoundationEssentials
import MaskGeometry

/// The HTML around the reveal's SVG: a page with no margin or scroll bar whose SVG fills the
/// window (`viewBox` = the viewport in points, scaled to cover a window of another shape), a
/// comment, `<meta>` and title naming the size the cover was computed for, and a script that
/// starts the Web Animations once the first frame has been painted, or pauses them at
/// `?t=SECONDS`.
///
/// The markup itself is frame 0 (each animated attribute's inline value is its first keyframe),
/// so the page's first paint, and `?t=0`, are the markup without animations: Chromium draws an
/// SVG group under a transform animation, even paused at 0, by another path whose edges differ
/// from the web splash's by up to 101 of 255 on 4 % of the logo's box, where the markup draws
/// the splash's pixels.
///
/// The script sets `window.logoMaskReveal` for a page that embeds this one: `duration`
/// (seconds), `seek(seconds)` (pause at a moment) and `play()` (from the start).
struct WebPageDocument {
    let title: String
    let viewport: Viewport
    /// Lines for the leading comment.
    let summary: String
    let definitions: String
    let body: String
    let animations: [WebAnimation]
    let duration: Double
    let loop: Bool
    /// More CSS for the `<style>` element (the dark background), empty for none.
    var style = ""

    var html: String {
        let w = formatNumber(viewport.size.width), h = formatNumber(viewport.size.height)
        let size = "\(w)x\(h)@\(formatNumber(viewport.density))"
        var text = "<!DOCTYPE html>\n<!--\n" + Self.commentSafe(summary) + "\n-->\n"
        text += "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        text += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        text += "<meta name=\"logo-mask-cover-computed-for\" content=\"\(size)\">\n"
        text += "<meta name=\"logo-mask-duration\" content=\"\(formatNumber(duration))\">\n"
        text += "<title>\(Self.escaped(title))</title>\n"
        text += "<style>\n"
        text += "html,body{margin:0;padding:0;width:100%;height:100%;overflow:hidden;background:#000000}\n"
        text += "#lm-reveal{display:block;position:fixed;left:0;top:0;width:100%;height:100%}\n"
        text += style
        text += "</style>\n</head>\n<body>\n"
        text += "<svg id=\"lm-reveal\" viewBox=\"0 0 \(w) \(h)\" preserveAspectRatio=\"xMidYMid slice\">\n"
        text += "<defs>\n" + definitions + "</defs>\n"
        text += body
        text += "</svg>\n<script>\n" + script + "</script>\n</body>\n</html>\n"
        return text
    }

    private var script: String {
        var text = "(function () {\n"
        text += "  var duration = \(formatNumber(duration * 1000, decimals: 6)), loop = \(loop);\n"
        text += "  var tracks = [\n"
        text += animations.map { "    " + $0.script }.joined(separator: ",\n")
        text += "\n  ];\n"
        text += """
              var match = /[?&]t=([^&#]*)/.exec(location.search);
              var t = match ? parseFloat(decodeURIComponent(match[1])) : NaN;
              var animations = [];
              function animate() {
                if (animations.length) { return; }
                animations = tracks.map(function (track) {
                  var element = document.getElementById(track[0]);
                  var keyframes = track[2].map(function (k) {
                    var frame = {offset: k[0], easing: k[2]};
                    frame[track[1]] = k[1];
                    return frame;
                  });
                  return element.animate(keyframes, {duration: duration, fill: "both", iterations: loop ? Infinity : 1});
                });
              }
              function seek(seconds) {
                if (!(seconds > 0)) {
                  animations.forEach(function (a) { a.cancel(); });
                  animations = [];
                  return;
                }
                animate();
                animations.forEach(function (a) { a.pause(); a.currentTime = seconds * 1000; });
              }
              function play() {
                animate();
                animations.forEach(function (a) { a.currentTime = 0; a.play(); });
              }
              if (isFinite(t)) {
                seek(t);
              } else {
                requestAnimationFrame(function () { requestAnimationFrame(play); });
              }
              window.logoMaskReveal = {duration: duration / 1000, seek: seek, play: play};
            })();

            """
        return text
    }

    /// Text for an HTML element or attribute.
    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }

    /// Text that cannot end an HTML comment.
    static func commentSafe(_ text: String) -> String {
        var safe = text
        while safe.contains("--") { safe = safe.replacing("--", with: "- -") }
        return safe.replacing(">", with: "&gt;")
    }
}
