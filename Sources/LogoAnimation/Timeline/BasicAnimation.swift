/// A single-segment animation, as Core Animation's `CABasicAnimation` (or a UIKit spring
/// animation): from one value to another over a duration, after a delay.
///
/// Time is in seconds from the start of the timeline; the animation is active from ``delay``
/// to ``endTime`` (both included) and shows ``from`` exactly at its start and ``to`` exactly
/// at its end, whatever the curve (a spring that has not quite settled lands on ``to``, as
/// UIKit's does). ``fill`` says what it shows outside the active interval.
///
/// JSON (the seed 001 content scale, then a spring):
/// ```json
/// {"from": 1.05, "to": 1, "duration": 0.6, "delay": 0, "curve": "easeInEaseOut", "fill": "both"}
/// {"from": 0, "to": 1, "duration": 0.5, "curve": {"dampingRatio": 0.6, "initialVelocity": 0}}
/// ```
/// `delay` may be left out (0), `curve` (`"linear"`, as Core Animation) and `fill` (`"both"`).
public struct BasicAnimation<Value: Interpolatable>: Hashable, Sendable, Codable {
    /// The value at the start.
    public let from: Value
    /// The value at the end.
    public let to: Value
    /// The duration in seconds, 0 or more (0 jumps to ``to`` at ``delay``).
    public let duration: Double
    /// Seconds from the start of the timeline to the start of the animation, 0 or more.
    public let delay: Double
    /// The pacing: a Bézier timing curve or a spring.
    public let curve: AnimationCurve
    /// What the animation shows before ``delay`` and after ``endTime``.
    public let fill: FillMode
    /// The spring built from ``curve`` and ``duration``, when the curve is a spring and the
    /// duration is not zero.
    private let spring: SpringCurve?

    /// Creates and validates a basic animation.
    ///
    /// - Parameters:
    ///   - from: the start value, finite.
    ///   - to: the end value, finite.
    ///   - duration: seconds, finite, 0 or more.
    ///   - delay: seconds before the animation starts, finite, 0 or more.
    ///   - curve: a Bézier curve (linear unless told) or a spring whose settling time is `duration`.
    ///   - fill: what to show outside the active interval; ``FillMode/both`` unless told.
    /// - Throws: ``AnimationError`` naming the first problem found.
    public init(
        from: Value, to: Value, duration: Double, delay: Double = 0,
        curve: AnimationCurve = .linear, fill: FillMode = .both
    ) throws {
        guard from.allComponentsFinite else { throw AnimationError.nonFiniteValue(what: "from") }
        guard to.allComponentsFinite else { throw AnimationError.nonFiniteValue(what: "to") }
        guard duration.isFinite, duration >= 0 else { throw AnimationError.invalidDuration(duration) }
        guard delay.isFinite, delay >= 0 else { throw AnimationError.invalidDelay(delay) }
        switch curve {
        case .bezier:
            spring = nil
        case let .spring(damping, velocity):
            // Validate the parameters even when a zero duration means the spring never runs.
            let checked = try SpringCurve(
                dampingRatio: damping, initialVelocity: velocity, duration: duration > 0 ? duration : 1)
            spring = duration > 0 ? checked : nil
        }
        self.from = from
        self.to = to
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.fill = fill
    }

    /// Seconds from the start of the timeline to the end of the animation: `delay + duration`.
    public var endTime: Double { delay + duration }

    /// The value at `time` seconds from the start of the timeline, or nil when the animation
    /// is not active and does not fill there (see ``fill``) or `time` is not a number.
    public func value(at time: Double) -> Value? {
        guard let progress = fill.progress(at: time, delay: delay, duration: duration) else { return nil }
        if progress == 0 { return from }
        if progress == 1 { return to }
        let eased: Double
        switch curve {
        case let .bezier(timing): eased = timing.value(at: progress)
        case .spring: eased = spring?.value(at: progress) ?? 1
        }
        return from.interpolated(to: to, fraction: eased)
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case from, to, duration, delay, curve, fill
    }

    /// Reads and validates the JSON shown in the type's documentation; unknown keys are errors.
    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(
            in: decoder, allowed: Set(["from", "to", "duration", "delay", "curve", "fill"]),
            what: "a basic animation")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let from = try container.decode(Value.self, forKey: .from)
        let to = try container.decode(Value.self, forKey: .to)
        let duration = try container.decode(Double.self, forKey: .duration)
        let delay = try container.decodeIfPresent(Double.self, forKey: .delay) ?? 0
        let curve = try container.decodeIfPresent(AnimationCurve.self, forKey: .curve) ?? .linear
        let fill = try container.decodeIfPresent(FillMode.self, forKey: .fill) ?? .both
        self = try rethrowingAsDecodingError(decoder) {
            try BasicAnimation(from: from, to: to, duration: duration, delay: delay, curve: curve, fill: fill)
        }
    }

    /// Writes every field, so the file says exactly what plays.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(duration, forKey: .duration)
        try container.encode(delay, forKey: .delay)
        try container.encode(curve, forKey: .curve)
        try container.encode(fill, forKey: .fill)
    }
}
