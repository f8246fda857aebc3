import FoundationEssentials
import MaskGeometry

/// The splash icon as a picture, for a logo whose vector drawable would not be its art (an
/// outline that is not exact: filters, images, masks; a pattern; a stretched pen; dashes, see
/// ``AndroidVectorDrawable/artChanges``): `res/drawable[-night]/splash_icon.xml` is then a
/// `<bitmap>` drawable showing ``source``, the logo drawn by the library's rasterizer on the
/// icon canvas at each density (`drawable[-night]-{mdpi..xxxhdpi}/splash_logo.png`), the same
/// pixels the reveal's frame 0 draws.
///
/// Why a `<bitmap>` of the density PNGs rather than PNGs named `splash_icon`, or one xxxhdpi
/// (`nodpi`) PNG: the density PNGs are written for every logo anyway (launchers and splash
/// drawables before Android 12), so the picture costs no byte more; Android picks the bucket
/// nearest the screen (on a 3x phone the 864 px PNG lands on the 864 px icon view pixel for
/// pixel) where one xxxhdpi PNG would be shrunk at draw time and ship 16 times an mdpi phone's
/// pixels; and the resource keeps its name, so the themes, the Kotlin hand-off and a `-night`
/// variant resolve as they do for the vector. The splash scales a drawable to its icon view
/// (`gravity` fill, filtered), as it does the vector's viewport.
///
/// A picture cannot be animated by an `AnimatedVectorDrawable` (it animates vector groups), so
/// with a picture icon `assets` writes no animated icon and says so in its notes.
public struct AndroidSplashPicture: Sendable {
    /// The drawable the `<bitmap>` shows: the density PNGs.
    public static let source = "splash_logo"

    /// The XML text, ending in a newline.
    public var text: String

    /// The picture icon of the logo named `logoName` (a file name or path) on a canvas of
    /// `canvas` dp, whose placement is described by `placed`.
    public init(logoName: String, canvas: Double, placed: String) {
        let name = AndroidVectorDrawable.escape(URL(fileURLWithPath: logoName).lastPathComponent)
        text = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- \(name): Android 12 splash icon, \(formatNumber(canvas)) dp canvas, \(AndroidVectorDrawable.escape(placed)), as a picture: \
            the density PNGs \(Self.source).png (a vector drawable cannot carry this logo's art). Written by logo-mask. -->
            <bitmap xmlns:android="http://schemas.android.com/apk/res/android"
                android:src="@drawable/\(Self.source)"
                android:gravity="fill"
                android:filter="true" />

            """
    }

    /// `logo`'s splash icon on `fit`: its vector drawable (pivot at `anchor`), or nil and why the
    /// icon is a picture (the drawable's ``AndroidVectorDrawable/artChanges``; empty when the
    /// outline holds no shape). Made without pixels: a pattern's flattened colour only matters to
    /// a vector icon, and a pattern makes the icon a picture.
    static func icon(of logo: VectorLogo, fit: AndroidIconFit, anchor: Point?) throws(LogoMaskError) -> (drawable: AndroidVectorDrawable?, pictureReasons: [String]?) {
        guard !(try logo.outline).shapes.isEmpty else { return (nil, []) }
        let drawable = try AndroidVectorDrawable(logo: logo, fit: fit, pixels: nil, pixelsPerDp: 4, anchor: anchor)
        let changes = drawable.artChanges
        return changes.isEmpty ? (drawable, nil) : (nil, changes)
    }

    /// True when `assets` writes an animated splash icon for `logo` (and `darkLogo`) when asked:
    /// both appearances' icons are vectors. The Kotlin exit continues from the icon's motion only
    /// then; a picture icon stands still.
    public static func allowsAnimatedIcon(logo: VectorLogo, darkLogo: VectorLogo?) throws(LogoMaskError) -> Bool {
        for source in [logo] + (darkLogo.map { [$0] } ?? []) {
            // Any fit gives the same verdict: it only scales and moves the outline.
            let fit = try AndroidIconFit(logo: source, canvas: 288, mode: .circle)
            if try icon(of: source, fit: fit, anchor: nil).pictureReasons != nil { return false }
        }
        return true
    }

    /// The manifest note for `path`: the icon is a picture, and why (`reasons`: the vector
    /// drawable's ``AndroidVectorDrawable/artChanges``, or empty when the outline holds no shape).
    static func note(path: String, reasons: [String]) -> String {
        let why = reasons.isEmpty
            ? "the outline holds no shape (filters or images only)"
            : "a vector drawable would not be the logo's art: " + reasons.joined(separator: "; ")
        return "\(path): the splash icon is a picture (a <bitmap> of the density PNGs \(source).png, drawn as the reveal's frame 0 draws the logo) because \(why)."
    }
}
