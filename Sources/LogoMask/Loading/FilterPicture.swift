import MaskGeometry

/// A picture of a logo with filter effects, drawn once by librsvg at a bounded scale and kept by
/// its ``LogoDrawing`` to be painted (bilinear) at any larger scale.
///
/// librsvg computes a filter over the whole region it draws at the draw's own resolution, so a
/// blur drawn dozens of times at 60x (the cover search, reveal frames) cost a minute. Past
/// ``LogoDrawing`` 's picture scale the logo is painted from this picture instead: the filter
/// is computed once. The cost is in the look: past that scale the logo's sharp edges are
/// interpolated from the picture (soft over about one picture pixel, magnified), not drawn.
struct FilterPicture {
    /// The picture, premultiplied ARGB32, with a one-pixel transparent border.
    let image: CairoSurface
    /// Maps the picture's pixels to document units.
    let toDocument: Transform
    /// Document units to picture pixels.
    let scale: Double

    /// The longer side, in pixels, of the region a picture covers (the ink box and what a filter
    /// may reach around it). 16 MiB of ARGB32.
    static let longerSide = 2048.0

    /// The region of the document a picture covers: the ink box grown by `reach` on every side.
    static func region(inkBox: Rect, reach: Double) -> Rect {
        Rect(x: inkBox.minX - reach, y: inkBox.minY - reach,
             width: inkBox.width + 2 * reach, height: inkBox.height + 2 * reach)
    }

    /// The scale at which `region`'s longer side is ``longerSide`` pixels.
    static func scale(for region: Rect) -> Double {
        longerSide / max(region.width, region.height, .leastNonzeroMagnitude)
    }

    /// An empty picture of `region` at `scale`, and the transform from document units to it.
    static func canvas(region: Rect, scale: Double) throws(LogoMaskError) -> (picture: FilterPicture, toImage: Transform)? {
        let width = Int((region.width * scale).rounded(.up)) + 2
        let height = Int((region.height * scale).rounded(.up)) + 2
        let toImage = Transform.translation(x: -region.minX, y: -region.minY)
            .concatenating(.scale(scale)).concatenating(.translation(x: 1, y: 1))
        guard let toDocument = toImage.inverted else { return nil }
        let image = try CairoSurface.image(layout: .argb32, width: width, height: height)
        return (FilterPicture(image: image, toDocument: toDocument, scale: scale), toImage)
    }
}
