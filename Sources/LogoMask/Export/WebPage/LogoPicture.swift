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
    init(
        logo: VectorLogo, pixelsPerUnit wanted: Double, maxPixels: Int, tint: RGBAColor?, black: Bool
    ) throws(LogoMaskError) {
        let ink = logo.inkBounds
        guard !ink.isEmpty, wanted.isFinite, wanted > 0 else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        // A filtered logo: at most its picture scale (memory; ``FilterPicture``).
        var k = FilterPicture.exportPixelsPerUnit(of: logo, wanted: wanted)
        // One unit of margin in pixels keeps the antialiased edge inside the picture.
        func size(_ k: Double) -> (Int, Int) {
            (Int((ink.width * k).rounded(.up)) + 2, Int((ink.height * k).rounded(.up)) + 2)
        }
        var (w, h) = size(k)
        let budget = max(16, maxPixels)
        while w * h > budget, k > 1e-6 {
            k *= (Double(budget) / Double(w * h)).squareRoot() * 0.999
            (w, h) = size(k)
        }
        let origin = Point(x: ink.minX - 1 / k, y: ink.minY - 1 / k)
        rect = Rect(x: origin.x, y: origin.y, width: Double(w) / k, height: Double(h) / k)
        pixelsPerUnit = k
        let plane = PixelPlane(width: w, height: h)
        let drawing = try logo.makeDrawing()
        let transform = Transform.translation(x: -origin.x, y: -origin.y).concatenating(.scale(k))
        try plane.draw { (context: CairoContext) throws(LogoMaskError) in
            if let tint {
                context.pushGroup()
                try drawing.draw(on: context, transform: transform)
                context.paint(color: tint, operator: .in)
                context.popGroupAndPaint()
            } else {
                try drawing.draw(on: context, transform: transform)
            }
        }
        if black {
            for i in 0..<(w * h) { plane.pixels[i] &= 0xFF00_0000 }
        }
        png = try EmbeddedPNG(plane: plane)
    }

    /// An SVG `<image>` of the picture over its rect, in document units.
    var element: String {
        "<image x=\"\(formatNumber(rect.x))\" y=\"\(formatNumber(rect.y))\" width=\"\(formatNumber(rect.width))\" height=\"\(formatNumber(rect.height))\" preserveAspectRatio=\"none\" href=\"\(png.dataURL)\"/>"
    }
}
