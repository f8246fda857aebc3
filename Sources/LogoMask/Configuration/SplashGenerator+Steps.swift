import FoundationEssentials
import MaskGeometry

extension SplashGenerator {
    /// What a run reads before it writes: the configuration, its logos, spec and content
    /// picture, and one cover-search session per logo (its parse, grids and answers serve every
    /// platform's assets and every scene: the same screens are searched again and again).
    struct Inputs {
        var configuration: SplashConfiguration
        var logo: VectorLogo
        var darkLogo: VectorLogo?
        var spec: RevealSpec
        var content: RasterImage?
        var deadline: Deadline
        var sessions: [CoverSearchSession]

        init(
            configuration: SplashConfiguration, logo: VectorLogo, darkLogo: VectorLogo?, spec: RevealSpec, content: RasterImage?,
            deadline: Deadline
        ) {
            self.configuration = configuration
            self.logo = logo
            self.darkLogo = darkLogo
            self.spec = spec
            self.content = content
            self.deadline = deadline
            sessions = ([logo] + (darkLogo.map { [$0] } ?? [])).map { CoverSearchSession(logo: $0, deadline: deadline) }
        }

        /// The session of `drawn`, the light or the dark logo.
        func session(_ drawn: VectorLogo) -> CoverSearchSession? { sessions.first { $0.logo === drawn } }
    }

    /// One step of a run, in the order a run one after another takes them: a job (drawing and
    /// writing one output, on a worker thread), or bookkeeping on the caller's thread once the
    /// jobs before it have ended.
    enum Step {
        /// An output's work; `weight` orders the jobs handed out, the heaviest first.
        case job(OrderedJobs.Job<Made>, weight: Int)
        /// Progress, and the deadline checked, as a stage ends.
        case progress
        /// The code bundles written into the platforms' folders (in place by then).
        case writeCode
        /// The dotLottie of the Lotties made, on the named device.
        case dotLottie(device: String)
    }

    /// What a job made, for the caller's thread to record.
    enum Made: Sendable {
        /// A code bundle, written once the platforms' folders are in place.
        case code(RevealCodeBundle)
        /// A platform's launch files, in the scratch folder they were written to.
        case launch(AssetPlatform, AssetGenerator.Report, scratch: String)
        /// A file written in place (its path in the output folder) with its purpose.
        case file(String, purpose: String)
        /// A Lottie written in place, kept for the dotLottie.
        case lottie(String, purpose: String, RevealExportFile, dark: Bool)
    }

