import FoundationEssentials
import MaskGeometry

/// The ``AssetPlatform/expo`` files: the `expo-splash-screen` config plugin block for `app.json`
/// and the pictures it names, under `expo/` laid out as the project:
///
/// ```
/// expo/app.json                        {"expo": {"plugins": [["expo-splash-screen", {...}]]}}: merge its plugin entry
/// expo/assets/splash-icon[-dark].png   1024 x 1024, transparent, the logo centred
/// ```
///
/// The plugin's options are `backgroundColor`, `image`, `imageWidth`, `resizeMode` and
/// `dark: {image, backgroundColor}` (expo-splash-screen, plugin/src/withSplashScreen.ts); Expo's
/// guide (docs.expo.dev, "Splash screen and app icon") recommends a 1024x1024 PNG with a
/// transparent background. The plugin shows the image `imageWidth` dp (points) wide, centred, so
/// the square holds the logo's document box centred at its full width (or height, when taller)
/// and `imageWidth` is chosen so that the logo shows `logoWidth` wide, as the native launch files.
enum ExpoWriter {
    /// The icon's side in pixels (Expo's recommendation).
    static let side = 1024

    /// The plugin's options.
    struct Options: Encodable {
        struct Dark: Encodable {
            var image: String
            var backgroundColor: String
        }

        var backgroundColor: String
        var image: String
        var imageWidth: Double
        var resizeMode = "contain"
        var dark: Dark?
    }

    /// The `app.json` fragment: the plugin entry is a two-item array, its name and its options.
    struct AppJSON: Encodable {
        struct Expo: Encodable {
            var plugins: [Plugin]
        }

        struct Plugin: Encodable {
            var options: Options

            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode("expo-splash-screen")
                try container.encode(options)
            }
        }

        var expo: Expo
    }

    /// The image's width in points: the square's side when the logo's width is `logoWidth`.
    static func imageWidth(logo: VectorLogo, logoWidth: Double) -> Double {
        let size = logo.documentSize
        return logoWidth * max(size.width, size.height) / size.width
    }

    static func write(logo: VectorLogo, options: AssetOptions, writer: inout AssetWriter) throws(LogoMaskError) {
        let hasDark = options.darkBackground != nil || options.darkLogo != nil
        let width = imageWidth(logo: logo, logoWidth: options.logoWidth)
        for (night, source) in [(false, logo), (true, options.darkLogo ?? logo)] where !night || hasDark {
            // The dark logo gets the same square and the same width in points as the light one.
            let image = try EcosystemPictures.squareLaunch(
                source, points: width, pixels: side, logoWidth: options.logoWidth, background: nil)
            try EcosystemPictures.write(
                image, to: "expo/assets/splash-icon\(night ? "-dark" : "").png", writer: &writer,
                purpose: "expo-splash-screen's \(night ? "dark." : "")image: 1024 px, transparent, shown \(formatNumber(width, decimals: 3)) pt wide so the logo is \(formatNumber(options.logoWidth)) pt wide.")
        }
        let plugin = Options(
            backgroundColor: options.background.hexString, image: "./assets/splash-icon.png",
            imageWidth: (width * 1000).rounded() / 1000,
            dark: hasDark ? .init(image: "./assets/splash-icon-dark.png", backgroundColor: (options.darkBackground ?? options.background).hexString) : nil)
        try EcosystemPictures.writeJSON(
            AppJSON(expo: .init(plugins: [.init(options: plugin)])), to: "expo/app.json", writer: &writer,
            purpose: "The expo-splash-screen plugin entry for app.json's expo.plugins (merge it), naming the splash icons.")
    }
}
