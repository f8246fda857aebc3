import MaskGeometry

/// One animated property as the players outside this tool take it: values at absolute times,
/// with a cubic Bézier timing curve between each keyframe and the next.
///
/// Lottie keyframes, CSS and Web Animations keyframes, Core Animation's `CAKeyframeAnimation`
/// (`keyTimes`, `values`, `timingFunctions`) and Android's animators with a `PathInterpolator`
/// all play this form, so every exporter reads it instead of the ``Timeline``'s own tracks.
/// ``Timeline/exported(timeScale:springSampleRate:launchFrame:)`` makes it: delays, fill modes
/// and key times become keyframes at seconds from the start of the reveal, and a spring, which
/// no Bézier can express, becomes linear keyframes sampled densely (``isSampled``).
///
/// Times never decrease. Two keyframes at the same time make a jump: the value before that
/// time is the first one's, the value at and after it the second one's. Before the first
/// keyframe the first value holds, after the last the last value.
public struct ExportedTrack<Value: Interpolatable>: Hashable, Sendable {
    /// A value reached at a time.
    public struct Keyframe: Hashable, Sendable {
        /// Seconds from the start of the reveal.
        public var time: Double
        /// The value reached at ``time``.
        public var value: Value

        /// A keyframe.
        public init(time: Double, value: Value) {
            self.time = time
            self.value = value
        }
    }

    /// At least one keyframe, times never decreasing.
    public private(set) var keyframes: [Keyframe]
    /// `curves[i]` paces the change from `keyframes[i]` to `keyframes[i + 1]`: one per segment
    /// (`keyframes.count - 1`). A segment of equal times (a jump) or equal values (a hold) has
    /// ``TimingCurve/linear``.
    public private(set) var curves: [TimingCurve]
    /// True when the track was sampled into linear keyframes (a spring): it is then an
    /// approximation of the timeline, within the error stated by ``Timeline/exported(timeScale:springSampleRate:launchFrame:)``.
    public var isSampled: Bool

    /// A track of `keyframes` and one curve per segment; nil when there is no keyframe, a
    /// time is not finite or decreases, or the curves are not one per segment.
    public init?(keyframes: [Keyframe], curves: [TimingCurve], isSampled: Bool = false) {
        guard !keyframes.isEmpty, curves.count == keyframes.count - 1,
              keyframes.allSatisfy({ $0.time.isFinite }),
              zip(keyframes, keyframes.dropFirst()).allSatisfy({ $0.time <= $1.time })
        else { return nil }
        self.keyframes = keyframes
        self.curves = curves
        self.isSampled = isSampled
    }

    /// A track that holds `value` from the start.
    public init(constant value: Value) {
        keyframes = [Keyframe(time: 0, value: value)]
        curves = []
        isSampled = false
    }

    /// The keyframe times.
    public var times: [Double] { keyframes.map(\.time) }

    /// The keyframe values.
    public var values: [Value] { keyframes.map(\.value) }

    /// The time of the last keyframe.
    public var endTime: Double { keyframes[keyframes.count - 1].time }

    /// True when every keyframe has the same value: the property does not move.
    public var isConstant: Bool {
        keyframes.allSatisfy { $0.value == keyframes[0].value }
    }

    /// The value at `time`, evaluated as a player does: the segment holding `time`, its curve
    /// applied to the elapsed fraction of the segment. At a jump the later value wins.
    public func value(at time: Double) -> Value {
        let first = keyframes[0]  // never empty: both initializers ensure it
        if time < first.time { return first.value }
        guard let index = keyframes.lastIndex(where: { $0.time <= time }) else { return first.value }
        if index == keyframes.count - 1 { return keyframes[index].value }
        let start = keyframes[index], end = keyframes[index + 1]
        let span = end.time - start.time
        guard span > 0 else { return end.value }
        let curve = index < curves.count ? curves[index] : .linear
        let eased = curve.value(at: (time - start.time) / span)
        return start.value.interpolated(to: end.value, fraction: eased)
    }

    /// The same track with every time multiplied by `factor` (a reveal played in another duration).
    public func scaled(by factor: Double) -> ExportedTrack {
        var copy = self
        copy.keyframes = keyframes.map { Keyframe(time: $0.time * factor, value: $0.value) }
        return copy
    }
}
