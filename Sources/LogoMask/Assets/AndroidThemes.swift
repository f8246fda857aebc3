import FoundationEssentials
import MaskGeometry

/// The Android resource files that turn the splash icon into a splash screen: the starting
/// theme (`values-v31/themes.xml` and `values-night-v31/themes.xml`) and its colours
/// (`values/colors.xml`, `values-night/colors.xml`).
///
/// The theme is androidx core-splashscreen's: `Theme.App.Starting` with parent
/// `Theme.SplashScreen`, its attributes without the `android:` prefix so that the library's
/// back-port reads them too. The app sets `Theme.App.Starting` on its launcher activity, calls
/// `installSplashScreen()` before `setContentView`, and names its own theme in
/// `postSplashScreenTheme` (written as `@style/Theme.App`; rename it to the app's theme).
public enum AndroidThemes {
    /// The starting theme's name.
    public static let themeName = "Theme.App.Starting"
    /// The theme the activity switches to after the splash (a placeholder for the app's own).
    public static let postSplashTheme = "Theme.App"

    /// `themes.xml`: the splash background and icon, the icon background when there is one,
    /// and how long the icon animates (0 for a still icon).
    static func themes(icon: String, iconBackground: Bool, animationMilliseconds: Int, night: Bool) -> Data {
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
            <!-- Android 12+ starting theme\(night ? " (night: the colours and drawables resolve to their -night variants)" : ""). Set it on the launcher activity, call installSplashScreen() before setContentView, and rename Theme.App to your app's theme. Written by logo-mask. -->
            <resources>
                <style name="\(themeName)" parent="Theme.SplashScreen">
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
