import Foundation
import Testing
@testable import LogoAnimation
import MaskGeometry

@Suite("SpringCurve")
struct SpringCurveTests {
    @Test("starts at 0", arguments: [0.3, 0.7, 1.0, 2.0])
    func startsAtZero(damping: Double) throws {
        let spring = try SpringCurve(dampingRatio: damping, initialVelocity: 0, duration: 0.6)
        #expect(spring.value(at: 0) == 0)
        #expect(spring.value(at: -1) == 0)
    }

    @Test("settles within 1e-3 of 1 at progress 1", arguments: [0.1, 0.3, 0.5, 0.7, 1.0, 1.5, 3.0])
    func settles(damping: Double) throws {
        for velocity in [-2.0, 0, 1, 5] {
            for duration in [0.25, 0.6, 2.0] {
                let spring = try SpringCurve(dampingRatio: damping, initialVelocity: velocity, duration: duration)
                #expect(abs(spring.value(at: 1) - 1) <= 1e-3, "ζ \(damping), v \(velocity), d \(duration)")
            }
        }
    }

    @Test("critically damped from rest: settles and never overshoots")
    func criticallyDamped() throws {
        let spring = try SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: 0.6)
        #expect(abs(spring.value(at: 1) - 1) <= 1e-3)
        let samples = (0...200).map { spring.value(at: Double($0) / 200) }
        #expect(samples.allSatisfy { $0 <= 1 })
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
        // Not a straight line: it is well past halfway at a quarter of the duration.
        #expect(spring.value(at: 0.25) > 0.6)
    }

    @Test("damping 0.3 overshoots, and by about the textbook first peak")
    func underdampedOvershoots() throws {
        let spring = try SpringCurve(dampingRatio: 0.3, initialVelocity: 0, duration: 0.6)
        let peak = (0...1000).map { spring.value(at: Double($0) / 1000) }.max() ?? 0
        #expect(peak > 1.2)
        // From rest the first peak overshoots by exp(-ζπ/√(1-ζ²)) ≈ 0.372.
        let textbook = exp(-0.3 * Double.pi / (1 - 0.09).squareRoot())
        #expect(abs((peak - 1) - textbook) < 0.01)
    }

    @Test("the stiffness mapping: ω·duration depends only on ζ when starting at rest")
    func mappingScalesWithDuration() throws {
        let short = try SpringCurve(dampingRatio: 0.5, duration: 0.3)
        let long = try SpringCurve(dampingRatio: 0.5, duration: 1.2)
        #expect(abs(short.naturalFrequency * 0.3 - long.naturalFrequency * 1.2) < 1e-6)
        #expect(abs(short.stiffness - short.naturalFrequency * short.naturalFrequency) < 1e-9)
        #expect(abs(short.dampingCoefficient - 2 * 0.5 * short.naturalFrequency) < 1e-9)
        // Critically damped from rest: (1 + ωT)·e^(-ωT) = 0.001 exactly at the chosen ω.
        let critical = try SpringCurve(dampingRatio: 1, duration: 1)
        let w = critical.naturalFrequency
        #expect(abs((1 + w) * exp(-w) - 0.001) < 1e-9)
        #expect(abs(w - 9.233) < 0.001)
    }

    @Test("initial velocity in distances per second speeds up the start")
    func initialVelocity() throws {
        let rest = try SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: 1)
        let pushed = try SpringCurve(dampingRatio: 1, initialVelocity: 10, duration: 1)
        #expect(pushed.value(at: 0.02) > rest.value(at: 0.02))
        // Near the start the value grows at about v₀·t: 10 distances/s for 0.002 s is 0.02.
        #expect(abs(pushed.value(at: 0.002) - 0.02) < 0.002)
        let backwards = try SpringCurve(dampingRatio: 1, initialVelocity: -5, duration: 1)
        #expect(backwards.value(at: 0.01) < 0)
    }

    @Test("invalid parameters throw")
    func invalid() {
        #expect(throws: AnimationError.self) { try SpringCurve(dampingRatio: 0, duration: 1) }
        #expect(throws: AnimationError.self) { try SpringCurve(dampingRatio: -1, duration: 1) }
        #expect(throws: AnimationError.self) { try SpringCurve(dampingRatio: .nan, duration: 1) }
        #expect(throws: AnimationError.self) { try SpringCurve(dampingRatio: 0.5, initialVelocity: .infinity, duration: 1) }
        #expect(throws: AnimationError.self) { try SpringCurve(dampingRatio: 0.5, duration: 0) }
        #expect(throws: AnimationError.self) { try SpringCurve(dampingRatio: 0.5, duration: -1) }
    }

    @Test("JSON round trip")
    func coding() throws {
        let spring = try SpringCurve(dampingRatio: 0.4, initialVelocity: 2, duration: 0.8)
        let data = try JSONEncoder().encode(spring)
        #expect(try JSONDecoder().decode(SpringCurve.self, from: data) == spring)
        let bad = Data(#"{"dampingRatio": 0, "duration": 1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SpringCurve.self, from: bad) }
    }
}
