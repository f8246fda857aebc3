import ArgumentParser
import Foundation
import LogoMask

struct AssetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assets",
        abstract: "Write an app's splash assets: iOS asset catalog, Android densities, web files and the numbers.",
        discussion: """
            Everything is drawn from the vectors at its final size. The folder appears whole (written
            aside, then renamed) or not at all; an existing folder is replaced.

            DIR/ios/Assets.xcassets     LaunchLogo (@1x-@3x PNG), LaunchLogoVector (PDF, preserves vector
                                        data), SplashHole (inverted overlay per device class),
                                        SplashBackground colour set; dark appearances when asked
            DIR/ios/LaunchStills        a still per device and orientation, identical to frame 0 of the reveal
            DIR/android/res             drawable[-night]-{mdpi..xxxhdpi}/splash_logo.png on the 288 dp canvas,
                                        values[-night]/colors.xml; a warning when the ink leaves
                                        Android 12's splash circle
            DIR/web                     logo.png at 1x-4x, splash-hole.svg
            DIR/manifest.json           every file with pixel size, scale and SHA-256; bounds, anchor,
                                        the cover scale per device and orientation

            Examples:
              logo-mask assets SampleLogos/bird.svg -o splash --background "#1DA1F2"
              logo-mask assets logo.pdf -o splash --platforms ios,android --dark-background "#0B1320" --dark-logo logo-dark.pdf
            """)

    @OptionGroup var logoOptions: LogoOptions

    @Option(name: .shortAndLong, help: "The folder to write (replaced whole if it exists).")
    var output: String

    @Option(help: "Comma-separated: ios, android, web (default: all).")
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

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard logoWidth > 0, logoWidth.isFinite else { throw ValidationError("--logo-width must be a positive number of points.") }
        _ = try parsedPlatforms()
        guard stillPreset == "none" || RevealPreset(rawValue: stillPreset) != nil else {
            throw ValidationError("--still-preset takes \(RevealPreset.allCases.map(\.rawValue).joined(separator: ", ")) or none, not \(stillPreset).")
        }
    }

    private func parsedPlatforms() throws -> Set<AssetPlatform> {
        var result = Set<AssetPlatform>()
        for name in platforms.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let platform = AssetPlatform(rawValue: name) else {
                throw ValidationError("--platforms takes ios, android and web, not \(name).")
            }
            result.insert(platform)
        }
        guard !result.isEmpty else { throw ValidationError("--platforms needs at least one of ios, android, web.") }
        return result
    }

    func run() throws {
        let platforms = try parsedPlatforms()
        try runReportingErrors { () throws(LogoMaskError) in
            let logo = try logoOptions.load()
            let dark = try darkLogo.map { (path) throws(LogoMaskError) in try VectorLogo(contentsOf: path) }
            let options = AssetOptions(
                platforms: platforms, background: background, darkBackground: darkBackground, darkLogo: dark,
                logoWidth: logoWidth, stillPreset: stillPreset == "none" ? nil : RevealPreset(rawValue: stillPreset))
            let progress = ProgressBar(label: "assets", enabled: !quiet)
            let report = try AssetGenerator.write(
                logo: logo, options: options, to: output, deadline: logoOptions.deadline, progress: progress.update)
            progress.finish()
            for warning in report.warnings { printError("warning: \(warning)") }
            if !quiet {
                printError("wrote \(report.manifest.files.count + 1) files to \(output)/ (see \(output)/manifest.json)")
            }
        }
    }
}

