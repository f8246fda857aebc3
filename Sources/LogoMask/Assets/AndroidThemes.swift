import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// The Android resource files that turn the splash icon into a splash screen on every Android
/// version: the starting theme (`values/themes.xml`, and `values-night/themes.xml` when there is
/// a dark appearance) and its colours (`values/colors.xml`, `values-night/colors.xml`).
///
/// The theme is androidx core-splashscreen's, which back-ports the Android 12 splash screen to
/// API 23: `Theme.App.Starting` in `res/values/` (so it exists on every version, not only 31+),
/// parent `Theme.SplashScreen`, or `Theme.SplashScreen.IconBackground` when there is an icon
/// background (the library forwards `windowSplashScreenIconBackgroundColor` only from that
/// parent), its attributes without the `android:` prefix, `windowSplashScreenAnimatedIcon` the
/// animated vector drawable and `windowSplashScreenAnimationDuration` its length when the icon
/// moves.
///
/// Per version and mode:
/// - **API 31+** needs no `values-v31` override: the library's own `values-v31` theme maps every
///   attribute written here to the platform's `android:windowSplashScreen*` one. What API 31 has
///   and the library does not forward is `android:windowSplashScreenBrandingImage`, which
///   logo-mask does not write; so no `values-v31` or `values-night-v31` file is written.
/// - **Dark mode**: the colours and drawables resolve to their `-night` variants by themselves;
///   the one value that changes with the background is the status bar's icon shade. Before
///   Android 12 core-splashscreen draws the splash in the activity's own window, whose status
///   bar (transparent over the splash colour) takes `android:windowLightStatusBar` (API 23) from
///   this theme: dark icons over a light colour, light icons over a dark one. So the theme in
///   `values-night/` repeats the light one with the dark background's shade. Android 12+ draws
///   the splash in a system window and chooses the shade from the colour itself.
///
/// The app sets `Theme.App.Starting` on its launcher activity, calls `installSplashScreen()`
/// before `super.onCreate()` (which applies `postSplashScreenTheme`; after it the activity would
/// already be inflated with the starting theme), and names its own theme in
/// `postSplashScreenTheme` (written as `@style/Theme.App`; rename it).
public enum AndroidThemes {
    /// The starting theme's name.
    public static let themeName = "Theme.App.Starting"
    /// The theme the activity switches to after the splash (a placeholder for the app's own).
    public static let postSplashTheme = "Theme.App"
    /// Where the starting theme goes, below the `res` folder.
    public static let themePath = "values/themes.xml"
    /// Where the dark mode's starting theme goes, below the `res` folder.
    public static let nightThemePath = "values-night/themes.xml"

    /// The starting theme's parent: core-splashscreen's theme that reads the attributes given.
    static func parent(iconBackground: Bool) -> String {
        iconBackground ? "Theme.SplashScreen.IconBackground" : "Theme.SplashScreen"
    }

    /// True when `background` is light enough for dark status bar icons: its relative luminance
    /// (sRGB, as Android's `ColorUtils.calculateLuminance`) above one half.
    static func isLight(_ background: RGBAColor) -> Bool {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(background.red) + 0.7152 * linear(background.green) + 0.0722 * linear(background.blue)
        return luminance > 0.5
    }

    /// `themes.xml`: the splash background and icon, the icon background when there is one,
    /// how long the icon animates (0 for a still icon), the theme after the splash, and the
    /// status bar icons' shade for `background` (see the type's notes).
    static func themes(
        icon: String, iconBackground: Bool, animationMilliseconds: Int, background: RGBAColor, night: Bool = false
    ) -> Data {
        var items = [
            ("windowSplashScreenBackground", "@color/splash_background"),
            ("windowSplashScreenAnimatedIcon", "@drawable/\(icon)"),
        ]
        if iconBackground { items.append(("windowSplashScreenIconBackgroundColor", "@color/splash_icon_background")) }
        items.append(("windowSplashScreenAnimationDuration", "\(animationMilliseconds)"))
        items.append(("postSplashScreenTheme", "@style/\(postSplashTheme)"))
        items.append(("android:windowLightStatusBar", isLight(background) ? "true" : "false"))
        let lines = items.map { "        <item name=\"\($0.0)\">\($0.1)</item>" }.joined(separator: "\n")
        let comment = night
            ? "The starting theme in dark mode: the same as values/themes.xml (its colours and drawables resolve to their -night variants) with the status bar's icons shaded for the dark background. Written by logo-mask."
            : "The starting theme for every Android version (androidx core-splashscreen back-ports the Android 12 splash screen to API 23; no values-v31 override is needed). Add implementation(\"androidx.core:core-splashscreen:1.0.1\"), set this theme on the launcher activity, call installSplashScreen() before super.onCreate() (it switches to postSplashScreenTheme), and rename Theme.App to your app's theme. \(animationMilliseconds > 0 ? "The icon animates for windowSplashScreenAnimationDuration ms on Android 12+ (core-splashscreen shows it still before 12). " : "")Written by logo-mask."
        return Data("""
            <?xml version="1.0" encoding="utf-8"?>
            <!-- \(comment) -->
            <resources>
                <style name="\(themeName)" parent="\(parent(iconBackground: iconBackground))">
            \(lines)
                </style>
            </resources>

            """.utf8)
    }

    /// `colors.xml`: the splash background and, when there is one, the icon background, as
    /// Android writes colours (`#AARRGGBB`).
    static func colors(background: RGBAColor, iconBackground: RGBAColor?) -> Data {
        func argb(_ color: RGBAColor) -> String {
            "#" + [color.alpha, color.red, color.green, color.blue].map { formatHex($0, digits: 2) }.joined()
        }
        var lines = ["    <color name=\"splash_background\">\(argb(background))</color>"]
        if let iconBackground { lines.append("    <color name=\"splash_icon_background\">\(argb(iconBackground))</color>") }
        return Data("""
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
            \(lines.joined(separator: "\n"))
            </resources>

            """.utf8)
    }
}
