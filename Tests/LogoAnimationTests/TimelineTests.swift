import Foundation
import Testing
@testable import LogoAnimation
import MaskGeometry

@Suite("Timeline")
struct TimelineTests {
    /// Seed 001 on an 852 pt screen with the logo at (196.5, 426), every track kind included.
    func yulaTimeline() throws -> Timeline {
        let final = 852 * 18 / 667.0
        let angle = -atan(426 / 196.5)
        return Timeline(
            name: "yula",
            holeScale: .keyframes(try KeyframeAnimation(
                values: [1, 0.85, final], keyTimes: [0, 0.2, 1], curves: [.easeInEaseOut, .easeOut],
                duration: 0.6, fill: .forwards)),
            holeRotation: .basic(try BasicAnimation(from: 0, to: angle, duration: 0.6, fill: .forwards)),
            holeOffset: .basic(try BasicAnimation(from: Point(x: 0, y: 20), to: .zero, duration: 0.3)),
            logoFrame: .basic(try BasicAnimation(
                from: Rect(x: 150, y: 380, width: 96, height: 96), to: Rect(x: 16, y: 60, width: 40, height: 40),
                duration: 0.35, delay: 0.35, curve: .easeInEaseOut)),
            veilOpacity: .basic(try BasicAnimation(from: 1, to: 0, duration: 0.1, delay: 0.1, curve: .easeInEaseOut)),
            contentScale: .basic(try BasicAnimation(from: 1.05, to: 1, duration: 0.6, curve: .easeInEaseOut)),
            backgroundOpacity: .keyframes(try KeyframeAnimation(values: [1, 1, 0], keyTimes: [0, 0.5, 1], duration: 0.8)),
            logoOpacity: .basic(try BasicAnimation(
                from: 0, to: 1, duration: 0.2, curve: .spring(dampingRatio: 0.5, initialVelocity: 1))),
            captionOpacity: .basic(try BasicAnimation(
                from: 1, to: 0, duration: 0.3, curve: .bezier(try TimingCurve(x1: 0.3, y1: 0, x2: 0.2, y2: 1)))))
    }

    @Test("an empty timeline lasts 0 s and samples the documented defaults")
    func defaults() {
        let state = Timeline().sample(at: 0.3)
        #expect(Timeline().duration == 0)
        #expect(state.time == 0.3)
        #expect(state.holeScale == 1)
        #expect(state.holeRotation == 0)
        #expect(state.holeOffset == .zero)
        #expect(state.logoFrame == nil)
        #expect(state.veilOpacity == 0)
        #expect(state.contentScale == 1)
        #expect(state.backgroundOpacity == 1)
        #expect(state.logoOpacity == 0)
        #expect(state.captionOpacity == 0)
        #expect(state == FrameState(time: 0.3))
    }

    @Test("duration is the latest end time of the tracks")
    func duration() throws {
        let timeline = try yulaTimeline()
        #expect(timeline.duration == 0.8)
        #expect(timeline.trackEndTimes.count == 9)
        #expect(timeline.trackEndTimes.first?.name == "holeScale")
        let short = Timeline(veilOpacity: .basic(try BasicAnimation(from: 1, to: 0, duration: 0.25, delay: 0.5)))
        #expect(short.duration == 0.75)
    }

    @Test("sampling follows every track: the seed 001 numbers")
    func sampling() throws {
        let timeline = try yulaTimeline()
        let start = timeline.sample(at: 0)
        #expect(start.holeScale == 1)
        #expect(start.holeRotation == 0)
        #expect(start.contentScale == 1.05)
        #expect(start.veilOpacity == 1)
        #expect(start.captionOpacity == 1)
        #expect(start.holeOffset == Point(x: 0, y: 20))
        #expect(start.logoFrame == Rect(x: 150, y: 380, width: 96, height: 96))
        #expect(timeline.sample(at: 0.12).holeScale == 0.85)
        let end = timeline.sample(at: 0.6)
        #expect(end.holeScale == 852 * 18 / 667.0)
        #expect(end.holeRotation == -atan(426 / 196.5))
        #expect(end.contentScale == 1)
        #expect(end.veilOpacity == 0)
        #expect(end.captionOpacity == 0)
        #expect(timeline.sample(at: 0.7).logoFrame == Rect(x: 16, y: 60, width: 40, height: 40))
        #expect(timeline.sample(at: 0.8).backgroundOpacity == 0)
        #expect(timeline.sample(at: 5).holeScale == 852 * 18 / 667.0)
    }

    @Test("opacities are clamped to 0...1 when a spring overshoots")
    func opacityClamped() throws {
        let timeline = Timeline(logoOpacity: .basic(try BasicAnimation(
            from: 0, to: 1, duration: 1, curve: .spring(dampingRatio: 0.2, initialVelocity: 0))))
        let track = try #require(timeline.logoOpacity)
        let raw = (0...100).compactMap { track.value(at: Double($0) / 100) }
        #expect(raw.contains { $0 > 1 })
        let sampled = (0...100).map { timeline.sample(at: Double($0) / 100).logoOpacity }
        #expect(sampled.allSatisfy { (0...1).contains($0) })
        #expect(sampled.contains(1))
    }

    @Test("a track without fill gives way to the default outside its interval")
    func removedTrackFallsBack() throws {
        let timeline = Timeline(holeScale: .basic(try BasicAnimation(from: 2, to: 3, duration: 0.5, delay: 0.5, fill: .removed)))
        #expect(timeline.sample(at: 0.2).holeScale == 1)
        #expect(timeline.sample(at: 0.5).holeScale == 2)
        #expect(timeline.sample(at: 1.0).holeScale == 3)
        #expect(timeline.sample(at: 1.1).holeScale == 1)
    }

