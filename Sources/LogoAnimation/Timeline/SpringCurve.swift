import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A damped spring that runs from 0 to 1 in a given duration, as UIKit's
/// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
///
/// **Model.** A unit mass on a spring with natural frequency ω (radians per second) and
/// damping ratio ζ: the remaining distance `x = 1 - value` obeys `x'' + 2ζω·x' + ω²·x = 0`
/// with `x(0) = 1` and `x'(0) = -v₀`. In Core Animation's terms (`CASpringAnimation`)
/// that is mass 1, ``stiffness`` ω² and ``dampingCoefficient`` 2ζω.
///
/// **Velocity.** `initialVelocity` is measured as UIKit measures it: in total animation
/// distances per second. 1 means the value would cover the whole change from start to end
/// in one second at its initial speed; 0 starts at rest.
///
/// **Mapping of duration to stiffness.** UIKit does not publish how it turns a duration into
/// a stiffness, only that the spring settles within the duration. This type chooses ω as the
/// smallest natural frequency for which the spring's amplitude envelope is within
/// ``settlingTolerance`` (0.001 of the total distance) of the target at the end of
/// `duration`:
/// - ζ < 1: envelope `e^(-ζωt) · √(1 + ((ζω - v₀) / ω_d)²)` with `ω_d = ω√(1 - ζ²)`;
/// - ζ = 1: envelope `e^(-ωt) · (1 + |ω - v₀|·t)`;
/// - ζ > 1: envelope `|c₁|e^(r₁t) + |c₂|e^(r₂t)`, the two exponential modes.
///
/// So ``value(at:)`` is within 0.001 of 1 at progress 1 for every damping ratio and
/// velocity. With v₀ = 0, ω·duration depends on ζ only (≈ 9.23 for ζ = 1, ≈ 23.2 for
/// ζ = 0.3). An animation using the spring lands exactly on its end value when its
/// duration is over.
public struct SpringCurve: Hashable, Sendable, Codable {
    /// The damping ratio ζ, greater than 0: below 1 the spring oscillates (0.3 bounces
    /// visibly), 1 is critically damped (no overshoot from rest), above 1 is sluggish.
    public let dampingRatio: Double
    /// The initial velocity v₀ in total animation distances per second (UIKit's
    /// `initialSpringVelocity`); positive moves towards the end value.
    public let initialVelocity: Double
    /// The duration in seconds over which the spring settles; greater than 0.
    public let duration: Double
    /// The natural frequency ω in radians per second chosen so the spring settles within
    /// ``duration`` (see the type's documentation).
    public let naturalFrequency: Double

    /// How close to the end value (as a fraction of the total change) the spring's envelope
    /// must be when the duration is over: 0.001.
    public static let settlingTolerance = 0.001

