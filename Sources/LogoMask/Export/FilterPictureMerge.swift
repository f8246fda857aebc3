import FoundationEssentials
import MaskGeometry

/// Joins consecutive filter pictures that the code would draw one right after the other into one
/// picture: kiten's 109 glyph shadows sit at 3 places among its shapes, and one file each would
/// weigh several times the whole logo's picture. Each picture's opacity is first multiplied into
/// its premultiplied pixels (drawing a picture at an opacity is drawing those pixels opaque), then
/// the pictures are drawn one over the other (premultiplied source-over, associative) before the
/// app does: exact, to the 8-bit rounding of those pixels, when nothing is drawn between them and
/// they lie on one pixel grid, in the same groups and clips.
enum FilterPictureMerge {
    /// `pictures` (in paint order) with each run of consecutive pictures that join
    /// (``joins(_:_:)``) composited into one. `carriesGroups`: the code composites the pictures'
    /// translucent groups, so it draws each at its opacity inside them.
    static func merged(_ pictures: [LogoOutline.Picture], carriesGroups: Bool) throws(LogoMaskError) -> [LogoOutline.Picture] {
        var result: [LogoOutline.Picture] = []
        var run: [LogoOutline.Picture] = []
        for picture in pictures {
            if let last = run.last, !joins(last, picture) {
                result.append(try composited(run, carriesGroups: carriesGroups))
                run = []
            }
            run.append(picture)
        }
        if !run.isEmpty { result.append(try composited(run, carriesGroups: carriesGroups)) }
        return result
    }

    /// True when `b` can be drawn into `a`'s picture: at the same place among the shapes, in the
    /// same groups and clips, on the same pixel grid (whole pixels apart).
    static func joins(_ a: LogoOutline.Picture, _ b: LogoOutline.Picture) -> Bool {
        let s = a.toDocument, t = b.toDocument
        guard a.position == b.position, a.groups == b.groups, a.clips == b.clips,
              s.b == 0, s.c == 0, t.b == 0, t.c == 0, s.a > 0, s.d > 0, s.a == t.a, s.d == t.d
        else { return false }
        let dx = (t.tx - s.tx) / s.a, dy = (t.ty - s.ty) / s.d
        return abs(dx - dx.rounded()) <= 1e-6 && abs(dy - dy.rounded()) <= 1e-6
    }

    /// The run drawn into one picture over the union of its boxes, each at the opacity the code
    /// would draw it at; the result is drawn opaque (inside the groups, when the code carries them).
    private static func composited(_ run: [LogoOutline.Picture], carriesGroups: Bool) throws(LogoMaskError) -> LogoOutline.Picture {
        guard let first = run.first, run.count > 1 else { return run[0] }
        let t0 = first.toDocument
        var images: [(image: RasterImage, x: Int, y: Int, opacity: Double)] = []
        for picture in run {
            let image = try RasterImage(pngBytes: picture.png, name: "a filter picture")
            // Not Cairo's premultiplied pixels as expected: left as it is, the run cannot be joined.
            guard image.format == .premultipliedARGB, image.width == picture.width, image.height == picture.height else { return first }
            images.append((
                image, Int(((picture.toDocument.tx - t0.tx) / t0.a).rounded()), Int(((picture.toDocument.ty - t0.ty) / t0.d).rounded()),
                carriesGroups ? picture.opacityInsideGroups : picture.opacity))
        }
        let minX = images.map(\.x).min() ?? 0, minY = images.map(\.y).min() ?? 0
        let maxX = images.map { $0.x + $0.image.width }.max() ?? 0, maxY = images.map { $0.y + $0.image.height }.max() ?? 0
        let width = maxX - minX, height = maxY - minY
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for item in images {
            let image = item.image
            let scale = Int((min(1, max(0, item.opacity)) * 65536).rounded())
            for y in 0..<image.height {
                let from = y * image.stride
                let to = ((item.y - minY + y) * width + item.x - minX) * 4
                for x in 0..<image.width {
                    // Native-endian 0xAARRGGBB on a little-endian machine: alpha is the fourth byte.
                    let s = from + 4 * x, d = to + 4 * x
                    let alpha = (Int(image.bytes[s + 3]) * scale + 32768) >> 16
                    guard alpha > 0 else { continue }
                    let keep = 255 - alpha
                    for c in 0..<4 {
                        let source = c == 3 ? alpha : (Int(image.bytes[s + c]) * scale + 32768) >> 16
                        bytes[d + c] = UInt8(min(255, source + (Int(bytes[d + c]) * keep + 127) / 255))
                    }
                }
            }
        }
        var result = first
        result.png = try RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes).pngData()
        result.width = width
        result.height = height
        result.toDocument = Transform.translation(x: Double(minX), y: Double(minY)).concatenating(t0)
        // Drawn opaque: inside its groups when the code composites them (their opacity still applies).
        result.opacity = carriesGroups ? first.groups.reduce(1.0) { $0 * $1.opacity } : 1
        return result
    }
}
