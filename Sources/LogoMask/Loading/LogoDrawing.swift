import FoundationEssentials
import MaskGeometry
import Synchronization

/// One thread's means of drawing a logo: its own parsed librsvg handle or poppler document
/// (neither may be shared between threads), drawing the vectors at whatever transform the
/// target needs, pixels or PDF/SVG.
///
/// Why not a Cairo recording surface, as the architecture first proposed: Cairo 1.16 replays
/// a recording under a scale with geometric drift. Against rsvg-convert on the bird sample,
/// a recording replayed at 4096 px put a curved edge 14 px away (88,874 pixels off); recorded
/// at 1x the paths keep only 1/256 of a unit (24.8 fixed point), up to 12 levels off at
/// 1024 px on a 24-unit icon; and Cairo's PDF surface drops a recording painted at a large
/// scale-down, leaving an empty page. Drawing through the loader at the final transform is
/// what rsvg-convert does: it matches it bit for bit, filter effects included (librsvg
/// rasterizes those at the resolution it draws at, so no recording could keep them sharp).
/// Parsing and styling still happen once per drawing; each draw walks the parsed tree.
///
/// An SVG with intermediate surfaces (group opacity, masks, filters) drawn much larger than
/// what the target shows is drawn from a cropped copy of its text (``CroppedSVGSource``,
/// ``DrawingCrop``): librsvg sizes those surfaces as its toplevel viewport at the drawing's
/// scale, so the crop keeps them to the visible region whatever the zoom.
///
/// A logo with filter effects drawn past 1.5 times its first draw's scale is painted from a
/// ``FilterPicture`` drawn once per logo (``FilterPictureCache``): librsvg would otherwise
/// recompute the filters at every draw (the cover search and reveal frames draw dozens of times
/// at up to 60x). Searches (``PictureUse/search``) paint pictures from a quarter of the picture
/// scale up, even on their first draw, so a search's grids and exact checks read one picture.
/// Draws up to 1.5 times the first draw's scale stay vectors, so one render (all its strips at
/// one scale) matches rsvg-convert at any size.
final class LogoDrawing {
    private let svg: SVGDocument?
    /// The text to crop, nil when the logo is never cropped (PDF, one element, compressed, or
    /// nothing in it that librsvg draws through an intermediate surface).
    private let cropSource: CroppedSVGSource?
    /// Parsed crops, most recent first (the cover search and strips draw the same crop often).
    private var crops: [(crop: DrawingCrop, document: SVGDocument)] = []
    private let baseFile: String?
    private let unlimited: Bool
    /// Kept around the visible region (document units), for filters reaching in from outside.
    private let filterReach: Double
    /// The largest font size the SVG asks for, nil when it has no text (see ``TextZoomLimit``).
    private let textFontSize: Double?
    private let pdf: PDFDocument?
    private let elementID: String?
    private let page: Int
    private let box: Rect
    let name: String
    /// ``VectorLogo/pathCrossings`` and the box the paths span, to refuse a drawing too costly.
    private let crossings: Int
    private let inkBox: Rect
    /// Filtered logos only: the document region a ``FilterPicture`` covers; nil draws vectors always.
    private let pictureRegion: Rect?
    /// The picture scale (``FilterPicture/scale(of:region:)``), with ``pictureRegion``.
    private let pictureCap: Double?
    /// The logo's shared pictures, and this drawing's surfaces over them (most recent first).
    private let pictureCache: FilterPictureCache
    private var pictures: [FilterPicture] = []
    /// The scale (document units to device pixels) of the first draw; draws up to it stay vectors.
    private var firstScale: Double?

    /// Which translucent shapes a drawing draws with their opacity folded into their paint
    /// (``TranslucentShapeFold``).
    enum Folding {
        /// None: the document's own opacities (vector exports).
        case none
        /// Those whose paints are set on them (``VectorLogo/translucentFolded``): `render`, whose
        /// pixels are compared to rsvg-convert's.
        case ownPaints
        /// Those whose paints are inherited too (``VectorLogo/drawingSource``): every other drawing.
        case inheritedPaints
    }

