import FoundationEssentials
import LogoAnimation
import MaskGeometry

extension RevealExport {
    /// The reveal as one self-contained HTML page: the overlay in inline SVG over the app content
    /// (the scene's content picture, else the placeholder screen), animated from the timeline.
    ///
    /// The page fetches nothing: the content, a background picture and the caption are embedded
    /// as `data:` PNGs, the hole is a `<mask>` of the logo's paths from ``VectorLogo/outline``, and
    /// the Web Animations API plays ``RevealScene/exportedTimeline`` with the timing curves as
    /// `cubic-bezier()` easings (a spring arrives sampled, listed in
    /// ``RevealExportFile/approximations``). The drawn logo is SVG paths when the outline is
    /// exact and its paints flat colours, else a picture the library draws at the largest scale
    /// the reveal shows it (at most ``RevealExportOptions/maxEmbeddedPixels``), said in
    /// ``RevealExportFile/notes``.
    ///
    /// The page plays once on load (over and over with ``RevealExportOptions/loop``); with
    /// `?t=SECONDS` in its URL it shows that moment paused. It fills its window with no margin
    /// or scroll bar: at the scene's viewport size in CSS pixels and its density as the device
    /// scale factor, a screenshot is the frame ``RevealRenderer`` draws at that time. The cover
    /// scale is computed for that one size, which the page names in a comment, a `<meta>` and
    /// its title. The same scene gives the same bytes.
    ///
    /// With `dark`, the page follows `prefers-color-scheme: dark`: the splash background takes
    /// the dark colour (a CSS rule), and with a dark logo a second set of splash and logo layers,
    /// from the dark logo's own scene (its anchor and cover scale), replaces the light one.
    ///
    /// - Throws: ``LogoMaskError`` when the logo's outline cannot be read, a picture cannot be
    ///   drawn, or the reveal has no duration; ``LogoMaskError/invalidParameter(_:_:)`` for a
    ///   pixel budget below 1.
    public static func webPage(
        _ scene: RevealScene, options: RevealExportOptions, dark: WebDarkMode? = nil
    ) throws(LogoMaskError) -> RevealExportFile {
        try WebPageBuilder(scene: scene, options: options, dark: dark).build()
    }
}
