import Foundation
import Testing
@testable import LogoAnimation
import MaskGeometry

/// Final hole scales of the seeds: 001 (Yula) uses screenHeight · 18 / 667, 000 (Twitter)
/// 36 at 667 pt, proportional to the height.
let screenHeights: [Double] = [568, 667, 736, 812, 852, 932, 1366]

@Suite("KeyframeAnimation")
struct KeyframeAnimationTests {
    /// Seed 001: [1, 0.85, F] at [0, 0.2, 1], easeInEaseOut then easeOut, 0.6 s, fill forwards.
    func yula(final: Double) throws -> KeyframeAnimation<Double> {
        try KeyframeAnimation(
            values: [1, 0.85, final], keyTimes: [0, 0.2, 1], curves: [.easeInEaseOut, .easeOut],
            duration: 0.6, fill: .forwards)
    }

    @Test("seed 001 (Yula): 0.85 exactly at 0.12 s, F at 0.6 s, monotone between", arguments: screenHeights)
    func yulaHoleScale(screenHeight: Double) throws {
        let final = screenHeight * 18 / 667
        let animation = try yula(final: final)
        #expect(animation.value(at: 0) == 1)
        #expect(animation.value(at: 0.12) == 0.85)
        #expect(animation.value(at: 0.2 * 0.6) == 0.85)
        #expect(animation.value(at: 0.6) == final)
        // Down from 1 to 0.85, then up to F, never turning back within a segment.
        let down = (0...120).map { animation.value(at: Double($0) / 1000) ?? .nan }
        #expect(zip(down, down.dropFirst()).allSatisfy { $0 >= $1 })
        let up = (120...600).map { animation.value(at: Double($0) / 1000) ?? .nan }
        #expect(zip(up, up.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(up.dropFirst().dropLast().allSatisfy { $0 > 0.85 && $0 < final })
        // Halfway through the second segment the easeOut curve decides the value.
        let eased = referenceBezierValue(x1: 0, y1: 0, x2: 0.58, y2: 1, progress: 0.5)
        let middle = try #require(animation.value(at: 0.12 + 0.48 / 2))
        #expect(abs(middle - (0.85 + (final - 0.85) * eased)) <= 1e-6 * final)
        // Halfway through the first segment easeInEaseOut (symmetric) gives the midpoint.
        let first = try #require(animation.value(at: 0.06))
        #expect(abs(first - 0.925) <= 1e-6)
    }

    @Test("seed 000 (Twitter): [1, 0.75, F] at [0, 0.4, 1]", arguments: [0.6, 0.8, 1.0, 1.5])
    func twitterHoleScale(duration: Double) throws {
        let final = 36 * 852 / 667.0
        let animation = try KeyframeAnimation(
            values: [1, 0.75, final], keyTimes: [0, 0.4, 1], curves: [.easeInEaseOut, .easeOut],
            duration: duration, fill: .forwards)
        #expect(animation.value(at: 0) == 1)
        #expect(animation.value(at: 0.4 * duration) == 0.75)
        #expect(animation.value(at: duration) == final)
        #expect(animation.value(at: duration + 5) == final)
        let value = try #require(animation.value(at: 0.2 * duration))
        #expect(value < 1 && value > 0.75)
    }

