import MaskGeometry

/// How a ``BasicAnimation`` paces its change: a Bézier ``TimingCurve`` or a damped spring.
///
/// In JSON a Bézier curve is written as a ``TimingCurve`` (`"easeOut"` or `[0, 0, 0.58, 1]`)
/// and a spring as `{"dampingRatio": 0.6, "initialVelocity": 0}`; the spring takes its
/// duration from the animation (see ``SpringCurve``).
public enum AnimationCurve: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A cubic Bézier timing curve.
    case bezier(TimingCurve)
    /// A UIKit-style spring: damping ratio ζ (> 0) and initial velocity in total distances per second.
    case spring(dampingRatio: Double, initialVelocity: Double)

    /// Constant speed.
    public static let linear = AnimationCurve.bezier(.linear)
    /// Core Animation's ease-in.
    public static let easeIn = AnimationCurve.bezier(.easeIn)
    /// Core Animation's ease-out.
    public static let easeOut = AnimationCurve.bezier(.easeOut)
    /// Core Animation's ease-in-ease-out.
    public static let easeInEaseOut = AnimationCurve.bezier(.easeInEaseOut)
    /// Core Animation's default curve.
    public static let `default` = AnimationCurve.bezier(.default)

    /// The curve's name, control points, or spring parameters.
    public var description: String {
        switch self {
        case let .bezier(curve): return curve.description
        case let .spring(damping, velocity):
            return "spring(dampingRatio: \(formatNumber(damping)), initialVelocity: \(formatNumber(velocity)))"
        }
    }

    private enum SpringKeys: String, CodingKey {
        case dampingRatio, initialVelocity
    }

    /// Reads a name or four control points as a Bézier curve, an object as a spring.
    public init(from decoder: any Decoder) throws {
        guard let spring = try? decoder.container(keyedBy: SpringKeys.self) else {
            self = .bezier(try TimingCurve(from: decoder))
            return
        }
        try rejectUnknownKeys(in: decoder, allowed: ["dampingRatio", "initialVelocity"], what: "a spring curve")
        self = .spring(
            dampingRatio: try spring.decode(Double.self, forKey: .dampingRatio),
            initialVelocity: try spring.decodeIfPresent(Double.self, forKey: .initialVelocity) ?? 0)
    }

    /// Writes a Bézier curve as a ``TimingCurve`` and a spring as an object.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .bezier(curve):
            try curve.encode(to: encoder)
        case let .spring(damping, velocity):
            var container = encoder.container(keyedBy: SpringKeys.self)
            try container.encode(damping, forKey: .dampingRatio)
            try container.encode(velocity, forKey: .initialVelocity)
        }
    }
}
