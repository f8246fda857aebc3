import FoundationEssentials
import MaskGeometry

/// Everything the preview page shows for one state of the files: a ``PreviewScreen`` per
/// configured device (portrait; tablets also in landscape), in light and, when the file gives a
/// dark background or logo, dark; each with the reveal scene whose exported page follows its
/// launch screen (``revealPage(_:)``, made when asked for: the page embeds pictures, the
/// costliest part, and the screens and their numbers are shown first). Made anew whenever a
/// file changes; the same files give the same snapshot.
public struct PreviewSnapshot: Sendable {
    /// The screens, in the configuration's device order.
    public var screens: [PreviewScreen]
    /// The reveal of each screen, in the same order.
    public var scenes: [RevealScene]
    /// The frames per second of the exported pages.
    public var fps: Double = 60
    /// Notes on the whole preview (a gradient background shown as its first colour, ...).
    public var notes: [String]
    /// The values of the keys the page's controls edit, as the file gives them ("" for none).
    public var controls: [String: String]

    /// No screens: what a server shows before the files have ever been previewed.
    public static let empty = PreviewSnapshot(screens: [], scenes: [], notes: [], controls: [:])

    /// The preview of `configuration` (its paths read from its base folder); `cache` keeps the
    /// launch pictures from one snapshot to the next.
    ///
    /// - Throws: ``LogoMaskError`` for a missing or unusable logo, spec or picture, an anchor
    ///   outside the logo's opaque part, or a passed deadline.
    public static func make(
        _ configuration: SplashConfiguration, cache: PreviewPictureCache = PreviewPictureCache(), deadline: Deadline = .none
    ) throws(LogoMaskError) -> PreviewSnapshot {
        let c = configuration
        let logo = try VectorLogo(contentsOf: c.resolve(c.logo))
        let darkLogo = try c.darkLogo.map { (path) throws(LogoMaskError) in try VectorLogo(contentsOf: c.resolve(path)) }
        let spec = try c.reveal.spec.map { (path) throws(LogoMaskError) in try RevealSpec.load(path: c.resolve(path)) } ?? c.reveal.preset.spec
        let content = try c.reveal.content.map { (path) throws(LogoMaskError) in try RasterImage(contentsOfPicture: c.resolve(path)) }
        var notes = ["The app screen under the reveal is drawn at 1x in the preview (the logo and the hole are vectors at every density)."]
        if c.background.gradient != nil {
            notes.append("The background is a gradient: launch screens take its first colour, \(c.background.flatColor.hexString).")
        }
        let appearances: [LaunchScene.Appearance] = c.darkBackground != nil || darkLogo != nil ? [.light, .dark] : [.light]
        // Tablets turn; the phones' apps are most often portrait only.
        let jobs = c.devices.flatMap { device in
            (device.name.hasPrefix("iPad") ? [false, true] : [false]).flatMap { landscape in
                appearances.map { (device: device, landscape: landscape, appearance: $0) }
            }
        }
        var screens: [PreviewScreen] = []
        var scenes: [RevealScene] = []
        // The screens on every core: each is a cover search and a launch picture.
        do {
            try OrderedParallelRunner.run(
                count: jobs.count, makeState: {},
                work: { (_: inout Void, index: Int) throws -> (PreviewScreen, RevealScene) in
                    let job = jobs[index]
                    let platform = AssetGenerator.platform(of: job.device)
                    let options = AssetOptions(
                        platforms: [platform], background: c.background.flatColor, darkBackground: c.darkBackground?.flatColor,
                        darkLogo: darkLogo, logoWidth: c.logoWidth(for: platform), devices: [], stillPreset: nil,
                        androidIconBackground: c.android.iconBackground, androidFit: c.android.iconFit)
                    let launch = try AssetGenerator.launchScreen(
                        logo: logo, options: options, device: job.device, landscape: job.landscape, appearance: job.appearance)
                    let drawn = job.appearance == .dark ? (darkLogo ?? logo) : logo
                    var settings = RevealSettings(launch: launch)
                    // The page draws the logo and hole as vectors, sharp at any density; only
                    // the app's placeholder is a picture, drawn at 1x here (a ninth of the
                    // pixels at @3), so a change of the files shows within a second.
                    settings.viewport.density = 1
                    if let anchor = c.reveal.anchor { settings.anchor = anchor }
                    settings.margin = c.reveal.margin
                    settings.duration = c.reveal.duration
                    settings.content = content
                    settings.specFolder = c.reveal.spec.map { URL(fileURLWithPath: c.resolve($0)).deletingLastPathComponent().path }
                    let scene = try RevealScene(logo: drawn, spec: spec, settings: settings, deadline: deadline)
                    return (try screen(device: job.device.name, launch: launch, logo: drawn, scene: scene, cache: cache), scene)
                },
                consume: { (_: Int, made: (PreviewScreen, RevealScene)) in
                    screens.append(made.0)
                    scenes.append(made.1)
                })
        } catch let error as LogoMaskError {
            throw error
        } catch {
            throw LogoMaskError.drawingFailed(file: logo.name, reason: "\(error)")
        }
        let controls = [
            "reveal.anchor": c.reveal.anchor?.description ?? "",
            "reveal.duration": c.reveal.duration.map { formatNumber($0) } ?? "",
            "logoWidth": formatNumber(c.logoWidth),
            "background": c.background.text,
        ]
        return PreviewSnapshot(screens: screens, scenes: scenes, fps: c.reveal.fps, notes: notes, controls: controls)
    }

