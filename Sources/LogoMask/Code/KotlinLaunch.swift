import FoundationEssentials
import MaskGeometry

/// The Android launch screen the generated Kotlin continues: the system splash's background
/// (`windowSplashScreenBackground`), the logo where the splash icon view draws it, and the dark
/// variants night mode switches to.
///
/// Build the reveal scene from the same launch scene (``RevealSettings/init(launch:)``), so that
/// frame 0 of the reveal is the splash screen:
///
/// ```swift
/// let launch = try LaunchScene(platform: .android, logo: logo, viewport: screen, logoWidth: 100, background: colour)
/// var settings = RevealSettings(launch: launch)
/// settings.finalScale = 1
/// let scene = try RevealScene(logo: logo, spec: RevealPreset.twitter.spec, settings: settings)
/// let bundle = try RevealCode.kotlin(scene, launch: KotlinLaunch(scene: launch, darkBackground: night))
/// ```
public struct KotlinLaunch: Sendable {
    /// Android's launch screen (``LaunchScene/Platform/android``), light appearance.
    public var scene: LaunchScene
    /// `windowSplashScreenBackground` in night mode; nil: the light one in both modes.
    public var darkBackground: RGBAColor?
    /// The logo night mode shows (the `values-night` icon); nil: the light logo in both modes.
    /// Its document box is drawn over the light logo's; the hole keeps the light logo's shape.
    public var darkLogo: VectorLogo?
    /// The reveal's time, in seconds, the system's icon view shows when the splash exits: the
    /// animated icon's hand-off time (``animatedIconHandOffTime(_:)``), 0 for a still icon. The exit animation continues from there instead of replaying that motion.
    public var startTime: Double

    /// The reveal's time the animated splash icon playing `reveal`'s preset ends at, as the
    /// assets write it (``AndroidAnimatedVectorDrawable/handOffTime``: the first moment the hole's
    /// scale rises back to 1, the final scale set to 1): the ``startTime`` for that icon. 0 when
    /// the assets write no animated icon for the logo or `darkLogo` (a picture icon, which stands
    /// still: ``AndroidSplashPicture/allowsAnimatedIcon(logo:darkLogo:)``).
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` when the preset has no hole motion that
    ///   stays inside the icon (huvi, fade).
    public static func animatedIconHandOffTime(_ reveal: RevealScene, darkLogo: VectorLogo? = nil) throws(LogoMaskError) -> Double {
        guard try AndroidSplashPicture.allowsAnimatedIcon(logo: reveal.logo, darkLogo: darkLogo) else { return 0 }
        var settings = reveal.settings
        settings.finalScale = 1
        let scene = settings.finalScale == reveal.settings.finalScale ? reveal : try RevealScene(logo: reveal.logo, spec: reveal.spec, settings: settings)
        let motion = AssetGenerator.iconMotions(scene.exportedTimeline)
        return try AndroidAnimatedVectorDrawable.check(preset: reveal.spec.name, scale: motion.scale).1.time
    }

    /// A launch screen for the Kotlin code.
    public init(scene: LaunchScene, darkBackground: RGBAColor? = nil, darkLogo: VectorLogo? = nil, startTime: Double = 0) {
        self.scene = scene
        self.darkBackground = darkBackground
        self.darkLogo = darkLogo
        self.startTime = startTime
    }

    /// The logo's document box on the splash icon view, as fractions of the view's side: x, y,
    /// width, height (the icon view is the canvas the system draws the icon on).
    var logoOnIcon: [Double] {
        guard let icon = scene.iconCanvas, icon.width > 0, icon.height > 0 else { return [] }
        let frame = scene.logoFrame
        return [(frame.x - icon.x) / icon.width, (frame.y - icon.y) / icon.height, frame.width / icon.width, frame.height / icon.height]
    }

    /// Checks that `reveal` starts where this launch screen leaves the logo.
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` when the scene is not Android's or the
    ///   reveal's launch frame is not its logo frame.
    func check(_ reveal: RevealScene) throws(LogoMaskError) {
        guard scene.platform == .android else {
            throw LogoMaskError.invalidRequest("The Kotlin code continues Android's launch screen; a \(scene.platform.rawValue) launch scene was given: make it with platform .android.")
        }
        let placement = reveal.placement
        let width = reveal.logo.documentSize.width * placement.pointsPerUnit
        let centre = placement.resolvedCenter
        let frame = scene.logoFrame
        guard abs(width - frame.width) <= 1e-6 * max(1, frame.width), abs(centre.x - frame.center.x) <= 1e-6, abs(centre.y - frame.center.y) <= 1e-6 else {
            throw LogoMaskError.invalidRequest(
                "The reveal's logo (\(formatNumber(width, decimals: 3)) pt wide at \(centre)) is not where the Android launch screen draws it (\(formatNumber(frame.width, decimals: 3)) pt at \(frame.center)): build the reveal's settings with RevealSettings(launch:).")
        }
    }

    /// The dark logo's shapes in points about the reveal's anchor, its document box stretched
    /// over the light logo's; empty without a dark logo.
    func darkShapes(for reveal: RevealScene) throws(LogoMaskError) -> [RevealCodeModel.Shape] {
        guard let (darkLogo, fit, toPoints) = try darkPlacement(for: reveal) else { return [] }
        let outline = try darkLogo.outline.mapped(by: fit)
        return RevealCodeModel.shapes(of: outline, toPoints: toPoints, pointsPerUnit: reveal.placement.pointsPerUnit).shapes
    }

    /// The dark logo's picture for night mode where its outline cannot carry it (filters,
    /// images, masks), in the same points as ``darkShapes(for:)``; nil without a dark logo or
    /// where the shapes carry it.
    func darkPicture(for reveal: RevealScene) throws(LogoMaskError) -> CodePicture? {
        guard let (darkLogo, fit, toPoints) = try darkPlacement(for: reveal) else { return nil }
        return try CodePicture.dark(darkLogo, reveal: reveal, toPoints: fit.concatenating(toPoints))
    }

    /// The dark logo's filter pictures for night mode where its shapes and they draw it, in the
    /// same points as ``darkShapes(for:)`` (``CodeFilterPicture/dark(_:reveal:toPoints:platform:)``);
    /// nil without a dark logo or where they do not.
    func darkFilterPictures(for reveal: RevealScene) throws(LogoMaskError) -> [CodeFilterPicture]? {
        guard let (darkLogo, fit, toPoints) = try darkPlacement(for: reveal) else { return nil }
        return try CodeFilterPicture.dark(darkLogo, reveal: reveal, toPoints: fit.concatenating(toPoints), platform: .android)
    }

    /// The dark logo, the map stretching its document box over the light logo's, and the light
    /// logo's document units to points about the reveal's anchor; nil without a dark logo.
    private func darkPlacement(for reveal: RevealScene) throws(LogoMaskError) -> (VectorLogo, fit: Transform, toPoints: Transform)? {
        guard let darkLogo else { return nil }
        let light = reveal.logo.documentSize, dark = darkLogo.documentSize
        guard dark.width > 0, dark.height > 0 else { throw LogoMaskError.noVisibleInk(file: darkLogo.name) }
        let anchor = reveal.placement.resolvedAnchor
        let k = reveal.placement.pointsPerUnit
        let fit = Transform.scale(x: light.width / dark.width, y: light.height / dark.height)
        return (darkLogo, fit, Transform.translation(x: -anchor.x, y: -anchor.y).concatenating(.scale(k)))
    }
}
