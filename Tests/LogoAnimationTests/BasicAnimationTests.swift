import Foundation
import Testing
@testable import LogoAnimation
import MaskGeometry

@Suite("BasicAnimation")
struct BasicAnimationTests {
    @Test("from at the start, to at the end, the curve between")
    func basics() throws {
        // Seed 001: the app window scales 1.05 -> 1 over 0.6 s (UIView default curve).
        let content = try BasicAnimation(from: 1.05, to: 1.0, duration: 0.6, curve: .easeInEaseOut)
        #expect(content.value(at: 0) == 1.05)
        #expect(content.value(at: 0.6) == 1)
        let eased = referenceBezierValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, progress: 0.25)
        let quarter = try #require(content.value(at: 0.15))
        #expect(abs(quarter - (1.05 - 0.05 * eased)) < 1e-9)
        #expect(content.endTime == 0.6)
        #expect(content.curve == .bezier(.easeInEaseOut))
    }

    @Test("seed 001 backdrop: alpha 1 -> 0 over 0.1 s after 0.1 s")
    func delayedFade() throws {
        let fade = try BasicAnimation(from: 1.0, to: 0.0, duration: 0.1, delay: 0.1, fill: .both)
        #expect(fade.value(at: 0) == 1)
        #expect(fade.value(at: 0.1) == 1)
        #expect(abs(try #require(fade.value(at: 0.15)) - 0.5) < 1e-12)
        #expect(fade.value(at: 0.2) == 0)
        #expect(fade.value(at: 0.6) == 0)
        let forwards = try BasicAnimation(from: 1.0, to: 0.0, duration: 0.1, delay: 0.1, fill: .forwards)
        #expect(forwards.value(at: 0.05) == nil)
        #expect(forwards.value(at: 0.6) == 0)
        let removed = try BasicAnimation(from: 1.0, to: 0.0, duration: 0.1, delay: 0.1, fill: .removed)
        #expect(removed.value(at: 0.05) == nil)
        #expect(removed.value(at: 0.25) == nil)
    }

    @Test("seed 002: a rect-to-rect move, 0.35 s after 0.35 s, ease-in-out")
    func rectMove() throws {
        let launch = Rect(x: 150, y: 380, width: 96, height: 96)
        let target = Rect(x: 16, y: 60, width: 40, height: 40)
        let move = try BasicAnimation(from: launch, to: target, duration: 0.35, delay: 0.35, curve: .easeInEaseOut)
        #expect(move.value(at: 0.2) == launch)
        #expect(move.value(at: 0.7) == target)
        let middle = try #require(move.value(at: 0.525))
        #expect(abs(middle.x - 83) < 1e-6 && abs(middle.width - 68) < 1e-6)
    }

    @Test("a spring overshoots on the way and lands exactly on to")
    func spring() throws {
        let pop = try BasicAnimation(
            from: 0.0, to: 10.0, duration: 0.5, curve: .spring(dampingRatio: 0.3, initialVelocity: 0))
        let samples = (0...100).map { pop.value(at: Double($0) * 0.005) ?? .nan }
        #expect(samples.first == 0)
        #expect(samples.last == 10)
        #expect(samples.contains { $0 > 11 })
        #expect(pop.value(at: 3) == 10)
        #expect(throws: AnimationError.self) {
            try BasicAnimation(from: 0.0, to: 1.0, duration: 0.5, curve: .spring(dampingRatio: 0, initialVelocity: 0))
        }
        #expect(throws: AnimationError.self) {
            try BasicAnimation(from: 0.0, to: 1.0, duration: 0, curve: .spring(dampingRatio: -1, initialVelocity: 0))
        }
        let instant = try BasicAnimation(from: 0.0, to: 1.0, duration: 0, curve: .spring(dampingRatio: 1, initialVelocity: 0))
        #expect(instant.value(at: 0) == 1)
    }

    @Test("invalid input throws")
    func validation() {
        #expect(throws: AnimationError.invalidDuration(-1)) { try BasicAnimation(from: 0.0, to: 1.0, duration: -1) }
        #expect(throws: AnimationError.invalidDelay(-0.1)) {
            try BasicAnimation(from: 0.0, to: 1.0, duration: 1, delay: -0.1)
        }
        #expect(throws: AnimationError.nonFiniteValue(what: "from")) {
            try BasicAnimation(from: Double.nan, to: 1.0, duration: 1)
        }
        #expect(throws: AnimationError.nonFiniteValue(what: "to")) {
            try BasicAnimation(from: Rect(x: 0, y: 0, width: 1, height: 1), to: Rect.null, duration: 1)
        }
    }

    @Test("JSON: defaults fill in, curves take names, points or spring objects")
    func coding() throws {
        let decoder = JSONDecoder()
        let minimal = try decoder.decode(BasicAnimation<Double>.self, from: Data(#"{"from": 1, "to": 0, "duration": 0.3}"#.utf8))
        #expect(minimal == (try BasicAnimation(from: 1.0, to: 0.0, duration: 0.3, delay: 0, curve: .linear, fill: .both)))
        let spring = try decoder.decode(
            BasicAnimation<Double>.self,
            from: Data(#"{"from": 0, "to": 1, "duration": 0.5, "curve": {"dampingRatio": 0.6}}"#.utf8))
        #expect(spring.curve == .spring(dampingRatio: 0.6, initialVelocity: 0))
        let custom = try decoder.decode(
            BasicAnimation<Double>.self,
            from: Data(#"{"from": 0, "to": 1, "duration": 0.5, "curve": [0.1, 0.2, 0.3, 1], "fill": "removed"}"#.utf8))
        #expect(custom.curve == .bezier(try TimingCurve(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1)))
        #expect(custom.fill == .removed)
        for animation in [minimal, spring, custom] {
            #expect(try decoder.decode(BasicAnimation<Double>.self, from: JSONEncoder().encode(animation)) == animation)
        }
        let bad = [
            #"{"from": 0, "to": 1, "duration": -1}"#,
            #"{"from": 0, "to": 1}"#,
            #"{"from": 0, "to": 1, "duration": 1, "dealy": 0.5}"#,
            #"{"from": 0, "to": 1, "duration": 1, "fill": "sometimes"}"#,
            #"{"from": 0, "to": 1, "duration": 1, "curve": {"dampingRatio": 0.5, "stiffness": 3}}"#,
        ]
        for json in bad {
            #expect(throws: DecodingError.self, "\(json)") {
                try decoder.decode(BasicAnimation<Double>.self, from: Data(json.utf8))
            }
        }
    }
}
