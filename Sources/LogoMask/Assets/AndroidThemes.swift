import FoundationEssentials
import MaskGeometry

/// The Android resource files that turn the splash icon into a splash screen on every Android
/// version: the starting theme (`values/themes.xml`) and its colours (`values/colors.xml`,
/// `values-night/colors.xml`).
///
/// The theme is androidx core-splashscreen's, which back-ports the Android 12 splash screen to
/// API 23: `Theme.App.Starting` in `res/values/` (so it exists on every version, not only 31+),
/// parent `Theme.SplashScreen`, or `Theme.SplashScreen.IconBackground` when there is an icon
/// background (the library forwards `windowSplashScreenIconBackgroundColor` only from that
/// parent), its attributes without the `android:` prefix. On API 31+ the library's own
/// `values-v31` theme maps them to the platform's `android:windowSplashScreen*` attributes, so no
/// `values-v31` override is needed; nor is a `values-night` theme, since its colours and
/// drawables resolve to their `-night` variants by themselves. The app sets `Theme.App.Starting`
/// on its launcher activity, calls `installSplashScreen()` before `super.onCreate()`, and names
/// its own theme in `postSplashScreenTheme` (written as `@style/Theme.App`; rename it).
public enum AndroidThemes {
    /// The starting theme's name.
    public static let themeName = "Theme.App.Starting"
    /// The theme the activity switches to after the splash (a placeholder for the app's own).
    public static let postSplashTheme = "Theme.App"
    /// Where the starting theme goes, below the `res` folder.
    public static let themePath = "values/themes.xml"

    /// The starting theme's parent: core-splashscreen's theme that reads the attributes given.
    static func parent(iconBackground: Bool) -> String {
        iconBackground ? "Theme.SplashScreen.IconBackground" : "Theme.SplashScreen"
    }

    /// `themes.xml`: the splash background and icon, the icon background when there is one,
    /// and how long the icon animates (0 for a still icon).
    static func themes(icon: String, iconBackground: Bool, animationMilliseconds: Int) -> Data {
        var items = [
            ("windowSplashScreenBackground", "@color/splash_background"),
            ("windowSplashScreenAnimatedIcon", "@drawable/\(icon)"),
        ]
        if iconBackground { items.append(("windowSplashScreenIconBackgroundColor", "@color/splash_icon_background")) }
        items.append(("windowSplashScreenAnimationDuration", "\(animationMilliseconds)"))
        items.append(("postSplashScreenTheme", "@style/\(postSplashTheme)"))
        let lines = items.map { "        <item name=\"\($0.0)\">\($0.1)</item>" }.joined(separator: "\n")
        return Data("""
            <?xml version="1.0" encoding="utf-8"?>
            <!-- The starting theme for every Android version (androidx core-splashscreen back-ports the Android 12 splash screen to API 23; dark mode: the colours and drawables resolve to their -night variants). Add implementation("androidx.core:core-splashscreen:1.0.1"), set this theme on the launcher activity, call installSplashScreen() before super.onCreate(), and rename Theme.App to your app's theme. Written by logo-mask. -->
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
