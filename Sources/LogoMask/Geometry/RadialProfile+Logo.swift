import FoundationEssentials
import MaskGeometry

extension RadialProfile {
    /// The side of each coverage grid the profile is measured on, in pixels.
    public static let defaultGridSize = 4096
    /// How many grids at least, each half the side of the one before about the anchor.
    public static let gridLevels = 5
    /// How many grids at most: more than `gridLevels` only while an edge is near the anchor.
    public static let maxGridLevels = 14

    /// Measures the radial profile of `logo` about `anchor` (document units), the document box
    /// drawn `logoWidth` points wide, unrotated.
    ///
    /// The logo is drawn with its own renderer into 8-bit coverage grids of `gridSize` pixels a
    /// side: the first over the whole ink, each next one over a square half as wide about the
    /// anchor at twice the resolution (`gridLevels` in all). `RadialProfileBuilder` reads each
    /// grid outside the next one's square, so a pixel is never larger than 4 / `gridSize` of its
    /// distance from the anchor: a radius is at most 0.07 % (4096 pixels) short of the exact
    /// distance along its bin's rays, or half a diagonal of the finest pixel near the anchor,
    /// whichever is larger (`RadialProfile/tolerance` states that pixel in points). A logo with
    /// filter effects gets the first grid only.
    ///
    /// - Parameters:
    ///   - logo: the logo.
    ///   - logoWidth: the document box's width at scale 1, in points.
    ///   - anchor: the centre of the profile, in document units.
    ///   - directionCount: the number of angular bins.
    ///   - gridSize: the side of each coverage grid, in pixels.
    ///   - deadline: checked between grids.
    /// - Throws: ``LogoMaskError/noCoverScale(file:anchor:searchedUpTo:)`` when the anchor is not
    ///   inside the logo's fully opaque part (the same answer as the cover-scale search),
    ///   ``LogoMaskError/noVisibleInk(file:)`` for a logo that paints nothing.
    public static func measure(
        logo: VectorLogo, logoWidth: Double, anchor: Point, directionCount: Int = defaultDirectionCount,
        gridSize: Int = defaultGridSize, deadline: Deadline = .none
    ) throws(LogoMaskError) -> RadialProfile {
        let ink = logo.inkBounds
        guard !ink.isEmpty, logo.documentSize.isUsable else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        guard logoWidth.isFinite, logoWidth > 0 else {
            throw LogoMaskError.invalidParameter(.logoWidth, "must be a positive number of points, not \(logoWidth).")
        }
        guard anchor.x.isFinite, anchor.y.isFinite else {
            throw LogoMaskError.invalidParameter(.anchor, "must be two finite numbers X,Y in document units.")
        }
        guard directionCount >= 8, directionCount <= 1 << 16, gridSize >= 64, gridSize <= 8192 else {
            throw LogoMaskError.invalidRequest("A radial profile needs 8 to 65536 directions and grids of 64 to 8192 pixels.")
        }
        let noCover = LogoMaskError.noCoverScale(file: logo.name, anchor: "\(anchor)", searchedUpTo: CoverSearchSettings().maxScale)
        let inside = anchor.x >= ink.minX && anchor.x <= ink.maxX && anchor.y >= ink.minY && anchor.y <= ink.maxY
        guard inside else { throw noCover }
        // A logo of plain opaque fills: exact rays on its outline, no pixels.
        if let exact = try measureFromOutline(logo: logo, logoWidth: logoWidth, anchor: anchor, directionCount: directionCount) {
            return exact
        }
        return try measureFromPixels(
            logo: logo, logoWidth: logoWidth, anchor: anchor, directionCount: directionCount, gridSize: gridSize, deadline: deadline)
    }

    /// A window whose cover scale a pixel search found (``CoverScale``): a profile measured for
    /// the same logo and anchor must not promise to cover it sooner.
    public struct CoverCheck: Sendable {
        /// The window's size in points.
        public var windowSize: Size
        /// The anchor in the window, in points.
        public var anchorInWindow: Point
        /// The logo's rotation, radians clockwise.
        public var rotation: Double
        /// The cover scale the pixels need.
        public var scale: Double

        /// A window and the cover scale a pixel search found for it.
        public init(windowSize: Size, anchorInWindow: Point, rotation: Double, scale: Double) {
            self.windowSize = windowSize
            self.anchorInWindow = anchorInWindow
            self.rotation = rotation
            self.scale = scale
        }
    }

    /// How far off the document's round coordinates the grids of a seam check lie, in pixels.
    static let seamGridOffset = 0.381966

    /// ``measure(logo:logoWidth:anchor:directionCount:gridSize:deadline:)``, checked against
    /// cover scales a pixel search found. An outline reads shapes that abut as one solid, where
    /// their antialiased edges leave a seam the hole does not cover (google-chrome's outline
    /// covers an iPhone 15 at 10.87, its pixels at 19.46, with a line left on screen in
    /// between); where the profile promises one of `checks` more than 1 % sooner than its pixels
    /// (they agree within 0.02 % where the outline is right), it is read again from coverage
    /// grids off the document's round coordinates, which see the seams.
    public static func measure(
        logo: VectorLogo, logoWidth: Double, anchor: Point, checkedAgainst checks: [CoverCheck], deadline: Deadline = .none
    ) throws(LogoMaskError) -> RadialProfile {
        let profile = try measure(logo: logo, logoWidth: logoWidth, anchor: anchor, deadline: deadline)
        let promisesLess = checks.contains { check in
            profile.coverScale(
                windowWidth: check.windowSize.width, windowHeight: check.windowSize.height, anchor: check.anchorInWindow,
                rotation: check.rotation) * 1.01 < check.scale
        }
        guard promisesLess else { return profile }
        return try measureFromPixels(
            logo: logo, logoWidth: logoWidth, anchor: anchor, directionCount: profile.directionCount, gridSize: defaultGridSize,
            deadline: deadline, gridOffset: seamGridOffset)
    }

