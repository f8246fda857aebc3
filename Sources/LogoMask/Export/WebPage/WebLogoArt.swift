import FoundationEssentials
import MaskGeometry

/// The logo as inline SVG in document units, for every web output (the page, the overlay, the
/// web launch file): its shapes as paths when ``SVGLogoMarkup`` can draw them, else a picture
/// of the logo drawn by the library (filters, images, masks), with the note that says why.
///
/// The overlay's frame 0 and the web launch file draw the same markup at the same place, so
/// the browser paints the same pixels in both and the hand-off shows no seam.
struct WebLogoArt {
    /// `<clipPath>` and paint elements for `<defs>`.
    let definitions: String
    /// The elements that draw the logo (or its hole) in document units.
    let elements: String
    /// Why a picture stands in for the paths (or a note on the paths); nil when there is none.
    let note: String?
    /// True when the art is a picture.
    let isPicture: Bool
    /// The ids of frame 0's picture and of the picture shown after it, when the art is a
    /// picture made for frame 0 (``WebAnimation/frameZeroHold(shown:later:duration:)``).
    var frameZeroIDs: (first: String, later: String)?

    /// How the art is painted.
    enum Use {
        /// The logo in its own paints, or in one tint.
        case drawn(tint: RGBAColor?)
        /// The logo's coverage in black, for the hole of a luminance mask.
        case hole
    }

    /// The art of `logo`; clip and gradient ids start with `prefix`. A picture, when needed, is
    /// drawn at `pixelsPerUnit` (at most `maxPixels` pixels).
    ///
    /// With `frameZero` (frame 0's transform in device pixels), a picture comes twice: one drawn
    /// for frame 0 on the screen's pixel grid (the launch screen's pixels, which a browser
    /// shrinking the large one only approximates), then the large one.
    ///
    /// With `grids` (a class name and a transform from document units to device pixels each:
    /// one per device pixel ratio), a picture comes once per grid, drawn on it as frame 0's is,
    /// each `<image>` of its class, for CSS to show the one of the window's ratio; then
    /// `pixelsPerUnit` is not used.
    ///
    /// With `asLottie`, the drawn logo is a picture wherever the Lottie's is
    /// (``LottieArtChoice/drawsShapes(_:tint:)``): the web launch screen hands off to the page
    /// and to lottie-web, and a picture drawn by the library is not the browser's drawing of the
    /// same paths (thin strokes over a dark background: up to 0.73 % of the box differ by more
    /// than 24, Tango's help-browser), so the three start from the same picture.
    init(
        logo: VectorLogo, use: Use, prefix: String, pixelsPerUnit: Double, maxPixels: Int, frameZero: Transform? = nil,
        grids: [(className: String, transform: Transform)] = [], asLottie: Bool = false
    ) throws(LogoMaskError) {
        let outline = try logo.outline
        let vectors: Bool
        switch use {
        case let .drawn(tint):
            vectors = SVGLogoMarkup.canDraw(outline, tinted: tint != nil) && (!asLottie || LottieArtChoice.drawsShapes(outline, tint: tint))
        case .hole: vectors = outline.isExactWithGroups
        }
        if vectors {
            let markup = SVGLogoMarkup(outline: outline, prefix: prefix)
            definitions = markup.clipDefinitions
            switch use {
            case let .drawn(tint): elements = markup.shapes(paint: tint.map(SVGLogoMarkup.Paint.tint) ?? .own)
            case .hole: elements = markup.shapes(paint: .black)
            }
            // The markup composites the groups the outline carries: no approximation to name then.
            if case .drawn = use, !outline.isExactWithGroups { note = outline.groupOpacityNote } else { note = nil }
            isPicture = false
            return
        }
        var tint: RGBAColor?
        var black = false
        switch use {
        case let .drawn(given): tint = given
        case .hole: black = true
        }
        definitions = ""
        isPicture = true
        let why = outline.inexactReasons.isEmpty
            ? "its paints are not flat colours"
            : "its outline is not exact (" + outline.inexactReasons.map { "\($0)" }.joined(separator: ", ") + ")"
        let layer = black ? "hole" : "drawn logo"
        if !grids.isEmpty {
            var sizes: [String] = []
            var text = ""
            for grid in grids {
                let picture = try LogoPicture(
                    logo: logo, pixelsPerUnit: LottiePictureLadder.scale(of: grid.transform), maxPixels: maxPixels, tint: tint,
                    black: black, aligned: grid.transform, compression: .small)
                text += picture.element(id: nil, className: grid.className)
                sizes.append("\(picture.png.width)x\(picture.png.height)")
            }
            elements = text
            note = "The \(layer) is an embedded picture of the logo per device pixel ratio (\(sizes.joined(separator: ", "))), each on the device pixel grid, drawn by logo-mask, because \(why)."
            return
        }
        let picture = try LogoPicture(logo: logo, pixelsPerUnit: pixelsPerUnit, maxPixels: maxPixels, tint: tint, black: black)
        if let frameZero {
            let first = try LogoPicture(
                logo: logo, pixelsPerUnit: pixelsPerUnit, maxPixels: maxPixels, tint: tint, black: black, aligned: frameZero)
            let ids = (first: prefix + "frame0", later: prefix + "later")
            elements = first.element(id: ids.first) + picture.element(id: ids.later, hidden: true)
            frameZeroIDs = ids
        } else {
            elements = picture.element
        }
        note = "The \(layer) is an embedded \(picture.png.width)x\(picture.png.height) picture of the logo, drawn by logo-mask, because \(why)."
    }
}
