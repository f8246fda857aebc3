import FoundationEssentials

/// What a web output shows under `prefers-color-scheme: dark`: the splash background, and the
/// logo when the app has a dark one (nil: the light logo on the dark background).
///
/// ```swift
/// let dark = WebDarkMode(background: RGBAColor(red: 0x0B, green: 0x13, blue: 0x20),
///                        logo: try VectorLogo(contentsOf: "logo-dark.svg"))
/// let script = try RevealExport.webOverlay(scene, options: RevealExportOptions(), dark: dark)
/// ```
public struct WebDarkMode: Sendable {
    /// The splash background in dark mode.
    public var background: RGBAColor
    /// The logo in dark mode (nil: the light one).
    public var logo: VectorLogo?

    /// A dark appearance with `background` and, when given, `logo`.
    public init(background: RGBAColor, logo: VectorLogo? = nil) {
        self.background = background
        self.logo = logo
    }
}
