import MaskGeometry

/// A reveal's animations: one optional track per layer property, sampled into ``FrameState``s.
///
/// Time is in seconds from the start of the reveal (frame 0 is time 0). The timeline lasts
/// ``duration``, the latest end time of its tracks. ``sample(at:)`` evaluates each track; a
/// property without a track, or whose animation neither runs nor fills at that time, keeps the
/// default documented on ``FrameState``.
///
/// In JSON every key is optional except that a track, when present, must be a valid
/// ``AnimationTrack``; misspelt keys are errors. The seed 001 (Yula) reveal on a 852 pt high
/// screen, the logo at (196.5, 426), final scale 852 · 18 / 667:
/// ```json
/// {
///   "name": "yula",
///   "holeScale": {
///     "values": [1, 0.85, 22.992504],
///     "keyTimes": [0, 0.2, 1],
///     "curves": ["easeInEaseOut", "easeOut"],
///     "duration": 0.6,
///     "fill": "forwards"
///   },
///   "holeRotation": {"from": 0, "to": -1.138976, "duration": 0.6, "fill": "forwards"},
///   "contentScale": {"from": 1.05, "to": 1, "duration": 0.6, "curve": "easeInEaseOut"},
///   "veilOpacity": {"from": 1, "to": 0, "duration": 0.1, "delay": 0.1, "curve": "easeInEaseOut"},
///   "captionOpacity": {"from": 1, "to": 0, "duration": 0.3, "curve": "easeInEaseOut"}
/// }
/// ```
/// A move (seed 002) animates `logoFrame` between rects:
/// `{"from": {"x": 150, "y": 380, "width": 96, "height": 96}, "to": {"x": 16, "y": 60, "width": 40, "height": 40},
/// "duration": 0.35, "delay": 0.35, "curve": "easeInEaseOut"}`; `holeOffset` takes points `{"x": 0, "y": -20}`.
public struct Timeline: Hashable, Sendable, Codable {
    /// A name for people (the preset's name, for instance). Default `"custom"`.
    public var name: String
    /// Scale of the logo hole about its anchor (1 = launch size). See ``FrameState/holeScale``.
    public var holeScale: AnimationTrack<Double>?
    /// Rotation of the hole in radians, positive clockwise on screen. See ``FrameState/holeRotation``.
    public var holeRotation: AnimationTrack<Double>?
    /// Translation of the hole in viewport points. See ``FrameState/holeOffset``.
    public var holeOffset: AnimationTrack<Point>?
    /// Frame of the drawn logo in viewport points (rect-to-rect move). See ``FrameState/logoFrame``.
    public var logoFrame: AnimationTrack<Rect>?
    /// Opacity of the veil over the content. See ``FrameState/veilOpacity``.
    public var veilOpacity: AnimationTrack<Double>?
    /// Scale of the app content about the viewport centre. See ``FrameState/contentScale``.
    public var contentScale: AnimationTrack<Double>?
    /// Opacity of the splash background. See ``FrameState/backgroundOpacity``.
    public var backgroundOpacity: AnimationTrack<Double>?
    /// Opacity of the logo drawn in colour. See ``FrameState/logoOpacity``.
    public var logoOpacity: AnimationTrack<Double>?
    /// Opacity of the caption image. See ``FrameState/captionOpacity``.
    public var captionOpacity: AnimationTrack<Double>?

    /// Creates a timeline; every track is optional.
    public init(
        name: String = "custom",
        holeScale: AnimationTrack<Double>? = nil,
        holeRotation: AnimationTrack<Double>? = nil,
        holeOffset: AnimationTrack<Point>? = nil,
        logoFrame: AnimationTrack<Rect>? = nil,
        veilOpacity: AnimationTrack<Double>? = nil,
        contentScale: AnimationTrack<Double>? = nil,
        backgroundOpacity: AnimationTrack<Double>? = nil,
        logoOpacity: AnimationTrack<Double>? = nil,
        captionOpacity: AnimationTrack<Double>? = nil
    ) {
        self.name = name
        self.holeScale = holeScale
        self.holeRotation = holeRotation
        self.holeOffset = holeOffset
        self.logoFrame = logoFrame
        self.veilOpacity = veilOpacity
        self.contentScale = contentScale
        self.backgroundOpacity = backgroundOpacity
        self.logoOpacity = logoOpacity
        self.captionOpacity = captionOpacity
    }

