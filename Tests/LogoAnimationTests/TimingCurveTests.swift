import Foundation
import Testing
@testable import LogoAnimation
import MaskGeometry

/// A named curve with its control points copied from SPEC.md (not from the library).
struct NamedCurveCase: Sendable, CustomTestStringConvertible {
    let name: String
    let x1: Double, y1: Double, x2: Double, y2: Double
    var testDescription: String { name }

    static let all: [NamedCurveCase] = [
        NamedCurveCase(name: "linear", x1: 0, y1: 0, x2: 1, y2: 1),
        NamedCurveCase(name: "easeIn", x1: 0.42, y1: 0, x2: 1, y2: 1),
        NamedCurveCase(name: "easeOut", x1: 0, y1: 0, x2: 0.58, y2: 1),
        NamedCurveCase(name: "easeInEaseOut", x1: 0.42, y1: 0, x2: 0.58, y2: 1),
        NamedCurveCase(name: "default", x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
    ]
}

/// The Bézier value at `progress`, computed independently of the library: 200 bisection
/// steps on x(t) written in Bernstein form, then y at that t.
func referenceBezierValue(x1: Double, y1: Double, x2: Double, y2: Double, progress: Double) -> Double {
    func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if bernstein(x1, x2, middle) < progress { low = middle } else { high = middle }
    }
    return bernstein(y1, y2, (low + high) / 2)
}

/// 0, 0.1, ..., 1 (computed as i / 10 so 0.3 is the nearest double to 0.3).
let tenthSteps: [Double] = (0...10).map { Double($0) / 10 }

@Suite("TimingCurve")
struct TimingCurveTests {
    @Test("named curves match an independent bisection at 0, 0.1, ..., 1", arguments: NamedCurveCase.all)
    func namedCurveMatchesReference(_ reference: NamedCurveCase) throws {
        let curve = try #require(TimingCurve(named: reference.name))
        #expect(curve.controlPoints == [reference.x1, reference.y1, reference.x2, reference.y2])
        for progress in tenthSteps {
            let expected = referenceBezierValue(
                x1: reference.x1, y1: reference.y1, x2: reference.x2, y2: reference.y2, progress: progress)
            let actual = curve.value(at: progress)
            #expect(abs(actual - expected) <= 1e-6, "\(reference.name) at \(progress): \(actual) vs \(expected)")
        }
    }

    @Test("named constants equal Core Animation's control points")
    func constants() {
        #expect(TimingCurve.linear.controlPoints == [0, 0, 1, 1])
        #expect(TimingCurve.easeIn.controlPoints == [0.42, 0, 1, 1])
        #expect(TimingCurve.easeOut.controlPoints == [0, 0, 0.58, 1])
        #expect(TimingCurve.easeInEaseOut.controlPoints == [0.42, 0, 0.58, 1])
        #expect(TimingCurve.default.controlPoints == [0.25, 0.1, 0.25, 1])
        #expect(TimingCurve.easeInEaseOut.name == "easeInEaseOut")
        #expect(TimingCurve(named: "easeInOut") == .easeInEaseOut)
        #expect(TimingCurve(named: "bouncy") == nil)
    }

    @Test("custom curves, overshooting ones included, match the reference on a fine grid")
    func customCurvesMatchReference() throws {
        // Not [1, 0, 0, 1]: x'(0.5) = 0 there, so x(t) = 0.5 holds in Double for every t within
        // about 3e-6 of 0.5 and no solver (the reference included) can pin y down to 1e-6.
        let points: [[Double]] = [[0.68, -0.55, 0.265, 1.55], [0.1, 0.9, 0.9, 0.1], [0.9, 0.1, 0.1, 0.9], [0, 1, 1, 0]]
        for p in points {
            let curve = try TimingCurve(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
            #expect(curve.name == nil)
            for step in 0...100 {
                let progress = Double(step) / 100
                let expected = referenceBezierValue(x1: p[0], y1: p[1], x2: p[2], y2: p[3], progress: progress)
                #expect(abs(curve.value(at: progress) - expected) <= 1e-6, "\(p) at \(progress)")
            }
        }
    }

    @Test("ends are exact and progress is clamped to 0...1", arguments: NamedCurveCase.all)
    func endsAndClamping(_ reference: NamedCurveCase) throws {
        let curve = try #require(TimingCurve(named: reference.name))
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0)
        #expect(curve.value(at: 7) == 1)
        #expect(curve.value(at: .nan).isNaN)
    }

    @Test("named curves never decrease")
    func monotone() {
        for (name, curve) in TimingCurve.namedCurves {
            var previous = 0.0
            for step in 1...1000 {
                let value = curve.value(at: Double(step) / 1000)
                #expect(value >= previous, "\(name) decreases at \(step)")
                previous = value
            }
        }
    }

    @Test("control points that are not a timing function are rejected")
    func invalidControlPoints() {
        #expect(throws: AnimationError.self) { try TimingCurve(x1: 1.5, y1: 0, x2: 0.5, y2: 1) }
        #expect(throws: AnimationError.self) { try TimingCurve(x1: 0.5, y1: 0, x2: -0.1, y2: 1) }
        #expect(throws: AnimationError.self) { try TimingCurve(x1: .nan, y1: 0, x2: 0.5, y2: 1) }
        #expect(throws: AnimationError.self) { try TimingCurve(x1: 0.5, y1: .infinity, x2: 0.5, y2: 1) }
    }

    @Test("y may leave 0...1 (overshoot) but x may not")
    func overshootAllowed() throws {
        let curve = try TimingCurve(x1: 0.5, y1: -2, x2: 0.5, y2: 3)
        #expect(curve.value(at: 0.1) < 0)
        #expect(curve.value(at: 0.9) > 1)
    }

    @Test("JSON: a named curve is its name, a custom one its four points")
    func coding() throws {
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode(TimingCurve.easeInEaseOut), as: UTF8.self) == "\"easeInEaseOut\"")
        let custom = try TimingCurve(x1: 0.5, y1: 0.25, x2: 0.75, y2: 1)
        #expect(String(decoding: try encoder.encode(custom), as: UTF8.self) == "[0.5,0.25,0.75,1]")
        let decoder = JSONDecoder()
        #expect(try decoder.decode(TimingCurve.self, from: Data("\"easeOut\"".utf8)) == .easeOut)
        #expect(try decoder.decode(TimingCurve.self, from: Data("[0.42, 0, 0.58, 1]".utf8)) == .easeInEaseOut)
        #expect(try decoder.decode(TimingCurve.self, from: Data("[0.5,0.25,0.75,1]".utf8)) == custom)
        #expect(throws: DecodingError.self) { try decoder.decode(TimingCurve.self, from: Data("\"bouncy\"".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(TimingCurve.self, from: Data("[0.1, 0.2]".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(TimingCurve.self, from: Data("[2, 0, 0.5, 1]".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(TimingCurve.self, from: Data("7".utf8)) }
    }

    @Test("an unknown name's error lists the known names")
    func unknownNameMessage() {
        let message = AnimationError.unknownCurveName("bouncy").description
        #expect(message.contains("\"bouncy\""))
        #expect(message.contains("\"easeInEaseOut\""))
    }
}
