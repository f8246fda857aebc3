import FoundationEssentials
import MaskGeometry

/// How far an SVG's filters can carry a pixel, read from the document: what a filtered render cut
/// into strips must draw around each strip (``FilteredStripCut``) so that its rows come out as
/// one draw's, whatever lies beyond the strip's edge.
///
/// Each element that uses a filter spreads its drawing by at most the sum of its primitives'
/// reaches: a blur of standard deviation `sd` (device pixels) by `3 sd + 4` (librsvg 2.54 blurs
/// with three box blurs of `d = floor(sd * 3 * sqrt(2 pi) / 4 + 0.5)` pixels from `sd = 2`, at
/// most `1.5 d + 3` pixels, and below that with a Gaussian kernel of radius `ceil(4.29 sd)`), an
/// offset by its length, a morphology by its radius, plus 2 pixels for the filter region's
/// rounding. Lengths in the element's user space become device pixels under the product of the
/// largest stretch of every transform above it (the root's viewBox, each `transform`, each
/// `<use>`), and a filtered element inside another one adds the outer filter's reach. The filter
/// region can only clip a filter's spread, so it is not needed for a bound.
///
/// Nil (``init(svg:documentSize:viewBox:)``) whenever the reach cannot be known for sure from
/// the document alone; the render is then one draw, as before: a clip path on a filtered element
/// or inside it (measured on breeze/zanshin: pixels moved, cause not found), a filtered element under a
/// rotation or a skew (librsvg then filters in a space whose grid moves with the crop), a
/// `<style>` element (CSS could set a filter), a filter in a mask, pattern, marker or clip path, a nested `<svg>` or a
/// `<symbol>` with a viewBox, a filter set other than as `url(#id)` or `none`,
/// `primitiveUnits="objectBoundingBox"` (lengths relative to a box not read here), a filter
/// that inherits primitives (`href`), a primitive other than a blur, an offset, a drop shadow,
/// a morphology or a per-pixel one (flood, colour matrix, composite, merge, blend, component
/// transfer), a negative or unreadable length, a transform or filter on the root, a prefix bound
/// to SVG's namespace, or a document the XML reader refuses. Elements of other namespaces
/// (Inkscape's, RDF's) are not drawn, so not read.
struct FilterReach: Equatable {
    /// One filtered element's reach: `documentUnits` times the drawing's scale, plus `pixels`.
    struct Term: Equatable {
        var documentUnits: Double
        var pixels: Double
    }

    /// Every filtered element's reach (with the filters around it added), the largest first.
    let terms: [Term]

    /// The most device pixels any filter carries a pixel when the document is drawn with
    /// `scale` device pixels per document unit (the largest stretch of the drawing's transform);
    /// 0 without a filtered element.
    func devicePixels(scale: Double) -> Double {
        terms.reduce(0) { max($0, $1.documentUnits * scale + $1.pixels) }
    }

    /// Device pixels a blur's reach gets on top of 3 standard deviations (see the type's notes).
    static let blurPixels = 4.0
    /// Device pixels for each filter's region, rounded out to whole pixels.
    static let regionPixels = 2.0
    /// `<use>` references followed, at most, along one path and in all (a cycle or a bomb).
    static let maximumUseDepth = 32
    static let maximumVisits = 1_000_000

    /// The reach of the filters of SVG text `svg`, drawn at `documentSize` with `viewBox`; nil
    /// when it cannot be known for sure (see the type's notes).
    init?(svg: Data, documentSize: Size, viewBox: Rect?) {
        guard let tree = FilterReachTree(svg) else { return nil }
        var rootScale = 1.0
        if let viewBox {
            guard viewBox.width > 0, viewBox.height > 0 else { return nil }
            // The larger of the two axes' factors bounds any preserveAspectRatio's.
            rootScale = max(documentSize.width / viewBox.width, documentSize.height / viewBox.height)
        }
        guard let terms = tree.reach(rootScale: rootScale) else { return nil }
        self.terms = terms.sorted { ($0.documentUnits, $0.pixels) > ($1.documentUnits, $1.pixels) }
    }
}