    /// A drawing of `logo`. Pixels are drawn from its text with translucent one-paint shapes
    /// folded as `folding` says: librsvg draws each unfolded one through a surface of the whole
    /// viewport, and the Tango icons' exact cover checks (a whole screen at 3x, 12 such surfaces)
    /// cost 0.175 s each.
    init(logo: VectorLogo, folding: Folding = .inheritedPaints) throws(LogoMaskError) {
        let text = switch folding {
        case .none: logo.source
        case .ownPaints: logo.translucentFolded.source
        case .inheritedPaints: logo.drawingSource
        }
        name = logo.name
        elementID = logo.options.elementID
        page = logo.options.page - 1
        box = logo.documentBox
        crossings = logo.pathCrossings
        inkBox = logo.inkBounds.isEmpty ? logo.documentBox : logo.inkBounds
        baseFile = logo.baseFile
        unlimited = logo.options.trustedInput
        textFontSize = logo.format == .svg ? TextZoomLimit.largestFontSize(in: text) : nil
        filterReach = logo.usesFilterEffects ? Self.filterReachFraction * max(box.width, box.height) : 0
        pictureRegion = FilterPicture.region(of: logo)
        pictureCap = pictureRegion.map { FilterPicture.scale(of: logo, region: $0) }
        pictureCache = logo.filterPictures
        cropSource = logo.format == .svg && elementID == nil && DrawingCrop.mayUseIntermediateSurfaces(text)
            ? CroppedSVGSource(text) : nil
        switch logo.format {
        case .svg:
            svg = try SVGDocument(
                data: text, name: logo.name, baseFile: logo.baseFile, unlimited: logo.options.trustedInput)
            pdf = nil
        case .pdf:
            svg = nil
            pdf = try PDFDocument(data: logo.source, name: logo.name)
        }
    }

    /// Draws the logo with `transform` (document units to the context's user space) applied
    /// on top of the context's current transform, with the context's current operator and an
    /// optional overall opacity. Works on image, PDF and SVG surfaces alike (paths stay paths).
    ///
    /// With a `tint`, the logo is drawn in that one colour (its coverage, as a group filled with
    /// the colour) and painted over the context at `alpha`.
    func draw(on context: CairoContext, transform: Transform, alpha: Double = 1, tint: RGBAColor? = nil) throws(LogoMaskError) {
        guard let tint else {
            try draw(on: context, transform: transform, alpha: alpha, limitingText: true)
            return
        }
        context.pushGroup()
        try draw(on: context, transform: transform, alpha: 1, limitingText: true)
        context.paint(color: tint, operator: .in)
        context.popGroupAndPaint(alpha: alpha, operator: .over)
    }

    /// The logo drawn by `transform` into a new `width` x `height` plane, in `tint` when given.
    func plane(width: Int, height: Int, transform: Transform, tint: RGBAColor? = nil) throws(LogoMaskError) -> PixelPlane {
        let plane = PixelPlane(width: width, height: height)
        try plane.draw { (context: CairoContext) throws(LogoMaskError) in
            try draw(on: context, transform: transform, tint: tint)
        }
        return plane
    }

    private func draw(on context: CairoContext, transform: Transform, alpha: Double, limitingText: Bool) throws(LogoMaskError) {
        if let pictureRegion, let cap = pictureCap, context.visibleDeviceRect != nil {
            let scale = Self.scale(of: transform.concatenating(context.currentTransform))
            let first = firstScale ?? scale
            firstScale = first
            // Searches: a picture from a quarter of the cap (below it a vector draw costs less
            // than a sixteenth of the cap's). Others: past their first draw (a reveal growing
            // frame by frame), so each rung costs librsvg one draw, not one per frame.
            let usesPicture = pictureUse == .search ? scale > cap / 4 : scale > first * Self.pictureStep
            if usesPicture {
                let rung = FilterPicture.ladderScale(for: scale, cap: cap)
                try drawPicture(on: context, transform: transform, alpha: alpha, region: pictureRegion, scale: rung)
                return
            }
        }
        try drawVectors(on: context, transform: transform, alpha: alpha, limitingText: limitingText)
    }

