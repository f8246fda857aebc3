import Foundation
import Testing
@testable import LogoAnimation
import MaskGeometry

@Suite("Exported timeline")
struct ExportedTimelineTests {
    /// Every track kind, delays, a non-filling track, a jump and a spring.
    func mixedTimeline() throws -> Timeline {
        Timeline(
            name: "mixed",
            holeScale: .keyframes(try KeyframeAnimation(
                values: [1, 0.85, 22.5], keyTimes: [0, 0.2, 1], curves: [.easeInEaseOut, .easeOut],
                duration: 0.6, fill: .forwards)),
            holeRotation: .basic(try BasicAnimation(from: 0, to: -1.1, duration: 0.6, fill: .forwards)),
            holeOffset: .basic(try BasicAnimation(from: Point(x: 0, y: 20), to: .zero, duration: 0.3, delay: 0.1, fill: .removed)),
            logoFrame: .basic(try BasicAnimation(
                from: Rect(x: 150, y: 380, width: 96, height: 96), to: Rect(x: 16, y: 60, width: 40, height: 40),
                duration: 0.35, delay: 0.35, curve: .easeInEaseOut)),
            veilOpacity: .basic(try BasicAnimation(from: 1, to: 0, duration: 0.1, delay: 0.1, curve: .easeInEaseOut)),
            contentScale: .basic(try BasicAnimation(from: 1.05, to: 1, duration: 0.6, curve: .easeInEaseOut)),
            backgroundOpacity: .keyframes(try KeyframeAnimation(values: [1, 1, 0, 0.5], keyTimes: [0, 0.5, 0.5, 1], duration: 0.8)),
            logoOpacity: .basic(try BasicAnimation(
                from: 0, to: 1, duration: 0.2, curve: .spring(dampingRatio: 0.5, initialVelocity: 1))),
            captionOpacity: .basic(try BasicAnimation(
                from: 1, to: 0, duration: 0.3, delay: 0.2, curve: .bezier(try TimingCurve(x1: 0.3, y1: -0.4, x2: 0.2, y2: 1.3)),
                fill: .removed)))
    }

    @Test("the exported tracks give the timeline's states at every millisecond, but at the removed track's jump instants and for the sampled spring")
    func matchesTimeline() throws {
        let timeline = try mixedTimeline()
        let exported = timeline.exported()
        #expect(exported.duration == timeline.duration)
        for step in 0...1000 {
            let t = Double(step) / 1000
            let expected = timeline.sample(at: t)
            let actual = exported.state(at: t)
            #expect(abs(actual.holeScale - expected.holeScale) < 1e-12, "holeScale at \(t)")
            #expect(abs(actual.holeRotation - expected.holeRotation) < 1e-12, "holeRotation at \(t)")
            #expect(abs(actual.veilOpacity - expected.veilOpacity) < 1e-12, "veil at \(t)")
            #expect(abs(actual.contentScale - expected.contentScale) < 1e-12, "content at \(t)")
            #expect(abs(actual.backgroundOpacity - expected.backgroundOpacity) < 1e-12, "background at \(t)")
            #expect(actual.logoFrame == expected.logoFrame || (actual.logoFrame.map { a in
                expected.logoFrame.map { abs(a.x - $0.x) + abs(a.width - $0.width) < 1e-9 } ?? false } ?? false), "frame at \(t)")
            // Removed tracks end with a jump back to the default exactly at their end time; the
            // timeline still shows the last value there (within 1e-9 s).
            if abs(t - 0.4) > 1e-9, abs(t - 0.5) > 1e-9 {
                #expect(abs(actual.holeOffset.y - expected.holeOffset.y) < 1e-12, "offset at \(t)")
                #expect(abs(actual.captionOpacity - expected.captionOpacity) < 1e-12, "caption at \(t)")
            }
            // The spring: straight pieces within 0.002 of it at their middles (0.003 anywhere).
            #expect(abs(actual.logoOpacity - expected.logoOpacity) < 0.003, "spring at \(t)")
        }
    }

    @Test("delays, jumps and fills become keyframes from time 0; a track that ends at its resting value needs no jump; the spring is reported as sampled")
    func keyframeShapes() throws {
        let exported = try mixedTimeline().exported()
        // A removed offset: default before the delay, jump to the start, run, jump back at 0.4 s.
        let offset = try #require(exported.holeOffset)
        #expect(offset.times == [0, 0.1, 0.1, 0.4])
        #expect(offset.values.map(\.y) == [0, 0, 20, 0])
        // A keyframe jump at 0.4 s (key times 0.5, 0.5 of 0.8 s).
        let background = try #require(exported.backgroundOpacity)
        #expect(background.times == [0, 0.4, 0.4, 0.8])
        #expect(background.values == [1, 1, 0, 0.5])
        // Key times and curves of the hole scale carry over exactly.
        let hole = try #require(exported.holeScale)
        #expect(hole.times.map { ($0 * 1e9).rounded() / 1e9 } == [0, 0.12, 0.6])
        #expect(hole.curves == [.easeInEaseOut, .easeOut])
        #expect(!hole.isSampled)
        // A filling delayed animation holds its first value from 0.
        let veil = try #require(exported.veilOpacity)
        #expect(veil.times == [0, 0.1, 0.2])
        #expect(veil.curves == [.linear, .easeInEaseOut])
        let spring = try #require(exported.logoOpacity)
        #expect(spring.isSampled)
        #expect(spring.keyframes.count > 25)
        #expect(spring.keyframes.count < 200)
        #expect(exported.approximations.count == 1)
        #expect(exported.approximations.first?.hasPrefix("logoOpacity: a spring") == true)
        #expect(exported.keyTimes.first == 0)
        #expect(exported.keyTimes.last == 0.8)
    }

    @Test("a time scale stretches every keyframe; the states follow")
    func timeScale() throws {
        let timeline = try mixedTimeline()
        let stretched = timeline.exported(timeScale: 2)
        #expect(stretched.duration == 1.6)
        let veil = try #require(stretched.veilOpacity)
        #expect(veil.times == [0, 0.2, 0.4])
        #expect(abs(stretched.state(at: 0.5).holeScale - timeline.sample(at: 0.25).holeScale) < 1e-12)
    }

    @Test("an exported track refuses keyframes out of order or curves that are not one per segment")
    func validation() {
        typealias K = ExportedTrack<Double>.Keyframe
        #expect(ExportedTrack<Double>(keyframes: [], curves: []) == nil)
        #expect(ExportedTrack(keyframes: [K(time: 1, value: 0), K(time: 0, value: 1)], curves: [.linear]) == nil)
        #expect(ExportedTrack(keyframes: [K(time: 0, value: 0), K(time: 1, value: 1)], curves: []) == nil)
        let track = ExportedTrack(keyframes: [K(time: 0, value: 0), K(time: 1, value: 1)], curves: [.easeIn])
        #expect(track?.value(at: 0.5) == TimingCurve.easeIn.value(at: 0.5))
        #expect(track?.value(at: -1) == 0)
        #expect(track?.value(at: 2) == 1)
        #expect(ExportedTrack(constant: 3.0).isConstant)
    }
}
