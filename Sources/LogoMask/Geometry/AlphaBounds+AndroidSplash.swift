import FoundationEssentials
import MaskGeometry

extension AlphaBounds {
    /// Checks whether the logo's ink fits Android 12's splash icon circle. The icon box is the
    /// document box made square (its long side, centred); the circle's diameter is 2/3 of it.
    ///
    /// The ink radius is that of the farthest inked pixel of a render whose long side is
    /// `longSide` pixels (at least 1024). Only the pixels that can hold it are drawn at that
    /// size: a render a quarter as fine says how far the ink reaches, and the fine render is
    /// drawn in windows over the tiles reaching past that, less a coarse pixel's diagonal (the
    /// Tango icons: 2.0 -> 0.13 s). The farthest pixel found lies past every pixel left out, or
    /// the whole render is drawn. The windows are drawn from crops of the document, whose faint
    /// edge pixels may differ from the whole render's: on 51 of the 53 real-world logos the ink
    /// radius is the whole render's to the bit; on help-browser and internet-web-browser a
    /// window inked a pixel one farther (0.004 units on 48), within the pixel diagonal at
    /// `resolution` that bounds the answer anyway.
    public static func androidSplash(
        of logo: VectorLogo, longSide: Int = 4096, deadline: Deadline = .none
    ) throws(LogoMaskError) -> AndroidSplashCheck {
        try androidSplash(of: logo, longSide: longSide, deadline: deadline, windowed: true)
    }

    /// The same; `windowed` false draws the whole fine render (tests compare the two).
    static func androidSplash(
        of logo: VectorLogo, longSide: Int, deadline: Deadline, windowed: Bool
    ) throws(LogoMaskError) -> AndroidSplashCheck {
        try deadline.check(logo.name)
        guard !logo.inkBounds.isEmpty else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        let side = max(logo.documentSize.width, logo.documentSize.height)
        let center = logo.documentBox.center
        let iconBox = Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
        let ink = logo.inkBounds
        let margin = max(ink.width, ink.height) * 0.01
        let region = ink.insetBy(dx: -margin, dy: -margin)
        let g = Double(max(1024, longSide)) / max(region.width, region.height)
        let w = max(1, Int((region.width * g).rounded(.up))), h = max(1, Int((region.height * g).rounded(.up)))
        let drawing = try logo.makeDrawing()
        // A filtered logo is read from its shared picture (kiten: 17 s of 4096-px filters before).
        drawing.pictureUse = .search
        let toGrid = Transform.translation(x: -region.x, y: -region.y).concatenating(.scale(g))
        let cx = (center.x - region.x) * g, cy = (center.y - region.y) * g
        var raster = CoverageRaster()
        var farthest: Double?
        if windowed {
            farthest = try windowedFarthest(
                drawing: drawing, toGrid: toGrid, width: w, height: h, center: Point(x: cx, y: cy), raster: &raster,
                deadline: deadline, name: logo.name)
        }
        if farthest == nil {
            try raster.render(drawing, transform: toGrid, width: w, height: h)
            farthest = farthestInk(raster, offsetX: 0, offsetY: 0, cx: cx, cy: cy)
        }
        guard let farthest else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        let inkRadius = farthest / g
        let safeRadius = side / 3
        return AndroidSplashCheck(
            iconBox: iconBox, safeRadius: safeRadius, inkRadius: inkRadius, ratio: inkRadius / safeRadius,
            fits: inkRadius <= safeRadius, resolution: g)
    }

