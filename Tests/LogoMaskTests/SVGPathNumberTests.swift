import Foundation
import Testing

@testable import LogoMask

/// The path-data lexer's exact fast path for numbers (`SVGPathData.exactValue`) against the
/// String route it shortcuts (`Double(String)`, strtod): the same double, bit for bit.
@Suite struct SVGPathNumberTests {
    private func exact(_ text: String) -> Double? {
        SVGPathData.exactValue(ArraySlice(Array(text.utf8)))
    }

    @Test func sameDoubleAsStrtodForRandomDecimals() {
        // A fixed generator: the same 200,000 decimals every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var taken = 0
        for _ in 0..<200_000 {
            var text = ["", "-", "+"][next(3)]
            let integerDigits = next(12)
            for _ in 0..<integerDigits { text += String(next(10)) }
            if next(3) > 0 {
                text += "."
                for _ in 0..<next(14) { text += String(next(10)) }
            }
            if text.allSatisfy({ !$0.isNumber }) { text += "0" }
            if next(4) == 0 { text += ["e", "E"][next(2)] + ["", "-", "+"][next(3)] + String(next(30)) }
            guard let expected = Double(text) else { continue }
            if let value = exact(text) {
                taken += 1
                #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) against strtod's \(expected)")
            }
        }
        // The fast path must actually be the common one.
        #expect(taken > 150_000)
    }

    @Test func edgesTakeTheStringRouteOrAgree() {
        #expect(exact("-0")?.bitPattern == (-0.0 as Double).bitPattern)
        #expect(exact("0.1") == 0.1)
        #expect(exact(".5") == 0.5)
        #expect(exact("5.") == 5)
        #expect(exact("1e22") == 1e22)
        #expect(exact("1.5e-21") == Double("1.5e-21"))  // 15 / 10^22
        #expect(exact("9007199254740991") == 9_007_199_254_740_991)
        // Outside the exact range: nil, so strtod decides.
        #expect(exact("9007199254740993") == nil)  // 2^53 + 1
        #expect(exact("1e23") == nil)
        #expect(exact("1e-23") == nil)
        #expect(exact("12345678901234567890") == nil)  // 20 significant digits
        #expect(exact("1e") == nil)  // strtod refuses the whole text: the lexer reports the error
        #expect(exact("1e+") == nil)
        #expect(exact("1e99999") == nil)
    }

    @Test func pathsReadTheSameNumbers() {
        let (path, complete) = SVGPathData.parse("M0.5-.25l1e2,3.125E-1c-0,.0001 7 8 9.999999999999999 10z")
        #expect(complete)
        // Relative coordinates added to the current point, as librsvg does, from the doubles
        // Swift's literals (strtod) give.
        let start = (x: 0.5, y: -0.25)
        let line = (x: start.x + 100, y: start.y + 0.3125)
        #expect(path.points.map(\.x) == [start.x, line.x, line.x + -0.0, line.x + 7, line.x + 9.999999999999999])
        #expect(path.points.map(\.y) == [start.y, line.y, line.y + 0.0001, line.y + 8, line.y + 10])
    }
}
