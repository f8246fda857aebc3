import FoundationEssentials
import MaskGeometry

/// The ``AssetPlatform/flutter`` files: flutter_native_splash's configuration and the pictures
/// it names, under `flutter/` laid out as the Flutter project's root (copy the folder's content
/// there, then `dart run flutter_native_splash:create`):
///
/// ```
/// flutter/flutter_native_splash.yaml
/// flutter/assets/splash/logo[-dark].png        image, image_dark: the logo at 4x (logoWidth x 4 px wide)
/// flutter/assets/splash/android12[-dark].png   android_12.image(_dark): 1152 px, the ink inside the 768 px circle
///                                              (960 px and 640 px with an icon background)
/// ```
///
/// The sizes are flutter_native_splash's README (pub.dev/packages/flutter_native_splash): `image`
/// "should be sized for 4x pixel density" (the tool scales it down to each density, so the logo
/// shows `logoWidth` points wide, as the native launch files draw it); the Android 12 icon
/// without an icon background "should be 1152×1152 pixels, and fit within a circle 768 pixels in
/// diameter" (with one, 960 and 640). Branding is left out (no `branding` key: no image at the
/// bottom). Colours are `#RRGGBB` strings.
enum FlutterWriter {
    /// The config file's name in the project root.
    static let configName = "flutter_native_splash.yaml"
    /// The Android 12 icon's side and circle in pixels, without and with an icon background.
    static func android12(iconBackground: Bool) -> (side: Int, circle: Double) {
        iconBackground ? (960, 640) : (1152, 768)
    }

    static func write(logo: VectorLogo, options: AssetOptions, writer: inout AssetWriter) throws(LogoMaskError) {
        let dark = options.darkBackground != nil || options.darkLogo != nil
        let darkLogo = options.darkLogo ?? logo
        let width = Int((options.logoWidth * 4).rounded())
        try writer.png(logo, size: .width(width), to: "flutter/assets/splash/logo.png", scale: 4,
                       purpose: "flutter_native_splash's image: the logo at 4x (\(formatNumber(options.logoWidth)) pt wide on screen).")
        if dark {
            try writer.png(darkLogo, size: .width(width), to: "flutter/assets/splash/logo-dark.png", scale: 4,
                           purpose: "flutter_native_splash's image_dark: the dark logo at 4x.")
        }
        let icon = android12(iconBackground: options.androidIconBackground != nil)
        for (night, source) in [(false, logo), (true, darkLogo)] where !night || dark {
            let image = try EcosystemPictures.icon(source, side: icon.side, diameter: icon.circle, background: nil)
            try EcosystemPictures.write(
                image, to: "flutter/assets/splash/android12\(night ? "-dark" : "").png", writer: &writer,
                purpose: "flutter_native_splash's android_12.image\(night ? "_dark" : ""): \(icon.side) px with the ink inside the \(formatNumber(icon.circle)) px circle Android 12 keeps.")
        }

        let color = options.background.hexString, darkColor = (options.darkBackground ?? options.background).hexString
        var lines = [
            "# flutter_native_splash configuration written by logo-mask: copy it and assets/splash/ into the",
            "# project root, then run: dart run flutter_native_splash:create",
            "flutter_native_splash:",
            "  color: \"\(color)\"",
            "  image: assets/splash/logo.png",
        ]
        if dark {
            lines += ["  color_dark: \"\(darkColor)\"", "  image_dark: assets/splash/logo-dark.png"]
        }
        lines += ["  android_12:", "    image: assets/splash/android12.png", "    color: \"\(color)\""]
        if let iconBackground = options.androidIconBackground {
            lines.append("    icon_background_color: \"\(iconBackground.hexString)\"")
        }
        if dark {
            lines += ["    image_dark: assets/splash/android12-dark.png", "    color_dark: \"\(darkColor)\""]
            if let iconBackground = options.androidIconBackground {
                lines.append("    icon_background_color_dark: \"\(iconBackground.hexString)\"")
            }
        }
        lines.append("  # Branding is off (no branding key): nothing is drawn at the bottom.")
        try writer.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: "flutter/" + configName,
                         purpose: "flutter_native_splash's configuration: colours, the 4x logo, dark mode and the android_12 block.")
    }
}
