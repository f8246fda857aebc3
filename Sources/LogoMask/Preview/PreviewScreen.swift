import FoundationEssentials
import MaskGeometry

/// One screen of the preview page: a device in one orientation and appearance, its launch screen
/// as the platform draws it (``LaunchScene``) and the numbers of the reveal that follows. The
/// reveal itself is the exported page (``PreviewSnapshot/revealPage(_:)``).
public struct PreviewScreen: Sendable, Codable, Equatable {
    /// The device's name (a built-in device).
    public var device: String
    /// The platform whose launch screen this is: ios or android.
    public var platform: String
    /// light or dark.
    public var appearance: String
    /// True in landscape.
    public var landscape: Bool
    /// The screen in points.
    public var width: Double
    /// The screen in points.
    public var height: Double
    /// Device pixels per point.
    public var density: Double
    /// The launch screen's colour, `#RRGGBB` (or `#RRGGBBAA`).
    public var background: String
    /// Where ``launchPicture`` goes on the screen in device pixels, `[x0, y0, x1, y1]`: the logo's
    /// launch frame grown to edges that are whole CSS pixels and whole device pixels at once.
    public var logoBox: [Int]
    /// The logo's document box at launch in points, `[x, y, width, height]`.
    public var logoFrame: [Double]
    /// The logo as the platform draws it, over a clear background, the size of ``logoBox``
    /// (a `data:` PNG URL).
    public var launchPicture: String
    /// The scale at which the logo covers this screen from the anchor; nil when nothing covers.
    public var coverScale: Double?
    /// The reveal's final scale.
    public var finalScale: Double?
    /// The anchor in document units, `[x, y]`.
    public var anchor: [Double]
    /// How the anchor was chosen: center, best or given.
    public var anchorChoice: String
    /// The reveal's length in seconds.
    public var duration: Double
    /// What people should know about this screen's reveal (the anchor leaving the centre, what
    /// the exported page approximates), one sentence each.
    public var notes: [String]
}