    private func drawVectors(on context: CairoContext, transform: Transform, alpha: Double, limitingText: Bool) throws(LogoMaskError) {
        if limitingText, let fontSize = textFontSize, let visible = context.visibleDeviceRect, !visible.isEmpty {
            let toDevice = transform.concatenating(context.currentTransform)
            let scale = Self.scale(of: toDevice)
            if TextZoomLimit.isRisky(fontSize: fontSize, scale: scale) {
                let factor = TextZoomLimit.reduction(fontSize: fontSize, scale: scale)
                try drawThroughImage(on: context, toDevice: toDevice, visible: visible, factor: factor, alpha: alpha)
                return
            }
        }
        if crossings > 0 {
            // Cairo's time grows with the crossings and the rows they are spread over.
            let rows = transform.apply(to: inkBox).height.rounded(.up)
            let limit = PathCrossingEstimate.limit(rows: rows)
            if crossings > limit {
                throw LogoMaskError.pathTooComplex(file: name, crossings: crossings, limit: limit, pixelRows: Int(rows))
            }
        }
        // Cairo's own work (groups, compositing) is guarded as Cairo; the loaders' calls inside
        // name librsvg or poppler.
        try withLibraryCall(.cairo, .drawing, file: name) { () throws(LogoMaskError) in
            context.save()
            defer { context.restore() }
            let crop = try cropped(toDevice: transform.concatenating(context.currentTransform), on: context)
            if crop?.deviceSpace == true { context.setTransform(.identity) } else { context.concatenate(transform) }
            if alpha < 1 { context.pushGroup() }
            Self.countLibraryDraw(name)
            if let crop {
                try crop.document.render(on: context, element: nil, viewport: crop.viewport)
            } else if let svg {
                try svg.render(on: context, element: elementID, viewport: box)
            } else if let pdf {
                try pdf.render(page: page, on: context)
            }
            if alpha < 1 { context.popGroupAndPaint(alpha: alpha) }
        }
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: name, reason: reason) }
    }

    // MARK: - Filter pictures

    /// Draws up to this factor above the first draw's scale stay vectors (a render's strips, a
    /// reveal's first frames); past it they come from pictures.
    static let pictureStep = 1.5
    /// How many surfaces over shared pictures one drawing keeps.
    private static let cachedPictures = FilterPictureCache.capacity

    /// When a filtered logo is painted from a picture instead of librsvg.
    enum PictureUse {
        /// Past 1.5 times the first draw's scale (the default: a render's strips stay vectors).
        case pastFirstDraw
        /// Past a quarter of the picture scale, even on the first draw: searches that draw at
        /// scales of their own choosing, the cover search (its grids and its exact checks, so both
        /// read the same pixels) and the radial profile's grid.
        case search
    }

    /// When this drawing paints a filtered logo from a picture.
    var pictureUse = PictureUse.pastFirstDraw

    /// Whether draws past the first crop the text (``CroppedSVGSource``): something in it is
    /// drawn through an intermediate surface.
    var cropsItsText: Bool { cropSource != nil }

    /// True when a draw now paints what a new drawing's first draw would: the logo has no filter
    /// pictures, or this drawing has drawn nothing yet (later draws may paint from a picture).
    var drawsAsFirstDraw: Bool { pictureRegion == nil || firstScale == nil }

    /// Counts a draw at `transform` (document units to device pixels) that another drawing made
    /// for this one (a shared bitmap): later draws choose pictures as if this one had drawn it,
    /// so the frames after it do not depend on who drew it.
    func noteDrawn(transform: Transform) {
        if pictureRegion != nil, firstScale == nil { firstScale = Self.scale(of: transform) }
    }

    /// Test hook: how many times the drawings of a watched logo called librsvg or poppler.
    static let libraryDrawLog = WatchedLog(empty: 0)

    private static func countLibraryDraw(_ name: String) {
        libraryDrawLog.record(name) { $0 += 1 }
    }

    /// Paints the logo from its picture (drawn now if this is the first time it is needed).
    private func drawPicture(
        on context: CairoContext, transform: Transform, alpha: Double, region: Rect, scale: Double
    ) throws(LogoMaskError) {
        let picture: FilterPicture
        if let index = pictures.firstIndex(where: { $0.scale == scale }) {
            picture = pictures.remove(at: index)
        } else {
            let pixels = try pictureCache.pixels(scale: scale, name: name) { (scale) throws(LogoMaskError) in
                guard let blank = FilterPicture.blankPixels(region: region, scale: scale) else {
                    throw LogoMaskError.drawingFailed(file: name, reason: "a filter picture has no inverse transform")
                }
                let image = try CairoSurface.image(
                    wrapping: blank.pixels.bytes, layout: .argb32, width: blank.pixels.width,
                    height: blank.pixels.height, stride: blank.pixels.stride)
                try drawVectors(on: try CairoContext(image), transform: blank.toImage, alpha: 1, limitingText: true)
                image.flush()
                return blank.pixels
            }
            picture = try FilterPicture(pixels: pixels)
        }
        pictures.insert(picture, at: 0)
        if pictures.count > Self.cachedPictures { pictures.removeLast() }
        let placement = picture.toDocument.concatenating(transform).concatenating(context.currentTransform)
        try withLibraryCall(.cairo, .drawing, file: name) { () throws(LogoMaskError) in
            context.paintPicture(picture.image, placement: placement, alpha: alpha)
        }
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: name, reason: reason) }
    }

    // MARK: - Cropping

    /// How far a filter is assumed to reach, as a fraction of the document's larger side: a
    /// blur's 3 sigma or an offset of up to a tenth of the logo. The padding it gives is capped at
    /// ``maximumFilterPadding`` device pixels; past either bound, a filter near the edge of what
    /// shows may look different (it never makes the drawing fail).
    static let filterReachFraction = 0.1
    /// The most device pixels of padding kept for filters around the visible region.
    static let maximumFilterPadding = 512.0
    /// Device pixels always kept around the visible region (antialiasing, rounding).
    static let basePadding = 2.0
    /// How many parsed crops one drawing keeps.
    private static let cachedCrops = 4

    /// Test hook: false draws every SVG whole, as before cropping existed (to compare pixels).
    var allowsCropping = true

    /// Device pixels kept around what shows for the filters, set by a filtered render cut into
    /// strips (``FilteredStripCut``: the filters' measured reach): it replaces the tenth of the
    /// logo, and the document is cropped whenever the crop is smaller than the whole, since each
    /// of librsvg's filter surfaces then shrinks with it. Nil: the usual rule.
    var filterMargin: Double?

    /// Test hook: the largest toplevel viewport (device pixels, the largest width and height
    /// seen) the drawings of a watched logo handed to librsvg.
    static let viewportLog = WatchedLog(empty: Size(width: 0, height: 0))

    /// The cropped document and its viewport for a draw at `toDevice`, or nil to draw whole.
    /// `deviceSpace`: the document maps itself to device pixels (drawn with an identity matrix).
    private func cropped(
        toDevice: Transform, on context: CairoContext
    ) throws(LogoMaskError) -> (document: SVGDocument, viewport: Rect, deviceSpace: Bool)? {
        var chosen: (document: SVGDocument, viewport: Rect, deviceSpace: Bool)?
        if allowsCropping, let cropSource, let visible = context.visibleDeviceRect {
            let padding = Self.basePadding + (filterMargin ?? min(filterReach * Self.scale(of: toDevice), Self.maximumFilterPadding))
            if let crop = DrawingCrop.crop(
                document: box, toDevice: toDevice, visible: visible, padding: padding,
                minimumGain: filterMargin == nil ? DrawingCrop.minimumGain : 1) {
                chosen = (try document(for: crop, from: cropSource), crop.rect, crop.toDevice != nil)
            }
        }
        if Self.viewportLog.isWatching {
            let handed = chosen.map { $0.deviceSpace ? $0.viewport.size : toDevice.apply(to: $0.viewport).size }
                ?? toDevice.apply(to: box).size
            Self.viewportLog.record(name) { old in
                old = Size(width: max(old.width, handed.width), height: max(old.height, handed.height))
            }
        }
        return chosen
    }

    /// The parsed document for `crop`, from the cache or parsed now.
    private func document(for crop: DrawingCrop, from source: CroppedSVGSource) throws(LogoMaskError) -> SVGDocument {
        if let index = crops.firstIndex(where: { $0.crop == crop }) {
            let entry = crops.remove(at: index)
            crops.insert(entry, at: 0)
            return entry.document
        }
        let data = source.document(crop: crop.rect, documentSize: box.size, inside: crop.toDevice)
        let document = try SVGDocument(data: data, name: name, baseFile: baseFile, unlimited: unlimited)
        crops.insert((crop, document), at: 0)
        if crops.count > Self.cachedCrops { crops.removeLast() }
        return document
    }

    /// The larger of the lengths a unit vector along x or y gets under `t`.
    private static func scale(of t: Transform) -> Double {
        max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    }

    /// Draws `factor` times smaller into an image of the visible region and paints it scaled up
    /// (``TextZoomLimit``): text at a zoom FreeType refuses.
    private func drawThroughImage(
        on context: CairoContext, toDevice: Transform, visible: Rect, factor: Double, alpha: Double
    ) throws(LogoMaskError) {
        let x0 = visible.minX.rounded(.down), y0 = visible.minY.rounded(.down)
        // One pixel more on each side than the region, so the bilinear upscale has neighbours.
        let width = Int(((visible.maxX.rounded(.up) - x0) * factor).rounded(.up)) + 2
        let height = Int(((visible.maxY.rounded(.up) - y0) * factor).rounded(.up)) + 2
        let toImage = Transform.translation(x: -x0, y: -y0).concatenating(.scale(factor)).concatenating(.translation(x: 1, y: 1))
        guard let fromImage = toImage.inverted else { return }
        let image = try CairoSurface.image(layout: .argb32, width: width, height: height)
        let small = try CairoContext(image)
        try drawVectors(on: small, transform: toDevice.concatenating(toImage), alpha: 1, limitingText: false)
        image.flush()
        try withLibraryCall(.cairo, .drawing, file: name) { () throws(LogoMaskError) in
            context.paintImage(image, placement: fromImage, filter: .bilinear, alpha: alpha, padEdges: false)
        }
        if let reason = context.failure { throw LogoMaskError.drawingFailed(file: name, reason: reason) }
    }
}
