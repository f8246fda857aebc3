import FoundationEssentials
import MaskGeometry

/// Joins consecutive filter pictures that the code would draw one right after the other, the
/// same way, into one picture: kiten's 109 glyph shadows sit at 3 places among its shapes, and
/// one file each would weigh six times the whole logo's picture. Drawing them one over the other
/// (premultiplied source-over, which is associative) before the app does is exact when nothing
/// is drawn between them, they lie on one pixel grid, in the same groups and clips, at the same
/// opacity, and either opaque or not overlapping (an opacity below 1 applies to each picture
/// separately where two overlap).
enum FilterPictureMerge {
    /// `pictures` (cut, in paint order) with each run of consecutive pictures that join
    /// (``joins(_:_:carriesGroups:)``) composited into as few as their overlaps allow.
    /// `carriesGroups`: the code composites the pictures' translucent groups (their opacities
    /// inside them are what the code draws).
    static func merged(_ pictures: [LogoOutline.Picture], carriesGroups: Bool) throws(LogoMaskError) -> [LogoOutline.Picture] {
        var result: [LogoOutline.Picture] = []
        var run: [LogoOutline.Picture] = []
        for picture in pictures {
            if let last = run.last, !joins(last, picture, carriesGroups: carriesGroups) {
                result += try composited(run, opaque: opacity(run[0], carriesGroups) == 1)
                run = []
            }
            run.append(picture)
        }
        if let first = run.first { result += try composited(run, opaque: opacity(first, carriesGroups) == 1) }
        return result
    }

    /// The opacity the code draws `picture` at.
    private static func opacity(_ picture: LogoOutline.Picture, _ carriesGroups: Bool) -> Double {
        carriesGroups ? picture.opacityInsideGroups : picture.opacity
    }

    /// True when `b` can be drawn into `a`'s picture: at the same place among the shapes, in the
    /// same groups and clips, at the same opacity, on the same pixel grid (whole pixels apart).
    static func joins(_ a: LogoOutline.Picture, _ b: LogoOutline.Picture, carriesGroups: Bool) -> Bool {
        let s = a.toDocument, t = b.toDocument
        guard a.position == b.position, a.groups == b.groups, a.clips == b.clips,
              opacity(a, carriesGroups) == opacity(b, carriesGroups),
              s.b == 0, s.c == 0, t.b == 0, t.c == 0, s.a > 0, s.d > 0, s.a == t.a, s.d == t.d
        else { return false }
        let dx = (t.tx - s.tx) / s.a, dy = (t.ty - s.ty) / s.d
        return abs(dx - dx.rounded()) <= 1e-6 && abs(dy - dy.rounded()) <= 1e-6
    }

    /// One decoded picture of a run, placed in whole pixels from the run's first.
    private struct Placed {
        var image: RasterImage
        var x: Int
        var y: Int

        /// True when some pixel is painted in both (alpha above 0).
        func overlaps(_ other: Placed) -> Bool {
            let x0 = max(x, other.x), y0 = max(y, other.y)
            let x1 = min(x + image.width, other.x + other.image.width), y1 = min(y + image.height, other.y + other.image.height)
            guard x0 < x1, y0 < y1 else { return false }
            for py in y0..<y1 {
                for px in x0..<x1 where image.bytes[(py - y) * image.stride + 4 * (px - x) + 3] > 0
                    && other.image.bytes[(py - other.y) * other.image.stride + 4 * (px - other.x) + 3] > 0 {
                    return true
                }
            }
            return false
        }
    }

    /// The run drawn into pictures over the union of their boxes: all in one when `opaque`, else
    /// a new one wherever a picture overlaps one already in the current one.
    private static func composited(_ run: [LogoOutline.Picture], opaque: Bool) throws(LogoMaskError) -> [LogoOutline.Picture] {
        guard let first = run.first, run.count > 1 else { return run }
        let t0 = first.toDocument
        var placed: [Placed] = []
        for picture in run {
            let image = try RasterImage(pngBytes: picture.png, name: "a filter picture")
            guard image.format == .premultipliedARGB, image.width == picture.width, image.height == picture.height else { return run }
            placed.append(Placed(
                image: image, x: Int(((picture.toDocument.tx - t0.tx) / t0.a).rounded()),
                y: Int(((picture.toDocument.ty - t0.ty) / t0.d).rounded())))
        }
        var result: [LogoOutline.Picture] = []
        var group: [Placed] = []
        for item in placed {
            if !opaque, group.contains(where: { $0.overlaps(item) }) {
                result.append(try drawn(group, like: first))
                group = []
            }
            group.append(item)
        }
        result.append(try drawn(group, like: first))
        return result
    }

    /// `group` drawn in order into one picture over the union of its boxes, placed as `first`'s grid.
    private static func drawn(_ group: [Placed], like first: LogoOutline.Picture) throws(LogoMaskError) -> LogoOutline.Picture {
        let minX = group.map(\.x).min() ?? 0, minY = group.map(\.y).min() ?? 0
        let maxX = group.map { $0.x + $0.image.width }.max() ?? 0, maxY = group.map { $0.y + $0.image.height }.max() ?? 0
        let width = maxX - minX, height = maxY - minY
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for item in group {
            let image = item.image
            for y in 0..<image.height {
                let from = y * image.stride
                let to = ((item.y - minY + y) * width + item.x - minX) * 4
                for x in 0..<image.width {
                    // Native-endian 0xAARRGGBB on a little-endian machine: alpha is the fourth byte.
                    let s = from + 4 * x, d = to + 4 * x
                    let keep = 255 - Int(image.bytes[s + 3])
                    for c in 0..<4 {
                        bytes[d + c] = UInt8(min(255, Int(image.bytes[s + c]) + (Int(bytes[d + c]) * keep + 127) / 255))
                    }
                }
            }
        }
        var result = first
        result.png = try RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes).pngData()
        result.width = width
        result.height = height
        result.toDocument = Transform.translation(x: Double(minX), y: Double(minY)).concatenating(first.toDocument)
        return result
    }
}
