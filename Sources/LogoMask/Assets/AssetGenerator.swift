import FoundationEssentials
import MaskGeometry

/// Writes everything an app needs for its splash from one logo, into one folder that appears
/// whole or not at all (each file's purpose is in the manifest; <doc:LaunchFilesInYourProject>
/// says where each goes):
///
/// ```
/// DIR/ios/Assets.xcassets/{LaunchLogo,LaunchLogoVector,SplashHole}.imageset, SplashBackground.colorset
/// DIR/ios/LaunchScreen.storyboard, UILaunchScreen.plist
/// DIR/ios/LaunchStills/<iPhone or iPad>-<orientation>[-dark].png
/// DIR/android/res/drawable[-night]/splash_icon.xml, splash_icon_animated.xml (when asked)
/// DIR/android/res/drawable[-night]-{mdpi..xxxhdpi}/splash_logo.png
/// DIR/android/res/values[-night]/colors.xml, values[-night]/themes.xml (every Android version)
/// DIR/android/LaunchStills/<Pixel or Galaxy>-<orientation>[-dark].png
/// DIR/web/logo[@2x,@3x,@4x].png, splash.html, splash-hole[-dark].svg, splash-hole.css
/// DIR/<ecosystem>/...  the cross-platform tools' files (pwa, ...; see EcosystemWriter)
/// DIR/manifest.json
/// ```
public enum AssetGenerator {
    /// Android densities: resource qualifier and scale over mdpi.
    public static let androidDensities: [(name: String, scale: Double)] = [
        ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4),
    ]
    /// Android 12's splash icon canvas without an icon background, in dp (the icon is masked to
    /// a circle of 2/3 of it, 192 dp).
    public static let androidCanvas = 288.0
    /// The canvas with an icon background, in dp (its circle is 160 dp).
    public static let androidCanvasWithIconBackground = 240.0

    /// The splash icon canvas the system draws, in dp: ``androidCanvasWithIconBackground`` when
    /// the icon has a background colour, else ``androidCanvas``.
    public static func androidCanvas(iconBackground: RGBAColor?) -> Double {
        iconBackground == nil ? androidCanvas : androidCanvasWithIconBackground
    }

    /// What a run produced: the manifest and warnings for people (e.g. Android 12's circle).
    public struct Report: Sendable {
        /// The manifest written as `manifest.json`.
        public var manifest: AssetManifest
        /// Warnings, one sentence each.
        public var warnings: [String]
    }

    /// Writes the assets of `logo` into `folder` (replaced whole if it exists).
    ///
    /// Everything that can fail on the input is checked before the folder is made: a logo with
    /// no ink, or an outline with nothing to fit on the Android canvas, throws
    /// ``LogoMaskError/noVisibleInk(file:)`` naming the file, and nothing is written.
    public static func write(
        logo: VectorLogo, options: AssetOptions, to folder: String, deadline: Deadline = .none,
        progress: ProgressHandler? = nil
    ) throws(LogoMaskError) -> Report {
        // Before any thread starts: the platforms' threads draw from the main heap (PixelMemory),
        // when there are threads to start.
        if options.platforms.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 { PixelMemory.oneHeapForEveryThread() }
        return try write(logo: logo, options: options, to: folder, deadline: deadline, progress: progress, session: nil)
    }

    /// The same, the cover searches drawing through `session` when given (`generate` shares one
    /// per logo across its platforms).
    /// With `anchor`, the screens are measured about that anchor, chosen across a wider run
    /// (`generate`'s every platform), instead of one searched for these devices.
    static func write(
        logo: VectorLogo, options: AssetOptions, to folder: String, deadline: Deadline,
        progress: ProgressHandler?, session: CoverSearchSession?, anchor shared: SharedAnchor? = nil
    ) throws(LogoMaskError) -> Report {
        let prepared = try prepare(logo: logo, options: options, deadline: deadline, session: session, anchor: shared)
        return try write(prepared, logo: logo, options: options, to: folder, deadline: deadline, progress: progress)
    }

    /// Writes the files `prepared` planned (``prepare(logo:options:deadline:session:anchor:android12:)``
    /// with the same logo and options) into `folder`. It searches nothing and reads no session,
    /// so `generate` runs it for several platforms at once.
    ///
    /// The native platforms are drawn on up to `workers` threads at once; the files are the
    /// same bytes whatever `workers` is.
    static func write(
        _ prepared: Prepared, logo: VectorLogo, options: AssetOptions, to folder: String, deadline: Deadline,
        progress: ProgressHandler?, workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(LogoMaskError) -> Report {
        let (covers, anchor, android, android12) = (prepared.covers, prepared.anchor, prepared.android, prepared.android12)
        let output = try AtomicFolder(path: folder)
        var writer = AssetWriter(output: output)
        var warnings: [String] = []
        var notes: [String] = anchor.note.map { [$0] } ?? []
        let steps = Double(options.platforms.count + 2)
        var done = 0.0
        func step() throws(LogoMaskError) {
            done += 1
            progress?(done / steps)
            try deadline.check(logo.name)
        }

        try step()
        // The native platforms draw side by side, each with a writer of its own (their folders
        // differ); their files, notes and warnings are taken in the platforms' order.
        var jobs: [OrderedJobs.Job<PlatformFiles>] = []
        let paths = output.paths
        var native: [AssetPlatform] = []
        if options.platforms.contains(.ios) { native.append(.ios) }
        if android != nil { native.append(.android) }
        if options.platforms.contains(.web) { native.append(.web) }
        for platform in native {
            jobs.append(platformJob(platform, prepared: prepared, logo: logo, options: options, paths: paths))
        }
        var animated: AssetManifest.AnimatedIcon?
        try OrderedJobs.run(jobs, workers: workers) { (_, made) throws(LogoMaskError) in
            writer.files += made.files
            notes += made.notes
            if let icon = made.animated { animated = icon }
            try step()
        }
        if let android, android.light.ratio > 1 + 1e-9 {
            warnings.append(
                "\(logo.name): the ink reaches \(formatNumber(android.light.ratio, decimals: 3))x the radius of Android 12's splash circle "
                    + "(2/3 of the icon box); the launcher will cut it off. Fit the logo inside the circle, or add padding so the ratio is at most 1.")
        }
        // The cross-platform tools' files after the native ones, on this thread.
        for platform in AssetPlatform.allCases where options.platforms.contains(platform) && !AssetPlatform.native.contains(platform) {
            try EcosystemWriter.write(platform, logo: logo, options: options, writer: &writer)
            try step()
        }
        let manifest = AssetManifest(
            logo: URL(fileURLWithPath: logo.name).lastPathComponent, documentSize: logo.documentSize,
            inkBounds: logo.inkBounds.nonEmpty, logicalBounds: logo.logicalBounds.nonEmpty,
            anchor: anchor.point, anchorChosen: anchor.chosen, logoWidth: options.logoWidth,
            background: options.background.hexString, darkBackground: options.darkBackground?.hexString,
            android12: android12, androidIcon: android?.light, animatedIcon: animated, notes: notes.sorted(),
            coverScales: covers, files: writer.files.sorted { $0.path < $1.path })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try writer.write(try encoder.encode(manifest) + Data([0x0A]), to: "manifest.json", purpose: nil)
        } catch let error as LogoMaskError {
            throw error
        } catch {
            throw LogoMaskError.drawingFailed(file: "manifest.json", reason: "\(error)")
        }
        try output.commit()
        progress?(1)
        return Report(manifest: manifest, warnings: warnings)
    }

    // MARK: - Platforms

    static func writeIOS(
        logo: VectorLogo, options: AssetOptions, covers: [AssetManifest.Cover], anchor: Point, writer: inout AssetWriter
    ) throws(LogoMaskError) {
        let catalog = "ios/Assets.xcassets"
        try writer.json(AssetCatalog.root(), to: "\(catalog)/Contents.json",
                        purpose: "The asset catalog's root: add the whole Assets.xcassets folder to the app target (or merge its sets into yours).")

        // LaunchLogo: the logo `logoWidth` points wide at @1x, @2x, @3x (dark variants with a dark logo).
        var images: [AssetCatalog.Image] = []
        for (variant, source) in [("", logo), ("-dark", options.darkLogo)] {
            guard let source else { continue }
            for scale in 1...3 {
                let name = "LaunchLogo\(variant)\(scale == 1 ? "" : "@\(scale)x").png"
                let width = try LaunchScene.imagePixels(logo: source, logoWidth: options.logoWidth, scale: scale).width
                try writer.png(source, size: .width(width), to: "\(catalog)/LaunchLogo.imageset/\(name)", scale: Double(scale),
                               purpose: "The launch logo at @\(scale)x\(variant.isEmpty ? "" : ", dark appearance"), shown by LaunchScreen.storyboard and UILaunchScreen.")
                images.append(AssetCatalog.Image(filename: name, scale: "\(scale)x", dark: !variant.isEmpty))
            }
        }
        try writer.json(AssetCatalog.imageSet(images), to: "\(catalog)/LaunchLogo.imageset/Contents.json",
                        purpose: "The LaunchLogo image set: the logo at its launch size, @1x-@3x.")

        // LaunchLogoVector: one PDF per appearance, marked to preserve vector data.
        var vectors: [AssetCatalog.Image] = []
        for (variant, source) in [("", logo), ("-dark", options.darkLogo)] {
            guard let source else { continue }
            let name = "LaunchLogo\(variant).pdf"
            let path = try writer.prepare("\(catalog)/LaunchLogoVector.imageset/\(name)")
            try VectorExporter.write(source, to: path, format: .pdf, scale: options.logoWidth / source.documentSize.width)
            try writer.list("\(catalog)/LaunchLogoVector.imageset/\(name)", scale: nil, pixels: nil,
                            purpose: "The logo as a vector PDF \(formatNumber(options.logoWidth)) pt wide\(variant.isEmpty ? "" : " (dark)"), for the reveal's logo view at any scale.")
            vectors.append(AssetCatalog.Image(filename: name, dark: !variant.isEmpty))
        }
        try writer.json(AssetCatalog.imageSet(vectors, preservesVector: true), to: "\(catalog)/LaunchLogoVector.imageset/Contents.json",
                        purpose: "The LaunchLogoVector image set (preserves vector data).")

        try writer.json(
            AssetCatalog.colorSet(options.background, dark: options.darkBackground),
            to: "\(catalog)/\(IOSLaunchScreen.colorSetName).colorset/Contents.json",
            purpose: "The splash background colour set (with its dark appearance), named by the launch screen.")

        // SplashHole: the inverted overlay at the logo's size as a vector PDF. It works on every
        // screen (an image set cannot choose by screen size): the app pins it centred at the logo
        // width and fills the rest of the screen with the background colour.
        var holes: [AssetCatalog.Image] = []
        for (variant, background) in [("", Optional(options.background)), ("-dark", options.darkBackground)] {
            guard let background else { continue }
            let source = variant.isEmpty ? logo : (options.darkLogo ?? logo)
            let height = options.logoWidth * source.documentSize.height / source.documentSize.width
            let viewport = Viewport(width: options.logoWidth, height: height, density: 1)
            let placement = Placement(documentSize: source.documentSize, viewport: viewport, logoWidth: options.logoWidth)
            let name = "SplashHole\(variant).pdf"
            try VectorHole.write(of: source, placement: placement, background: .color(background), format: .pdf,
                                 to: try writer.prepare("\(catalog)/SplashHole.imageset/\(name)"))
            try writer.list("\(catalog)/SplashHole.imageset/\(name)", scale: nil, pixels: nil,
                            purpose: "The hole overlay at the logo's size (\(formatNumber(options.logoWidth)) pt wide, vector)\(variant.isEmpty ? "" : ", dark"): centre it at the logo width and fill around it with SplashBackground.")
            holes.append(AssetCatalog.Image(filename: name, dark: !variant.isEmpty))
        }
        try writer.json(AssetCatalog.imageSet(holes, preservesVector: true), to: "\(catalog)/SplashHole.imageset/Contents.json",
                        purpose: "The SplashHole image set (one vector PDF per appearance, right on every screen size).")

        // The image view takes the image's own point size (no size constraints), as UILaunchScreen does.
        let pixels = try LaunchScene.imagePixels(logo: logo, logoWidth: options.logoWidth, scale: 3)
        let size = Size(width: Double(pixels.width) / 3, height: Double(pixels.height) / 3)
        try writer.write(IOSLaunchScreen.storyboard(size: size, background: options.background), to: "ios/LaunchScreen.storyboard",
                         purpose: "The launch screen: add it to the app target and name it in Info.plist (UILaunchStoryboardName = LaunchScreen).")
        try writer.write(IOSLaunchScreen.infoPlist(), to: "ios/UILaunchScreen.plist",
                         purpose: "The alternative to the storyboard: merge its UILaunchScreen dictionary into the app's Info.plist.")
        try writeStills(logo: logo, options: options, covers: covers, anchor: anchor, platform: .ios, writer: &writer)
    }

    /// Launch stills, what the reveal shows at frame 0, for each device of `platform`.
    static func writeStills(
        logo: VectorLogo, options: AssetOptions, covers: [AssetManifest.Cover], anchor: Point, platform: AssetPlatform,
        writer: inout AssetWriter
    ) throws(LogoMaskError) {
        guard let preset = options.stillPreset else { return }
        for device in options.devices where self.platform(of: device) == platform {
            for appearance in appearances(options) {
                for landscape in [false, true] {
                    let player = try RevealFramePlayer(
                        scene: try launchScene(logo: logo, options: options, preset: preset, device: device, landscape: landscape,
                                               covers: covers, anchor: anchor, appearance: appearance))
                    try player.render(at: 0)
                    let image = player.image()
                    let orientation = landscape ? "landscape" : "portrait"
                    let suffix = appearance == .dark ? "-dark" : ""
                    let name = "\(platform.rawValue)/LaunchStills/\(fileName(device.name))-\(orientation)\(suffix).png"
                    try image.writePNG(to: try writer.prepare(name))
                    try writer.list(name, scale: device.density, pixels: (image.width, image.height),
                                    purpose: "Frame 0 of the \(preset.rawValue) reveal on \(device.name) (\(orientation)\(appearance == .dark ? ", dark mode" : "")): what the launch screen shows, for checking the hand-off.")
                }
            }
        }
    }

    /// The appearances the launch files have: light, and dark when a dark background or a dark
    /// logo is given (the dark launch screen then differs from the light one).
    public static func appearances(_ options: AssetOptions) -> [LaunchScene.Appearance] {
        options.darkBackground != nil || options.darkLogo != nil ? [.light, .dark] : [.light]
    }

    /// The platform a built-in device runs (iPhones and iPads are iOS, the others Android).
    static func platform(of device: Device) -> AssetPlatform {
        device.name.hasPrefix("iPhone") || device.name.hasPrefix("iPad") ? .ios : .android
    }

    /// The launch screen a built-in device shows for `options` (its platform's: iPhones and
    /// iPads draw the storyboard, the others Android 12's splash).
    public static func launchScreen(
        logo: VectorLogo, options: AssetOptions, device: Device, landscape: Bool, appearance: LaunchScene.Appearance = .light
    ) throws(LogoMaskError) -> LaunchScene {
        let dark = appearance == .dark
        return try LaunchScene(
            platform: platform(of: device) == .ios ? .ios : .android, logo: dark ? (options.darkLogo ?? logo) : logo,
            viewport: device.viewport(landscape: landscape), logoWidth: options.logoWidth,
            background: dark ? (options.darkBackground ?? options.background) : options.background, appearance: appearance,
            androidCanvas: androidCanvas(iconBackground: options.androidIconBackground),
            androidFit: options.androidFit)
    }

    /// The reveal scene whose frame 0 is a device's launch still (public so that tests and apps
    /// can render the same frames): placed by ``launchScreen(logo:options:device:landscape:appearance:)``.
    /// The cover scale already computed for the manifest is reused as the final scale when the
    /// placement is the manifest's (the web's; frame 0 does not depend on it), and so is the
    /// manifest's anchor (nil: the document box's centre), so the scene runs no search.
    ///
    /// In ``LaunchScene/Appearance/dark`` the scene draws the dark logo (when there is one) over
    /// the dark background, as the dark launch screen does; a dark logo turns about its own
    /// document centre, since `anchor` is a point of the light logo's document.
    public static func launchScene(
        logo: VectorLogo, options: AssetOptions, preset: RevealPreset, device: Device, landscape: Bool,
        covers: [AssetManifest.Cover] = [], anchor: Point? = nil, appearance: LaunchScene.Appearance = .light
    ) throws(LogoMaskError) -> RevealScene {
        let launch = try launchScreen(logo: logo, options: options, device: device, landscape: landscape, appearance: appearance)
        let drawn = appearance == .dark ? (options.darkLogo ?? logo) : logo
        var settings = RevealSettings(launch: launch)
        settings.anchor = .point(drawn === logo ? (anchor ?? logo.documentBox.center) : drawn.documentBox.center)
        let orientation = landscape ? "landscape" : "portrait"
        settings.finalScale = covers.first { $0.device == device.name && $0.orientation == orientation }?.scale ?? 1
        return try RevealScene(logo: drawn, spec: preset.spec, settings: settings)
    }

    static func writeWeb(logo: VectorLogo, options: AssetOptions, writer: inout AssetWriter) throws(LogoMaskError) {
        for scale in 1...4 {
            let name = "web/logo\(scale == 1 ? "" : "@\(scale)x").png"
            try writer.png(logo, size: .width(Int((options.logoWidth * Double(scale)).rounded())), to: name, scale: Double(scale),
                           purpose: "The logo for a web splash at \(scale)x (srcset), \(formatNumber(options.logoWidth)) CSS px wide.")
        }
        // The splash as HTML and CSS for any window: the colour by CSS, the logo centred (inline SVG).
        let page = try WebLaunchFiles.splashPage(
            logo: logo, logoWidth: options.logoWidth, background: options.background,
            darkBackground: options.darkBackground, darkLogo: options.darkLogo)
        try writer.write(Data(page.text.utf8), to: "web/splash.html",
                         purpose: (["The web launch screen for any window: the background by CSS, the logo centred \(formatNumber(options.logoWidth)) CSS px wide (dark mode by prefers-color-scheme); the reveal script's first frame."] + page.notes).joined(separator: " "))
        // The hole at the logo's size (any window: splash-hole.css centres it and extends the fill).
        for (variant, background) in [("", Optional(options.background)), ("-dark", options.darkBackground)] {
            guard let background else { continue }
            let source = variant.isEmpty ? logo : (options.darkLogo ?? logo)
            let height = options.logoWidth * source.documentSize.height / source.documentSize.width
            let placement = Placement(
                documentSize: source.documentSize, viewport: Viewport(width: options.logoWidth, height: height, density: 1),
                logoWidth: options.logoWidth)
            let name = "web/splash-hole\(variant).svg"
            try VectorHole.write(of: source, placement: placement, background: .color(background), format: .svg, to: try writer.prepare(name))
            try writer.list(name, scale: nil, pixels: nil,
                            purpose: "The splash around a logo-shaped hole at the logo's size\(variant.isEmpty ? "" : " (dark)"), \(formatNumber(options.logoWidth)) CSS px wide; splash-hole.css centres it and fills the window around it.")
        }
        let css = WebLaunchFiles.holeStyle(
            logo: logo, logoWidth: options.logoWidth, background: options.background,
            darkBackground: options.darkBackground, darkLogo: options.darkLogo)
        try writer.write(Data(css.utf8), to: "web/splash-hole.css",
                         purpose: "CSS for the hole SVG in any window: centred at the logo's size, the background colour around it to the window's edges.")
    }

    /// The anchor every output of one run shares, and why it is not the centre.
    struct SharedAnchor {
        /// The anchor in document units.
        var point: Point
        /// How it was chosen.
        var chosen: AnchorChoice
        /// The note for the manifest when the centre was in a gap; nil otherwise.
        var note: String?
    }

    /// The cover scale on every device and orientation, about one anchor for the logo (the
    /// launch files, stills and icons must agree): the default anchor as
    /// ``CoverScale/compute(logo:placements:anchor:tolerance:deadline:)`` shares it, or `shared`
    /// when the caller chose it across more screens.
    static func coverScales(
        logo: VectorLogo, options: AssetOptions, deadline: Deadline, session: CoverSearchSession? = nil,
        anchor shared: SharedAnchor? = nil
    ) -> ([AssetManifest.Cover], SharedAnchor) {
        // One parse and one first grid for every screen.
        let session = session?.logo === logo ? session : CoverSearchSession(logo: logo, deadline: deadline)
        let screens = options.devices.flatMap { device in [false, true].map { (device, $0) } }
        let placements = screens.map { device, landscape in
            Placement(documentSize: logo.documentSize, viewport: device.viewport(landscape: landscape), logoWidth: options.logoWidth)
        }
        let results = CoverScale.compute(
            logo: logo, placements: placements, anchor: shared.map { .point($0.point) }, tolerance: 0.001, deadline: deadline,
            session: session)
        var covers: [AssetManifest.Cover] = []
        var anchor = shared
        for ((device, landscape), result) in zip(screens, results) {
            var entry = AssetManifest.Cover(
                device: device.name, orientation: landscape ? "landscape" : "portrait",
                viewport: device.viewport(landscape: landscape).description, scale: nil, note: nil)
            switch result {
            case let .success(found):
                entry.scale = found.scale
                if anchor == nil { anchor = SharedAnchor(point: found.anchor, chosen: found.anchorChoice, note: found.anchorNote) }
            case let .failure(error):
                entry.note = error.description
            }
            covers.append(entry)
        }
        // No screen covers: the centre for the files.
        return (covers, anchor ?? SharedAnchor(point: logo.documentBox.center, chosen: .center))
    }

    static func fileName(_ text: String) -> String {
        let dashed = String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" }).replacing("--", with: "-")
        guard let first = dashed.firstIndex(where: { $0 != "-" }), let last = dashed.lastIndex(where: { $0 != "-" }) else { return "" }
        return String(dashed[first...last])
    }
}