    /// The coarse-to-fine pass over the `width` x `height` render at `toGrid`: nil when it cannot
    /// tell (a small render, no ink seen coarsely, windows as large as the render, or the fine
    /// pixels not reaching as far as the coarse ones said), and the whole render is drawn instead.
    private static func windowedFarthest(
        drawing: LogoDrawing, toGrid: Transform, width: Int, height: Int, center: Point, raster: inout CoverageRaster,
        deadline: Deadline, name: String
    ) throws(LogoMaskError) -> Double? {
        let factor = 4
        guard max(width, height) >= 256 * factor else { return nil }
        let coarseWidth = (width + factor - 1) / factor, coarseHeight = (height + factor - 1) / factor
        let k = Double(factor)
        try raster.render(drawing, transform: toGrid.concatenating(.scale(1 / k)), width: coarseWidth, height: coarseHeight)
        // In fine pixels (a coarse pixel is factor x factor fine ones, the centre scaled alike).
        guard let coarse = farthestInk(raster, offsetX: 0, offsetY: 0, cx: center.x / k, cy: center.y / k) else { return nil }
        // Some fine pixel of the farthest coarse pixel is inked, and reaches at least this far.
        let reach = coarse * k - k * 2.squareRoot() - 1
        let windows = Self.windows(width: width, height: height, center: center, beyond: reach, tile: max(64, max(width, height) / 16))
        guard !windows.isEmpty, windows.count <= 48,
              windows.reduce(0, { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }) * 2 < width * height
        else { return nil }
        var farthest = -Double.infinity
        for window in windows {
            try deadline.check(name)
            let shift = Transform.translation(x: -Double(window.x0), y: -Double(window.y0))
            try raster.render(drawing, transform: toGrid.concatenating(shift), width: window.x1 - window.x0, height: window.y1 - window.y0)
            if let found = farthestInk(raster, offsetX: window.x0, offsetY: window.y0, cx: center.x, cy: center.y) {
                farthest = max(farthest, found)
            }
        }
        // Every pixel left out lies within `reach` of the centre: the fine farthest is found only
        // if it lies beyond.
        return farthest > reach ? farthest : nil
    }

    /// Rectangles of whole tiles (runs along each row of tiles, merged down while they repeat)
    /// covering every pixel whose farthest corner lies more than `beyond` from `center`.
    static func windows(width: Int, height: Int, center: Point, beyond: Double, tile: Int) -> [PixelBox] {
        var open: [PixelBox] = []
        var done: [PixelBox] = []
        for y0 in stride(from: 0, to: height, by: tile) {
            let y1 = min(height, y0 + tile)
            let dy = max(abs(Double(y0) - center.y), abs(Double(y1) - center.y))
            var runs: [PixelBox] = []
            for x0 in stride(from: 0, to: width, by: tile) {
                let x1 = min(width, x0 + tile)
                let dx = max(abs(Double(x0) - center.x), abs(Double(x1) - center.x))
                guard (dx * dx + dy * dy).squareRoot() > beyond else { continue }
                if let last = runs.last, last.x1 == x0 {
                    runs[runs.count - 1].x1 = x1
                } else {
                    runs.append(PixelBox(x0: x0, y0: y0, x1: x1, y1: y1))
                }
            }
            var next: [PixelBox] = []
            for run in runs {
                if let index = open.firstIndex(where: { $0.x0 == run.x0 && $0.x1 == run.x1 }) {
                    var grown = open.remove(at: index)
                    grown.y1 = y1
                    next.append(grown)
                } else {
                    next.append(run)
                }
            }
            done += open
            open = next
        }
        return done + open
    }

    /// The farthest corner, from (`cx`, `cy`), of an inked pixel of `raster` placed at
    /// (`offsetX`, `offsetY`); nil when nothing is inked. In each row the farthest inked pixel is
    /// the first or the last one; the distance is to that pixel's farthest corner (an upper bound).
    private static func farthestInk(_ raster: CoverageRaster, offsetX: Int, offsetY: Int, cx: Double, cy: Double) -> Double? {
        var farthest: Double?
        for y in 0..<raster.height {
            guard let span = raster.inkedSpan(row: y) else { continue }
            let row = Double(y + offsetY)
            let dy = max(abs(row - cy), abs(row + 1 - cy))
            for x in [span.lowerBound + offsetX, span.upperBound + offsetX] {
                let dx = max(abs(Double(x) - cx), abs(Double(x + 1) - cx))
                farthest = max(farthest ?? 0, (dx * dx + dy * dy).squareRoot())
            }
        }
        return farthest
    }
}
