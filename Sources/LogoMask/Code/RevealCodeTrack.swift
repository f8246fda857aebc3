import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// One animated number of a reveal as the generated code plays it: keyframes at seconds of the
/// reveal, a cubic Bézier per segment, and each value as an affine function of what only the
/// running app knows:
/// `value = base + perFinalScale · finalScale + perCornerAngle · cornerAngle + perWindowWidth · W + perWindowHeight · H`.
///
/// The spec's symbols (`finalScale`, `cornerAngle`, `launchFrame`) enter a timeline's values
/// only through interpolation, which is affine, so the factors are exact; the generator checks
/// them against the scene's own exported track.
public struct RevealCodeTrack: Sendable, Hashable {
    /// The property's name as the generated code spells it (`holeScale`, `logoFrameX`, …).
    public var name: String
    /// Seconds from the start of the reveal, never decreasing (two equal times: a jump).
    public var times: [Double]
    /// The value at each time with every factor at zero.
    public var base: [Double]
    /// How much each value grows per unit of the final (cover) scale.
    public var perFinalScale: [Double]
    /// How much each value grows per radian of the corner angle `-atan(y/x)` of the logo's centre.
    public var perCornerAngle: [Double]
    /// How much each value grows per point of window width.
    public var perWindowWidth: [Double]
    /// How much each value grows per point of window height.
    public var perWindowHeight: [Double]
    /// One cubic Bézier timing curve per segment: x1, y1, x2, y2.
    public var curves: [[Double]]
    /// True when the track is a spring sampled into linear keyframes.
    public var isSampled: Bool

    /// The values for a window: the factors applied.
    public func values(finalScale: Double, cornerAngle: Double, windowWidth: Double, windowHeight: Double) -> [Double] {
        base.indices.map {
            base[$0] + perFinalScale[$0] * finalScale + perCornerAngle[$0] * cornerAngle
                + perWindowWidth[$0] * windowWidth + perWindowHeight[$0] * windowHeight
        }
    }

    /// True when any value depends on the final scale.
    public var usesFinalScale: Bool { perFinalScale.contains { $0 != 0 } }
}

/// The symbols of a spec for one window, as the generated code computes them.
struct RevealCodeSymbols {
    var finalScale: Double
    var cornerAngle: Double
    var windowWidth: Double
    var windowHeight: Double
}

extension RevealCodeTrack {
    /// The scalar tracks of `base` (the spec resolved for `symbols`) with their factors, read
    /// from `variations`: the same spec resolved for one unit more of each symbol, in the order
    /// of `RevealCodeSymbols`' fields.
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` when the variations change a track's times
    ///   or curves (a value that is not affine in the symbols).
    static func tracks(
        base: ExportedTimeline, at symbols: RevealCodeSymbols, variations: [ExportedTimeline], file: String
    ) throws(LogoMaskError) -> [RevealCodeTrack] {
        var tracks: [RevealCodeTrack] = []
        func scalar(_ name: String, _ pick: (ExportedTimeline) -> ExportedTrack<Double>?) throws(LogoMaskError) {
            guard let track = pick(base) else { return }
            var factors: [[Double]] = []
            for variation in variations {
                guard let other = pick(variation), other.times == track.times, other.curves == track.curves else {
                    throw LogoMaskError.invalidRequest("\(file): the \(name) track's keyframes change with the window; the code generator needs the same times and curves on every screen.")
                }
                factors.append(zip(other.values, track.values).map { $0 - $1 })
            }
            let constant = track.values.indices.map {
                track.values[$0] - factors[0][$0] * symbols.finalScale - factors[1][$0] * symbols.cornerAngle
                    - factors[2][$0] * symbols.windowWidth - factors[3][$0] * symbols.windowHeight
            }
            tracks.append(RevealCodeTrack(
                name: name, times: track.times, base: constant, perFinalScale: factors[0],
                perCornerAngle: factors[1], perWindowWidth: factors[2], perWindowHeight: factors[3],
                curves: track.curves.map { [$0.x1, $0.y1, $0.x2, $0.y2] }, isSampled: track.isSampled))
        }
        func component<V>(_ name: String, _ pick: @escaping (ExportedTimeline) -> ExportedTrack<V>?, _ part: @escaping (V) -> Double) throws(LogoMaskError) {
            try scalar(name) { timeline in
                guard let track = pick(timeline) else { return nil }
                return ExportedTrack(
                    keyframes: track.keyframes.map { .init(time: $0.time, value: part($0.value)) },
                    curves: track.curves, isSampled: track.isSampled)
            }
        }
        try scalar("holeScale") { $0.holeScale }
        try scalar("holeRotation") { $0.holeRotation }
        try component("holeOffsetX", { $0.holeOffset }, { $0.x })
        try component("holeOffsetY", { $0.holeOffset }, { $0.y })
        try component("logoFrameX", { $0.logoFrame }, { $0.x })
        try component("logoFrameY", { $0.logoFrame }, { $0.y })
        try component("logoFrameWidth", { $0.logoFrame }, { $0.width })
        try component("logoFrameHeight", { $0.logoFrame }, { $0.height })
        try scalar("veilOpacity") { $0.veilOpacity }
        try scalar("contentScale") { $0.contentScale }
        try scalar("backgroundOpacity") { $0.backgroundOpacity }
        try scalar("logoOpacity") { $0.logoOpacity }
        try scalar("captionOpacity") { $0.captionOpacity }
        return tracks
    }
}
