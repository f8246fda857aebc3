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
    static func cropped(_ outline: LogoOutline) throws(LogoMaskError) -> LogoOutline {
        guard !outline.pictures.isEmpty else { return outline }
        var copy = outline
        copy.pictures = []
        for picture in outline.pictures {
            if let cut = try cropped(picture) { copy.pictures.append(cut) }
        }
        return copy
    }

    /// One picture cut to its painted pixels; nil when it paints nothing.
    static func cropped(_ picture: LogoOutline.Picture) throws(LogoMaskError) -> LogoOutline.Picture? {
        let image = try RasterImage(pngBytes: picture.png, name: "a filter picture")
        guard image.format == .premultipliedARGB, image.width == picture.width, image.height == picture.height else {
            return picture
        }
        guard let ink = InkProbe.inkedBox(image) else { return nil }
        let x0 = max(0, ink.x0 - 1), y0 = max(0, ink.y0 - 1)
        let x1 = min(image.width - 1, ink.x1), y1 = min(image.height - 1, ink.y1)
        if x0 == 0, y0 == 0, x1 == image.width - 1, y1 == image.height - 1 { return picture }
        let width = x1 - x0 + 1, height = y1 - y0 + 1
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let from = (y0 + y) * image.stride + 4 * x0
            bytes.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: image.bytes[from..<from + width * 4])
        }
        let cut = RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes)
        var result = picture
        result.png = try cut.pngData()
        result.width = width
        result.height = height
        result.toDocument = Transform.translation(x: Double(x0), y: Double(y0)).concatenating(picture.toDocument)
        return result
    }
}
