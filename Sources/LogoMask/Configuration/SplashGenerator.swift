import FoundationEssentials
import MaskGeometry

/// Writes every output of a ``SplashConfiguration`` into its output folder, which appears whole
/// or not at all (``AtomicFolder``); the same configuration gives the same bytes.
///
/// ```
/// OUT/ios/...            the iOS launch files and stills (what AssetGenerator writes for ios)
/// OUT/ios/Reveal/        RevealGeometry.swift and SplashReveal.swift (the reveal as Swift)
/// OUT/android/...        the Android resources and stills
/// OUT/android/Reveal/    RevealGeometry.kt and SplashReveal.kt
/// OUT/web/...            the web logo PNGs and hole overlay
/// OUT/reveal/reveal.json the reveal as a Lottie, on the first device
/// OUT/reveal/reveal-dark.json  the same in dark mode (with a dark background or dark logo)
/// OUT/reveal/reveal.lottie the same as a dotLottie, with a dark animation in dark mode
/// OUT/reveal/reveal.html the reveal as a web page, on the first device
/// OUT/reveal/logo-reveal.js the reveal as an overlay script over the live page, any window
/// OUT/previews/<device>[-dark].png  a contact sheet of the reveal per device and appearance
///                        (1x, at most 20 fps)
/// OUT/manifest.json      every file with its purpose and SHA-256 (``SplashManifest``)
/// ```
public enum SplashGenerator {
    /// What a run wrote and what people should know.
    public struct Report: Sendable {
        /// The manifest written as `manifest.json`.
        public var manifest: SplashManifest
        /// The output folder's path.
        public var folder: String
        /// Warnings, one sentence each (Android 12's circle, for example).
        public var warnings: [String]
        /// What was written into ``SplashConfiguration/into``'s project, if one was given.
        public var installed: ProjectInstaller.Report? = nil
    }

