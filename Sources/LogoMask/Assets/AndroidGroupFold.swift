import FoundationEssentials
import MaskGeometry

/// Whether a vector drawable draws a logo's translucent groups (``LogoOutline/OpacityGroup``) as
/// the logo does. A `VectorDrawable` has no group alpha: each path is drawn at its own
/// `fillAlpha` / `strokeAlpha`, which ``AndroidVectorDrawable`` writes as the shape's opacity
/// times its groups' (``LogoOutline/Shape/paint``). Drawing a group as one picture at its opacity
/// and drawing each of its shapes at that opacity give the same pixels wherever the shapes do not
/// cover one another: folding the opacity into the shapes is then exact.
///
/// Decided by geometry: each shape of a group is drawn alone (its path, pen and clips, opaque) by
/// librsvg over the group's box at the densest scale Android draws the splash icon (xxxhdpi,
/// ``pixelsPerDp``). Where two shapes cover a pixel by `a` and `b`, the group composited draws
/// `o(a + b - ab)` and the folded shapes `oa + ob - o²ab` (`o` the group's opacity): they differ by
/// `o(1 - o)ab`, at most `ab / 4`. Two shapes overlap where `ab` passes ``overlapCoverage``:
/// abutting shapes share anti-aliased edge pixels (`a + b` at most 1, so `ab` at most a quarter)
/// and fold, within 22 of 255 of the group, under the hand-off's tolerance of 24.
enum AndroidGroupFold {
    /// Pixels a dp the shapes are compared at: xxxhdpi, the densest Android draws the icon at.
    static let pixelsPerDp = 4.0
    /// The product of two shapes' coverages of a pixel (each 0...1) above which they overlap.
    static let overlapCoverage = 0.35

    /// True when `outline` (placed on the drawable's `canvas` dp square) is inexact only by group
    /// opacity it carries, and no two shapes of any translucent group overlap: each group's
    /// opacity folded into its shapes' alpha draws it exactly.
    static func folds(_ outline: LogoOutline, canvas: Double) throws(LogoMaskError) -> Bool {
        guard outline.inexactReasons == [.groupOpacity], outline.carriesGroupOpacity else { return false }
        // Each group's members, by id (a nested group's shapes are members of both).
        var members: [Int: [Int]] = [:]
        for (index, shape) in outline.shapes.enumerated() where !shape.path.isEmpty {
            for group in shape.groups { members[group.id, default: []].append(index) }
        }
        let whole = PixelBox(x0: 0, y0: 0, x1: Int((canvas * pixelsPerDp).rounded(.up)), y1: Int((canvas * pixelsPerDp).rounded(.up)))
        for id in members.keys.sorted() {
            let shapes = members[id] ?? []
            guard shapes.count > 1 else { continue }
            // The group's box in pixels: what its shapes can paint.
            var box = Rect.null
            for i in shapes { box = box.union(reach(of: outline.shapes[i])) }
            let pixels = PixelBox(
                x0: max(whole.x0, Int((box.minX * pixelsPerDp).rounded(.down))), y0: max(whole.y0, Int((box.minY * pixelsPerDp).rounded(.down))),
                x1: min(whole.x1, Int((box.maxX * pixelsPerDp).rounded(.up))), y1: min(whole.y1, Int((box.maxY * pixelsPerDp).rounded(.up))))
            guard pixels.x1 > pixels.x0, pixels.y1 > pixels.y0 else { continue }
            // The most any earlier shape covers each pixel: a shape overlaps some earlier one
            // exactly where its coverage times that maximum passes the limit (the pairwise test,
            // in one buffer whatever the number of shapes).
            let width = pixels.x1 - pixels.x0
            var most = [UInt8](repeating: 0, count: width * (pixels.y1 - pixels.y0))
            for i in shapes {
                guard let next = try coverage(of: outline.shapes[i], size: outline.documentSize, over: pixels) else { continue }
                if overlaps(next, most: &most, width: width) { return false }
            }
        }
        return true
    }

    /// What a shape can paint, in dp: its path's box grown by its pen (past a miter join, up to
    /// the miter limit) and a unit.
    private static func reach(of shape: LogoOutline.Shape) -> Rect {
        guard let pen = shape.stroke else { return shape.path.bounds.insetBy(dx: -1, dy: -1) }
        let half = (pen.documentWidth ?? pen.meanDocumentWidth) / 2 * (pen.join == .miter ? max(1, pen.miterLimit) : 1)
        return shape.path.bounds.insetBy(dx: -half - 1, dy: -half - 1)
    }

    /// `shape` drawn alone and opaque over `pixels` (at ``pixelsPerDp``; coverage only), and the
    /// box of its inked pixels; nil when it inks nothing there.
    private static func coverage(
        of shape: LogoOutline.Shape, size: Size, over pixels: PixelBox
    ) throws(LogoMaskError) -> (image: RasterImage, box: PixelBox)? {
        var alone = shape
        alone.paint = .flat(color: .black, opacity: 1)
        alone.groups = []
        let placed = LogoOutline(shapes: [alone], documentSize: size)
            .mapped(by: Transform.scale(pixelsPerDp).concatenating(.translation(x: -Double(pixels.x0), y: -Double(pixels.y0))))
        let width = pixels.x1 - pixels.x0, height = pixels.y1 - pixels.y0
        let markup = SVGLogoMarkup(outline: placed, prefix: "c")
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"><defs>"
            + markup.clipDefinitions + "</defs>" + markup.shapes(paint: .black) + "</svg>"
        let logo = try VectorLogo(data: Data(svg.utf8), name: "a translucent group's shape")
        let image = try Rasterizer.image(of: logo, width: width, height: height, transform: .identity, coverageOnly: true)
        return InkProbe.inkedBox(image).map { (image, $0) }
    }

    /// True when the product of `shape`'s coverage and `most`'s passes ``overlapCoverage`` at some
    /// pixel; otherwise `most` takes `shape`'s coverage where it is larger.
    private static func overlaps(_ shape: (image: RasterImage, box: PixelBox), most: inout [UInt8], width: Int) -> Bool {
        let limit = Int((overlapCoverage * 255 * 255).rounded())
        let box = shape.box, image = shape.image
        for y in box.y0..<box.y1 {
            let row = y * image.stride, mostRow = y * width
            for x in box.x0..<box.x1 {
                let covered = image.bytes[row + x]
                if Int(covered) * Int(most[mostRow + x]) > limit { return true }
                if covered > most[mostRow + x] { most[mostRow + x] = covered }
            }
        }
        return false
    }
}
