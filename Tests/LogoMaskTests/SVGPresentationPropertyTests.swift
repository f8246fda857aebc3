import Testing
@testable import LogoMask

/// The property readers that scan SVG markup without librsvg agree with CSS on which
/// declaration wins.
@Suite("Presentation properties in markup")
struct SVGPresentationPropertyTests {
    @Test("A style declaration wins over the attribute, the last declaration over an earlier one; values are trimmed; unset is nil")
    func lastDeclarationWins() {
        let attributes = ["filter": "url(#a)", "style": "filter:url(#b); fill:red;filter: none ", "opacity": " 0.5 "]
        #expect(SVGPresentationProperty.value("filter", in: attributes) == "none")
        #expect(SVGPresentationProperty.value("fill", in: attributes) == "red")
        #expect(SVGPresentationProperty.value("opacity", in: attributes) == "0.5")
        #expect(SVGPresentationProperty.value("mask", in: attributes) == nil)
        #expect(SVGPresentationProperty.value("filter", in: ["filter": "url(#a)"]) == "url(#a)")
    }
}