    /// The exported reveal page of screen `index` (``RevealExport/webPage(_:options:)``); nil
    /// for an index past the screens.
    public func revealPage(_ index: Int) throws(LogoMaskError) -> RevealExportFile? {
        guard scenes.indices.contains(index) else { return nil }
        return try RevealExport.webPage(scenes[index], options: RevealExportOptions(fps: fps))
    }

    private static func screen(device: String, launch: LaunchScene, logo: VectorLogo, scene: RevealScene, cache: PreviewPictureCache) throws(LogoMaskError) -> PreviewScreen {
        let v = launch.viewport, d = v.density, f = launch.logoFrame
        // The picture's box: the logo's frame grown to CSS pixels that are also whole device
        // pixels (Chromium snaps an image's rect to whole CSS pixels; a picture that started at
        // 137.5 would be drawn a device pixel off, and resampled).
        let step = Double((1...64).first { k in abs((Double(k) * d).rounded() - Double(k) * d) < 1e-9 } ?? 1)
        func grid(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(((value / step).rounded(rule) * step * d).rounded()) }
        let x0 = max(0, grid(f.minX, .down)), y0 = max(0, grid(f.minY, .down))
        let x1 = max(x0 + 1, grid(f.maxX, .up)), y1 = max(y0 + 1, grid(f.maxY, .up))
        // The document box at its launch frame, in the pixel box's own coordinates.
        let transform = Transform.scale(f.width * d / logo.documentSize.width)
            .concatenating(.translation(x: f.minX * d - Double(x0), y: f.minY * d - Double(y0)))
        let picture = try cache.picture(launch: launch, logo: logo) { () throws(LogoMaskError) in
            let image = try Rasterizer.image(of: logo, width: x1 - x0, height: y1 - y0, transform: transform)
            return "data:image/png;base64," + Data(try image.pngData(compression: .fast)).base64EncodedString()
        }
        return PreviewScreen(
            device: device, platform: launch.platform.rawValue, appearance: launch.appearance.rawValue,
            landscape: v.size.width > v.size.height, width: v.size.width, height: v.size.height, density: d,
            background: launch.background.hexString, logoBox: [x0, y0, x1, y1], logoFrame: [f.minX, f.minY, f.width, f.height],
            launchPicture: picture,
            coverScale: scene.cover?.scale, finalScale: scene.finalScale,
            anchor: [scene.placement.resolvedAnchor.x, scene.placement.resolvedAnchor.y],
            anchorChoice: scene.anchorChoice.rawValue, duration: scene.duration, notes: scene.anchorNote.map { [$0] } ?? [])
    }

    /// The page's state as JSON: the screens (without their reveal pages), the notes, the
    /// controls' values, the longest duration, this snapshot's `version`, the server's
    /// `revision` (every change, good or bad) and the error that stops the files from being
    /// previewed now (nil when they are).
    public func stateJSON(version: Int, revision: Int, error: String?) -> [UInt8] {
        struct State: Encodable {
            var version: Int
            var revision: Int
            var error: String?
            var duration: Double
            var screens: [PreviewScreen]
            var notes: [String]
            var controls: [String: String]
        }
        let state = State(
            version: version, revision: revision, error: error, duration: screens.map(\.duration).max() ?? 0,
            screens: screens, notes: notes, controls: controls)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(state))) ?? Array("{}".utf8)
    }
}
