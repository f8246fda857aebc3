/// The animation of one layer property in a ``Timeline``: keyframes or a basic animation.
///
/// In JSON a track is the animation's own object; which kind it is follows from its keys:
/// `values` makes a ``KeyframeAnimation``, `from` and `to` make a ``BasicAnimation``.
/// ```json
/// {"values": [1, 0.75, 36], "keyTimes": [0, 0.4, 1], "curves": ["easeInEaseOut", "easeOut"], "duration": 0.8}
/// {"from": 1, "to": 0, "duration": 0.2, "delay": 0.1}
/// ```
public enum AnimationTrack<Value: Interpolatable>: Hashable, Sendable, Codable {
    /// Values at key times with a curve per segment.
    case keyframes(KeyframeAnimation<Value>)
    /// One change from a start value to an end value.
    case basic(BasicAnimation<Value>)

    /// Seconds from the start of the timeline to the start of the animation.
    public var delay: Double {
        switch self {
        case let .keyframes(animation): return animation.delay
        case let .basic(animation): return animation.delay
        }
    }

    /// Seconds from the start of the timeline to the end of the animation.
    public var endTime: Double {
        switch self {
        case let .keyframes(animation): return animation.endTime
        case let .basic(animation): return animation.endTime
        }
    }

    /// The value at `time` seconds from the start of the timeline, or nil when the animation
    /// is not active and does not fill there.
    public func value(at time: Double) -> Value? {
        switch self {
        case let .keyframes(animation): return animation.value(at: time)
        case let .basic(animation): return animation.value(at: time)
        }
    }

    /// Reads a keyframe animation when the object has `values`, a basic one when it has `from` or `to`.
    public init(from decoder: any Decoder) throws {
        let keys = Set(try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue))
        if keys.contains("values") {
            self = .keyframes(try KeyframeAnimation(from: decoder))
        } else if keys.contains("from") || keys.contains("to") {
            self = .basic(try BasicAnimation(from: decoder))
        } else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "an animation track needs \"values\" (keyframes) or \"from\" and \"to\" (basic animation)"))
        }
    }

    /// Writes the animation's own object.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .keyframes(animation): try animation.encode(to: encoder)
        case let .basic(animation): try animation.encode(to: encoder)
        }
    }
}
