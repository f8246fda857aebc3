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
    /// True when the art embeds a picture: of the whole logo, or of each filter result between
    /// its shapes.
    let isPicture: Bool
    /// True when the art is one picture of the whole logo (its edge is the picture's, scaled).
    let isWholePicture: Bool
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
    ///
    /// Filter pictures between the shapes are drawn for `frameZero`, for each grid, or else at
    /// `filterPixelsPerUnit` (default `pixelsPerUnit`): soft, they magnify well from there.
    init(
        logo: VectorLogo, use: Use, prefix: String, pixelsPerUnit: Double, maxPixels: Int, frameZero: Transform? = nil,
        grids: [(className: String, transform: Transform)] = [], asLottie: Bool = false, filterPixelsPerUnit: Double? = nil
    ) throws(LogoMaskError) {
        let outline = try logo.outline
        let vectors: Bool
        switch use {
        case let .drawn(tint):
            vectors = SVGLogoMarkup.canDraw(outline, tinted: tint != nil) && (!asLottie || LottieArtChoice.drawsShapes(outline, tint: tint))
        case .hole: vectors = outline.isExactWithGroups
        }
        if !vectors, let sets = try Self.pictureSets(
            logo: logo, outline: outline, use: use, pixelsPerUnit: filterPixelsPerUnit ?? pixelsPerUnit, frameZero: frameZero, grids: grids) {
            // The shapes as vectors, each filter result a picture between them.
            let markup = SVGLogoMarkup(
                outline: sets[0].outline, prefix: prefix,
                pictureSets: grids.isEmpty ? [] : sets.map { (className: $0.className ?? "", pictures: $0.outline.pictures) })
            definitions = markup.clipDefinitions
            switch use {
            case .drawn: elements = markup.shapes(paint: .own)
            case .hole: elements = markup.shapes(paint: .black)
            }
            isPicture = true
            isWholePicture = false
            let layer = if case .hole = use { "The hole" } else { "The drawn logo" }
            // The largest picture of each set (one set per device pixel ratio for the launch screen).
            let sizes = sets.map { set in
                set.outline.pictures.max { $0.width * $0.height < $1.width * $1.height }.map { "\($0.width)x\($0.height)" } ?? ""
            }
            let perRatio = grids.isEmpty ? "" : ", one set per device pixel ratio"
            note = "\(layer) is inline SVG, its shapes as paths in their paints. "
                + FilteredElements.sentence(of: logo, pictures: sets[0].outline.pictures.count)
                + ", drawn in paint order between the shapes by logo-mask (the largest \(sizes.joined(separator: ", ")) px\(perRatio)) as the launch"
                + " screen shows them, on the device pixel grid, and magnified with the logo: the same pictures the Lottie and the code"
                + " draw, not the browser's own SVG filters (the outline carries each filter's result, not its primitives, and a"
                + " browser's blur is not librsvg's)."
            return
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
            isWholePicture = false
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
        isWholePicture = true
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

    /// `outline` with its filter results as pictures the art shows between its shapes, once, or
    /// once per grid (with its class); nil when shapes and pictures do not draw this art as the
    /// Lottie does (``LottieArtChoice/drawsShapesWithPictures(_:tint:)``: the web launch screen
    /// hands off to the page and to lottie-web, which start from the same drawing), or a
    /// picture is sharp (``FilterPictureGrid/framePictures(of:outline:on:bias:)``). The pictures
    /// are drawn for frame 0's transform, each grid's, or else `pixelsPerUnit`, those drawn one
    /// after the other joined (``FilterPictureMerge``); in black (alpha kept) for the hole, whose
    /// markup needs only the coverage (and carries a stretched pen, which the Lottie does not).
    private static func pictureSets(
        logo: VectorLogo, outline: LogoOutline, use: Use, pixelsPerUnit: Double, frameZero: Transform?,
        grids: [(className: String, transform: Transform)]
    ) throws(LogoMaskError) -> [(className: String?, outline: LogoOutline)]? {
        guard outline.drawsWithPictures else { return nil }
        // As the Lottie: a clip that holds its shape whole is left out (Skia, as Lottie players,
        // multiplies the clip's edge coverage into the shape's where librsvg covers it once:
        // gpick's wheel rim differed from lottie-web's on 0.50 % of the logo box).
        let outline = outline.withoutContainingClips()
        let screens: [(className: String?, transform: Transform)] = grids.isEmpty
            ? [(nil, frameZero ?? .scale(pixelsPerUnit))] : grids.map { ($0.className, $0.transform) }
        // The launch screen never magnifies its pictures: they must be soft only where a phone's
        // page and Lottie start from them, at the densest ratio (1x pictures of a small logo are
        // sharp: gpick's blurs at 1.2 px a unit).
        let densest = screens.map { LottiePictureLadder.scale(of: $0.transform) }.max() ?? 0
        var sets: [(className: String?, outline: LogoOutline)] = []
        for screen in screens {
            let soft = LottiePictureLadder.scale(of: screen.transform) >= densest
            guard var drawn = try FilterPictureGrid.framePictures(
                of: logo, outline: outline, on: screen.transform, bias: 0, soft: soft, outlineClips: true) else { return nil }
            // Those drawn one right after the other on the grid joined (kiten's 109 shadows): the
            // markup composites the groups around them.
            drawn.pictures = try FilterPictureMerge.merged(drawn.pictures, carriesGroups: true)
            switch use {
            case let .drawn(tint):
                guard LottieArtChoice.drawsShapesWithPictures(drawn, tint: tint) else { return nil }
            case .hole:
                guard drawn.isExactWithPictures else { return nil }
                drawn.pictures = try drawn.pictures.map(Self.black)
            }
            // Each set places the same pictures (none cut away in one and kept in another).
            if let first = sets.first?.outline.pictures {
                guard first.count == drawn.pictures.count,
                      zip(first, drawn.pictures).allSatisfy({ $0.position == $1.position && $0.groups == $1.groups && $0.clips == $1.clips })
                else { return nil }
            }
            sets.append((screen.className, drawn))
        }
        return sets.isEmpty || sets[0].outline.pictures.isEmpty ? nil : sets
    }

    /// A picture in black, its alpha kept: the hole's coverage in a luminance mask.
    private static func black(_ picture: LogoOutline.Picture) throws(LogoMaskError) -> LogoOutline.Picture {
        let image = try RasterImage(pngBytes: picture.png, name: "a filter picture")
        guard image.format == .premultipliedARGB else { return picture }
        var copy = picture
        copy.png = try LottiePictureLadder.tinted(image, .black).pngData()
        return copy
    }
}
