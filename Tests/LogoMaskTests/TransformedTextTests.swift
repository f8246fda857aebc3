import FoundationEssentials
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// Text whose size comes partly from a transform: Breeze's kwave sets a blurred 32 px `K` in a
/// group scaled 4x, and every command failed with librsvg's FreetypeError at a zoom of 12 (32 px
/// alone is safe up to 39x). Written for this test (CC0).
@Suite("Transformed text")
struct TransformedTextTests {
    /// kwave's shape: a blurred 32 px letter in a group scaled 4x, beside a square.
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
          <filter id="b"><feGaussianBlur stdDeviation="0.27"/></filter>
          <rect x="100" y="100" width="20" height="20" fill="#000000"/>
          <g transform="matrix(3.9939655,0,0,3.9939655,1.05,9.49)">
            <text x="0.2" y="27" style="font-style:italic;font-family:Utopia;filter:url(#b)"
              transform="translate(-0.08,-1.9)"><tspan style="font-size:32px;line-height:1">K</tspan></text>
          </g>
        </svg>
        """

    @Test("the scan counts the transforms on the way to the text: 32 px in a 4x group is 32 x 4^2, inherited sizes and em too")
    func scanCountsTransforms() {
        let size = TextZoomLimit.largestFontSize(in: Data(Self.svg.utf8))
        #expect(abs((size ?? 0) - 32 * 3.9939655 * 3.9939655) < 0.01)
        #expect(!TextZoomLimit.isRisky(fontSize: 32, scale: 12))
        #expect(TextZoomLimit.isRisky(fontSize: size ?? 0, scale: 12))
        let inherited = #"<svg><g font-size="10" transform="scale(3) rotate(30)"><text transform="translate(4 5)">A</text></g></svg>"#
        #expect(abs((TextZoomLimit.largestFontSize(in: Data(inherited.utf8)) ?? 0) - 90) < 1e-9)
        let relative = #"<svg><g style="font-size:10px"><g transform="matrix(2,0,0,2,0,0)"><svg:text font-size="2em">A</svg:text></g></g></svg>"#
        #expect(abs((TextZoomLimit.largestFontSize(in: Data(relative.utf8)) ?? 0) - 80) < 1e-9)
        // A gradientTransform is not the element's transform; no text, no size.
        #expect(TextSizeScan.transformScale(#"linearGradient gradientTransform="scale(9)""#.utf8.map { $0 }[...]) == 1)
        #expect(TextZoomLimit.largestFontSize(in: Data(#"<svg><g transform="scale(9)" font-size="40"/></svg>"#.utf8)) == nil)
        #expect(abs(TextSizeScan.linearScale("translate(5) skewX(45)") - 1.618) < 0.001)
    }

    @Test("kwave's text drawn at 12x and 30x (FreetypeError before): its ink matches a 6x drawing, the square's corner exact")
    func drawsPastTheSizeFreeTypeRefuses() throws {
        let logo = try VectorLogo(data: Data(Self.svg.utf8), name: "transformed-text.svg")
        func meanAlpha(_ p: [UInt8]) -> Double { Double(stride(from: 3, to: p.count, by: 4).reduce(0) { $0 + Int(p[$1]) }) / Double(p.count / 4) }
        // 24 units around the letter's stem, at 6x (vectors, under the limit), 12x and 30x.
        let centre = Point(x: 40, y: 70)
        let far = try CroppedDrawingTests.draw(logo, CroppedDrawingTests.window(at: centre, scale: 6, width: 144, height: 144), width: 144, height: 144)
        #expect(meanAlpha(far) > 20)
        for scale in [12.0, 30.0] {
            let side = Int(24 * scale)
            let near = try CroppedDrawingTests.draw(
                logo, CroppedDrawingTests.window(at: centre, scale: scale, width: side, height: side), width: side, height: side)
            #expect(abs(meanAlpha(near) - meanAlpha(far)) < 4, "at \(scale)x")
        }
        // The square's corner (100, 100) at 30x: inside opaque, outside clear.
        let corner = try CroppedDrawingTests.draw(
            logo, CroppedDrawingTests.window(at: Point(x: 100, y: 100), scale: 30, width: 100, height: 100), width: 100, height: 100)
        #expect(corner[(90 * 100 + 90) * 4 + 3] == 255 && corner[(10 * 100 + 10) * 4 + 3] == 0)
    }
}
