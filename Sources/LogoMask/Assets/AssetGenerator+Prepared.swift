import MaskGeometry

extension AssetGenerator {
    /// What a run decides before it writes anything: the cover scales, the shared anchor, the
    /// Android icon's plan and Android 12's circle check. Everything that can fail on the input
    /// fails here, with nothing written.
    struct Prepared: Sendable {
        /// The cover scale on every device and orientation.
        var covers: [AssetManifest.Cover]
        /// The anchor the files share.
        var anchor: SharedAnchor
        /// The Android part's plan, when Android is asked for.
        var android: AndroidPlan?
        /// The ink against Android 12's splash circle.
        var android12: AndroidSplashCheck
    }

    /// One native platform's part of a run, drawn on a thread of its own.
    struct PlatformFiles: Sendable {
        /// The files it wrote.
        var files: [AssetManifest.File]
        /// Its notes for the manifest.
        var notes: [String] = []
        /// The animated icon it wrote (Android).
        var animated: AssetManifest.AnimatedIcon?
    }

    /// The job writing `platform`'s files (made here, not in the caller: Swift 6.3 crashed
    /// compiling the same closure written inline there).
    static func platformJob(
        _ platform: AssetPlatform, prepared: Prepared, logo: VectorLogo, options: AssetOptions, paths: AtomicFolder.Paths
    ) -> OrderedJobs.Job<PlatformFiles> {
        { () throws(LogoMaskError) -> PlatformFiles in
            try platformFiles(platform, prepared: prepared, logo: logo, options: options, paths: paths)
        }
    }

    /// Writes `platform`'s files (native: ios, android, web) as `prepared` planned them into
    /// `paths`, with a writer of its own.
    static func platformFiles(
        _ platform: AssetPlatform, prepared: Prepared, logo: VectorLogo, options: AssetOptions, paths: AtomicFolder.Paths
    ) throws(LogoMaskError) -> PlatformFiles {
        let covers = prepared.covers, anchor = prepared.anchor.point
        var writer = AssetWriter(paths: paths)
        var made = PlatformFiles(files: [])
        switch platform {
        case .ios:
            try writeIOS(logo: logo, options: options, covers: covers, anchor: anchor, writer: &writer)
        case .android:
            guard let android = prepared.android else { break }
            let result = try writeAndroid(plan: android, logo: logo, options: options, covers: covers, anchor: anchor, writer: &writer)
            made.notes = result.notes
            made.animated = result.animated
        default:
            try writeWeb(logo: logo, options: options, writer: &writer)
        }
        made.files = writer.files
        return made
    }

    /// Checks the logo and options, runs the cover searches (through `session` when given, about
    /// `shared` when given) and plans the Android icon. `android12`: the logo's circle check when
    /// the caller measured it already (`generate` measures it once for every platform).
    static func prepare(
        logo: VectorLogo, options: AssetOptions, deadline: Deadline, session: CoverSearchSession?,
        anchor shared: SharedAnchor? = nil, android12 measured: AndroidSplashCheck? = nil
    ) throws(LogoMaskError) -> Prepared {
        guard options.logoWidth.isFinite, options.logoWidth > 0 else {
            throw LogoMaskError.invalidParameter(.logoWidth, "must be a positive number of points, not \(options.logoWidth).")
        }
        guard !logo.inkBounds.isEmpty else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        if let dark = options.darkLogo, dark.inkBounds.isEmpty { throw LogoMaskError.noVisibleInk(file: dark.name) }
        let (covers, anchor) = coverScales(logo: logo, options: options, deadline: deadline, session: session, anchor: shared)
        let android = options.platforms.contains(.android) ? try AndroidPlan(logo: logo, options: options, anchor: anchor.point) : nil
        // Measured from pixels for every platform: it also refuses, before anything is written, a
        // logo whose ink rectangle is not empty but which paints nothing (hidden or fill-less shapes).
        let android12: AndroidSplashCheck
        if let measured { android12 = measured } else { android12 = try AlphaBounds.androidSplash(of: logo) }
        return Prepared(covers: covers, anchor: anchor, android: android, android12: android12)
    }
}