    @Test("frame transforms: the hole turns and grows about its anchor, then moves")
    func transforms() {
        var state = FrameState(time: 0)
        state.holeScale = 2
        state.holeRotation = Double.pi / 2
        state.holeOffset = Point(x: 5, y: 0)
        let anchor = Point(x: 100, y: 200)
        let hole = state.holeTransform(about: anchor)
        let mappedAnchor = hole.apply(to: anchor)
        #expect(abs(mappedAnchor.x - 105) < 1e-9 && abs(mappedAnchor.y - 200) < 1e-9)
        // One point right of the anchor: doubled, turned clockwise (down on screen), moved right.
        let right = hole.apply(to: Point(x: 101, y: 200))
        #expect(abs(right.x - 105) < 1e-9 && abs(right.y - 202) < 1e-9)
        state.contentScale = 1.05
        let content = state.contentTransform(about: Point(x: 10, y: 10))
        let corner = content.apply(to: Point(x: 0, y: 0))
        #expect(abs(corner.x + 0.5) < 1e-9 && abs(corner.y + 0.5) < 1e-9)
    }

    @Test("JSON round trip gives back an equal timeline with lowerCamelCase keys")
    func roundTrip() throws {
        let timeline = try yulaTimeline()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = try encoder.encode(timeline)
        let decoded = try JSONDecoder().decode(Timeline.self, from: data)
        #expect(decoded == timeline)
        #expect(decoded.sample(at: 0.33) == timeline.sample(at: 0.33))
        let text = String(decoding: data, as: UTF8.self)
        for key in ["\"holeScale\"", "\"keyTimes\"", "\"contentScale\"", "\"easeInEaseOut\"", "\"dampingRatio\""] {
            #expect(text.contains(key), "\(key) missing")
        }
        #expect(try encoder.encode(decoded) == data)
    }

    @Test("the documented example decodes and plays the seed 001 numbers")
    func documentedExample() throws {
        let json = """
            {
              "name": "yula",
              "holeScale": {
                "values": [1, 0.85, 22.992504],
                "keyTimes": [0, 0.2, 1],
                "curves": ["easeInEaseOut", "easeOut"],
                "duration": 0.6,
                "fill": "forwards"
              },
              "holeRotation": {"from": 0, "to": -1.138976, "duration": 0.6, "fill": "forwards"},
              "contentScale": {"from": 1.05, "to": 1, "duration": 0.6, "curve": "easeInEaseOut"},
              "veilOpacity": {"from": 1, "to": 0, "duration": 0.1, "delay": 0.1, "curve": "easeInEaseOut"},
              "captionOpacity": {"from": 1, "to": 0, "duration": 0.3, "curve": "easeInEaseOut"},
              "holeOffset": {"from": {"x": 0, "y": -20}, "to": {"x": 0, "y": 0}, "duration": 0.2},
              "logoFrame": {"from": {"x": 150, "y": 380, "width": 96, "height": 96},
                            "to": {"x": 16, "y": 60, "width": 40, "height": 40},
                            "duration": 0.35, "delay": 0.35, "curve": "easeInEaseOut"}
            }
            """
        let timeline = try JSONDecoder().decode(Timeline.self, from: Data(json.utf8))
        #expect(timeline.name == "yula")
        #expect(timeline.duration == 0.7)
        #expect(timeline.sample(at: 0.12).holeScale == 0.85)
        #expect(timeline.sample(at: 0.6).holeScale == 22.992504)
        #expect(timeline.sample(at: 0.6).holeRotation == -1.138976)
        #expect(timeline.sample(at: 0).contentScale == 1.05)
        #expect(timeline.sample(at: 0.05).veilOpacity == 1)
        #expect(timeline.sample(at: 0).holeOffset == Point(x: 0, y: -20))
        #expect(timeline.sample(at: 0.7).logoFrame == Rect(x: 16, y: 60, width: 40, height: 40))
        #expect(try JSONDecoder().decode(Timeline.self, from: Data("{}".utf8)) == Timeline())
    }

    @Test("invalid specs throw, naming the problem", arguments: [
        (#"{"holeScale": {"values": [1, 0.85, 18], "keyTimes": [0, 1], "duration": 0.6}}"#, "keyTimes"),
        (#"{"holeScale": {"values": [1, 0.85, 18], "keyTimes": [0, 0.5, 0.2], "duration": 0.6}}"#, "keyTimes[2]"),
        (#"{"holeScale": {"values": [1, 2], "duration": -0.6}}"#, "duration"),
        (#"{"holeScale": {"values": [1, 2], "curves": ["easeIn", "easeOut", "linear"], "duration": 1}}"#, "curves"),
        (#"{"veilOpacity": {"from": 1, "to": 0, "duration": 1, "curve": "bouncy"}}"#, "bouncy"),
        (#"{"veilOpacity": {"from": 1, "to": 0, "duration": 1, "delay": -2}}"#, "delay"),
        (#"{"veilOpacity": {"duration": 1}}"#, "values"),
        (#"{"holescale": {"values": [1, 2], "duration": 1}}"#, "holescale"),
        (#"{"holeScale": {"values": [1, 2], "duration": 1, "keytimes": [0, 1]}}"#, "keytimes"),
        (#"{"logoFrame": {"from": {"x": 0, "y": 0, "width": 1}, "to": {"x": 0, "y": 0, "width": 1, "height": 1}, "duration": 1}}"#, "height"),
    ])
    func invalidSpecs(json: String, mentions: String) {
        do {
            _ = try JSONDecoder().decode(Timeline.self, from: Data(json.utf8))
            Issue.record("decoded an invalid spec: \(json)")
        } catch {
            #expect(error is DecodingError)
            #expect("\(error)".contains(mentions), "\(error)")
        }
    }
}