    @Test("sampling at every key time gives exactly that keyframe's value")
    func exactAtKeyTimes() throws {
        let values: [Double] = [0.3, 1.7, -2.25, 4.1, 4.1, 0.123456789]
        let keyTimes: [Double] = [0, 0.13, 0.37, 0.5, 0.77, 1]
        for duration in [0.35, 0.6, 1.0, 3.3] {
            for delay in [0.0, 0.1, 0.35] {
                let animation = try KeyframeAnimation(
                    values: values, keyTimes: keyTimes, curves: [.easeIn], duration: duration, delay: delay)
                for (value, keyTime) in zip(values, keyTimes) {
                    #expect(animation.value(at: delay + keyTime * duration) == value, "d \(duration) at \(keyTime)")
                }
            }
        }
        let rects = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 3.3, y: 7.7, width: 1.1, height: 0.9)]
        let move = try KeyframeAnimation(values: rects, duration: 0.7)
        #expect(move.value(at: 0) == rects[0])
        #expect(move.value(at: 0.7) == rects[1])
    }

    @Test("key times default to even spacing; one curve serves every segment")
    func defaults() throws {
        let animation = try KeyframeAnimation(values: [0.0, 10, 20, 30, 40], curves: [.easeOut], duration: 1)
        #expect(animation.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(animation.curve(forSegment: 3) == .easeOut)
        #expect(animation.value(at: 0.75) == 30)
        #expect(animation.fill == .both)
        let linear = try KeyframeAnimation(values: [0.0, 10], duration: 2)
        #expect(linear.curve(forSegment: 0) == .linear)
        #expect(abs(try #require(linear.value(at: 0.5)) - 2.5) < 1e-12)
        let single = try KeyframeAnimation(values: [5.0], duration: 1)
        #expect(single.keyTimes == [0])
        #expect(single.value(at: 0.5) == 5)
    }

    @Test("fill forwards holds the last value after the end; without it there is no value")
    func fillForwards() throws {
        let held = try KeyframeAnimation(values: [1.0, 0.85, 18], keyTimes: [0, 0.2, 1], duration: 0.6, fill: .forwards)
        #expect(held.value(at: 0.61) == 18)
        #expect(held.value(at: 100) == 18)
        let removed = try KeyframeAnimation(values: [1.0, 0.85, 18], keyTimes: [0, 0.2, 1], duration: 0.6, fill: .removed)
        #expect(removed.value(at: 0.6) == 18)  // the end itself is still active
        #expect(removed.value(at: 0.61) == nil)
        let backwardsOnly = try KeyframeAnimation(values: [1.0, 2], duration: 0.6, fill: .backwards)
        #expect(backwardsOnly.value(at: 0.7) == nil)
    }

    @Test("a delay shifts the animation; fill backwards shows the first value during it")
    func delays() throws {
        let delayed = try KeyframeAnimation(
            values: [0.0, 1, 3], keyTimes: [0, 0.5, 1], duration: 0.35, delay: 0.35, fill: .forwards)
        #expect(delayed.endTime == 0.7)
        #expect(delayed.value(at: 0) == nil)
        #expect(delayed.value(at: 0.34) == nil)
        #expect(delayed.value(at: 0.35) == 0)
        #expect(delayed.value(at: 0.35 + 0.175) == 1)
        #expect(delayed.value(at: 0.7) == 3)
        let both = try KeyframeAnimation(values: [0.0, 1, 3], duration: 0.35, delay: 0.35, fill: .both)
        #expect(both.value(at: 0) == 0)
        #expect(both.value(at: 0.2) == 0)
        #expect(both.value(at: 2) == 3)
        #expect(both.value(at: .nan) == nil)
    }

    @Test("key times after 0 hold the first value; a repeated key time jumps")
    func holdsAndJumps() throws {
        let late = try KeyframeAnimation(values: [2.0, 4], keyTimes: [0.5, 1], duration: 1)
        #expect(late.value(at: 0.25) == 2)
        #expect(late.value(at: 0.75) == 3)
        let jump = try KeyframeAnimation(values: [0.0, 1, 5, 6], keyTimes: [0, 0.5, 0.5, 1], duration: 1)
        #expect(abs(try #require(jump.value(at: 0.25)) - 0.5) < 1e-12)
        #expect(jump.value(at: 0.5) == 5)
        #expect(abs(try #require(jump.value(at: 0.75)) - 5.5) < 1e-12)
    }

    @Test("a zero duration jumps to the last value at its delay")
    func zeroDuration() throws {
        let jump = try KeyframeAnimation(values: [0.0, 1], duration: 0, delay: 0.2, fill: .forwards)
        #expect(jump.value(at: 0.1) == nil)
        #expect(jump.value(at: 0.2) == 1)
        #expect(jump.value(at: 0.3) == 1)
    }

    @Test("invalid input throws a descriptive error")
    func validation() {
        #expect(throws: AnimationError.noValues) { try KeyframeAnimation<Double>(values: [], duration: 1) }
        #expect {
            try KeyframeAnimation(values: [1.0, 2, 3], keyTimes: [0, 1], duration: 1)
        } throws: { error in
            (error as? AnimationError).map { "\($0)".contains("keyTimes") && "\($0)".contains("got 2") } ?? false
        }
        #expect(throws: AnimationError.keyTimesDecreasing(index: 2, previous: 0.6, value: 0.4)) {
            try KeyframeAnimation(values: [1.0, 2, 3, 4], keyTimes: [0, 0.6, 0.4, 1], duration: 1)
        }
        #expect(throws: AnimationError.keyTimeOutOfRange(index: 2, value: 1.2)) {
            try KeyframeAnimation(values: [1.0, 2, 3], keyTimes: [0, 0.5, 1.2], duration: 1)
        }
        #expect(throws: AnimationError.self) {
            try KeyframeAnimation(values: [1.0, 2, 3], keyTimes: [0, .nan, 1], duration: 1)
        }
        #expect(throws: AnimationError.invalidDuration(-0.6)) { try KeyframeAnimation(values: [1.0, 2], duration: -0.6) }
        #expect(throws: AnimationError.self) { try KeyframeAnimation(values: [1.0, 2], duration: .nan) }
        #expect(throws: AnimationError.self) { try KeyframeAnimation(values: [1.0, 2], duration: .infinity) }
        #expect(throws: AnimationError.invalidDelay(-1)) { try KeyframeAnimation(values: [1.0, 2], duration: 1, delay: -1) }
        #expect(throws: AnimationError.nonFiniteValue(what: "values[1]")) {
            try KeyframeAnimation(values: [1.0, .nan], duration: 1)
        }
        #expect(throws: AnimationError.self) {
            try KeyframeAnimation(values: [Point(x: 0, y: 0), Point(x: .infinity, y: 0)], duration: 1)
        }
        #expect(throws: AnimationError.self) {
            try KeyframeAnimation(values: [1.0, 2, 3, 4], curves: [.easeIn, .easeOut], duration: 1)
        }
    }

    @Test("every error message names the field")
    func messages() {
        let errors: [(AnimationError, String)] = [
            (.noValues, "values"),
            (.keyTimeOutOfRange(index: 1, value: 2), "keyTimes[1]"),
            (.keyTimesDecreasing(index: 2, previous: 0.5, value: 0.4), "keyTimes[2]"),
            (.invalidDuration(-1), "duration"),
            (.invalidDelay(-1), "delay"),
            (.nonFiniteValue(what: "from"), "from"),
            (.invalidControlPoints(x1: 2, y1: 0, x2: 0, y2: 1), "x1"),
            (.invalidSpring(parameter: "dampingRatio", value: 0, allowed: "> 0"), "dampingRatio"),
        ]
        for (error, word) in errors {
            #expect(error.description.contains(word), "\(error)")
        }
    }
}
