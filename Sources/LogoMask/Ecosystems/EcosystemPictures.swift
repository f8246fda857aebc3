import FoundationEssentials
import MaskGeometry

/// The pictures the cross-platform tools' files name, all drawn from the vectors at their final
/// size: a launch screen from its ``LaunchScene`` (the background, the logo at the scene's exact
/// rect) and square icons whose ink fits a circle (Android 12's, a maskable icon's safe zone).
enum EcosystemPictures {
    /// How far inside an icon's circle the ink stays, in pixels: the anti-aliased edge pixels
    /// then have their centres inside the circle too, so nothing is drawn outside it.
    static let circleMargin = 1.0

    /// The launch screen `launch` describes, at its viewport's pixels: the background colour with
    /// the logo drawn in its `logoFrame` (points times the density).
    static func launchImage(_ launch: LaunchScene, logo: VectorLogo) throws(LogoMaskError) -> RasterImage {
        let d = launch.viewport.density
        let frame = launch.logoFrame
        let transform = Transform.scale(frame.width / logo.documentSize.width * d)
            .concatenating(.translation(x: frame.x * d, y: frame.y * d))
        return try Rasterizer.image(
            of: logo, width: launch.viewport.pixelWidth, height: launch.viewport.pixelHeight,
            transform: transform, background: launch.background)
    }

    /// A square launch picture `pixels` wide showing a screen `points` wide: the background (nil:
    /// transparent) with the logo `logoWidth` points wide, centred (the web ``LaunchScene``).
    static func squareLaunch(
        _ logo: VectorLogo, points: Double, pixels: Int, logoWidth: Double, background: RGBAColor?
    ) throws(LogoMaskError) -> RasterImage {
        let launch = try LaunchScene(
            platform: .web, logo: logo, viewport: Viewport(width: points, height: points, density: Double(pixels) / points),
            logoWidth: logoWidth, background: background ?? .clear)
        return try launchImage(launch, logo: logo)
    }

    /// A `side` x `side` icon whose ink lies inside the centred circle `diameter` pixels across
    /// (less ``circleMargin``), over `background` (nil: transparent). The ink's smallest
    /// enclosing circle (``AndroidIconFit``'s, exact from the outline) fills that circle.
    static func icon(
        _ logo: VectorLogo, side: Int, diameter: Double, background: RGBAColor?
    ) throws(LogoMaskError) -> RasterImage {
        let fit = try AndroidIconFit(logo: logo, canvas: Double(side), mode: .circle)
        let scale = (diameter / 2 - circleMargin) / max(fit.inkRadius, 1e-9)
        let middle = Double(side) / 2
        let transform = Transform.scale(scale)
            .concatenating(.translation(x: middle - fit.inkCenter.x * scale, y: middle - fit.inkCenter.y * scale))
        return try Rasterizer.image(of: logo, width: side, height: side, transform: transform, background: background)
    }

    /// Writes `image` as a PNG at `relative` and lists it with its pixel size.
    static func write(_ image: RasterImage, to relative: String, writer: inout AssetWriter, purpose: String) throws(LogoMaskError) {
        try image.writePNG(to: try writer.prepare(relative))
        try writer.list(relative, scale: nil, pixels: (image.width, image.height), purpose: purpose)
    }

    /// Encodes `value` as pretty JSON with sorted keys (the same value, the same bytes) and a
    /// final newline, and writes it at `relative`.
    static func writeJSON(_ value: some Encodable, to relative: String, writer: inout AssetWriter, purpose: String) throws(LogoMaskError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value) + Data([0x0A])
        } catch {
            throw LogoMaskError.drawingFailed(file: relative, reason: "\(error)")
        }
        try writer.write(data, to: relative, purpose: purpose)
    }
}
