import FoundationEssentials
import MaskGeometry

/// Where a render of a logo paints, measured on a small coverage picture of it: the box a
/// large render is clipped to (``Rasterizer``), so that what librsvg computes for a group with
/// opacity or a mask is computed over the logo, not over the whole image.
///
/// librsvg sizes each such group's surface as the region it is asked to draw, then clears and
/// composites all of it, once per strip: a 4096-px Tango icon with eight translucent groups
/// clears and composites eight 64 MiB images. Its own ink rectangle cannot bound the drawing:
/// simple-icons' mattermost paints to x = 24 where it says 23.41 (0.6 unit short: 15 pixels at
/// 256 px wide), hubspot 0.6 unit past its left edge. So the box comes from pixels: the probe
/// is drawn with librsvg as the render is, and grown by two of its pixels.
enum InkProbe {
    /// Pixels on the probe's longer side.
    static let side = 256
    /// Probe pixels the measured box is grown by on each side: one for a shape whose coverage of
    /// its edge pixel rounds to zero, one for antialiasing at the render's scale.
    static let grownBy = 2.0

    /// The pixels of a `width` x `height` render of `logo` under `transform` (document units to
    /// pixels, a scale) that the render may paint, for a logo that librsvg draws through
    /// intermediate surfaces; nil when that is not worth a probe (no such surfaces, a filter
    /// (it paints past the ink), a PDF, or a render not much larger than the probe) or nothing
    /// shows in it.
    static func paintedBox(
        of logo: VectorLogo, width: Int, height: Int, transform: Transform, side: Int = side
    ) -> PixelBox? {
        paintedArea(of: logo, width: width, height: height, transform: transform, side: side)?.box
    }

    /// The same box, with the probe's ink row by row (``PaintedArea``), by which the render's
    /// strips are handed out heaviest first.
    static func paintedArea(
        of logo: VectorLogo, width: Int, height: Int, transform: Transform, side: Int = side
    ) -> PaintedArea? {
        let document = logo.documentBox
        let longer = max(document.width, document.height)
        guard logo.format == .svg, !logo.usesFilterEffects, longer > 0,
              DrawingCrop.mayUseIntermediateSurfaces(logo.source) else { return nil }
        let probeScale = Double(side) / longer
        // Below four times the probe's size, the probe's parse and draw cost what the clip saves.
        guard 4 * probeScale <= transform.a, transform.b == 0, transform.c == 0 else { return nil }
        guard let probe = try? picture(of: logo, over: document, side: side),
              let found = inkedRect(probe.picture, over: document, pixel: probe.pixel) else { return nil }
        let grown = grownBy * probe.pixel
        let ink = Rect(x: found.minX - grown, y: found.minY - grown, width: found.width + 2 * grown, height: found.height + 2 * grown)
        guard let box = PixelBox.covering(ink, under: transform, width: width, height: height) else { return nil }
        return PaintedArea(
            box: box, rowInk: rowInk(probe.picture),
            firstRowY: transform.d * document.minY + transform.ty, rowHeight: transform.d * probe.pixel)
    }

    /// Where `logo` paints inside `rect` (document units), read on a coverage picture of `rect`
    /// `side` pixels on its longer side: the inked pixels' box in document units (nil when no
    /// pixel is inked) and one pixel's size. Throws when the logo cannot be drawn.
    static func inkedRect(of logo: VectorLogo, over rect: Rect, side: Int = side) throws(LogoMaskError) -> (rect: Rect?, pixel: Double) {
        let probe = try picture(of: logo, over: rect, side: side)
        return (inkedRect(probe.picture, over: rect, pixel: probe.pixel), probe.pixel)
    }

    /// The coverage picture of `logo` over `rect` (document units), `side` pixels on its longer
    /// side, and one of its pixels' size in document units.
    ///
    /// Drawn once per logo, rect and side (``VectorLogo/inkProbes``): every large render of a
    /// filtered logo probes its document box (kiten's `generate`: the iOS launch logo at 1x-3x and
    /// the web's, four draws of its 109 shadows for one answer).
    private static func picture(of logo: VectorLogo, over rect: Rect, side: Int) throws(LogoMaskError) -> (picture: RasterImage, pixel: Double) {
        let scale = Double(side) / max(rect.width, rect.height)
        let key = ExactNumbers([rect.minX, rect.minY, rect.width, rect.height, Double(side)])
        drawLog.record(logo.name) { $0.asked += 1 }
        let picture = try logo.inkProbes.value(key) { () throws(LogoMaskError) -> RasterImage in
            drawLog.record(logo.name) { $0.made += 1 }
            let width = max(1, Int((rect.width * scale).rounded(.up))), height = max(1, Int((rect.height * scale).rounded(.up)))
            let transform = Transform.translation(x: -rect.minX, y: -rect.minY).concatenating(.scale(scale))
            return try Rasterizer.image(of: logo, width: width, height: height, transform: transform, coverageOnly: true)
        }
        return (picture, 1 / scale)
    }

    /// Test hook: how many probe pictures of a watched logo were asked for and drawn (a probe of
    /// the same rect and side is drawn once per logo).
    static let drawLog = WatchedLog(empty: MemoTally())

    /// The inked pixels' box of a probe `picture` of `rect`, in document units; nil when none is.
    private static func inkedRect(_ picture: RasterImage, over rect: Rect, pixel: Double) -> Rect? {
        inkedBox(picture).map { box in
            Rect(
                x: rect.minX + Double(box.x0) * pixel, y: rect.minY + Double(box.y0) * pixel,
                width: Double(box.x1 - box.x0) * pixel, height: Double(box.y1 - box.y0) * pixel)
        }
    }

    /// Each row's coverage summed (255 a full pixel), top first.
    static func rowInk(_ image: RasterImage) -> [Int] {
        image.bytes.withUnsafeBufferPointer { bytes in
            (0..<image.height).map { y in
                var sum = 0
                for x in 0..<image.width { sum += Int(bytes[y * image.stride + x]) }
                return sum
            }
        }
    }

    /// The box of the image's pixels with any coverage (a coverage image's bytes, a premultiplied
    /// ARGB image's alpha: the high byte of each native-endian word); nil when none has.
    static func inkedBox(_ image: RasterImage) -> PixelBox? {
        let (step, alpha) = image.format == .coverage ? (1, 0) : (4, 3)
        var x0 = image.width, y0 = image.height, x1 = 0, y1 = 0
        image.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<image.height {
                let row = y * image.stride + alpha
                var first = -1, last = -1
                for x in 0..<image.width where bytes[row + step * x] != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                x0 = min(x0, first); x1 = max(x1, last + 1)
                y0 = min(y0, y); y1 = y + 1
            }
        }
        return x1 > x0 ? PixelBox(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }
}