    /// Appends the run's steps to `steps`, choosing here, in the order of a run one after
    /// another, every anchor, cover scale and scene (the sessions answer from what was asked
    /// before), so the jobs only draw and write. Throws what that order meets first among the
    /// choices; the steps appended before stay for the caller to run (their failure comes first).
    static func plan(_ inputs: Inputs, folder: AtomicFolder, workers: Int, into steps: inout [Step]) throws(LogoMaskError) {
        let c = inputs.configuration, logo = inputs.logo, darkLogo = inputs.darkLogo, spec = inputs.spec
        let content = inputs.content, deadline = inputs.deadline
        // One anchor for every output of the run (the launch files, stills, previews, Lottie, code).
        let shared = sharedAnchor(c, logo: logo, deadline: deadline, session: inputs.session(logo))
        // The reveal as code for the app platforms, its scenes chosen before anything is drawn: an
        // anchor outside the logo's opaque part fails fast (the code's own checks, such as the
        // Kotlin package, run with its job).
        let kotlinPackage = c.code.kotlinPackage, darkBackground = c.darkBackground?.flatColor
        for platform in [RevealCodePlatform.ios, .android] where c.platforms.contains(platform == .ios ? .ios : .android) {
            let (scene, kotlinLaunch) = try codeScene(
                c, logo: logo, darkLogo: darkLogo, spec: spec, platform: platform, anchor: shared, deadline: deadline,
                session: inputs.session(logo))
            steps.append(.job({ () throws(LogoMaskError) in
                .code(try RevealCode.generate(
                    scene, platform: platform, kotlinPackage: kotlinPackage, kotlinLaunch: kotlinLaunch, deadline: deadline,
                    darkBackground: darkBackground, darkLogo: darkLogo))
            }, weight: 3))
        }
        steps.append(.progress)

        // The launch files, one platform at a time: each platform has its own logo width. Android
        // 12's circle check is the logo's, measured once for all of them.
        var android12: AndroidSplashCheck?
        for platform in c.platforms {
            let options = AssetOptions(
                platforms: [platform], background: c.background.flatColor, darkBackground: c.darkBackground?.flatColor,
                darkLogo: darkLogo, logoWidth: c.logoWidth(for: platform), devices: c.devices,
                stillPreset: c.reveal.spec == nil ? c.reveal.preset : .twitter,
                androidIconBackground: c.android.iconBackground, androidFit: c.android.iconFit, animatedIcon: c.android.animatedIcon)
            let prepared = try AssetGenerator.prepare(
                logo: logo, options: options, deadline: deadline, session: inputs.session(logo), anchor: shared, android12: android12)
            android12 = prepared.android12
            let scratch = try folder.path(".launch-\(platform.rawValue)")
            steps.append(.job({ () throws(LogoMaskError) in
                .launch(platform, try AssetGenerator.write(
                    prepared, logo: logo, options: options, to: scratch, deadline: deadline, progress: nil), scratch: scratch)
            }, weight: 3))
            steps.append(.progress)
        }
        steps.append(.writeCode)

        // The reveal on each device: a contact sheet; the first device's also as Lottie and web page.
        // Previews are drawn at 1x and at most 20 fps (the sheet shows 12 frames): a preview at
        // the device's density cost 9 times the pixels and said nothing more.
        // In dark mode (a dark background or logo) each preview and the Lottie get a `-dark` twin
        // drawn from the dark logo over the dark background, as the dark launch screen shows them.
        // A preview draws its frames on one thread when the jobs already run side by side.
        let frameWorkers = workers > 1 ? 1 : ProcessInfo.processInfo.activeProcessorCount
        let appearances: [LaunchScene.Appearance] = c.darkBackground != nil || darkLogo != nil ? [.light, .dark] : [.light]
        for (index, device) in c.devices.enumerated() {
            for appearance in appearances {
                let dark = appearance == .dark
                let drawn = dark ? (darkLogo ?? logo) : logo
                let suffix = dark ? "-dark" : "", mode = dark ? " in dark mode" : ""
                let preview = try revealScene(
                    c, logo: drawn, spec: spec, device: device, density: 1, content: content, appearance: appearance,
                    anchor: drawn === logo ? shared : nil, deadline: deadline, session: inputs.session(drawn))
                let sheet = "previews/\(AssetGenerator.fileName(device.name))\(suffix).png"
                let sheetPath = try folder.path(sheet)
                let fps = min(c.reveal.fps, previewFPS)
                let sheetPurpose = "Frames of the \(spec.name) reveal on \(device.name) at 1x\(mode), labelled with their times (a preview)."
                steps.append(.job({ () throws(LogoMaskError) in
                    // Only the 12 frames the sheet shows are drawn (of 20 a second).
                    _ = try RevealRenderer.render(
                        preview, fps: fps, output: nil, contactSheet: sheetPath, still: nil, workers: frameWorkers, deadline: deadline,
                        progress: nil, sheetFramesOnly: true)
                    return .file(sheet, purpose: sheetPurpose)
                }, weight: 1))
                guard index == 0 else { continue }
                let scene = try revealScene(
                    c, logo: drawn, spec: spec, device: device, content: content, appearance: appearance,
                    anchor: drawn === logo ? shared : nil, deadline: deadline, session: inputs.session(drawn))
                let options = RevealExportOptions(fps: c.reveal.fps)
                let lottie = "reveal/reveal\(suffix).json"
                let lottiePath = try folder.path(lottie)
                let lottiePurpose = "The reveal as a Lottie on \(device.name)\(mode), played above the app's window\(dark ? " when the system is in dark mode" : "")."
                steps.append(.job({ () throws(LogoMaskError) in
                    let exported = try RevealExport.lottie(scene, options: options)
                    try RevealExport.write(exported, to: lottiePath)
                    return .lottie(lottie, purpose: lottiePurpose, exported, dark: dark)
                }, weight: 4))
                guard !dark else { continue }
                // The web outputs hold both appearances (prefers-color-scheme).
                let webDark = appearances.contains(.dark)
                    ? WebDarkMode(background: (c.darkBackground ?? c.background).flatColor, logo: darkLogo) : nil
                let pagePath = try folder.path("reveal/reveal.html")
                let pagePurpose = "The reveal as a self-contained web page on \(device.name)."
                // Handed out right after the Lottie: a logo the page embeds as whole pictures draws
                // the largest one of the run in it (kiten: 1846x1312 px through its 109 shadows),
                // which, started after the code and launch files, was the run's last job alone.
                steps.append(.job({ () throws(LogoMaskError) in
                    try RevealExport.write(RevealExport.webPage(scene, options: options, dark: webDark), to: pagePath)
                    return .file("reveal/reveal.html", purpose: pagePurpose)
                }, weight: 4))
                // The overlay for any window starts from the web launch screen: the web's logo width.
                var web = scene.settings
                web.logoWidth = c.logoWidth(for: .web)
                web.anchor = .point(scene.placement.resolvedAnchor)
                web.finalScale = 1
                web.content = nil
                let overlay = try RevealScene(logo: logo, spec: spec, settings: web, deadline: deadline, session: inputs.session(logo))
                let overlayPath = try folder.path("reveal/logo-reveal.js")
                steps.append(.job({ () throws(LogoMaskError) in
                    try RevealExport.write(RevealExport.webOverlay(overlay, options: options, dark: webDark, deadline: deadline), to: overlayPath)
                    return .file(
                        "reveal/logo-reveal.js",
                        purpose: "The reveal as a script that plays it over the live web page, in any window, from the web launch screen.")
                }, weight: 2))
            }
            if index == 0 { steps.append(.dotLottie(device: device.name)) }
            steps.append(.progress)
        }
    }
}
