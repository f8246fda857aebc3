import FoundationEssentials
import LogoAnimation
import MaskGeometry

extension RevealExport {
    /// The reveal as `logo-reveal.js`: a script that draws the overlay (the splash around a
    /// transparent logo-shaped hole, the veil, the drawn logo) above whatever the live page
    /// shows, and plays the reveal over it.
    ///
    /// Unlike ``webPage(_:options:dark:)``, which is sized for the scene's viewport and shows a picture
    /// through the hole, the script holds numbers, not a window: the logo's radial profile
    /// (``RadialProfile``, measured here about the scene's anchor) and each track as an affine
    /// function of the final scale, the corner angle and the window's size (``RevealCodeTrack``,
    /// the generated code's form). In the browser it computes the cover scale of the actual
    /// window (the maximum over the profile's bins and the window's corners, as
    /// ``RadialProfile/coverScale(windowWidth:windowHeight:anchor:rotation:)`` does) and again on
    /// every resize, and plays the same keyframes and curves as the page. Frame 0 is the web
    /// launch screen: the logo's own paints, its document box `logoWidth` CSS pixels wide,
    /// centred, over the background colour (``LaunchScene/Platform/web``).
    ///
    /// It honours `prefers-reduced-motion: reduce` (straight to the end), draws `dark` under
    /// `prefers-color-scheme: dark`, fires `logoreveal:end` on `document` once and removes itself.
    /// The same scene gives the same bytes.
    ///
    /// - Throws: ``LogoMaskError`` when the logo's outline or profile cannot be read, a picture
    ///   cannot be drawn, the reveal has no duration, or a track is not affine in the window's
    ///   numbers; ``LogoMaskError/invalidParameter(_:_:)`` for a pixel budget below 1.
    public static func webOverlay(
        _ scene: RevealScene, options: RevealExportOptions, dark: WebDarkMode? = nil, deadline: Deadline = .none
    ) throws(LogoMaskError) -> RevealExportFile {
        try WebOverlayBuilder(scene: scene, options: options, dark: dark, deadline: deadline).build()
    }
}
