import ArgumentParser
import FoundationEssentials
import MaskGeometry
import LogoMask

struct AssetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assets",
        abstract: "Write an app's splash assets: iOS asset catalog, Android densities, web files and the numbers.",
        discussion: HelpText.reflow("""
            Everything is drawn from the vectors at its final size. The folder appears whole (written
            aside, then renamed) or not at all; an existing folder is replaced. manifest.json lists
            every file with its purpose; the DocC article "Launch files in your project" says where
            each one goes in an Xcode or Gradle project.

            DIR/android/res/drawable    splash_icon.xml: the Android 12 splash icon as a vector drawable,
                                        its ink fitted exactly inside the safe circle (192 dp of 288 dp,
                                        or 160 of 240 with --android-icon-background), or a
                                        <bitmap> of splash_logo.png where a vector drawable cannot
                                        carry the logo (filters, images, patterns: see the notes);
                                        splash_icon_animated.xml with --animated-icon; -night variants
                                        with --dark-logo
            DIR/android/res/drawable-*  splash_logo.png per density (mdpi..xxxhdpi), fitted the same way
            DIR/android/res/values*     values/themes.xml (Theme.App.Starting, androidx core-splashscreen:
                                        every Android version from API 23), values[-night]/colors.xml
            DIR/android/LaunchStills    a still per Android device and orientation (frame 0 of the reveal)
            DIR/ios/Assets.xcassets     LaunchLogo (@1x-@3x PNG), LaunchLogoVector (PDF), SplashHole (the
                                        hole at the logo's size as a vector PDF, right on every screen),
                                        SplashBackground colour set; dark appearances when asked
            DIR/ios/LaunchScreen.storyboard, DIR/ios/UILaunchScreen.plist (the Info.plist alternative)
            DIR/ios/LaunchStills        a still per iPhone and iPad and orientation (frame 0 of the reveal)
            DIR/web                     logo.png at 1x-4x, splash.html (the splash for any window, dark
                                        by prefers-color-scheme), splash-hole[-dark].svg at the logo's
                                        size with splash-hole.css (centres it, fills the window around it)
            DIR/manifest.json           every file with its purpose, pixel size, scale and SHA-256; bounds,
                                        anchor, the Android icon fit, the cover scale per device

            --animated-icon twitter: the icon shrinks to 0.75 and grows back to its size, on the reveal's
            own curves; yula: the same dip to 0.85 while it turns with the reveal. The icon stops where
            the hole grows past the logo's size (the exit animation's part); at most 1,000 ms (a longer
            motion is played faster). huvi and fade move no hole and are refused.

            --into PROJECT_DIR writes each file where the project's tools expect it (ios/<App>/ is the
            one folder of ios/ holding Info.plist, or named like its .xcodeproj):
            react-native                android/app/src/main/res, ios/<App>/ (BootSplash.storyboard and its
                                        sets), assets/bootsplash/
            expo                        assets/splash-icon[-dark].png, app.config.js (adds the
                                        expo-splash-screen entry to app.json's configuration, keeping app.json)
            flutter                     flutter_native_splash.yaml, assets/splash/
            capacitor                   assets/logo[-dark].svg, assets/splash[-dark].png
            ios, android                ios/<App>/Assets.xcassets and LaunchScreen.storyboard,
                                        android/app/src/main/res
            An existing file is replaced only if logo-mask wrote it (PROJECT_DIR/.logo-mask/written.json
            keeps each one's SHA-256); any other is refused with status 73 and nothing is written, unless
            --force. Launch stills, web/, pwa/ and Cordova's config-splash.xml stay in -o DIR.

            Examples:
              logo-mask assets SampleLogos/bird.svg -o splash --background "#1DA1F2"
              logo-mask assets logo.pdf -o splash --platforms ios,android --dark-background "#0B1320" --dark-logo logo-dark.pdf
              logo-mask assets SampleLogos/bird.svg -o splash --platforms android --animated-icon twitter --android-icon-background "#FFFFFF"
              logo-mask assets logo.svg --into MyApp --platforms react-native --dark-background "#0B1320"
            """))

    @OptionGroup var logoOptions: LogoOptions

    @Option(name: .shortAndLong, help: "The folder to write (replaced whole if it exists); optional with --into.")
    var output: String?

    @Option(help: ArgumentHelp("Also write each file where the app project at this root expects it (React Native, Expo, Flutter, Capacitor, Xcode, Gradle layouts).", valueName: "project-dir"))
    var into: String?

    @Flag(help: "With --into, overwrite project files that logo-mask did not write (or that were edited since).")
    var force = false

    @Option(help: ArgumentHelp("Comma-separated, of: \(AssetPlatform.names).", valueName: "names"))
    var platforms: String = "ios,android,web"

    @Option(help: "The splash background colour.")
    var background: RGBAColor = .white

    @Option(help: "The splash background in dark mode (writes dark variants).")
    var darkBackground: RGBAColor?

    @Option(help: "A second logo (SVG or PDF) for dark mode.")
    var darkLogo: String?

    @Option(help: "The logo's on-screen width in points.")
    var logoWidth: Double = 100

    @Option(help: "The reveal preset whose frame 0 the launch stills are (twitter, yula, huvi, fade), or none.")
    var stillPreset: String = "twitter"

    @Option(help: "The Android 12 splash icon's background colour (the icon canvas becomes 240 dp, its circle 160 dp).")
    var androidIconBackground: RGBAColor?

    @Option(help: "Where the logo goes on the Android icon canvas: circle (its ink inside the safe circle) or canvas (the document box fills the canvas; the launcher may cut ink off).")
    var androidFit: String = "circle"

    @Option(help: "Write an animated splash icon playing this reveal's hole motion (twitter or yula).")
    var animatedIcon: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard output != nil || into != nil else { throw ValidationError("Give -o DIR, --into PROJECT_DIR or both.") }
        if force, into == nil { throw ValidationError("--force goes with --into.") }
        guard logoWidth > 0, logoWidth.isFinite else { throw ValidationError("--logo-width must be a positive number of points.") }
        _ = try parsedPlatforms()
        guard AndroidIconFit.Mode(rawValue: androidFit) != nil else {
            throw ValidationError("--android-fit takes circle or canvas, not \(androidFit).")
        }
        if let animatedIcon, RevealPreset(rawValue: animatedIcon) == nil {
            throw ValidationError("--animated-icon takes twitter or yula, not \(animatedIcon).")
        }
        guard stillPreset == "none" || RevealPreset(rawValue: stillPreset) != nil else {
            throw ValidationError("--still-preset takes \(RevealPreset.allCases.map(\.rawValue).joined(separator: ", ")) or none, not \(stillPreset).")
        }
    }

    private func parsedPlatforms() throws -> Set<AssetPlatform> {
        var result = Set<AssetPlatform>()
        for name in platforms.split(separator: ",").map({ $0.trimmingWhitespace().lowercased() }) {
            guard let platform = AssetPlatform(rawValue: name) else {
                throw ValidationError("--platforms takes \(AssetPlatform.names), not \(name).")
            }
            result.insert(platform)
        }
        guard !result.isEmpty else { throw ValidationError("--platforms needs at least one of \(AssetPlatform.names).") }
        return result
    }

    func run() throws {
        let platforms = try parsedPlatforms()
        try runReportingErrors { () throws(LogoMaskError) in
            let logo = try logoOptions.load()
            let dark = try darkLogo.map { (path) throws(LogoMaskError) in try VectorLogo(contentsOf: path) }
            let options = AssetOptions(
                platforms: platforms, background: background, darkBackground: darkBackground, darkLogo: dark,
                logoWidth: logoWidth, stillPreset: stillPreset == "none" ? nil : RevealPreset(rawValue: stillPreset),
                androidIconBackground: androidIconBackground, androidFit: AndroidIconFit.Mode(rawValue: androidFit) ?? .circle,
                animatedIcon: animatedIcon.flatMap(RevealPreset.init(rawValue:)))
            let progress = ProgressBar(label: "assets", enabled: !quiet)
            let report: AssetGenerator.Report
            var installed: ProjectInstaller.Report?
            if let output {
                report = try AssetGenerator.write(
                    logo: logo, options: options, to: output, deadline: logoOptions.deadline, progress: progress.update)
                if let into { installed = try ProjectInstaller.install(from: output, into: into, force: force) }
            } else {
                let both = try ProjectInstaller.install(
                    logo: logo, options: options, into: into ?? ".", force: force, deadline: logoOptions.deadline, progress: progress.update)
                (report, installed) = (both.assets, both.install)
            }
            progress.finish()
            for warning in report.warnings { printError("warning: \(warning)") }
            if !quiet { for note in report.manifest.notes { printError("note: \(note)") } }
            if !quiet, let output {
                printError("wrote \(report.manifest.files.count + 1) files to \(output)/ (see \(output)/manifest.json)")
            }
            if !quiet, let installed, let into {
                printError("wrote \(installed.written.count) files into \(into)/ (listed in \(into)/\(ProjectRecord.path))")
                if !installed.notPlaced.isEmpty {
                    printError("note: \(installed.notPlaced.count) files have no place in a project and were not copied (\(output.map { "they are in \($0)/" } ?? "give -o DIR to keep them")).")
                }
            }
        }
    }
}

