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
/// `<use>`), and a filtered element inside another one adds the outer filter's reach. Under a
/// rotation or a skew librsvg maps a blur's (x, y) deviations through the transform as one
/// vector (`transform_distance`), so each device axis may get the stretch times the pair's
/// length (sqrt 2 x a single deviation): the reach takes that length there. The filter region
/// and a clip path on or in the filtered element can only clip a filter's spread, so neither is
/// needed for a bound.
///
/// Nil (``init(svg:documentSize:viewBox:)``) whenever the reach cannot be known for sure from
/// the document alone, or a crop would move its pixels (``cropSensitive``); the render is then
/// one draw, as before: for the strip cut, a filtered element under a rotation or a skew, or
/// with a clip path on it or in it (the layered plan takes them); a `<style>` element (CSS could set a filter), a filter in a mask, pattern, marker or clip path, a nested `<svg>` or a
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

    /// True when a filtered element paints with a radial gradient whose focus is off its centre:
    /// such an element drawn from a document cropped at an offset (a strip, a layer's region)
    /// comes out up to 13 levels off its one draw in scattered dark pixels (breeze/zanshin's
    /// blurred ripples; its 20 other blurs, and every blur in kiten and kteatime, gradients
    /// centred or linear, within 1).
    ///
    /// The cause: the offset changes the translation of the gradient's matrix, which Cairo hands
    /// pixman in 16.16 fixed point, pinned at the centre of the draw's extents; the gradient's
    /// pixels move by 1-2 levels here and there (as any gradient's may), and the filter, computed
    /// in linearRGB on 8-bit pixels, turns 1 level of a dark colour into up to 13 on the way back
    /// to sRGB (the same element with `color-interpolation-filters="sRGB"` stays within 2). It
    /// grows with the offset (1 px: none; 16 px: 96 bytes; 1400 px: 5,550), whatever the size of
    /// the surface, so the layered plan draws such an element on a region from the image's corner
    /// (offset 0: the whole draw's transform, the same pixels) and the strip cut refuses it.
    let cropSensitive: Bool

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
    /// when it cannot be known for sure (see the type's notes) or a crop would move pixels
    /// (``cropSensitive``). `forLayers` (``FilterLayerPlan``) takes a filtered element under a
    /// rotation or a skew, or clipped, and keeps a crop-sensitive document (the plan draws such
    /// an element on a region from the image's corner); the strip cut refuses them.
    init?(svg: Data, documentSize: Size, viewBox: Rect?, forLayers: Bool = false) {
        guard let tree = FilterReachTree(svg) else { return nil }
        var rootScale = 1.0
        if let viewBox {
            guard viewBox.width > 0, viewBox.height > 0 else { return nil }
            // The larger of the two axes' factors bounds any preserveAspectRatio's.
            rootScale = max(documentSize.width / viewBox.width, documentSize.height / viewBox.height)
        }
        var cropSensitive = false
        guard let terms = tree.reach(rootScale: rootScale, rotationsAndClips: forLayers, cropSensitive: &cropSensitive),
              forLayers || !cropSensitive else { return nil }
        self.cropSensitive = cropSensitive
        self.terms = terms.sorted { ($0.documentUnits, $0.pixels) > ($1.documentUnits, $1.pixels) }
    }
}
