/// A keyframe animation, as Core Animation's `CAKeyframeAnimation`: values reached at given
/// fractions of the duration, with one timing curve per segment between them.
///
/// Time is in seconds from the start of the timeline. The animation is active from
/// ``delay`` to ``endTime`` (`delay + duration`, both ends included); ``fill`` says what it
/// shows outside that interval. Within it, the elapsed fraction `p = (time - delay) / duration`
/// picks the segment `keyTimes[i] ≤ p < keyTimes[i + 1]`, whose curve `curves[i]` bends the
/// local fraction before `values[i]` is interpolated towards `values[i + 1]`.
///
/// Sampling exactly at a key time (within 1e-9 s) gives exactly that keyframe's value; where
/// two key times are equal (a jump), the later keyframe's. Before the first key time the first
/// value holds, after the last key time the last value.
///
/// JSON (the seed 001 hole scale, final scale 28.8):
/// ```json
/// {
///   "values": [1, 0.85, 28.8],
///   "keyTimes": [0, 0.2, 1],
///   "curves": ["easeInEaseOut", "easeOut"],
///   "duration": 0.6,
///   "delay": 0,
///   "fill": "forwards"
/// }
/// ```
/// `keyTimes` may be left out (evenly spaced), `curves` (linear), `delay` (0) and `fill` (`"both"`).
public struct KeyframeAnimation<Value: Interpolatable>: Hashable, Sendable, Codable {
    /// The keyframe values, at least one.
    public let values: [Value]
    /// The fraction of the duration (0...1, never decreasing) at which each value is reached;
    /// as many as ``values``.
    public let keyTimes: [Double]
    /// The timing curves as given: one per segment (`values.count - 1`), a single one used for
    /// every segment, or none (every segment linear). See ``curve(forSegment:)``.
    public let curves: [TimingCurve]
    /// The duration in seconds, 0 or more (0 jumps to the last value at ``delay``).
    public let duration: Double
    /// Seconds from the start of the timeline to the start of the animation, 0 or more
    /// (Core Animation's `beginTime` relative to the timeline's start).
    public let delay: Double
    /// What the animation shows before ``delay`` and after ``endTime``.
    public let fill: FillMode

    /// Creates and validates a keyframe animation.
    ///
    /// - Parameters:
    ///   - values: the keyframe values, at least one, all finite.
    ///   - keyTimes: fractions of the duration in 0...1, never decreasing, one per value;
    ///     nil spaces them evenly (`i / (count - 1)`).
    ///   - curves: one timing curve per segment, one for all segments, or none (linear).
    ///   - duration: seconds, finite, 0 or more.
    ///   - delay: seconds before the animation starts, finite, 0 or more.
    ///   - fill: what to show outside the active interval; ``FillMode/both`` unless told.
    /// - Throws: ``AnimationError`` naming the first problem found.
    public init(
        values: [Value], keyTimes: [Double]? = nil, curves: [TimingCurve] = [],
        duration: Double, delay: Double = 0, fill: FillMode = .both
    ) throws {
        guard !values.isEmpty else { throw AnimationError.noValues }
        if let index = values.firstIndex(where: { !$0.allComponentsFinite }) {
            throw AnimationError.nonFiniteValue(what: "values[\(index)]")
        }
        let times = keyTimes ?? Self.evenlySpaced(count: values.count)
        guard times.count == values.count else {
            throw AnimationError.countMismatch(
                what: "keyTimes must have one entry per value", expected: "\(values.count)", actual: times.count)
        }
        for (index, time) in times.enumerated() {
            guard (0...1).contains(time) else { throw AnimationError.keyTimeOutOfRange(index: index, value: time) }
            if index > 0, time < times[index - 1] {
                throw AnimationError.keyTimesDecreasing(index: index, previous: times[index - 1], value: time)
            }
        }
        let segments = values.count - 1
        guard curves.count <= 1 || curves.count == segments else {
            throw AnimationError.countMismatch(
                what: "curves must hold one timing curve per segment (values.count - 1), one for all, or none",
                expected: "0, 1 or \(segments)", actual: curves.count)
        }
        guard duration.isFinite, duration >= 0 else { throw AnimationError.invalidDuration(duration) }
        guard delay.isFinite, delay >= 0 else { throw AnimationError.invalidDelay(delay) }
        self.values = values
        self.keyTimes = times
        self.curves = curves
        self.duration = duration
        self.delay = delay
        self.fill = fill
    }

    /// `[0, 1/(n-1), ..., 1]`, or `[0]` for one value.
    private static func evenlySpaced(count: Int) -> [Double] {
        count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Seconds from the start of the timeline to the end of the animation: `delay + duration`.
    public var endTime: Double { delay + duration }

    /// The timing curve of segment `index` (from `values[index]` to `values[index + 1]`).
    public func curve(forSegment index: Int) -> TimingCurve {
        switch curves.count {
        case 0: return .linear
        case 1: return curves[0]
        default: return curves[index]
        }
    }

    /// The value at `time` seconds from the start of the timeline, or nil when the animation
    /// is not active and does not fill there (see ``fill``) or `time` is not a number.
    public func value(at time: Double) -> Value? {
        guard var progress = fill.progress(at: time, delay: delay, duration: duration) else { return nil }
        // Snap to a key time within the tolerance, measured in seconds.
        if let near = keyTimes.last(where: { abs($0 - progress) * duration <= FillMode.timeTolerance }) {
            progress = near
        }
        // The last keyframe whose time has been reached.
        guard let index = keyTimes.lastIndex(where: { $0 <= progress }) else { return values[0] }
        if index == values.count - 1 || keyTimes[index] == progress { return values[index] }
        let start = keyTimes[index], end = keyTimes[index + 1]
        let eased = curve(forSegment: index).value(at: (progress - start) / (end - start))
        return values[index].interpolated(to: values[index + 1], fraction: eased)
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case values, keyTimes, curves, duration, delay, fill
    }

    /// Reads and validates the JSON shown in the type's documentation; unknown keys are errors.
    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(
            in: decoder, allowed: Set(["values", "keyTimes", "curves", "duration", "delay", "fill"]),
            what: "a keyframe animation")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let values = try container.decode([Value].self, forKey: .values)
        let keyTimes = try container.decodeIfPresent([Double].self, forKey: .keyTimes)
        let curves = try container.decodeIfPresent([TimingCurve].self, forKey: .curves) ?? []
        let duration = try container.decode(Double.self, forKey: .duration)
        let delay = try container.decodeIfPresent(Double.self, forKey: .delay) ?? 0
        let fill = try container.decodeIfPresent(FillMode.self, forKey: .fill) ?? .both
        self = try rethrowingAsDecodingError(decoder) {
            try KeyframeAnimation(
                values: values, keyTimes: keyTimes, curves: curves, duration: duration, delay: delay, fill: fill)
        }
    }

    /// Writes every field, key times and curves included, so the file says exactly what plays.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(values, forKey: .values)
        try container.encode(keyTimes, forKey: .keyTimes)
        try container.encode(curves, forKey: .curves)
        try container.encode(duration, forKey: .duration)
        try container.encode(delay, forKey: .delay)
        try container.encode(fill, forKey: .fill)
    }
}
