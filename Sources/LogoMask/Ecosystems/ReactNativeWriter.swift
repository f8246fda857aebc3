import FoundationEssentials
import MaskGeometry

/// The ``AssetPlatform/reactNative`` files: what react-native-bootsplash's `generate` command
/// writes (zoontek/react-native-bootsplash, src/generate.ts), under `react-native/` laid out as
/// the project, so logo-mask replaces the generator (and gives dark mode without its licence):
///
/// ```
/// android/app/src/main/res/values[-night]/colors.xml             bootsplash_background
/// android/app/src/main/res/values/bootsplash_styles.xml          BootTheme, parent Theme.BootSplash
/// android/app/src/main/res/drawable[-night]-<density>/bootsplash_logo.png  288 dp canvas, logo centred
/// ios/BootSplash.storyboard                                      (into ios/<YourApp>/)
/// ios/Colors.xcassets/BootSplashBackground.colorset/Contents.json
/// ios/Images.xcassets/BootSplashLogo.imageset/bootsplash_logo[@2x,@3x].png
/// assets/bootsplash/manifest.json                                background, logo width and height
/// assets/bootsplash/logo[@1,5x,@2x,@3x,@4x].png                  the logo useHideAnimation draws
/// ```
///
/// As the generator: the logo width is whole dp rounded down to even (it refuses odd widths);
/// the logo is that wide at every density, centred on Android's 288 dp canvas, and
/// `manifest.json` gives that width and the 1x PNG's height, which `useHideAnimation` reads to
/// lay its logo over the native one. The BootTheme goes in a file of its own (the generator's
/// README adds it to `styles.xml`; a separate file cannot replace the app's styles). Pictures
/// are the web ``LaunchScene`` placement (the logo `logoWidth` wide, centred) on each canvas.
enum ReactNativeWriter {
    /// The generator's Android densities (its drawable folders) and the JS assets' suffixes.
    static let densities: [(folder: String, ratio: Double, suffix: String)] = [
        ("mdpi", 1, ""), ("hdpi", 1.5, "@1,5x"), ("xhdpi", 2, "@2x"), ("xxhdpi", 3, "@3x"), ("xxxhdpi", 4, "@4x"),
    ]
    /// Android's splash icon canvas in dp.
    static let canvas = 288.0
    static let res = "react-native/android/app/src/main/res"

    /// `assets/bootsplash/manifest.json` (the package's `Manifest` type).
    struct Manifest: Encodable {
        struct Logo: Encodable {
            var width: Int
            var height: Int
        }

        var background: String
        var darkBackground: String?
        var logo: Logo
    }

    /// The logo width the generator uses: whole dp, even.
    static func logoWidth(_ width: Double) -> Int {
        let whole = max(2, Int(width.rounded(.down)))
        return whole - whole % 2
    }

