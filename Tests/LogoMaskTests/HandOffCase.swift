import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry

/// One hand-off of ``HandOffTests``: a reveal scene placed as a launch screen places the logo,
/// and the picture of that launch screen drawn without logo-mask. On a phone's own launch screen
/// (`web` false) the frames, rlottie and ThorVG are compared with the screen composed from the
/// iOS or Android files; on the web's (`web` true) the page and lottie-web with web/splash.html,
/// both in Chromium.
struct HandOffCase {
    var label: String
    var scene: RevealScene
    var launch: LaunchScene
    /// The launch screen's picture (composed by rsvg-convert, or web/splash.html in Chromium).
    var screen: String
    var web: Bool
    var dark: Bool
    /// A sample's case: on a phone's launch screen the page is also compared with it (the
    /// cross-check), on the web's the live page (`?t=0`) besides its markup.
    var crossCheck: Bool
    /// The scene the page is made from (the light one: the page carries dark mode itself).
    var pageScene: RevealScene
    var darkMode: WebDarkMode?
    var lottie = ""
    var page = ""
    var pageMarkup = ""
    var lottieWeb: String?
    var lottiePicture = false
    var pagePicture = false

    /// The CSS media the page and web/splash.html are drawn under.
    var media: [String: String] { ["prefers-color-scheme": dark ? "dark" : "light"] }

    /// Writes each entry's assets (iOS, Android and web), composes its phones' launch screens
    /// and takes web/splash.html's screenshots, and builds the scenes.
    static func all(_ entries: [HandOffMatrix.Entry], into folder: URL) throws -> [HandOffCase] {
        var cases: [HandOffCase] = []
        var compositions: [LaunchScreenComposer.Job] = []
        var splashes: [HeadlessChromium.Job] = []
        for (index, entry) in entries.enumerated() {
            let logo = try VectorLogo(contentsOf: entry.path)
            let options = AssetOptions(
                platforms: [.ios, .android, .web], background: entry.background, darkBackground: entry.dark?.background,
                darkLogo: try entry.dark?.logo.map { try VectorLogo(contentsOf: $0) }, devices: [], stillPreset: nil)
            let assets = folder.appendingPathComponent("assets\(index)").path
            _ = try AssetGenerator.write(logo: logo, options: options, to: assets)
            let webDark = entry.dark.map { WebDarkMode(background: $0.background, logo: options.darkLogo) }
            for run in entry.runs {
                let dark = run.appearance == .dark
                let device = run.device, name = "\(index)-\(device.name.replacingOccurrences(of: " ", with: ""))-\(run.appearance.rawValue)"
                let launch = try AssetGenerator.launchScreen(logo: logo, options: options, device: device, landscape: false, appearance: run.appearance)
                let screen = folder.appendingPathComponent("screen\(name).png").path
                compositions.append(LaunchScreenComposer.Job(
                    assets: assets, platform: launch.platform.rawValue, width: device.width, height: device.height,
                    density: device.density, output: screen, appearance: run.appearance.rawValue))
                for preset in run.presets {
                    let scene = try AssetGenerator.launchScene(
                        logo: logo, options: options, preset: preset, device: device, landscape: false, appearance: run.appearance)
                    let light = dark
                        ? try AssetGenerator.launchScene(logo: logo, options: options, preset: preset, device: device, landscape: false) : scene
                    cases.append(HandOffCase(
                        label: "\(entry.name) \(preset.rawValue) \(device.name)\(dark ? " dark" : "")", scene: scene, launch: launch,
                        screen: screen, web: false, dark: dark,
                        crossCheck: entry.crossCheck, pageScene: light, darkMode: webDark))
                }
                guard !run.webPresets.isEmpty else { continue }
                let webLaunch = try webLaunchScreen(logo: logo, options: options, device: device, appearance: run.appearance)
                let splash = folder.appendingPathComponent("splash\(name).png").path
                let v = device.viewport(landscape: false)
                splashes.append(HeadlessChromium.Job(
                    url: URL(fileURLWithPath: assets + "/web/splash.html").absoluteString, width: Int(v.size.width), height: Int(v.size.height),
                    scale: v.density, output: splash, media: ["prefers-color-scheme": run.appearance.rawValue]))
                for preset in run.webPresets {
                    let scene = try webScene(logo: logo, options: options, preset: preset, launch: webLaunch)
                    let light = dark ? try webScene(
                        logo: logo, options: options, preset: preset,
                        launch: try webLaunchScreen(logo: logo, options: options, device: device, appearance: .light)) : scene
                    cases.append(HandOffCase(
                        label: "\(entry.name) \(preset.rawValue) \(device.name)\(dark ? " dark" : "") web", scene: scene, launch: webLaunch,
                        screen: splash, web: true, dark: dark, crossCheck: entry.crossCheck, pageScene: light,
                        darkMode: webDark))
                }
            }
        }
        _ = try LaunchScreenComposer.compose(compositions)
        try HeadlessChromium.screenshots(splashes)
        return cases
    }

    /// The web launch screen web/splash.html draws in a phone's window: the document box
    /// `logoWidth` CSS pixels wide, centred, not rounded.
    static func webLaunchScreen(
        logo: VectorLogo, options: AssetOptions, device: Device, appearance: LaunchScene.Appearance
    ) throws -> LaunchScene {
        let dark = appearance == .dark
        return try LaunchScene(
            platform: .web, logo: dark ? (options.darkLogo ?? logo) : logo, viewport: device.viewport(landscape: false),
            logoWidth: options.logoWidth, background: dark ? (options.darkBackground ?? options.background) : options.background,
            appearance: appearance)
    }

    /// The reveal starting from `launch`, as ``AssetGenerator/launchScene(logo:options:preset:device:landscape:covers:anchor:appearance:)``
    /// builds it for a phone's own launch screen (the drawn logo's centre as anchor; frame 0 does
    /// not depend on the final scale, so no cover search).
    static func webScene(logo: VectorLogo, options: AssetOptions, preset: RevealPreset, launch: LaunchScene) throws -> RevealScene {
        let drawn = launch.appearance == .dark ? (options.darkLogo ?? logo) : logo
        var settings = RevealSettings(launch: launch)
        settings.anchor = .point(drawn.documentBox.center)
        settings.finalScale = 1
        return try RevealScene(logo: drawn, spec: preset.spec, settings: settings)
    }
}
