import MaskGeometry

extension SplashGenerator {
    /// The anchor every output of a run shares, when the configuration leaves it to be chosen
    /// (`center-or-auto` or `auto`): chosen once over every device's screens, portrait and
    /// landscape, each at its platform's logo width, as ``CoverScale`` shares one across
    /// screens. Without it each platform's launch files, each preview and each code scene chose
    /// on its own screen, and where the centre is in a gap their best points differ (monogame:
    /// x 12.0 on an iPhone SE, 1.7 on a Pixel 8), so a preview or the Android code did not start
    /// from its launch still. Nil when the configuration forces the anchor (the centre or a
    /// point), or when no screen covers (each output then reports its own failure).
    static func sharedAnchor(
        _ c: SplashConfiguration, logo: VectorLogo, deadline: Deadline, session: CoverSearchSession?
    ) -> AssetGenerator.SharedAnchor? {
        let policy = c.reveal.anchor ?? .defaultAnchor
        guard policy == .centerOrBest || policy == .automatic else { return nil }
        let placements = c.devices.flatMap { device in
            [false, true].map { landscape in
                Placement(
                    documentSize: logo.documentSize, viewport: device.viewport(landscape: landscape),
                    logoWidth: c.logoWidth(for: AssetGenerator.platform(of: device)))
            }
        }
        // `auto` searches the first screen's best point; the default keeps the centre where it covers.
        let results = CoverScale.compute(
            logo: logo, placements: policy == .automatic ? [placements[0]] : placements, anchor: policy == .automatic ? .automatic : nil,
            tolerance: 0.001, deadline: deadline, session: session)
        for case let .success(found) in results {
            return AssetGenerator.SharedAnchor(point: found.anchor, chosen: found.anchorChoice, note: found.anchorNote)
        }
        return nil
    }

    /// `make` with `settings` anchored at `shared` (a point of the light logo's document: the
    /// dark logo's scenes pass nil and keep their own choice), or as configured when the scene's
    /// own screen (a preview's 1x pixels, the Android icon's size) cannot cover from it: a seam
    /// through the point can show on one pixel grid and not on another.
    static func scene(
        _ settings: RevealSettings, anchoredAt shared: AssetGenerator.SharedAnchor?,
        make: (RevealSettings) throws(LogoMaskError) -> RevealScene
    ) throws(LogoMaskError) -> RevealScene {
        guard let shared else { return try make(settings) }
        var anchored = settings
        anchored.anchor = .point(shared.point)
        do {
            return try make(anchored)
        } catch where error.exitStatus == 3 {
            return try make(settings)
        }
    }
}
