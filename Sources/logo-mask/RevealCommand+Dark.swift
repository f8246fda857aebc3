import FoundationEssentials
import LogoMask
import MaskGeometry

extension RevealCommand {
    /// The reveal in dark mode when `--dark-background` or `--dark-logo` is given (from the flags
    /// or the configuration's `darkBackground` / `darkLogo`): the same settings with the dark
    /// logo over the dark background, placed as the dark launch screen places it; nil otherwise.
    func darkVariant(of settings: RevealSettings, logo: VectorLogo, spec: RevealSpec) throws(LogoMaskError) -> RevealScene? {
        guard darkBackground != nil || darkLogo != nil else { return nil }
        let drawn = try darkLogo.map { (path) throws(LogoMaskError) in try VectorLogo(contentsOf: path) } ?? logo
        var dark = settings
        dark.background = darkBackground ?? settings.background
        if let launchScreen {
            let launch = try LaunchScene(
                platform: launchScreen, logo: drawn, viewport: settings.viewport, logoWidth: placementOptions.logoWidth,
                background: dark.background ?? .white, appearance: .dark)
            dark.logoWidth = launch.logoFrame.width
            dark.center = launch.logoFrame.center
        }
        return try RevealScene(logo: drawn, spec: spec, settings: dark, deadline: logoOptions.deadline)
    }

    /// Renders the dark twin of each raster output (`-dark` before the extension) and returns
    /// what it wrote.
    func renderDark(_ scene: RevealScene, progress: @escaping ProgressHandler) throws(LogoMaskError) -> [String] {
        let out = try output.map { (path: String) throws(LogoMaskError) in try RevealOutput(path: DarkVariantPath.of(path)) }
        let report = try RevealRenderer.render(
            scene, fps: fps, output: out, contactSheet: contactSheet.map(DarkVariantPath.of), still: still.map(DarkVariantPath.of),
            workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, deadline: logoOptions.deadline, progress: progress)
        return report.written
    }
}
