import ArgumentParser
import FoundationEssentials
import LogoMask
import MaskGeometry

struct CodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Write the reveal as native code: Swift (Core Animation) or Kotlin (androidx SplashScreen), sized for any window at run time.",
        discussion: HelpText.reflow("""
            Writes into the -o folder:
              ios:     RevealGeometry.swift (Foundation only), SplashReveal.swift (UIKit)
                       and SplashRevealView.swift (SwiftUI: .logoReveal())
              android: RevealGeometry.kt (no Android import), SplashReveal.kt (androidx,
                       View system) and SplashRevealCompose.kt (Jetpack Compose)
              and a logo with filters, images or masks as a picture (the first frame is
              the launch image): ios LogoReveal.imageset (drag it into Assets.xcassets),
              android res/drawable-nodpi/logo_reveal.png; a background picture the same
              way. A logo whose only inexact parts are filters (blurs, shadows) stays
              shapes, each filter result a picture between them: ios
              LogoRevealFilterN.imageset, android drawable-nodpi/logo_reveal_filter_N.png

            RevealGeometry holds the numbers: the logo's size and path in points, the anchor, the
            timeline (times, values, cubic Bézier control points) and the radial profile: for 5,760
            directions, how far the logo's fully opaque ink reaches from the anchor. Its
            coverScale(windowWidth, windowHeight) is the cover scale of any window, computed by the app
            at run time (within 0.5 % of the cover command, never short of it by more than the
            profile's stated tolerance). The logo is placed as the other commands place it: its
            document box --logo-width points wide, centred in the window (or at the offset --center
            gives from the --viewport's centre).

            The anchor is the document box's centre; if the centre is in a gap of the logo (not
            fully opaque), it becomes the point with the smallest cover scale on --viewport, with a
            note on standard error. --anchor center forces the centre: if it is not inside the
            logo's fully opaque part, nothing is written and the command exits with status 3, as
            it does when no anchor inside the logo covers.

            On Android the reveal continues the splash screen the system draws: the logo starts at
            the splash icon view's place and size (the icon canvas of 288 dp, 240 with
            --android-icon-background, the logo fitted by --android-fit, as the assets command
            writes them; --logo-width and --center do not apply), over --background; night mode
            takes --dark-background and --dark-logo. Each shape is drawn in its own paint (colour,
            linear or radial gradient).

            Examples:
              logo-mask code SampleLogos/bird.svg --platform ios --preset twitter -o Reveal/
              logo-mask code SampleLogos/bird.svg --platform android --preset yula \\
                  --package com.example.app -o app/src/main/java/com/example/app/
            """))

    @OptionGroup var logoOptions: LogoOptions

    @Option(help: ArgumentHelp("ios (Swift) or android (Kotlin).", valueName: "ios|android"))
    var platform: RevealCodePlatform

    @Option(help: ArgumentHelp("A built-in animation: \(RevealPreset.allCases.map(\.rawValue).joined(separator: ", ")) (default twitter, unless --spec).", valueName: "name"))
    var preset: RevealPreset?

    @Option(help: ArgumentHelp("A JSON spec file (see reveal --print-spec for the format).", valueName: "file"))
    var spec: String?

    @Option(help: ArgumentHelp("Width of the logo's document box at launch, in points.", valueName: "pt"))
    var logoWidth: Double = Placement.defaultLogoWidth

    @Option(parsing: .unconditional, help: ArgumentHelp("center-or-auto (the centre, or the point with the smallest cover scale on --viewport when the centre is in a gap), center (forced), auto (that point), or X,Y in document units.", valueName: "center-or-auto|center|auto|X,Y"))
    var anchor: String = "center-or-auto"

    @Option(parsing: .unconditional, help: ArgumentHelp("Where the document box's centre sits on --viewport, in points; the code keeps its offset from the centre.", valueName: "X,Y"))
    var center: String?

    @Option(help: ArgumentHelp("The screen the timeline is read for (window-dependent numbers become functions of the window).", valueName: "WxH[@D]"))
    var viewport: String = "393x852@3"

    @Option(help: ArgumentHelp("Play the whole animation in this many seconds (default: the spec's own duration).", valueName: "s"))
    var duration: Double?

    @Option(help: ArgumentHelp("The final scale is the cover scale times this.", valueName: "m"))
    var margin: Double = 1

    @Option(help: ArgumentHelp("The Kotlin package of the android files.", valueName: "name"))
    var package: String = RevealCode.defaultKotlinPackage

    @Option(help: ArgumentHelp("The launch screen's background colour, as assets --background (android: windowSplashScreenBackground); default: the spec's own colour, as reveal draws it.", valueName: "color"))
    var background: RGBAColor?

    @Option(help: ArgumentHelp("The launch background in dark mode, as assets --dark-background: the Swift follows the trait collection, the Kotlin night mode.", valueName: "color"))
    var darkBackground: RGBAColor?

    @Option(help: ArgumentHelp("The logo drawn in dark mode (SVG or PDF), as assets --dark-logo.", valueName: "file"))
    var darkLogo: String?

    @Option(help: ArgumentHelp("android: the splash icon's background colour, as given to assets (the icon canvas is then 240 dp).", valueName: "colour"))
    var androidIconBackground: RGBAColor?

    @Option(help: ArgumentHelp("android: where the logo goes on the splash icon canvas, as given to assets: circle or canvas.", valueName: "circle|canvas"))
    var androidFit: String = "circle"

    @Option(help: ArgumentHelp("android: the splash icon is the assets' animated icon of this preset (the reveal's own): the exit animation goes on from the icon's last frame instead of replaying its motion.", valueName: "twitter|yula"))
    var animatedIcon: RevealPreset?

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the files into (created if missing).", valueName: "dir"))
    var output: String

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Flag(name: .shortAndLong, help: "No report.")
    var quiet = false

    func validate() throws {
        if preset != nil, spec != nil { throw ValidationError("Give --preset or --spec, not both.") }
        guard logoWidth > 0, logoWidth.isFinite else { throw ValidationError("--logo-width must be a positive number of points.") }
        guard Anchor(parsing: anchor) != nil else {
            throw ValidationError("--anchor takes center-or-auto, center, auto or X,Y in document units; \"\(anchor)\" is none of them.")
        }
        if let center, Point(parsing: center) == nil { throw ValidationError("--center takes X,Y in points, e.g. 187.5,333.5.") }
        guard Viewport(parsing: viewport) != nil else {
            throw ValidationError("--viewport takes WxH or WxH@D in points, e.g. 375x667@2; \"\(viewport)\" is not one.")
        }
        if let duration, !(duration > 0 && duration.isFinite) { throw ValidationError("--duration must be a positive number of seconds.") }
        guard margin > 0, margin.isFinite else { throw ValidationError("--margin must be a positive number (1 = just covers).") }
        guard AndroidIconFit.Mode(rawValue: androidFit) != nil else { throw ValidationError("--android-fit takes circle or canvas, not \(androidFit).") }
        if let animatedIcon, spec != nil || animatedIcon != (preset ?? .twitter) {
            throw ValidationError("--animated-icon \(animatedIcon.rawValue) continues only the same --preset (the exit goes on from the icon's motion): give --preset \(animatedIcon.rawValue).")
        }
    }

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let chosenSpec = try spec.map { (path: String) throws(LogoMaskError) in try RevealSpec.load(path: path) } ?? (preset ?? .twitter).spec
            let logo = try logoOptions.load()
            let screen = Viewport(parsing: viewport) ?? Viewport(width: 393, height: 852)
            // Android: the reveal starts from the splash screen as the system draws it (LaunchScene).
            let dark = try darkLogo.map { (path: String) throws(LogoMaskError) in try VectorLogo(contentsOf: path) }
            var launch: KotlinLaunch?
            if platform == .android {
                let scene = try LaunchScene(
                    platform: .android, logo: logo, viewport: screen, logoWidth: logoWidth,
                    background: background ?? chosenSpec.background.flatColor,
                    androidCanvas: AssetGenerator.androidCanvas(iconBackground: androidIconBackground), androidFit: AndroidIconFit.Mode(rawValue: androidFit) ?? .circle)
                launch = KotlinLaunch(scene: scene, darkBackground: darkBackground, darkLogo: dark)
            }
            var settings = launch.map { RevealSettings(launch: $0.scene) } ?? RevealSettings(viewport: screen)
            if launch == nil {
                settings.logoWidth = logoWidth
                settings.center = center.flatMap(Point.init(parsing:))
            }
            // The scene chooses the anchor (the cover search on the viewport given, when asked).
            settings.anchor = Anchor(parsing: anchor) ?? .defaultAnchor
            settings.margin = margin
            settings.duration = duration
            // The code computes the final scale at run time: no search here.
            settings.finalScale = 1
            settings.background = background
            let scene = try RevealScene(logo: logo, spec: chosenSpec, settings: settings, deadline: logoOptions.deadline)
            if !quiet, let note = scene.anchorNote { printError("note: \(note)") }
            if animatedIcon != nil, launch != nil {
                launch?.startTime = try KotlinLaunch.animatedIconHandOffTime(scene, darkLogo: dark)
            }
            let bundle = try RevealCode.generate(
                scene, platform: platform, kotlinPackage: package, kotlinLaunch: launch, deadline: logoOptions.deadline,
                darkBackground: darkBackground, darkLogo: dark)
            let written = try RevealCode.write(bundle, to: output)
            if quiet { return }
            if json {
                let report = CodeReport(
                    file: logo.name, platform: platform.rawValue, spec: chosenSpec.name, written: written,
                    anchor: scene.placement.resolvedAnchor, anchorChosen: scene.anchorChoice, anchorNote: scene.anchorNote,
                    directions: bundle.profile?.directionCount ?? 0,
                    profileTolerance: bundle.profile?.tolerance, notes: bundle.notes)
                printJSON(report)
                return
            }
            var lines = ["\(chosenSpec.name) for \(platform.rawValue): anchor \(scene.placement.resolvedAnchor) (document units)"]
            if let profile = bundle.profile {
                lines.append("radial profile: \(profile.directionCount) directions, radii at most \(formatNumber(profile.tolerance, decimals: 4)) pt short")
            }
            for note in bundle.notes { lines.append("note: \(note)") }
            for purpose in Set(bundle.resources.map(\.purpose)).sorted() { lines.append("picture: \(purpose)") }
            for path in written { lines.append("wrote \(path)") }
            print(lines.joined(separator: "\n"))
        }
    }
}

/// The code command's JSON report.
struct CodeReport: Encodable {
    var file: String
    var platform: String
    var spec: String
    var written: [String]
    var anchor: Point
    var anchorChosen: AnchorChoice
    var anchorNote: String?
    var directions: Int
    var profileTolerance: Double?
    var notes: [String]
}

extension RevealCodePlatform: ExpressibleByArgument {}
