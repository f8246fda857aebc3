import FoundationEssentials
import MaskGeometry

/// An outline's filter pictures (``LogoOutline/pictures``) cut to the pixels they paint, for the
/// exports that embed them. Cairo writes each filter result page-sized, mostly transparent (kiten's
/// 109 shadows each cover its whole page): cut, a Lottie's or a page's pictures weigh and cost
/// players what they paint.
enum FilterPictureCrop {
    /// `outline` with each picture cut to its painted pixels (a one-pixel transparent border kept,
    /// so a magnified edge fades as the uncut picture's does) and re-encoded by the library's PNG
    /// writer; pictures that paint nothing are dropped.
    static func cropped(_ outline: LogoOutline, of logo: VectorLogo) throws(LogoMaskError) -> LogoOutline {
        guard !outline.pictures.isEmpty else { return outline }
        var copy = outline
        copy.pictures = []
        for picture in outline.pictures {
            if let cut = try cropped(picture, of: logo) { copy.pictures.append(cut) }
        }
        return copy
    }

    /// One picture of `logo` cut to its painted pixels; nil when it paints nothing. A picture
    /// cut before for another export is not decoded and encoded again (``VectorLogo/pictureCuts``:
    /// kiten's `generate` cut 768 distinct pictures 2,187 times).
    static func cropped(_ picture: LogoOutline.Picture, of logo: VectorLogo) throws(LogoMaskError) -> LogoOutline.Picture? {
        cutLog.record(logo.name) { $0.asked += 1 }
        let cut = try logo.pictureCuts.value(picture.png) { () throws(LogoMaskError) -> Cut in
            cutLog.record(logo.name) { $0.made += 1 }
            return try self.cut(picture)
        }
        switch cut {
        case .nothing:
            return nil
        case .whole:
            return picture
        case let .part(png, x0, y0, width, height):
            var result = picture
            result.png = png
            result.width = width
            result.height = height
            result.toDocument = Transform.translation(x: Double(x0), y: Double(y0)).concatenating(picture.toDocument)
            return result
        }
    }

    /// Test hook: how many pictures of a watched logo were cut, and how many of those were
    /// decoded and encoded (the rest were cut before: ``VectorLogo/pictureCuts``).
    static let cutLog = WatchedLog(empty: MemoTally())

    /// What cutting a picture's PNG gives, whatever its place in the document.
    enum Cut: Sendable {
        /// It paints nothing.
        case nothing
        /// It is kept as it is (its paint reaches its edges, or it is not one the cut reads).
        case whole
        /// Its pixels from (`x0`, `y0`), `width` x `height`, as a PNG.
        case part(png: [UInt8], x0: Int, y0: Int, width: Int, height: Int)
    }

    private static func cut(_ picture: LogoOutline.Picture) throws(LogoMaskError) -> Cut {
        let image = try RasterImage(pngBytes: picture.png, name: "a filter picture")
        guard image.format == .premultipliedARGB, image.width == picture.width, image.height == picture.height else {
            return .whole
        }
        guard let ink = InkProbe.inkedBox(image) else { return .nothing }
        let x0 = max(0, ink.x0 - 1), y0 = max(0, ink.y0 - 1)
        let x1 = min(image.width - 1, ink.x1), y1 = min(image.height - 1, ink.y1)
        if x0 == 0, y0 == 0, x1 == image.width - 1, y1 == image.height - 1 { return .whole }
        let width = x1 - x0 + 1, height = y1 - y0 + 1
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let from = (y0 + y) * image.stride + 4 * x0
            bytes.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: image.bytes[from..<from + width * 4])
        }
        let cut = RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes)
        return .part(png: try cut.pngData(), x0: x0, y0: y0, width: width, height: height)
    }
}
