import Foundation
import MaskGeometry

extension RadialProfile {
    /// The default size of the coverage grid the profile is measured on: the longer side of the
    /// logo's ink is this many pixels.
    public static let defaultGridSize = 4096

    /// Measures the radial profile of `logo` about `anchor` (document units), the document box
    /// drawn `logoWidth` points wide, unrotated.
    ///
    /// The logo is drawn with its own renderer into an 8-bit coverage grid whose longer ink side
    /// is `gridSize` pixels; ``RadialProfile/measure(coverage:width:height:stride:anchor:pointsPerPixel:anchorOffset:directionCount:)``
    /// reads the radii from it, each at most ``RadialProfile/tolerance`` points short of the
    /// exact distance (about 2.1 grid pixels), before the binning's minimum.
    ///
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
        guard directionCount >= 8, directionCount <= 1 << 16, gridSize >= 64, gridSize <= 16384 else {
            throw LogoMaskError.invalidRequest("A radial profile needs 8 to 65536 directions and a grid of 64 to 16384 pixels.")
        }
        try deadline.check(logo.name)
        let pointsPerUnit = logoWidth / logo.documentSize.width
        let pointsPerPixel = max(ink.width, ink.height) * pointsPerUnit / Double(gridSize)
        let margin = 2
        let width = Int((ink.width * pointsPerUnit / pointsPerPixel).rounded(.up)) + 2 * margin
        let height = Int((ink.height * pointsPerUnit / pointsPerPixel).rounded(.up)) + 2 * margin
        // Document units -> grid pixels: the ink's top-left corner lands `margin` pixels in.
        let unitsToPixels = Transform.translation(x: -ink.x, y: -ink.y)
            .concatenating(.scale(pointsPerUnit / pointsPerPixel))
            .concatenating(.translation(x: Double(margin), y: Double(margin)))
        let stride = PixelLayout.a8.stride(width: width)
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        defer { pixels.deallocate() }
        pixels.update(repeating: 0, count: stride * height)
        let drawing = try logo.makeDrawing()
        let surface = try CairoSurface.image(wrapping: pixels, layout: .a8, width: width, height: height, stride: stride)
        let context = try CairoContext(surface)
        try drawing.draw(on: context, transform: unitsToPixels)
        surface.flush()
        try deadline.check(logo.name)
        let offset = Point(
            x: (anchor.x - logo.documentSize.width / 2) * pointsPerUnit,
            y: (anchor.y - logo.documentSize.height / 2) * pointsPerUnit)
        let profile = RadialProfile.measure(
            coverage: UnsafeBufferPointer(start: pixels, count: stride * height), width: width, height: height,
            stride: stride, anchor: unitsToPixels.apply(to: anchor), pointsPerPixel: pointsPerPixel,
            anchorOffset: offset, directionCount: directionCount)
        guard let profile else {
            throw LogoMaskError.noCoverScale(file: logo.name, anchor: "\(anchor)", searchedUpTo: 0)
        }
        return profile
    }
}
