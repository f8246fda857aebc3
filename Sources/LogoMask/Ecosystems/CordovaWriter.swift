import FoundationEssentials
import MaskGeometry

/// The ``AssetPlatform/cordova`` files, under `cordova/` laid out as the project:
///
/// ```
/// cordova/config-splash.xml                       a <widget> whose preferences and <platform> blocks go into config.xml
/// cordova/res/screen/android/splash-icon.png      AndroidWindowSplashScreenAnimatedIcon: 1152 px,
///                                                 the ink inside the 768 px circle (960/640 with an icon background)
/// cordova/res/screen/ios/Default@2x~universal~anyany[~dark].png  2732 x 2732 launch storyboard images
/// ```
///
/// Preferences from Cordova's docs (cordova.apache.org, "Splashscreen" for cordova-android 11+:
/// `AndroidWindowSplashScreenAnimatedIcon`, `AndroidWindowSplashScreenBackground`,
/// `AndroidWindowSplashScreenIconBackgroundColor`, `AndroidWindowSplashScreenAnimationDuration`,
/// `SplashScreenDelay`; cordova-ios's launch storyboard images `Default@2x~universal~anyany.png`,
/// 2732 px, with `~dark`). The Lottie splash plugin (cordova-plugin-lottie-splashscreen) plays the
/// reveal: its `LottieAnimationLocation` points at `reveal.json` (`generate` writes it;
/// `reveal -o www/lottie/reveal.json`), `LottieHideAfterAnimationEnd` removes it at its end.
enum CordovaWriter {
    static func write(logo: VectorLogo, options: AssetOptions, writer: inout AssetWriter) throws(LogoMaskError) {
        let hasDark = options.darkBackground != nil || options.darkLogo != nil
        let darkBackground = options.darkBackground ?? options.background
        let icon = FlutterWriter.android12(iconBackground: options.androidIconBackground != nil)
        try EcosystemPictures.write(
            try EcosystemPictures.icon(logo, side: icon.side, diameter: icon.circle, background: nil),
            to: "cordova/res/screen/android/splash-icon.png", writer: &writer,
            purpose: "AndroidWindowSplashScreenAnimatedIcon: \(icon.side) px with the ink inside the \(formatNumber(icon.circle)) px circle Android 12 keeps.")
        for (night, source) in [(false, logo), (true, options.darkLogo ?? logo)] where !night || hasDark {
            let image = try EcosystemPictures.squareLaunch(
                source, points: CapacitorWriter.splashPoints, pixels: CapacitorWriter.splashPixels, logoWidth: options.logoWidth,
                background: night ? darkBackground : options.background)
            try EcosystemPictures.write(
                image, to: "cordova/res/screen/ios/Default@2x~universal~anyany\(night ? "~dark" : "").png", writer: &writer,
                purpose: "cordova-ios's launch storyboard image\(night ? " in dark mode" : ""): 2732 px, the logo \(formatNumber(options.logoWidth)) pt wide at 2x.")
        }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<!-- Splash screen settings written by logo-mask: merge the children of <widget> into config.xml. -->",
            "<widget xmlns=\"http://www.w3.org/ns/widgets\" xmlns:cdv=\"http://cordova.apache.org/ns/1.0\">",
            "<platform name=\"android\">",
            "    <preference name=\"AndroidWindowSplashScreenAnimatedIcon\" value=\"res/screen/android/splash-icon.png\" />",
            "    <preference name=\"AndroidWindowSplashScreenBackground\" value=\"\(options.background.hexString)\" />",
        ]
        if let iconBackground = options.androidIconBackground {
            lines.append("    <preference name=\"AndroidWindowSplashScreenIconBackgroundColor\" value=\"\(iconBackground.hexString)\" />")
        }
        lines += [
            "    <preference name=\"AndroidWindowSplashScreenAnimationDuration\" value=\"0\" />",
            "</platform>",
            "<platform name=\"ios\">",
            "    <splash src=\"res/screen/ios/Default@2x~universal~anyany.png\" />",
        ]
        if hasDark { lines.append("    <splash src=\"res/screen/ios/Default@2x~universal~anyany~dark.png\" />") }
        lines += [
            "</platform>",
            "<preference name=\"SplashScreenDelay\" value=\"0\" />",
            "<!-- The reveal, played by cordova-plugin-lottie-splashscreen over the app when the system splash ends. -->",
            "<preference name=\"LottieAnimationLocation\" value=\"www/lottie/reveal.json\" />",
            "<preference name=\"LottieFullScreen\" value=\"true\" />",
            "<preference name=\"LottieHideAfterAnimationEnd\" value=\"true\" />",
            "<preference name=\"LottieBackgroundColor\" value=\"\(options.background.hexString)\" />",
            "</widget>",
        ]
        try writer.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: "cordova/config-splash.xml",
                         purpose: "Cordova's splash preferences and the Lottie splash plugin's, to merge into config.xml.")
    }
}
