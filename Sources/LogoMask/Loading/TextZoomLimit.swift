import FoundationEssentials
import MaskGeometry

/// How large text may be drawn. librsvg 2.54 asks Pango for a font of the font size times the
/// square of the drawing's scale (and draws it scaled back down); past about 65,536 (font size in
/// user units times scale squared: measured with `rsvg-convert -z` on 6.59 and 20 px text,
/// failing at 100x and 58x) FreeType refuses the size and Cairo fails the whole drawing ("error
/// occurred in libfreetype"): Tango's internet-news-reader in `code`'s zoomed grids.
///
/// The failure cannot be caught and retried: the font face then stays in error for the whole
/// process (Cairo caches faces), so every later drawing of that font fails too. So a logo with
/// text drawn past ``safeProduct`` is drawn at the largest zoom that stays under it, into an
/// image of the visible region, and that image is scaled up (bilinear). Only the text's edges
/// soften, by under a pixel of the smaller drawing; before, the command failed.
struct TextZoomLimit {
    /// Font size (user units) times the square of the scale up to which text is drawn directly:
    /// three quarters of where FreeType fails, leaving 15% of scale for transforms on the text
    /// (the scan counts `transform` attributes, not a `<use>` of text or nested viewports) while
    /// every drawing that worked before is drawn exactly as before.
    static let safeProduct = 49152.0
    /// The font size assumed when the text sets none (CSS's `medium`).
    static let defaultFontSize = 16.0

    /// True when text of `fontSize` drawn with `scale` device pixels per unit is past ``safeProduct``.
    static func isRisky(fontSize: Double, scale: Double) -> Bool { fontSize * scale * scale > safeProduct }

    /// The factor (at most 1) to scale a drawing by to bring it back within ``safeProduct``.
    static func reduction(fontSize: Double, scale: Double) -> Double {
        min(1, (safeProduct / (fontSize * scale * scale)).squareRoot())
    }

    /// The largest scale text of `fontSize` is drawn at safely.
    static func maximumScale(fontSize: Double) -> Double { (safeProduct / fontSize).squareRoot() }

    /// The largest font size the SVG text asks for times the square of the transforms' scale on
    /// the way to it (document units, approximately: see ``TextSizeScan``), nil when it draws no
    /// `<text>`. kwave's 32 px text in a group scaled 4x counts as 32 x 16.
    static func largestFontSize(in data: Data) -> Double? {
        TextSizeScan([UInt8](data), defaultFontSize: defaultFontSize).largest
    }
}
