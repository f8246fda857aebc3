import Foundation
import Testing
@testable import LogoMask
import LogoMaskTestSupport

/// The crossing count that refuses pathological paths (issue 17, point 5) against known
/// figures, and against real logos, which must stay far below the limit.
@Suite("path crossing estimate")
struct PathCrossingEstimateTests {
    @Test("a star of five chords crosses itself 5 times; a square 0; inversions count swapped pairs")
    func smallCases() {
        let star = SVGPathData.parse("M50 0 L80 90 L0 36 L100 34 L20 90 Z").path
        #expect(PathCrossingEstimate.crossings(of: star, stoppingAbove: .max) == 5)
        let square = SVGPathData.parse("M0 0 H10 V10 H0 Z").path
        #expect(PathCrossingEstimate.crossings(of: square, stoppingAbove: .max) == 0)
        var values: [Double] = [3, 1, 2, 0]
        var scratch: [Double] = []
        #expect(PathCrossingEstimate.inversions(&values, scratch: &scratch) == 5)
        #expect(values == [0, 1, 2, 3])
        #expect(PathCrossingEstimate.pathData(in: Array(#"<polygon points="0,0 10,0 5,5"/><path id="x" d='M1 1'/>"#.utf8))
            == ["M0,0 10,0 5,5", "M1 1"])
    }

    @Test("the 204 simple-icons fixtures and the samples stay under 1/100 of the limit")
    func realLogos() throws {
        var largest = 0
        for path in TestPaths.simpleIcons.map(TestPaths.simpleIcon) + ["bird.svg"].map(TestPaths.sample) {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            largest = max(largest, PathCrossingEstimate.crossings(inSVG: data, stoppingAbove: .max))
        }
        #expect(largest < PathCrossingEstimate.limit / 100, "largest \(largest)")
    }
}