    static func write(logo: VectorLogo, options: AssetOptions, writer: inout AssetWriter) throws(LogoMaskError) {
        let width = logoWidth(options.logoWidth)
        let hasDark = options.darkBackground != nil || options.darkLogo != nil
        let darkLogo = options.darkLogo ?? logo
        func hex(_ color: RGBAColor) -> String { color.hexString.lowercased() }

        // The JS side: the manifest and the logo PNGs the hide animation draws.
        var oneX: RasterImage?
        for density in densities {
            let image = try Rasterizer.image(of: logo, size: .width(Int((Double(width) * density.ratio).rounded())))
            try EcosystemPictures.write(
                image, to: "react-native/assets/bootsplash/logo\(density.suffix).png", writer: &writer,
                purpose: "react-native-bootsplash's logo at \(formatNumber(density.ratio))x (\(width) dp wide), drawn by useHideAnimation.")
            if oneX == nil { oneX = image }
        }
        let manifest = Manifest(
            background: hex(options.background), darkBackground: hasDark ? hex(options.darkBackground ?? options.background) : nil,
            logo: .init(width: width, height: oneX?.height ?? 0))
        try EcosystemPictures.writeJSON(
            manifest, to: "react-native/assets/bootsplash/manifest.json", writer: &writer,
            purpose: "react-native-bootsplash's manifest: the background and the logo's size in dp, read by useHideAnimation and its Expo plugin.")

        // Android: the logo centred on the 288 dp canvas at each density, colours and theme.
        for (night, source) in [(false, logo), (true, darkLogo)] where !night || options.darkLogo != nil {
            for density in densities {
                let launch = try LaunchScene(
                    platform: .web, logo: source, viewport: Viewport(width: canvas, height: canvas, density: density.ratio),
                    logoWidth: Double(width), background: .clear)
                let name = "\(res)/drawable\(night ? "-night" : "")-\(density.folder)/bootsplash_logo.png"
                try EcosystemPictures.write(
                    try EcosystemPictures.launchImage(launch, logo: source), to: name, writer: &writer,
                    purpose: "BootTheme's bootSplashLogo at \(density.folder)\(night ? " in dark mode" : ""): the logo \(width) dp wide centred on the 288 dp canvas.")
            }
        }
        func colors(_ color: RGBAColor) -> Data {
            Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n    <color name=\"bootsplash_background\">\(hex(color))</color>\n</resources>\n".utf8)
        }
        try writer.write(colors(options.background), to: "\(res)/values/colors.xml",
                         purpose: "bootsplash_background, BootTheme's background colour.")
        if hasDark {
            try writer.write(colors(options.darkBackground ?? options.background), to: "\(res)/values-night/colors.xml",
                             purpose: "bootsplash_background in dark mode.")
        }
        let theme = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <!-- react-native-bootsplash's theme: set it on MainActivity (android:theme="@style/BootTheme"). -->
                <style name="BootTheme" parent="Theme.BootSplash">
                    <item name="bootSplashBackground">@color/bootsplash_background</item>
                    <item name="bootSplashLogo">@drawable/bootsplash_logo</item>
                    <item name="postBootSplashTheme">@style/AppTheme</item>
                </style>
            </resources>

            """
        try writer.write(Data(theme.utf8), to: "\(res)/values/bootsplash_styles.xml",
                         purpose: "BootTheme (parent Theme.BootSplash) for MainActivity; postBootSplashTheme is the app's AppTheme.")

        // iOS: the storyboard, the colour set and the image set the storyboard names.
        var images: [AssetCatalog.Image] = []
        for (night, source) in [(false, logo), (true, darkLogo)] where !night || options.darkLogo != nil {
            for scale in 1...3 {
                let file = "bootsplash_logo\(night ? "-dark" : "")\(scale == 1 ? "" : "@\(scale)x").png"
                try writer.png(source, size: .width(width * scale), to: "react-native/ios/Images.xcassets/BootSplashLogo.imageset/" + file,
                               scale: Double(scale), purpose: "BootSplashLogo at @\(scale)x\(night ? ", dark" : ""), \(width) pt wide.")
                images.append(AssetCatalog.Image(filename: file, scale: "\(scale)x", dark: night))
            }
        }
        try writer.json(AssetCatalog.imageSet(images), to: "react-native/ios/Images.xcassets/BootSplashLogo.imageset/Contents.json",
                        purpose: "The BootSplashLogo image set BootSplash.storyboard names.")
        try writer.json(AssetCatalog.colorSet(options.background, dark: hasDark ? (options.darkBackground ?? options.background) : nil),
                        to: "react-native/ios/Colors.xcassets/BootSplashBackground.colorset/Contents.json",
                        purpose: "The BootSplashBackground colour set (with its dark appearance) BootSplash.storyboard names.")
        let size = Size(width: Double(width), height: Double(oneX?.height ?? 0))
        var storyboard = String(decoding: IOSLaunchScreen.storyboard(size: size, background: options.background), as: UTF8.self)
        storyboard = storyboard.replacing("\"\(IOSLaunchScreen.colorSetName)\"", with: "\"BootSplashBackground\"")
            .replacing("\"\(IOSLaunchScreen.imageSetName)\"", with: "\"BootSplashLogo\"")
        try writer.write(Data(storyboard.utf8), to: "react-native/ios/BootSplash.storyboard",
                         purpose: "react-native-bootsplash's launch screen: into ios/<YourApp>/, named by UILaunchStoryboardName = BootSplash.")
    }
}
