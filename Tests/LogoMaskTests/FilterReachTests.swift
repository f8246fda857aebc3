import Foundation
import MaskGeometry
import Testing
@testable import LogoMask

/// ``FilterReach``: how far an SVG's filters carry a pixel, read from the document, and when it
/// refuses to say (the filtered render is then one draw). ``FilteredStripCut``: the strips it gives.
@Suite("Filter reach")
struct FilterReachTests {
    private func reach(_ body: String, defs: String = "", size: Double = 48, viewBox: Double = 24, forLayers: Bool = false) -> FilterReach? {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" \
            width="\(size)" height="\(size)" viewBox="0 0 \(viewBox) \(viewBox)">
            <defs>\(defs)</defs>\(body)</svg>
            """
        return FilterReach(
            svg: Data(svg.utf8), documentSize: Size(width: size, height: size),
            viewBox: Rect(x: 0, y: 0, width: viewBox, height: viewBox), forLayers: forLayers)
    }

    private let blur = #"<filter id="b"><feGaussianBlur stdDeviation="2"/></filter>"#

    @Test("A blur's reach: 3 standard deviations under the viewBox and every transform above it, plus 4 + 2 pixels")
    func blurUnderTransforms() throws {
        // viewBox 24 in 48 units: 2 document units per user unit; scale(1.5) then matrix(2 0 0 0.5):
        // the largest stretch 3 (translations keep lengths). 3 x 2 sd x 2 x 3 = 36 units.
        let found = try #require(reach(
            #"<g transform="translate(5 5) scale(1.5)"><g transform="translate(-3) matrix(2 0 0 0.5 1 1)"><rect width="4" height="4" filter="url(#b)"/></g></g>"#,
            defs: blur))
        #expect(found.terms == [FilterReach.Term(documentUnits: 36, pixels: 6)])
        #expect(found.devicePixels(scale: 10) == 366)
        #expect(reach("<rect width=\"4\" height=\"4\"/>")?.devicePixels(scale: 10) == 0)
    }

    @Test("Offsets, drop shadows and nested filters add up; `<use>` carries its transform and its own filter")
    func sumsAlongThePath() throws {
        let defs = blur + #"<filter id="s"><feOffset dx="3" dy="-4"/><feFlood/><feComposite in2="SourceAlpha" operator="in"/><feMerge><feMergeNode/></feMerge></filter>"#
            + #"<filter id="d"><feDropShadow stdDeviation="1 0.5" dx="0" dy="1"/></filter>"#
        // style="filter:url(#s)" around filter="url(#b)": (5 + 6) user units x 2; pixels 2 + 1 + 2 + 4.
        let nested = try #require(reach(
            #"<g style="opacity:0.5;filter:url(&quot;#s&quot;)"><rect width="4" height="4" filter="url(#b)"/></g>"#, defs: defs))
        #expect(nested.terms.first == FilterReach.Term(documentUnits: 22, pixels: 9))
        // A <use> scaled 4 of a group with the drop shadow, the use itself blurred:
        // use: 6 x 4 x 2 = 48 units; inside it (3 + 1) x 4 x 2 = 32 more; pixels 6 + 7.
        let used = try #require(reach(
            ##"<use xlink:href="#g" transform="scale(4)" filter="url(#b)"/>"##,
            defs: defs + #"<g id="g"><circle r="2" filter="url(#d)"/></g>"#))
        #expect(used.terms.first == FilterReach.Term(documentUnits: 80, pixels: 13))
        // Inkscape's own elements are not drawn, an element with a filter that does not exist is not either.
        #expect(reach(#"<inkscape:thing filter="url(#b)"/><rect filter="url(#missing)"/>"#, defs: blur)?.terms == [])
    }

    @Test("For the layers: under a rotation or a skew a blur reaches the stretch times its (x, y) deviations' length; a clip path on or in a filtered element only clips its spread")
    func rotationsAndClips() throws {
        func reach(_ body: String, defs: String) -> FilterReach? { self.reach(body, defs: defs, forLayers: true) }
        // viewBox 24 in 48: 2 units per user unit; rotate(30) keeps lengths: 3 x sqrt(2 x 2^2) x 2.
        let rotated = try #require(reach(#"<g transform="rotate(30)"><rect filter="url(#b)"/></g>"#, defs: blur))
        #expect(abs(rotated.terms[0].documentUnits - 12 * 2.0.squareRoot()) < 1e-9)
        #expect(rotated.terms[0].pixels == 6)
        // A skew stretches by its largest singular value (1.0512 for matrix(1 0 0.1 1)), times the same length.
        let skewed = try #require(reach(#"<rect transform="matrix(1 0 0.1 1 0 0)" filter="url(#b)"/>"#, defs: blur))
        #expect(abs(skewed.terms[0].documentUnits - 12 * 2.0.squareRoot() * 1.0512492) < 1e-6)
        let clip = #"<clipPath id="c"><rect/></clipPath>"#
        #expect(reach(#"<g filter="url(#b)"><rect clip-path="url(#c)"/></g>"#, defs: blur + clip)?.terms
            == [FilterReach.Term(documentUnits: 12, pixels: 6)])
        #expect(reach(#"<rect clip-path="url(#c)" filter="url(#b)"/>"#, defs: blur + clip) != nil)
        #expect(reach(#"<g clip-path="url(#c)"><rect filter="url(#b)"/></g>"#, defs: blur + clip) != nil)
    }

    @Test("Refused, so the render stays one draw: CSS, a filter in a mask, units of the box, unknown primitives, nested documents, a blurred radial gradient off its centre")
    func refusals() {
        #expect(reach("<style>rect { filter: url(#b) }</style><rect/>", defs: blur) == nil)
        #expect(reach(#"<mask id="m"><rect filter="url(#b)"/></mask><rect mask="url(#m)"/>"#, defs: blur) == nil)
        #expect(reach(#"<rect filter="url(#o)"/>"#, defs: #"<filter id="o" primitiveUnits="objectBoundingBox"><feGaussianBlur stdDeviation="0.1"/></filter>"#) == nil)
        #expect(reach(#"<rect filter="url(#t)"/>"#, defs: #"<filter id="t"><feTurbulence baseFrequency="0.1"/></filter>"#) == nil)
        #expect(reach(#"<rect filter="url(#n)"/>"#, defs: #"<filter id="n"><feGaussianBlur stdDeviation="-1"/></filter>"#) == nil)
        #expect(reach(#"<svg viewBox="0 0 1 1"><rect filter="url(#b)"/></svg>"#, defs: blur) == nil)
        #expect(reach(#"<rect style="filter:blur(3px)"/>"#) == nil)
        // The strip cut's rule: a filtered element rotated, skewed or clipped (the layers take them).
        let clip = #"<clipPath id="c"><rect/></clipPath>"#
        #expect(reach(#"<g transform="rotate(10)"><rect filter="url(#b)"/></g>"#, defs: blur) == nil)
        #expect(reach(#"<g filter="url(#b)"><rect clip-path="url(#c)"/></g>"#, defs: blur + clip) == nil)
        #expect(reach(#"<g clip-path="url(#c)"><rect filter="url(#b)"/></g>"#, defs: blur + clip) != nil)
        #expect(reach(#"<rect transform="matrix(1 0 0.01 1 0 0)" filter="url(#b)"/>"#, defs: blur) == nil)
        // A blurred element painted with a radial gradient whose focus is off its centre: a crop
        // moves its pixels (``FilterReach/cropSensitive``); centred, it is taken.
        let focal = ##"<radialGradient id="f" cx="5" cy="5" r="5" fx="5" fy="3"><stop offset="0"/><stop offset="1" stop-color="#fff"/></radialGradient>"##
            + ##"<radialGradient id="h" xlink:href="#f" fy="5"/>"##
        #expect(reach(#"<rect width="9" height="9" fill="url(#f)" filter="url(#b)"/>"#, defs: blur + focal) == nil)
        #expect(reach(#"<g filter="url(#b)"><rect width="9" height="9" style="fill:url(#f)"/></g>"#, defs: blur + focal) == nil)
        #expect(reach(#"<rect width="9" height="9" fill="url(#h)" filter="url(#b)"/>"#, defs: blur + focal) != nil)
        #expect(reach(#"<rect width="9" height="9" fill="url(#f)"/><rect filter="url(#b)"/>"#, defs: blur + focal) != nil)
        #expect(reach(#"<rect width="9" height="9" fill="url(#f)" filter="url(#b)"/>"#, defs: blur + focal, forLayers: true)?.cropSensitive == true)
        #expect(reach(#"<s:rect xmlns:s="http://www.w3.org/2000/svg" filter="url(#b)"/>"#, defs: blur) == nil)
        #expect(reach(##"<use xlink:href="#u"/><g id="u"><use xlink:href="#v"/></g><g id="v"><use xlink:href="#u"/></g>"##) == nil)
    }

    @Test("The cut: strips split the painted rows in halves with their margins, more when the memory asks, none when the margins eat the saving")
    func cut() throws {
        let whole = 0..<4096
        let two = try #require(FilteredStripCut(height: 4096, stride: 4096 * 4, margin: 300, paintedRows: whole, workers: 2))
        #expect(two.rowsPerStrip == 2048 && two.margin == 300)
        #expect(FilteredStripCut.busiestWorker(height: 4096, rows: 2048, margin: 300, paintedRows: whole, workers: 2) == 2348)
        // Painted rows 1000..<3000: the cut falls at their middle, 2000 (strips 0..<2000, 2000..<4000, 4000..<4096).
        let inside = try #require(FilteredStripCut(height: 4096, stride: 4096 * 4, margin: 100, paintedRows: 1000..<3000, workers: 2))
        #expect(inside.rowsPerStrip == 2000)
        #expect(FilteredStripCut.busiestWorker(height: 4096, rows: 2000, margin: 100, paintedRows: 1000..<3000, workers: 2) == 1200)
        // 32768 px wide: 256 MiB a strip is 2048 rows, so 4 strips of the 8192 rows.
        let wide = try #require(FilteredStripCut(height: 8192, stride: 32768 * 4, margin: 100, paintedRows: 0..<8192, workers: 2))
        #expect(wide.rowsPerStrip == 2048)
        #expect(FilteredStripCut(height: 4096, stride: 4096 * 4, margin: 1100, paintedRows: whole, workers: 2) == nil)
        #expect(FilteredStripCut(height: 4096, stride: 4096 * 4, margin: 10, paintedRows: whole, workers: 1) == nil)
    }
}
