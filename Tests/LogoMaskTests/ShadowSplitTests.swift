import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// ``ShadowSplit``: a logo drawn in one group with a drop shadow merged under it (issue 23, point
/// 3) keeps its shapes as vectors in the outline, the shadow alone a picture; a rewrite that
/// would change the pixels is refused.
@Suite("Shadow split")
struct ShadowSplitTests {
    /// Fixtures/shadow/drop-shadow.svg: a tile and a circle in a group with Sketch's shadow filter.
    static func fixture() throws -> Data {
        try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Tests/LogoMaskTests/Fixtures/shadow/drop-shadow.svg"))
    }

    @Test("a group with a merged drop shadow: the outline holds its two shapes as vectors and exactly one picture, drawn under them")
    func shapesStayVectors() throws {
        let logo = try VectorLogo(data: Self.fixture(), name: "drop-shadow.svg")
        #expect(logo.usesFilterEffects)
        let outline = try logo.outline
        // The rect (a linear gradient) and the circle (white), in document order.
        #expect(outline.shapes.count == 2)
        #expect(outline.pictures.count == 1)
        #expect(outline.pictures.first?.position == 0)
        #expect(outline.inexactReasons.contains(.filter))
        // The tile's box read back at zoom 1 (1/256 of a unit): x 8...56, y 6...54.
        let tile = try #require(outline.shapes.first).path.bounds
        #expect(abs(tile.minX - 8) <= 0.01 && abs(tile.maxX - 56) <= 0.01 && abs(tile.minY - 6) <= 0.01 && abs(tile.maxY - 54) <= 0.01, "\(tile)")
        // The notes still name the filtered group, from the logo's own text.
        #expect(FilteredElements.names(of: logo) == ["#logo"])
    }

    @Test("the rewrite drops the merge's SourceGraphic node and adds the group again without its filter or ids")
    func rewrittenText() throws {
        let text = String(decoding: try #require(ShadowSplit.rewritten(Self.fixture())), as: UTF8.self)
        #expect(!text.contains("SourceGraphic"))
        #expect(text.components(separatedBy: "filter=\"url(#shadow)\"").count == 2)
        #expect(text.components(separatedBy: "id=\"tile\"").count == 2)
        #expect(text.components(separatedBy: "<circle").count == 3)
    }

    /// The fixture with its shadow opaque and not cut out under the graphic, and `opacity` on
    /// the filtered group: the split would show the shadow through the faded graphic.
    static func opaqueShadow(opacity: Double) throws -> String {
        String(decoding: try fixture(), as: UTF8.self)
            .replacingOccurrences(of: "<g id=\"logo\" filter", with: "<g id=\"logo\" opacity=\"\(opacity)\" filter")
            .replacingOccurrences(of: "operator=\"out\"", with: "operator=\"over\"")
            .replacingOccurrences(of: "0 0 0 0.3 0", with: "0 0 0 1 0")
    }

    @Test("opacity on the filtered group over an opaque shadow: the rewrite would change the pixels, so it is refused and the outline is one picture as before")
    func opacityRefused() throws {
        let logo = try VectorLogo(data: Data(try Self.opaqueShadow(opacity: 0.5).utf8), name: "drop-shadow-opacity.svg")
        // The markup qualifies; only the pixels refuse it.
        let rewritten = try #require(ShadowSplit.rewritten(logo.source))
        let fraction = try #require(ShadowSplit.differingFraction(of: logo, from: rewritten))
        #expect(fraction > 0.1, "\(fraction)")
        #expect(ShadowSplit.source(for: logo) == nil)
        let outline = try logo.outline
        #expect(outline.shapes.isEmpty)
        #expect(outline.pictures.count == 1)
        // Without the opacity the same opaque shadow splits.
        let plain = try VectorLogo(data: Data(try Self.opaqueShadow(opacity: 1).utf8), name: "drop-shadow-opaque.svg")
        #expect(ShadowSplit.source(for: plain) != nil)
    }

    @Test("a filter whose other primitive reads SourceGraphic is not split")
    func graphicReadElsewhere() throws {
        let source = String(decoding: try Self.fixture(), as: UTF8.self)
            .replacingOccurrences(of: "in2=\"SourceAlpha\"", with: "in2=\"SourceGraphic\"")
        #expect(ShadowSplit.rewritten(Data(source.utf8)) == nil)
    }
}
