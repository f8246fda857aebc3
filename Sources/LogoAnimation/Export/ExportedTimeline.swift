import MaskGeometry

/// A ``Timeline`` as keyframes with Bézier easing, one ``ExportedTrack`` per animated property:
/// what the Lottie, web-page, native-code and Android exporters write.
///
/// Every track starts at time 0 and reproduces ``Timeline/sample(at:)``: delays, key times and
/// fill modes are resolved (a track that stops filling jumps back to the ``FrameState``
/// default), so a player that holds the first value before the first keyframe and the last
/// after the last shows what the frames show. Bézier curves carry over exactly; a spring is
/// sampled (see ``approximations``).
public struct ExportedTimeline: Hashable, Sendable {
    /// The timeline's name.
    public var name: String
    /// Seconds the reveal lasts (the timeline's duration times the time scale).
    public var duration: Double
    /// Scale of the hole about its anchor.
    public var holeScale: ExportedTrack<Double>?
    /// Rotation of the hole in radians, clockwise.
    public var holeRotation: ExportedTrack<Double>?
    /// Translation of the hole in viewport points.
    public var holeOffset: ExportedTrack<Point>?
    /// Frame of the drawn logo in viewport points.
    public var logoFrame: ExportedTrack<Rect>?
    /// Opacity of the veil over the content.
    public var veilOpacity: ExportedTrack<Double>?
    /// Scale of the app content about the viewport centre.
    public var contentScale: ExportedTrack<Double>?
    /// Opacity of the splash background.
    public var backgroundOpacity: ExportedTrack<Double>?
    /// Opacity of the logo drawn in colour.
    public var logoOpacity: ExportedTrack<Double>?
    /// Opacity of the caption.
    public var captionOpacity: ExportedTrack<Double>?
    /// What the keyframes do not reproduce exactly, one sentence per track (e.g. a spring
    /// sampled into linear keyframes); empty when they reproduce the timeline.
    public var approximations: [String]

    /// The state at `time` seconds, from the exported tracks (opacities clamped to 0...1, as
    /// ``Timeline/sample(at:)``); absent tracks give the ``FrameState`` defaults.
    public func state(at time: Double) -> FrameState {
        var state = FrameState(time: time)
        func opacity(_ track: ExportedTrack<Double>?, _ fallback: Double) -> Double {
            guard let track else { return fallback }
            return min(max(track.value(at: time), 0), 1)
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

    /// Every time at which some track has a keyframe, sorted, each once (for exporters that
    /// write one keyframe list for several properties, such as CSS).
    public var keyTimes: [Double] {
        var times: Set<Double> = [0, duration]
        func add<V>(_ track: ExportedTrack<V>?) { track?.keyframes.forEach { times.insert($0.time) } }
        add(holeScale); add(holeRotation); add(holeOffset); add(logoFrame); add(veilOpacity)
        add(contentScale); add(backgroundOpacity); add(logoOpacity); add(captionOpacity)
        return times.sorted()
    }
}

extension Timeline {
    /// The default for ``exported(timeScale:springSampleRate:launchFrame:)``: a spring becomes a
    /// linear keyframe every 1/120 s, finer than any display's frames.
    public static let exportSpringSampleRate = 120.0

    /// How far (a fraction of the change) a sampled spring's straight pieces may stray from the
    /// spring at their middles: 0.002, half a level of an 8-bit opacity.
    public static let exportSpringTolerance = 0.002

    /// The timeline as keyframes with Bézier easing (see ``ExportedTimeline``).
    ///
    /// - Parameters:
    ///   - timeScale: every time is multiplied by this (a reveal played in another duration: the
    ///     wanted duration over ``duration``); 1 keeps the timeline's own times.
    ///   - springSampleRate: keyframes per second of a spring curve (sampled, linear between).
    ///   - launchFrame: the drawn logo's rect where ``logoFrame`` neither runs nor fills (the
    ///     logo's launch rect); nil holds the track's first and last rects instead.
    public func exported(
        timeScale: Double = 1, springSampleRate: Double = Timeline.exportSpringSampleRate, launchFrame: Rect? = nil
    ) -> ExportedTimeline {
        let scale = timeScale.isFinite && timeScale > 0 ? timeScale : 1
        let rest = FrameState()
        var approximations: [String] = []
        func export<V>(_ name: String, _ track: AnimationTrack<V>?, _ resting: V?) -> ExportedTrack<V>? {
            guard let track else { return nil }
            let exported = track.exported(restingValue: resting, springSampleRate: springSampleRate).scaled(by: scale)
            if exported.isSampled {
                approximations.append(
                    "\(name): a spring has no cubic-Bézier form; sampled into \(exported.keyframes.count) linear keyframes, within \(formatNumber(Timeline.exportSpringTolerance * 100))% of the change.")
            }
            return exported
        }
        return ExportedTimeline(
            name: name,
            duration: duration * scale,
            holeScale: export("holeScale", holeScale, rest.holeScale),
            holeRotation: export("holeRotation", holeRotation, rest.holeRotation),
            holeOffset: export("holeOffset", holeOffset, rest.holeOffset),
            logoFrame: export("logoFrame", logoFrame, launchFrame),
            veilOpacity: export("veilOpacity", veilOpacity, rest.veilOpacity),
            contentScale: export("contentScale", contentScale, rest.contentScale),
            backgroundOpacity: export("backgroundOpacity", backgroundOpacity, rest.backgroundOpacity),
            logoOpacity: export("logoOpacity", logoOpacity, rest.logoOpacity),
            captionOpacity: export("captionOpacity", captionOpacity, rest.captionOpacity),
            approximations: approximations)
    }
}