    /// The end times (seconds) of the tracks present, keyed by their JSON names, in a fixed order.
    public var trackEndTimes: [(name: String, endTime: Double)] {
        var result: [(name: String, endTime: Double)] = []
        func add<V>(_ name: String, _ track: AnimationTrack<V>?) {
            if let track { result.append((name, track.endTime)) }
        }
        add("holeScale", holeScale)
        add("holeRotation", holeRotation)
        add("holeOffset", holeOffset)
        add("logoFrame", logoFrame)
        add("veilOpacity", veilOpacity)
        add("contentScale", contentScale)
        add("backgroundOpacity", backgroundOpacity)
        add("logoOpacity", logoOpacity)
        add("captionOpacity", captionOpacity)
        return result
    }

    /// Seconds until the last track ends (delay plus duration); 0 with no tracks.
    public var duration: Double {
        trackEndTimes.map(\.endTime).max() ?? 0
    }

    /// Every layer property at `time` seconds from the start; absent or inactive tracks give
    /// ``FrameState``'s defaults and opacities are clamped to 0...1.
    public func sample(at time: Double) -> FrameState {
        var state = FrameState(time: time)
        func opacity(_ track: AnimationTrack<Double>?, _ fallback: Double) -> Double {
            guard let value = track?.value(at: time) else { return fallback }
            return min(max(value, 0), 1)
        }
        state.holeScale = holeScale?.value(at: time) ?? state.holeScale
        state.holeRotation = holeRotation?.value(at: time) ?? state.holeRotation
        state.holeOffset = holeOffset?.value(at: time) ?? state.holeOffset
        state.logoFrame = logoFrame?.value(at: time) ?? state.logoFrame
        state.veilOpacity = opacity(veilOpacity, state.veilOpacity)
        state.contentScale = contentScale?.value(at: time) ?? state.contentScale
        state.backgroundOpacity = opacity(backgroundOpacity, state.backgroundOpacity)
        state.logoOpacity = opacity(logoOpacity, state.logoOpacity)
        state.captionOpacity = opacity(captionOpacity, state.captionOpacity)
        return state
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, holeScale, holeRotation, holeOffset, logoFrame
        case veilOpacity, contentScale, backgroundOpacity, logoOpacity, captionOpacity
    }

    /// Reads the JSON shown in the type's documentation; unknown keys are errors.
    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: Set(CodingKeys.allCases.map(\.rawValue)), what: "a timeline")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name) ?? "custom",
            holeScale: try container.decodeIfPresent(AnimationTrack<Double>.self, forKey: .holeScale),
            holeRotation: try container.decodeIfPresent(AnimationTrack<Double>.self, forKey: .holeRotation),
            holeOffset: try container.decodeIfPresent(AnimationTrack<Point>.self, forKey: .holeOffset),
            logoFrame: try container.decodeIfPresent(AnimationTrack<Rect>.self, forKey: .logoFrame),
            veilOpacity: try container.decodeIfPresent(AnimationTrack<Double>.self, forKey: .veilOpacity),
            contentScale: try container.decodeIfPresent(AnimationTrack<Double>.self, forKey: .contentScale),
            backgroundOpacity: try container.decodeIfPresent(AnimationTrack<Double>.self, forKey: .backgroundOpacity),
            logoOpacity: try container.decodeIfPresent(AnimationTrack<Double>.self, forKey: .logoOpacity),
            captionOpacity: try container.decodeIfPresent(AnimationTrack<Double>.self, forKey: .captionOpacity))
    }
}
