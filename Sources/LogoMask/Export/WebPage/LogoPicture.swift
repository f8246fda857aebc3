import FoundationEssentials
import MaskGeometry

/// The logo drawn by the library into a picture, for an exported page whose logo its outline
/// cannot carry (filters, embedded images, gradients, masks): the ink box at a given number of
/// pixels per document unit, capped at a pixel budget, placed back in document units.
struct LogoPicture {
    /// The picture.
    let png: EmbeddedPNG
    /// The rect, in document units, the picture covers.
    let rect: Rect
    /// Pixels per document unit the picture was drawn at (after the cap).
    let pixelsPerUnit: Double

    /// Draws `logo`'s ink at `pixelsPerUnit` (fewer when the picture would pass `maxPixels`),
    /// in `tint` when given, in black (alpha kept: a hole for a luminance mask) when `black`.
    ///
    /// `compression` codes the PNG (the fastest by default: a page is written per run).
    ///
    /// With `aligned` (frame 0's transform from document units to device pixels, axis-aligned),
    /// the picture is drawn at that transform on its pixel grid over what the launch screen
    /// shows (``LottiePictureLadder/region(of:)``), so a browser showing it 1:1 paints the
    /// frames' pixels; it falls back to the ink box at `pixelsPerUnit` past the budget.
    init(
        logo: VectorLogo, pixelsPerUnit wanted: Double, maxPixels: Int, tint: RGBAColor?, black: Bool, aligned: Transform? = nil,
        compression: PNGCompression = .fast
    ) throws(LogoMaskError) {
        let ink = logo.inkBounds
        guard !ink.isEmpty, wanted.isFinite, wanted > 0 else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        let budget = max(16, maxPixels)
        var w = 0, h = 0
        var transform = Transform.identity
        var covered = Rect.null, k = 0.0
        if let t = aligned, let grid = LottiePictureLadder.pixelGrid(of: LottiePictureLadder.region(of: logo), under: t) {
            let (x0, y0) = (grid.x0, grid.y0)
            (w, h) = (grid.width, grid.height)
            transform = t.concatenating(.translation(x: -x0, y: -y0))
            covered = Rect(x: (x0 - t.tx) / t.a, y: (y0 - t.ty) / t.d, width: Double(w) / t.a, height: Double(h) / t.d)
            k = t.a
        }
        if w == 0 || w * h > budget {
            // A filtered logo: at most its picture scale (memory; ``FilterPicture``).
            k = FilterPicture.exportPixelsPerUnit(of: logo, wanted: wanted)
            // One unit of margin in pixels keeps the antialiased edge inside the picture.
            func size(_ k: Double) -> (Int, Int) {
                (Int((ink.width * k).rounded(.up)) + 2, Int((ink.height * k).rounded(.up)) + 2)
            }
            (w, h) = size(k)
            while w * h > budget, k > 1e-6 {
                k *= (Double(budget) / Double(w * h)).squareRoot() * 0.999
                (w, h) = size(k)
            }
            let origin = Point(x: ink.minX - 1 / k, y: ink.minY - 1 / k)
            covered = Rect(x: origin.x, y: origin.y, width: Double(w) / k, height: Double(h) / k)
            transform = Transform.translation(x: -origin.x, y: -origin.y).concatenating(.scale(k))
        }
        rect = covered
        pixelsPerUnit = k
        // The page's drawn logo and its hole (the same pixels, blackened) share one drawing, up
        // to ``sharedPixels`` (the memo keeps it for the run; larger ones are drawn each time).
        let key = LogoBitmapKey(width: w, height: h, transform: ExactNumbers(transform), tint: tint)
        Self.drawLog.record(logo.name) { $0.asked += 1 }
        var plane: PixelPlane
        if w * h <= Self.sharedPixels {
            plane = try logo.pictureBitmaps.value(key) { () throws(LogoMaskError) -> PixelPlane in
                try Self.draw(logo, width: w, height: h, transform: transform, tint: tint)
            }
            if black {
                // The shared pixels stay as drawn: the hole's copy is made black as it is copied.
                let copy = PixelPlane(width: w, height: h)
                for i in 0..<(w * h) { copy.pixels[i] = plane.pixels[i] & 0xFF00_0000 }
                plane = copy
            }
        } else {
            plane = try Self.draw(logo, width: w, height: h, transform: transform, tint: tint)
            if black {
                for i in 0..<(w * h) { plane.pixels[i] &= 0xFF00_0000 }
            }
        }
        png = try EmbeddedPNG(plane: plane, compression: compression)
    }

    /// The largest picture whose drawing is kept for the run's other outputs (16 MiB of pixels):
    /// the page's at a phone's density; past it a page's picture (up to its pixel budget) would
    /// hold memory to the run's end.
    static let sharedPixels = 4_194_304

    /// `logo` drawn by `transform` into a `width` x `height` plane, in `tint` when given.
    private static func draw(
        _ logo: VectorLogo, width: Int, height: Int, transform: Transform, tint: RGBAColor?
    ) throws(LogoMaskError) -> PixelPlane {
        drawLog.record(logo.name) { $0.made += 1 }
        return try logo.makeDrawing().plane(width: width, height: height, transform: transform, tint: tint)
    }

    /// Test hook: how many pictures of a watched logo were asked for and drawn (a drawing already
    /// made for the same size, transform and tint is shared: ``VectorLogo/pictureBitmaps``).
    static let drawLog = WatchedLog(empty: MemoTally())

    /// An SVG `<image>` of the picture over its rect, in document units.
    var element: String { element(id: nil) }

    /// The same with an element id or class (and opacity 0 when `hidden`).
    func element(id: String?, className: String? = nil, hidden: Bool = false) -> String {
        "<image" + (id.map { " id=\"\($0)\"" } ?? "") + (className.map { " class=\"\($0)\"" } ?? "")
            + (hidden ? " style=\"opacity:0\"" : "") + " x=\"\(formatNumber(rect.x))\" y=\"\(formatNumber(rect.y))\" width=\"\(formatNumber(rect.width))\" height=\"\(formatNumber(rect.height))\" preserveAspectRatio=\"none\" href=\"\(png.dataURL)\"/>"
    }
}
