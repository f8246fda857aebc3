import FoundationEssentials
import MaskGeometry

/// The ``AssetPlatform/capacitor`` files: the input folder `@capacitor/assets` generates every
/// icon and splash from (`npx @capacitor/assets generate`), under `capacitor/assets/`:
///
/// ```
/// capacitor/assets/logo[-dark].svg     the logo as vectors ("easy mode" input)
/// capacitor/assets/splash[-dark].png   2732 x 2732: the background with the logo centred
/// ```
///
/// The tool's README (ionic-team/capacitor-assets) asks for splash files "at least 2732px x
/// 2732px" and takes `logo.svg` and `logo-dark.svg`; 2732 px is the iPad Pro 12.9"'s long side
/// at 2x, so the splash draws the logo at `logoWidth` points on that screen (the tool crops the
/// square to each device). The light and dark backgrounds go on its command line
/// (its splash background colour options, light and dark), which the manifest's purpose gives.
enum CapacitorWriter {
    /// The splash's side in pixels, and the points it stands for (at 2x).
    static let splashPixels = 2732
    static let splashPoints = 1366.0

    static func write(logo: VectorLogo, options: AssetOptions, writer: inout AssetWriter) throws(LogoMaskError) {
        let hasDark = options.darkBackground != nil || options.darkLogo != nil
        let darkBackground = options.darkBackground ?? options.background
        for (night, source) in [(false, logo), (true, options.darkLogo ?? logo)] where !night || hasDark {
            let suffix = night ? "-dark" : ""
            let svg = "capacitor/assets/logo\(suffix).svg"
            try VectorExporter.write(source, to: try writer.prepare(svg), format: .svg)
            try writer.list(svg, scale: nil, pixels: nil, purpose: "@capacitor/assets' logo\(suffix) input, as vectors.")
            let image = try EcosystemPictures.squareLaunch(
                source, points: splashPoints, pixels: splashPixels, logoWidth: options.logoWidth,
                background: night ? darkBackground : options.background)
            try EcosystemPictures.write(
                image, to: "capacitor/assets/splash\(suffix).png", writer: &writer,
                purpose: "@capacitor/assets' splash\(suffix) input (2732 px, the logo \(formatNumber(options.logoWidth)) pt wide at 2x); run @capacitor/assets' generate with its splash background colour option \(options.background.hexString)\(hasDark ? " and its dark one \(darkBackground.hexString)" : "").")
        }
    }
}
