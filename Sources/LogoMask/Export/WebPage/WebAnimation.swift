import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// One animated CSS property of one element of the page, as Web Animations API keyframes:
/// offsets (seconds over the reveal's duration), values, and on each keyframe the
/// `cubic-bezier()` easing of the segment it starts, taken from the ``ExportedTrack``'s
/// ``TimingCurve``s as they are.
///
/// Web Animations hold the first keyframe before and the last after (with `fill: both`), and at
/// two keyframes of one offset the later wins, as ``ExportedTrack/value(at:)`` does.
struct WebAnimation {
    /// The element's id.
    let elementID: String
    /// `transform` or `opacity`.
    let property: String
    /// Offset 0...1, CSS value, easing of the segment that starts here.
    let keyframes: [(offset: Double, value: String, easing: String)]
    /// The value at time 0 (written as the element's style, so the page shows the first frame
    /// even before its script runs).
    let initialValue: String

    /// The keyframes of `track` over a reveal of `duration` seconds, each value written by `css`.
    init<Value>(
        elementID: String, property: String, track: ExportedTrack<Value>, duration: Double, css: (Value) -> String
    ) {
        self.elementID = elementID
        self.property = property
        var frames: [(Double, String, String)] = []
        let keys = track.keyframes
        let first = keys[0], last = keys[keys.count - 1]
        if first.time > 0 { frames.append((0, css(first.value), "linear")) }
        for (i, key) in keys.enumerated() {
            let offset = duration > 0 ? min(max(key.time / duration, 0), 1) : 0
            let easing = i < track.curves.count ? Self.easing(track.curves[i]) : "linear"
            frames.append((offset, css(key.value), easing))
        }
        if last.time < duration { frames.append((1, css(last.value), "linear")) }
        // At offset 1 a Web Animation reads the segment that ends there, so a jump at the very
        // end (a track that stops filling) would show its earlier value: move the jump a tenth
        // of a microsecond of progress earlier and hold the later value to 1.
        let n = frames.count
        if n >= 2, frames[n - 1].0 == 1, frames[n - 2].0 == 1 {
            frames[n - 1].0 = Self.justBeforeEnd
            frames[n - 2].0 = Self.justBeforeEnd
            frames.append((1, frames[n - 1].1, "linear"))
        }
        keyframes = frames
        initialValue = css(track.value(at: 0))
    }

    /// Keyframes given as they are.
    init(elementID: String, property: String, keyframes: [(offset: Double, value: String, easing: String)], initialValue: String) {
        self.elementID = elementID
        self.property = property
        self.keyframes = keyframes
        self.initialValue = initialValue
    }

    /// Frame 0's picture shown for the first frame (1/60 s) only, and `later` from then on: two
    /// opacity animations that jump (two keyframes at one offset, the later winning).
    static func frameZeroHold(shown first: String, later: String, duration: Double) -> [WebAnimation] {
        let jump = duration > 0 ? min(1, 1 / 60 / duration) : 0
        func hold(_ id: String, from: String, to: String) -> WebAnimation {
            WebAnimation(
                elementID: id, property: "opacity",
                keyframes: [(0, from, "linear"), (jump, from, "linear"), (jump, to, "linear"), (1, to, "linear")], initialValue: from)
        }
        return [hold(first, from: "1", to: "0"), hold(later, from: "0", to: "1")]
    }

    /// The offset a jump at the very end is moved to.
    static let justBeforeEnd = 1 - 1e-7

    /// `linear`, or `cubic-bezier(x1, y1, x2, y2)` (y may overshoot, as CSS allows).
    static func easing(_ curve: TimingCurve) -> String {
        if curve == .linear { return "linear" }
        let numbers = curve.controlPoints.map { formatNumber($0, decimals: 6) }
        return "cubic-bezier(" + numbers.joined(separator: ",") + ")"
    }

    /// The animation as a JavaScript array literal: `["id","property",[[offset,"value","easing"],…]]`.
    var script: String {
        let frames = keyframes.map { frame in
            "[" + formatNumber(frame.offset, decimals: 9) + "," + Self.quoted(frame.value) + "," + Self.quoted(frame.easing) + "]"
        }
        return "[" + Self.quoted(elementID) + "," + Self.quoted(property) + ",[" + frames.joined(separator: ",") + "]]"
    }

    /// A JavaScript string literal of text made of CSS values (no quotes or backslashes in them).
    static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    // MARK: CSS values

    /// `scale(s)`.
    static func scale(_ s: Double) -> String { "scale(\(formatNumber(s, decimals: 7)))" }

    /// `rotate(Ndeg)` of radians (clockwise on screen, as CSS).
    static func rotate(_ radians: Double) -> String { "rotate(\(formatNumber(radians * 180 / .pi, decimals: 6))deg)" }

    /// `translate(xpx, ypx)`.
    static func translate(_ p: Point) -> String {
        "translate(\(formatNumber(p.x))px,\(formatNumber(p.y))px)"
    }

    /// An opacity clamped to 0...1.
    static func opacity(_ value: Double) -> String { formatNumber(min(max(value, 0), 1), decimals: 6) }

    /// The move of a document box of `size` onto `frame`: `translate(…) scale(sx, sy)`.
    static func frame(_ frame: Rect, documentSize size: Size) -> String {
        translate(Point(x: frame.x, y: frame.y))
            + " scale(\(formatNumber(frame.width / size.width, decimals: 8)),\(formatNumber(frame.height / size.height, decimals: 8)))"
    }
}
