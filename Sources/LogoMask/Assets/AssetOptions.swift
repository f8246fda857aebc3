import FoundationEssentials
import MaskGeometry

/// The platforms `assets` writes for: the native three, and the cross-platform tools and web
/// formats whose files are written under their own names (Sources/LogoMask/Ecosystems/).
public enum AssetPlatform: String, Sendable, CaseIterable, Codable {
    /// An Xcode asset catalog (`ios/Assets.xcassets`), the launch storyboard and its Info.plist
    /// alternative, launch stills.
    case ios
    /// Android resources (`android/res`): the splash icon as a vector drawable (and animated),
    /// PNG densities, the starting theme and colours, launch stills.
    case android
    /// Web: logo PNGs at 1x-4x and the hole overlay as SVG.
    case web
    /// An installable web app: the web app manifest and its icons (maskable too), Safari's
    /// startup images for every built-in Apple device and the `<head>` snippet (``PWAWriter``).
    case pwa
    /// flutter_native_splash: `flutter_native_splash.yaml` with its images, the Android 12 icon
    /// fitted in its circle (``FlutterWriter``).
    case flutter
    /// react-native-bootsplash: what its `generate` command writes for Android, iOS and the
    /// hide animation's manifest (``ReactNativeWriter``).
    case reactNative = "react-native"
    /// expo-splash-screen: the config plugin block for `app.json` and its images (``ExpoWriter``).
    case expo
    /// @capacitor/assets' input files: the logo as SVG, the 2732 px splashes (``CapacitorWriter``).
    case capacitor
    /// Cordova's `config.xml` splash preferences, with the Android 12 icon and the iOS launch
    /// images they name, and the Lottie splash plugin's (``CordovaWriter``).
    case cordova

    /// The platforms written when none are named: iOS, Android and the web.
    public static let native: Set<AssetPlatform> = [.ios, .android, .web]

    /// The platform names, comma-separated, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What `AssetGenerator` writes and how.
public struct AssetOptions: Sendable {
    /// The platforms to write (default the native three, ``AssetPlatform/native``).
    public var platforms: Set<AssetPlatform>
    /// The splash background.
    public var background: RGBAColor
    /// The splash background in dark mode; nil writes no dark variants of the background.
    public var darkBackground: RGBAColor?
    /// The logo for dark mode; nil writes no dark variants of the logo.
    public var darkLogo: VectorLogo?
    /// The logo's on-screen width in points (iOS) and CSS pixels (web); the placement model's
    /// `logoWidth`.
    public var logoWidth: Double
    /// Devices for launch stills, hole overlays and cover scales (default: the built-in table).
    public var devices: [Device]
    /// The reveal whose frame 0 the launch stills are (same viewport, background and logo
    /// width), so the hand-off from the launch screen to the animation cannot jump; nil writes
    /// no stills.
    public var stillPreset: RevealPreset?
    /// The Android 12 splash icon's background colour: with one the icon canvas is 240 dp and
    /// its circle 160 dp (and the theme sets `windowSplashScreenIconBackgroundColor`); without,
    /// 288 dp and 192 dp.
    public var androidIconBackground: RGBAColor?
    /// Where the logo goes on the Android 12 icon canvas (default: inside the safe circle).
    public var androidFit: AndroidIconFit.Mode
    /// The reveal whose hole motion the animated splash icon plays (`twitter` or `yula`); nil
    /// writes no animated icon.
    public var animatedIcon: RevealPreset?

    /// Creates options with the defaults: iOS, Android and web, white background, 100 pt logo, the
    /// Android icon inside its circle, no animated icon.
    public init(
        platforms: Set<AssetPlatform> = AssetPlatform.native, background: RGBAColor = .white,
        darkBackground: RGBAColor? = nil, darkLogo: VectorLogo? = nil, logoWidth: Double = Placement.defaultLogoWidth,
        devices: [Device] = Device.builtIn, stillPreset: RevealPreset? = .twitter,
        androidIconBackground: RGBAColor? = nil, androidFit: AndroidIconFit.Mode = .circle, animatedIcon: RevealPreset? = nil
    ) {
        self.androidIconBackground = androidIconBackground
        self.androidFit = androidFit
        self.animatedIcon = animatedIcon
        self.platforms = platforms
        self.background = background
        self.darkBackground = darkBackground
        self.darkLogo = darkLogo
        self.logoWidth = logoWidth
        self.devices = devices
        self.stillPreset = stillPreset
    }
}