    /// The profile from coverage grids (see ``measure(logo:logoWidth:anchor:directionCount:gridSize:deadline:)``),
    /// whatever the outline could give; the arguments already checked, the anchor inside the ink box.
    /// `gridOffset` (pixels) moves every grid off the document's round coordinates: two shapes
    /// that abut along a pixel boundary draw no seam, which at any other offset shows.
    static func measureFromPixels(
        logo: VectorLogo, logoWidth: Double, anchor: Point, directionCount: Int, gridSize: Int, deadline: Deadline = .none,
        gridOffset: Double = 0
    ) throws(LogoMaskError) -> RadialProfile {
        let ink = logo.inkBounds
        let noCover = LogoMaskError.noCoverScale(file: logo.name, anchor: "\(anchor)", searchedUpTo: CoverSearchSettings().maxScale)
        let k = logoWidth / logo.documentSize.width
        let side = max(ink.width, ink.height) * k
        let drawing = try logo.makeDrawing()
        // A filtered logo's one grid is read from its picture (2048 px, not a 4096-px filter),
        // the one the cover search read.
        drawing.pictureUse = .search
        var builder = RadialProfileBuilder(directionCount: directionCount)
        // Each level: a square of `side / 2^level` points (the first: the ink's box), `gridSize` pixels wide.
        let stride = PixelLayout.a8.stride(width: gridSize + 4)
        let count = stride * (gridSize + 4)
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { pixels.deallocate() }
        var finestPixel = side
        var previous: (level: Int, width: Int, height: Int, anchor: Point, pointsPerPixel: Double)?
        // A filter is computed again over each grid: LogoDrawing crops it to the grid, so the
        // zoomed grids no longer cost gigabytes, but a blur over 4096^2 pixels plus padding at every
        // level is slow (gpick.svg's cover: 12 s to 56 s), so such a logo gets the first grid only.
        let levels = logo.usesFilterEffects ? 1 : maxGridLevels
        for level in 0..<levels {
            // Past the first levels, zoom further only while the nearest edge found is within a
            // quarter of the last square, so no pixel read is large against its distance.
            if level >= gridLevels, let previous {
                let nearest = builder.radii.min() ?? 0
                guard nearest < side / Double(1 << (level - 1)) / 4 else {
                    // The previous grid left its centre to this one: read it whole after all.
                    builder.add(
                        grid: UnsafeBufferPointer(start: pixels, count: count), width: previous.width, height: previous.height,
                        stride: stride, anchor: previous.anchor, pointsPerPixel: previous.pointsPerPixel, handledInside: nil,
                        outsideIsEmpty: previous.level == 0)
                    break
                }
            }
            let isLast = level + 1 == levels
            try deadline.check(logo.name)
            let span = side / Double(1 << level)
            let pointsPerPixel = span / Double(gridSize)
            finestPixel = pointsPerPixel
            // The grid's top-left corner in document units, and its size in pixels.
            let origin: Point
            let width: Int, height: Int
            if level == 0 {
                let margin = (2 + gridOffset) * pointsPerPixel / k
                origin = Point(x: ink.minX - margin, y: ink.minY - margin)
                width = Int((ink.width * k / pointsPerPixel).rounded(.up)) + 4
                height = Int((ink.height * k / pointsPerPixel).rounded(.up)) + 4
            } else {
                let shift = gridOffset * pointsPerPixel / k
                origin = Point(x: anchor.x - span / 2 / k - shift, y: anchor.y - span / 2 / k - shift)
                width = gridSize
                height = gridSize
            }
            let toPixels = Transform.translation(x: -origin.x, y: -origin.y).concatenating(.scale(k / pointsPerPixel))
            pixels.update(repeating: 0, count: count)
            let surface = try CairoSurface.image(wrapping: pixels, layout: .a8, width: width, height: height, stride: stride)
            let context = try CairoContext(surface)
            try drawing.draw(on: context, transform: toPixels)
            surface.flush()
            // The next level's square, in this grid's pixels: whole pixels inside it are skipped.
            var handled: PixelBox?
            if !isLast {
                let half = side / Double(1 << (level + 1)) / 2 / k
                let low = toPixels.apply(to: Point(x: anchor.x - half, y: anchor.y - half))
                let high = toPixels.apply(to: Point(x: anchor.x + half, y: anchor.y + half))
                handled = PixelBox(
                    x0: Int(low.x.rounded(.up)), y0: Int(low.y.rounded(.up)),
                    x1: Int(high.x.rounded(.down)), y1: Int(high.y.rounded(.down)))
            }
            builder.add(
                grid: UnsafeBufferPointer(start: pixels, count: count), width: width, height: height, stride: stride,
                anchor: toPixels.apply(to: anchor), pointsPerPixel: pointsPerPixel, handledInside: handled,
                outsideIsEmpty: level == 0)
            guard builder.anchorIsInside else { throw noCover }
            previous = (level, width, height, toPixels.apply(to: anchor), pointsPerPixel)
        }
        let offset = Point(
            x: (anchor.x - logo.documentSize.width / 2) * k,
            y: (anchor.y - logo.documentSize.height / 2) * k)
        guard let profile = builder.profile(anchorOffset: offset, tolerance: finestPixel * 2.0.squareRoot() / 2) else { throw noCover }
        return profile
    }
}
