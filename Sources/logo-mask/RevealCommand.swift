import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import LogoMask
import MaskGeometry

struct RevealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reveal",
        abstract: "Render a launch reveal (the logo-shaped hole that grows into the app) as frames, video, a contact sheet and the launch still.",
        discussion: HelpText.reflow("""
            Presets follow the source articles: twitter (hole 1 -> 0.75 at 0.4 -> final, white veil fading, 0.6 s), yula (the hole turns to -atan(y/x) of the logo's position and scales 1 -> 0.85 -> final in 0.6 s, the app settles from 1.05 to 1), huvi (the logo moves to --target while the launch background fades, 0.35 s after 0.35 s), fade (the launch screen fades in 250 ms). The final scale is the cover scale computed for the viewport (times --margin); --final-scale overrides it.

            -o takes a folder (PNG sequence frame-0000.png, ...) or a file ending .mp4 (H.264), .gif, .webp or .apng (through ffmpeg). --still writes the launch image: frame 0, pixel for pixel, so the hand-off from the launch screen cannot jump.

            --print-spec prints the preset as an editable JSON spec; --spec FILE plays one. In a spec's timeline, "finalScale", "cornerAngle", "launchFrame" and "targetFrame" stand for the numbers computed for the viewport.

            Examples:
              logo-mask reveal bird.svg --preset twitter --device "iPhone 15" \\
                  -o twitter.mp4 --contact-sheet sheet.png
              logo-mask reveal bird.svg --preset yula --viewport 375x667@2 \\
                  -o frames/ --still launch.png
              logo-mask reveal bird.svg --preset huvi --target 16,56,44,37 \\
                  --device "iPhone SE" -o huvi.gif --fps 30
              logo-mask reveal bird.svg --preset twitter --print-spec > mine.json
              logo-mask reveal bird.svg --spec mine.json --device "Pixel 8" -o mine.mp4
            """))

    @OptionGroup var logoOptions: LogoOptions
    @OptionGroup var placementOptions: PlacementOptions

    @Option(help: ArgumentHelp("A built-in animation: \(RevealPreset.allCases.map(\.rawValue).joined(separator: ", ")) (default twitter, unless --spec).", valueName: "name"))
    var preset: RevealPreset?

    @Option(help: ArgumentHelp("A JSON spec file (see --print-spec for the format).", valueName: "file"))
    var spec: String?

    @Flag(help: "Print the preset's (or the spec's) JSON on standard output and stop.")
    var printSpec = false

    @Option(name: .shortAndLong, help: ArgumentHelp("A folder for a PNG sequence, a .mp4, .gif, .webp or .apng file, a Lottie .json, a dotLottie .lottie, a web page .html or a .js overlay over the live page (the overlay as vectors).", valueName: "out"))
    var output: String?

    @Flag(help: "Play the .html page over and over (a designer's preview) instead of once.")
    var loop = false

    @Option(help: ArgumentHelp("One picture of sampled frames, labelled with their times.", valueName: "sheet.png"))
    var contactSheet: String?

    @Option(help: ArgumentHelp("The launch image: frame 0, pixel for pixel.", valueName: "still.png"))
    var still: String?

    @Option(help: ArgumentHelp("The app's first screen (PNG, JPEG, WebP, GIF, TIFF or BMP), scaled to fill the viewport (default: a generated placeholder).", valueName: "picture"))
    var content: String?

    @Option(help: ArgumentHelp("A caption image drawn below the logo at the viewport's density (yula fades it).", valueName: "caption.png"))
    var caption: String?

    @Option(help: ArgumentHelp("The splash background colour, instead of the spec's.", valueName: "color"))
    var background: RGBAColor?

    @Option(help: ArgumentHelp("The splash background in dark mode: frames, video, a Lottie JSON, sheet and still get a dark twin, -dark before the extension (frames-dark/, x-dark.json, sheet-dark.png); a page, overlay script or .lottie holds dark mode inside.", valueName: "color"))
    var darkBackground: RGBAColor?

    @Option(help: ArgumentHelp("A second logo (SVG or PDF) for dark mode, shown as with --dark-background.", valueName: "file"))
    var darkLogo: String?

    @Option(help: ArgumentHelp("Place the logo where this platform's launch screen draws it, so that frame 0 is that launch screen: ios (the image set's PNG at its point size, centred on whole pixels), android (the splash icon fitted in its circle on the 288 dp canvas), web (--logo-width wide, centred).", valueName: "ios|android|web"))
    var launchScreen: LaunchScene.Platform?

    @Option(help: "Frames per second.")
    var fps: Double = 60

    @Option(help: ArgumentHelp("Play the whole animation in this many seconds (default: the spec's own duration).", valueName: "s"))
    var duration: Double?

    @Option(help: ArgumentHelp("The final scale is the cover scale times this.", valueName: "m"))
    var margin: Double = 1

    @Option(help: ArgumentHelp("Use this final scale instead of computing the cover scale.", valueName: "s"))
    var finalScale: Double?

    @Option(help: ArgumentHelp("center-or-auto (the centre, or the point with the smallest cover scale when the centre is in a gap), center (forced), auto (that point), or X,Y in document units.", valueName: "center-or-auto|center|auto|X,Y"))
    var anchor: String = "center-or-auto"

    @Option(help: ArgumentHelp("The move target in points (huvi).", valueName: "X,Y,W,H"))
    var target: String?

    @Option(help: ArgumentHelp("Threads compositing frames (default: all cores).", valueName: "n"))
    var workers: Int?

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Option(help: ArgumentHelp("Time compositing the frames at these comma-separated fractions of the duration (one thread, no output) and print it against one copy of the frame's bytes.", visibility: .hidden))
    var measureCompositor: String?

    @Option(help: ArgumentHelp("Repeats for --measure-compositor.", visibility: .hidden))
    var measureRepeats: Int = 20

    @Flag(name: .shortAndLong, help: "No progress bar and no report.")
    var quiet = false

    func validate() throws {
        if preset != nil, spec != nil { throw ValidationError("Give --preset or --spec, not both.") }
        if !printSpec {
            guard placementOptions.viewport != nil || placementOptions.device != nil else {
                throw ValidationError("Give the screen: --device NAME or --viewport WxH[@D].")
            }
            guard output != nil || contactSheet != nil || still != nil || measureCompositor != nil else {
                throw ValidationError("Nothing to write: give -o OUT, --contact-sheet SHEET.png or --still STILL.png (or --print-spec).")
            }
        }
        guard fps > 0, fps <= 240 else { throw ValidationError("--fps must be in 0...240.") }
        if let duration, !(duration > 0 && duration.isFinite) { throw ValidationError("--duration must be a positive number of seconds.") }
        guard margin > 0, margin.isFinite else { throw ValidationError("--margin must be a positive number (1 = just covers).") }
        if let finalScale, !(finalScale > 0 && finalScale.isFinite) { throw ValidationError("--final-scale must be a positive number.") }
        guard Anchor(parsing: anchor) != nil else {
            throw ValidationError("--anchor takes center-or-auto, center, auto or X,Y in document units; \"\(anchor)\" is none of them.")
        }
        if let target, Rect(parsing: target) == nil {
            throw ValidationError("--target takes X,Y,W,H in points with W and H positive, e.g. 16,56,44,37.")
        }
        if let workers, workers < 1 { throw ValidationError("--workers must be 1 or more.") }
        if launchScreen != nil, placementOptions.center != nil || placementOptions.rotate != 0 {
            throw ValidationError("--launch-screen places the logo as the platform does; give it without --center and --rotate.")
        }
    }

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let chosenSpec: RevealSpec
            if let spec {
                chosenSpec = try RevealSpec.load(path: spec)
            } else {
                chosenSpec = (preset ?? .twitter).spec
            }
            if printSpec {
                FileDescriptorWriter.writeAll(STDOUT_FILENO, Data(chosenSpec.jsonText().utf8))
                return
            }
            guard let viewport = placementOptions.chosenViewport else {
                throw LogoMaskError.invalidRequest("Give the screen: --device NAME or --viewport WxH[@D].")
            }
            let logo = try logoOptions.load()
            try logoOptions.pixelBudget.check(width: viewport.pixelWidth, height: viewport.pixelHeight, file: output ?? logo.name)
            var settings = RevealSettings(viewport: viewport)
            settings.logoWidth = placementOptions.logoWidth
            settings.center = placementOptions.center.flatMap(Point.init(parsing:))
            if let launchScreen {
                let launch = try LaunchScene(
                    platform: launchScreen, logo: logo, viewport: viewport, logoWidth: placementOptions.logoWidth,
                    background: background ?? .white)
                settings.logoWidth = launch.logoFrame.width
                settings.center = launch.logoFrame.center
            }
            settings.rotation = placementOptions.rotate * .pi / 180
            settings.anchor = Anchor(parsing: anchor) ?? .defaultAnchor
            settings.margin = margin
            settings.finalScale = finalScale
            settings.target = target.flatMap(Rect.init(parsing:))
            settings.duration = duration
            settings.background = background
            settings.specFolder = spec.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            if let content { settings.content = try RasterImage(contentsOfPicture: content) }
            if let caption { settings.caption = try RasterImage(contentsOfPNG: caption) }
            let scene = try RevealScene(logo: logo, spec: chosenSpec, settings: settings, deadline: logoOptions.deadline)
            let darkScene = try darkVariant(of: settings, logo: logo, spec: chosenSpec)
            if !quiet, let note = scene.anchorNote { printError("note: \(note)") }
            if let measureCompositor {
                let player = try RevealFramePlayer(scene: scene)
                for fraction in measureCompositor.split(separator: ",").compactMap({ Double($0) }) {
                    let t = try CompositorTiming.measure(player, at: fraction * scene.duration, repeats: measureRepeats)
                    print("t=\(formatNumber(t.time, decimals: 4)) s \(t.width)x\(t.height): composite \(formatNumber(t.compositeSeconds * 1000, decimals: 2)) ms, copy \(formatNumber(t.copySeconds * 1000, decimals: 2)) ms, ratio \(formatNumber(t.compositeSeconds / t.copySeconds, decimals: 2))\(t.covered ? " (covered shortcut)" : "")")
                }
                return
            }
            if let output, let format = RevealExportFormat(path: output) {
                try exportOverlay(scene, format: format, to: output, darkScene: darkScene)
                if let darkScene { try exportOverlay(darkScene, format: format, to: DarkVariantPath.of(output), dark: true) }
                return
            }
            let out = try output.map { (path: String) throws(LogoMaskError) in try RevealOutput(path: path) }

            let bar = ProgressBar(label: "reveal", enabled: !quiet)
            var report = try RevealRenderer.render(
                scene, fps: fps, output: out, contactSheet: contactSheet, still: still,
                workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, deadline: logoOptions.deadline,
                progress: { bar.update(darkScene == nil ? $0 : $0 / 2) })
            if let darkScene { report.written += try renderDark(darkScene, progress: { bar.update(0.5 + $0 / 2) }) }
            bar.finish()
            if quiet { return }
            if json {
                printJSON(report)
                return
            }
            var lines: [String] = []
            lines.append("\(chosenSpec.name): \(report.frameCount) frames at \(formatNumber(report.fps)) fps, \(formatNumber(report.duration)) s, \(report.width)x\(report.height) (\(viewport))")
            if report.fps < fps {
                lines.append("GIF keeps whole hundredths of a second a frame: written at \(formatNumber(report.fps)) fps instead of \(formatNumber(fps)), so it plays in \(formatNumber(report.duration)) s")
            }
            if let finalScale = report.finalScale {
                if let cover = report.coverScale {
                    let marginText = margin == 1 ? "" : " x margin \(formatNumber(margin))"
                    lines.append("final scale \(formatNumber(finalScale, decimals: 4)) = cover scale \(formatNumber(cover, decimals: 4))\(marginText)")
                } else {
                    lines.append("final scale \(formatNumber(finalScale, decimals: 4)) (given)")
                }
            }
            if chosenSpec.timeline.mentions("cornerAngle") {
                let degrees = scene.cornerAngle * 180 / .pi
                lines.append("end rotation \(formatNumber(degrees, decimals: 2))° = -atan(y/x), logo at \(scene.placement.resolvedCenter) pt")
            }
            for path in report.written { lines.append("wrote \(path)") }
            print(lines.joined(separator: "\n"))
        }
    }
}