    /// Creates a spring and chooses its stiffness so it settles within `duration`.
    ///
    /// - Parameters:
    ///   - dampingRatio: ζ, finite and greater than 0 (UIKit's `usingSpringWithDamping`).
    ///   - initialVelocity: v₀ in total distances per second, finite (UIKit's
    ///     `initialSpringVelocity`).
    ///   - duration: seconds, finite and greater than 0.
    /// - Throws: ``AnimationError/invalidSpring(parameter:value:allowed:)`` or
    ///   ``AnimationError/invalidDuration(_:)``.
    public init(dampingRatio: Double, initialVelocity: Double = 0, duration: Double) throws {
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw AnimationError.invalidSpring(
                parameter: "dampingRatio", value: dampingRatio, allowed: "a finite number greater than 0 (1 = no bounce)")
        }
        guard initialVelocity.isFinite else {
            throw AnimationError.invalidSpring(
                parameter: "initialVelocity", value: initialVelocity, allowed: "a finite number of distances per second")
        }
        guard duration.isFinite, duration > 0 else {
            throw AnimationError.invalidSpring(
                parameter: "duration", value: duration, allowed: "a finite number of seconds greater than 0")
        }
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        self.duration = duration
        let normalizedVelocity = initialVelocity * duration
        let frequency = Self.settlingFrequency(dampingRatio: dampingRatio, velocity: normalizedVelocity)
        self.naturalFrequency = frequency / duration
    }

    /// Spring stiffness k = ω² for a unit mass (newtons per metre in `CASpringAnimation`'s terms).
    public var stiffness: Double { naturalFrequency * naturalFrequency }

    /// Viscous damping coefficient c = 2ζω for a unit mass (`CASpringAnimation.damping`).
    public var dampingCoefficient: Double { 2 * dampingRatio * naturalFrequency }

    /// The fraction of the change reached at `progress`, the elapsed fraction of ``duration``.
    ///
    /// `progress` is clamped to 0...1. The result is 0 at progress 0, may exceed 1 (overshoot)
    /// or dip below 0 (a negative initial velocity), and is within ``settlingTolerance`` of 1 at
    /// progress 1. Not-a-number progress gives not-a-number.
    public func value(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        let tau = min(max(progress, 0), 1)
        if tau == 0 { return 0 }
        let omega = naturalFrequency * duration
        return 1 - Self.displacement(
            dampingRatio: dampingRatio, frequency: omega, velocity: initialVelocity * duration, time: tau)
    }

    // MARK: The physics, in time measured in durations

    /// Ratios this close to 1 use the critically damped solution (the others lose precision there).
    private static let criticalBand = 1e-6

    /// The remaining distance x(τ) with x(0) = 1, x'(0) = -velocity, natural frequency `frequency`
    /// (radians per duration), τ in durations.
    private static func displacement(dampingRatio zeta: Double, frequency omega: Double, velocity: Double, time tau: Double) -> Double {
        if abs(zeta - 1) < criticalBand {
            return exp(-omega * tau) * (1 + (omega - velocity) * tau)
        }
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * tau)
                * (cos(damped * tau) + (zeta * omega - velocity) / damped * sin(damped * tau))
        }
        let (r1, r2, c1, c2) = overdampedModes(dampingRatio: zeta, frequency: omega, velocity: velocity)
        return c1 * exp(r1 * tau) + c2 * exp(r2 * tau)
    }

    /// The bound on |x(τ)| for τ ≥ 0 at τ = 1 (see the type's documentation).
    private static func envelopeAtEnd(dampingRatio zeta: Double, frequency omega: Double, velocity: Double) -> Double {
        if abs(zeta - 1) < criticalBand {
            return exp(-omega) * (1 + abs(omega - velocity))
        }
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let ratio = (zeta * omega - velocity) / damped
            return exp(-zeta * omega) * (1 + ratio * ratio).squareRoot()
        }
        let (r1, r2, c1, c2) = overdampedModes(dampingRatio: zeta, frequency: omega, velocity: velocity)
        return abs(c1) * exp(r1) + abs(c2) * exp(r2)
    }

    /// Rates r₁ (slow), r₂ (fast) and weights c₁, c₂ of x(τ) = c₁e^(r₁τ) + c₂e^(r₂τ) for ζ > 1.
    private static func overdampedModes(dampingRatio zeta: Double, frequency omega: Double, velocity: Double)
        -> (Double, Double, Double, Double)
    {
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        let c1 = (-velocity - r2) / (r1 - r2)
        return (r1, r2, c1, 1 - c1)
    }

    /// The smallest natural frequency (radians per duration) whose envelope at the end is
    /// within the settling tolerance: doubling, then 80 bisection steps.
    private static func settlingFrequency(dampingRatio: Double, velocity: Double) -> Double {
        // Aim a hair inside the tolerance so rounding in `value(at:)` cannot push it past 0.001.
        let target = settlingTolerance * (1 - 1e-9)
        func settles(_ omega: Double) -> Bool {
            envelopeAtEnd(dampingRatio: dampingRatio, frequency: omega, velocity: velocity) <= target
        }
        var high = 1.0
        while !settles(high), high < 1e12 { high *= 2 }
        var low = high / 2
        if settles(low) { low = 0 }
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if settles(middle) { high = middle } else { low = middle }
        }
        return high
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case dampingRatio, initialVelocity, duration
    }

    /// Reads `{"dampingRatio": 0.5, "initialVelocity": 0, "duration": 0.6}`
    /// (`initialVelocity` may be left out: 0) and validates it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                dampingRatio: container.decode(Double.self, forKey: .dampingRatio),
                initialVelocity: container.decodeIfPresent(Double.self, forKey: .initialVelocity) ?? 0,
                duration: container.decode(Double.self, forKey: .duration))
        } catch let error as AnimationError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Writes the three parameters (the frequency is derived from them).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dampingRatio, forKey: .dampingRatio)
        try container.encode(initialVelocity, forKey: .initialVelocity)
        try container.encode(duration, forKey: .duration)
    }
}