    /// Writes every output of `configuration` (its paths read from its ``SplashConfiguration/baseFolder``),
    /// then its launch files into its ``SplashConfiguration/into`` project, if any (`force`:
    /// overwriting files logo-mask did not write there).
    ///
    /// The independent outputs (each platform's launch files, the code, each preview, the Lottie,
    /// page and overlay) are drawn on the active cores; the bytes, the manifest and the error
    /// reported are those of a run one after another.
    ///
    /// - Throws: ``LogoMaskError`` for a missing or unusable logo, spec or picture, an anchor
    ///   outside the logo's opaque part, an unwritable folder or a passed deadline; nothing is
    ///   left at the output path then.
    public static func write(
        _ configuration: SplashConfiguration, deadline: Deadline = .none, progress: ProgressHandler? = nil, force: Bool = false
    ) throws(LogoMaskError) -> Report {
        try write(configuration, deadline: deadline, progress: progress, force: force, workers: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The same, its independent outputs drawn on `workers` threads (1: one after another); the
    /// files are the same bytes whatever `workers` is.
    static func write(
        _ configuration: SplashConfiguration, deadline: Deadline, progress: ProgressHandler?, force: Bool, workers: Int
    ) throws(LogoMaskError) -> Report {
        let c = configuration
        // Before any thread starts: the jobs' threads draw from the main heap (filter surfaces
        // reused, not mapped afresh; PixelMemory).
        if workers > 1 { PixelMemory.oneHeapForEveryThread() }
        try checkOutputHoldsNoInput(c)
        let logo = try VectorLogo(contentsOf: c.resolve(c.logo))
        let darkLogo = try c.darkLogo.map { (path) throws(LogoMaskError) in try VectorLogo(contentsOf: c.resolve(path)) }
        let spec = try c.reveal.spec.map { (path) throws(LogoMaskError) in try RevealSpec.load(path: c.resolve(path)) } ?? c.reveal.preset.spec
        let content = try c.reveal.content.map { (path) throws(LogoMaskError) in try RasterImage(contentsOfPicture: c.resolve(path)) }
        let folder = try AtomicFolder(path: c.resolve(c.output))
        let inputs = Inputs(configuration: c, logo: logo, darkLogo: darkLogo, spec: spec, content: content, deadline: deadline)
        var purposes: [String: String] = [:]
        var launch: [String: AssetManifest] = [:]
        var warnings: [String] = []
        var notes: [String] = []
        if c.background.gradient != nil {
            notes.append("The background is a gradient: launch screens, stills and previews take its first colour, \(c.background.flatColor.hexString).")
        }
        if c.reveal.spec != nil {
            notes.append("The launch stills are frame 0 of twitter (the launch files take a preset); the previews, Lottie, web page and code play the spec.")
        }
        let stepCount = Double(c.platforms.count + c.devices.count + 2)
        var done = 0.0
        var bundles: [RevealCodeBundle] = []
        var lotties: (light: RevealExportFile?, dark: RevealExportFile?) = (nil, nil)

        // What a job made, recorded on this thread in the run's order.
        func record(_ made: Made) throws(LogoMaskError) {
            switch made {
            case let .code(bundle):
                bundles.append(bundle)
            case let .launch(platform, report, scratch):
                try move(scratch + "/" + platform.rawValue, to: folder.path(platform.rawValue), folder: folder)
                try? FileManager.default.removeItem(atPath: scratch)
                launch[platform.rawValue] = report.manifest
                for file in report.manifest.files { purposes[file.path] = file.purpose }
                warnings += report.warnings
            case let .file(path, purpose):
                purposes[path] = purpose
            case let .lottie(path, purpose, exported, dark):
                purposes[path] = purpose
                if dark { lotties.dark = exported } else { lotties.light = exported }
            }
        }
        func follow(_ step: Step) throws(LogoMaskError) {
            switch step {
            case .job:
                break
            case .progress:
                done += 1
                progress?(done / stepCount)
                try deadline.check(logo.name)
            case .writeCode:
                // The reveal as code, written into the platforms' folders (in place by now).
                for bundle in bundles {
                    let name = bundle.platform.rawValue
                    try RevealCode.write(bundle, to: folder.path("\(name)/Reveal"))
                    for file in bundle.files {
                        purposes["\(name)/Reveal/\(file.name)"] = file.isPortable
                            ? "The reveal's numbers (sizes, path, timeline, radial profile) as \(bundle.platform == .ios ? "Swift" : "Kotlin"), for any window."
                            : "The reveal as \(bundle.platform == .ios ? "Core Animation (UIKit)" : "androidx SplashScreen") code."
                    }
                    for resource in bundle.resources { purposes["\(name)/Reveal/\(resource.path)"] = resource.purpose }
                }
            case let .dotLottie(device):
                guard let light = lotties.light else { break }
                try RevealExport.write(RevealExport.dotLottie(light: light, dark: lotties.dark), to: folder.path("reveal/reveal.lottie"))
                purposes["reveal/reveal.lottie"] = "The reveal as a dotLottie on \(device): animation \"light\""
                    + (lotties.dark == nil ? "." : " and \"dark\" (the dark background and logo).")
            }
        }
        // Runs `steps`' jobs on the workers, following each with the bookkeeping after it.
        func run(_ steps: [Step]) throws(LogoMaskError) {
            var jobs: [OrderedJobs.Job<Made>] = [], weights: [Int] = []
            var head: [Step] = [], tails: [[Step]] = []
            for step in steps {
                if case let .job(job, weight) = step {
                    jobs.append(job)
                    weights.append(weight)
                    tails.append([])
                } else if tails.isEmpty {
                    head.append(step)
                } else {
                    tails[tails.count - 1].append(step)
                }
            }
            for step in head { try follow(step) }
            // The heaviest first, so the last job to end is a short one.
            let order = jobs.indices.sorted { weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1 }
            try OrderedJobs.run(jobs, workers: workers, order: order) { (index, made) throws(LogoMaskError) in
                try record(made)
                for step in tails[index] { try follow(step) }
            }
        }

        // The steps in the order of a run one after another. Choosing anchors, cover scales and
        // scenes happens here, on this thread, in that order (the cover-search sessions' answers
        // depend on what was asked before); the drawing and writing become jobs.
        var steps: [Step] = []
        do throws(LogoMaskError) {
            try plan(inputs, folder: folder, workers: workers, into: &steps)
        } catch {
            // What a run in order did before this step still fails first.
            try run(steps)
            throw error
        }
        try run(steps)

        let manifest = SplashManifest(
            logo: URL(fileURLWithPath: logo.name).lastPathComponent, reveal: spec.name, devices: c.devices.map(\.name),
            files: try listFiles(folder, purposes: purposes, launch: launch), launch: launch, notes: notes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(manifest) + Data([0x0A])
        } catch {
            throw LogoMaskError.drawingFailed(file: "manifest.json", reason: "\(error)")
        }
        let file = try AtomicFile(path: folder.path("manifest.json"))
        try file.write(Array(data))
        try file.commit()
        try folder.commit()
        // The project hook: the output folder is the run ProjectInstaller copies from.
        let installed = try c.into.map { (project) throws(LogoMaskError) in
            try ProjectInstaller.install(from: folder.targetPath, into: c.resolve(project), force: force)
        }
        progress?(1)
        return Report(manifest: manifest, folder: folder.targetPath, warnings: warnings, installed: installed)
    }

    /// The output folder is replaced whole: it must not be (or hold) the configuration's folder,
    /// the logos, the spec or the content picture.
    private static func checkOutputHoldsNoInput(_ c: SplashConfiguration) throws(LogoMaskError) {
        func absolute(_ path: String) -> String { URL(fileURLWithPath: c.resolve(path)).standardizedFileURL.path }
        let output = absolute(c.output)
        let base = URL(fileURLWithPath: c.baseFolder.isEmpty ? "." : c.baseFolder).standardizedFileURL.path
        let inputs = [c.logo, c.darkLogo, c.reveal.spec, c.reveal.content].compactMap { $0 }.map(absolute)
        for input in [base] + inputs where input == output || input.hasPrefix(output.hasSuffix("/") ? output : output + "/") {
            throw LogoMaskError.invalidRequest(
                "\(c.output): the output folder is replaced whole, and it holds \(input == base ? "the configuration file" : input); give the output a folder of its own, such as splash.")
        }
    }

    /// The previews' highest frame rate.
    static let previewFPS = 20.0

    /// The reveal on `device` (at `density`, default the device's) as the reveal command plays
    /// it, with the logo width of the device's platform, over the background of `appearance`
    /// (the caller passes that appearance's logo), about the run's shared anchor when given.
    static func revealScene(
        _ c: SplashConfiguration, logo: VectorLogo, spec: RevealSpec, device: Device, density: Double? = nil,
        content: RasterImage?, appearance: LaunchScene.Appearance = .light, anchor shared: AssetGenerator.SharedAnchor?,
        deadline: Deadline, session: CoverSearchSession?
    ) throws(LogoMaskError) -> RevealScene {
        var viewport = device.viewport()
        if let density { viewport.density = density }
        var settings = RevealSettings(viewport: viewport)
        settings.logoWidth = c.logoWidth(for: AssetGenerator.platform(of: device))
        if let anchor = c.reveal.anchor { settings.anchor = anchor }
        settings.margin = c.reveal.margin
        settings.duration = c.reveal.duration
        settings.background = appearance == .dark ? (c.darkBackground ?? c.background).flatColor : c.background.flatColor
        settings.content = content
        settings.specFolder = c.reveal.spec.map { URL(fileURLWithPath: c.resolve($0)).deletingLastPathComponent().path }
        return try scene(settings, anchoredAt: shared) { (settings) throws(LogoMaskError) in
            try RevealScene(logo: logo, spec: spec, settings: settings, deadline: deadline, session: session)
        }
    }

    /// The scene the code is read from, as the code command makes it: the first device's screen
    /// (Android: the first Android device's), about the run's shared anchor (else chosen there by
    /// the scene), the final scale left to the app, over the configured background. Android's continues the splash
    /// screen the system draws (its launch scene, with night mode's background and logo).
    static func codeScene(
        _ c: SplashConfiguration, logo: VectorLogo, darkLogo: VectorLogo?, spec: RevealSpec, platform: RevealCodePlatform,
        anchor shared: AssetGenerator.SharedAnchor?, deadline: Deadline, session: CoverSearchSession?
    ) throws(LogoMaskError) -> (RevealScene, KotlinLaunch?) {
        var settings: RevealSettings
        var launch: KotlinLaunch?
        switch platform {
        case .ios:
            settings = RevealSettings(viewport: c.devices[0].viewport())
            settings.logoWidth = c.logoWidth(for: .ios)
        case .android:
            let device = c.devices.first { AssetGenerator.platform(of: $0) == .android } ?? c.devices[0]
            let scene = try LaunchScene(
                platform: .android, logo: logo, viewport: device.viewport(), logoWidth: c.logoWidth(for: .android),
                background: c.background.flatColor, androidCanvas: AssetGenerator.androidCanvas(iconBackground: c.android.iconBackground),
                androidFit: c.android.iconFit)
            launch = KotlinLaunch(scene: scene, darkBackground: c.darkBackground?.flatColor, darkLogo: darkLogo)
            settings = RevealSettings(launch: scene)
        }
        settings.background = c.background.flatColor
        settings.margin = c.reveal.margin
        settings.duration = c.reveal.duration
        settings.finalScale = 1
        // The scene resolves a searched anchor (the default, or auto) itself.
        if let anchor = c.reveal.anchor { settings.anchor = anchor }
        let scene = try Self.scene(settings, anchoredAt: shared) { (settings) throws(LogoMaskError) in
            try RevealScene(logo: logo, spec: spec, settings: settings, deadline: deadline, session: session)
        }
        if c.reveal.spec == nil, let icon = c.android.animatedIcon, icon == c.reveal.preset {
            // The exit goes on from the animated icon's last frame, as the assets write it.
            launch?.startTime = try KotlinLaunch.animatedIconHandOffTime(scene, darkLogo: darkLogo)
        }
        return (scene, launch)
    }

    /// Moves `source` to `target` inside the folder being written.
    private static func move(_ source: String, to target: String, folder: AtomicFolder) throws(LogoMaskError) {
        do {
            try FileManager.default.moveItem(atPath: source, toPath: target)
        } catch {
            throw LogoMaskError.cannotWriteOutput(file: folder.targetPath, reason: "cannot move \(source) (\(SystemErrorText.describe(error)))")
        }
    }

    /// Every file in the folder, sorted, with its purpose, pixel size and digest.
    private static func listFiles(
        _ folder: AtomicFolder, purposes: [String: String], launch: [String: AssetManifest]
    ) throws(LogoMaskError) -> [AssetManifest.File] {
        let known = Dictionary(launch.values.flatMap(\.files).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let paths: [String]
        do {
            paths = try FileManager.default.subpathsOfDirectory(atPath: folder.temporaryPath).sorted()
        } catch {
            throw LogoMaskError.cannotWriteOutput(file: folder.targetPath, reason: "cannot list what was written (\(SystemErrorText.describe(error)))")
        }
        var files: [AssetManifest.File] = []
        for path in paths {
            let full = folder.temporaryPath + "/" + path
            var isFolder = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder else { continue }
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: full))
            } catch {
                throw LogoMaskError.cannotWriteOutput(file: folder.targetPath, reason: "cannot read back \(path)")
            }
            files.append(AssetManifest.File(
                path: path, purpose: purposes[path] ?? known[path]?.purpose ?? "", pixelWidth: known[path]?.pixelWidth,
                pixelHeight: known[path]?.pixelHeight, scale: known[path]?.scale, bytes: data.count, sha256: try SHA256Digest.hex(of: data)))
        }
        return files
    }
}
