import FoundationEssentials
import MaskGeometry

/// The built-in reveal animations, one per source article, each a ``RevealSpec`` in the same
/// JSON format users write. Their final scale is the symbol `"finalScale"` (the cover scale of
/// the chosen viewport), never a constant.
///
/// | preset | seed | hole scale | other tracks | duration |
/// |---|---|---|---|---|
/// | `twitter` | 000 | 1 -> 0.75 at 0.4 -> final, easeInEaseOut then easeOut | logo 1 -> 0 over the first 0.24 s; white veil 1 -> 0 over 0.2 s after 0.24 s | 0.6 s |
/// | `yula` | 001 | 1 -> 0.85 at 0.2 -> final, easeInEaseOut then easeOut | rotation 0 -> -atan(y/x) linear; content 1.05 -> 1; logo 1 -> 0 over 0.1 s after 0.1 s; caption 1 -> 0 over 0.3 s | 0.6 s |
/// | `huvi` | 002 | no hole | logo moves launch rect -> target rect and background 1 -> 0, 0.35 s after 0.35 s, easeInEaseOut | 0.7 s |
/// | `fade` | - | no hole | whole launch screen 1 -> 0, easeInEaseOut | 0.25 s |
public enum RevealPreset: String, Sendable, CaseIterable, Codable {
    /// Seed 000: the hole shrinks to 0.75 at 0.4 of the duration, then grows to the cover scale
    /// while a white veil over the content fades. The logo's own artwork, drawn over the hole
    /// (which it closes), fades out while the hole shrinks, so frame 0 is the launch screen.
    case twitter
    /// Seed 001: the hole turns towards the top-left corner while it scales 1 -> 0.85 -> final;
    /// the content settles from 1.05 to 1; the logo drawn over the hole and the caption fade.
    case yula
    /// Seed 002: the launch logo flies to its place on the next screen (`--target`) while the
    /// launch background fades to clear.
    case huvi
    /// The plain hide of the asset generators: the launch screen fades out in 250 ms.
    case fade

    /// The twitter preset's duration in seconds: 0.6 s, the short end of what peers use
    /// (0.6-1.5 s), so the growth reads as one gesture; 37 frames at 60 fps.
    public static let twitterDuration = 0.6

    /// The preset's spec.
    public var spec: RevealSpec {
        switch self {
        case .twitter:
            let d = Self.twitterDuration
            return RevealSpec(
                name: "twitter",
                about: "Seed 000: the logo-shaped hole shrinks to 0.75 at 0.4 of the duration, then grows until it covers the screen; a white veil over the app fades.",
                background: .color(RGBAColor(red: 0x1D, green: 0x9B, blue: 0xF0)),
                veilColor: .white, hole: true,
                timeline: .object([
                    "name": .string("twitter"),
                    "holeScale": keyframes([.number(1), .number(0.75), .string("finalScale")], [0, 0.4, 1],
                                           ["easeInEaseOut", "easeOut"], duration: d, fill: "forwards"),
                    "veilOpacity": basic(.number(1), .number(0), duration: 0.2, delay: 0.4 * d, curve: "easeInEaseOut"),
                    // The launch screen's own logo over the hole at frame 0, fading into the
                    // veil-coloured hole while it shrinks: the hand-off shows no jump.
                    "logoOpacity": basic(.number(1), .number(0), duration: 0.4 * d, curve: "easeInEaseOut"),
                ]))
        case .yula:
            return RevealSpec(
                name: "yula",
                about: "Seed 001: the hole turns to -atan(y/x) of the logo's position while it scales 1 -> 0.85 -> final; the app settles from 1.05 to 1; the logo over the hole fades after 0.1 s; the caption fades over 0.3 s.",
                background: .gradient(LinearGradient(
                    colors: [RGBAColor(red: 0xFF, green: 0x6A, blue: 0x5C), RGBAColor(red: 0x8A, green: 0x4D, blue: 0xFF)],
                    direction: .line(start: Point(x: 0, y: 0), end: Point(x: 1, y: 1)))),
                veilColor: .white, hole: true,
                timeline: .object([
                    "name": .string("yula"),
                    "holeScale": keyframes([.number(1), .number(0.85), .string("finalScale")], [0, 0.2, 1],
                                           ["easeInEaseOut", "easeOut"], duration: 0.6, fill: "forwards"),
                    "holeRotation": basic(.number(0), .string("cornerAngle"), duration: 0.6, curve: "linear", fill: "forwards"),
                    "contentScale": basic(.number(1.05), .number(1), duration: 0.6, curve: "easeInEaseOut"),
                    "logoOpacity": basic(.number(1), .number(0), duration: 0.1, delay: 0.1, curve: "easeInEaseOut"),
                    "captionOpacity": basic(.number(1), .number(0), duration: 0.3, curve: "easeInEaseOut"),
                ]))
        case .huvi:
            return RevealSpec(
                name: "huvi",
                about: "Seed 002: the launch logo moves from its launch rect to the target rect (RevealSettings.target, X,Y,W,H in points) while the launch background fades to clear, 0.35 s after 0.35 s, ease-in-out.",
                background: .color(.white), veilColor: .white, hole: false,
                timeline: .object([
                    "name": .string("huvi"),
                    "logoFrame": basic(.string("launchFrame"), .string("targetFrame"), duration: 0.35, delay: 0.35, curve: "easeInEaseOut"),
                    "backgroundOpacity": basic(.number(1), .number(0), duration: 0.35, delay: 0.35, curve: "easeInEaseOut"),
                    "logoOpacity": basic(.number(1), .number(1), duration: 0.7),
                ]))
        case .fade:
            return RevealSpec(
                name: "fade",
                about: "The plain hide that launch-screen generators offer: the whole launch screen fades out in 250 ms.",
                background: .color(.white), veilColor: .white, hole: false, fadeLogoWithBackground: true,
                timeline: .object([
                    "name": .string("fade"),
                    "backgroundOpacity": basic(.number(1), .number(0), duration: 0.25, curve: "easeInEaseOut"),
                    "logoOpacity": basic(.number(1), .number(1), duration: 0.25),
                ]))
        }
    }

    private func keyframes(
        _ values: [SpecValue], _ keyTimes: [Double], _ curves: [String], duration: Double, fill: String
    ) -> SpecValue {
        .object([
            "values": .array(values), "keyTimes": .array(keyTimes.map(SpecValue.number)),
            "curves": .array(curves.map(SpecValue.string)), "duration": .number(duration),
            "delay": .number(0), "fill": .string(fill),
        ])
    }

    private func basic(
        _ from: SpecValue, _ to: SpecValue, duration: Double, delay: Double = 0, curve: String = "linear",
        fill: String = "both"
    ) -> SpecValue {
        .object([
            "from": from, "to": to, "duration": .number(duration), "delay": .number(delay),
            "curve": .string(curve), "fill": .string(fill),
        ])
    }
}
