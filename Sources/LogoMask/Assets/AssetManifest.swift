import FoundationEssentials
import MaskGeometry

/// `manifest.json`: every file written and the geometry behind the animation. Keys are stable
/// and documented in the README.
public struct AssetManifest: Codable, Sendable, Equatable {
    /// One file of the output folder.
    public struct File: Codable, Sendable, Equatable {
        /// Path relative to the output folder.
        public var path: String
        /// What the file is for and where it goes in an app project, one sentence.
        public var purpose: String
        /// Pixel size for PNGs (nil for JSON, XML, PDF and SVG).
        public var pixelWidth: Int?
        /// Pixel size for PNGs.
        public var pixelHeight: Int?
        /// Scale factor (iOS @Nx, Android density, web Nx), when the file has one.
        public var scale: Double?
        /// Size in bytes.
        public var bytes: Int
        /// SHA-256 of the bytes, lower-case hex.
        public var sha256: String
    }

    /// The cover scale for one device and orientation.
    public struct Cover: Codable, Sendable, Equatable {
        /// Device name from the built-in table.
        public var device: String
        /// `portrait` or `landscape`.
        public var orientation: String
        /// `WxH@D`.
        public var viewport: String
        /// The smallest scale at which the hole covers the viewport; nil when none can.
        public var scale: Double?
        /// Why there is no scale, when there is none.
        public var note: String?
    }

    /// The animated splash icon (`splash_icon_animated.xml`).
    public struct AnimatedIcon: Codable, Sendable, Equatable {
        /// The reveal preset it plays.
        public var preset: String
        /// Its length in milliseconds (at most 1,000).
        public var durationMilliseconds: Int
        /// The reveal's time in seconds the icon's last frame shows; the exit animation goes on from there.
        public var handOffTime: Double
        /// The icon's rotation at its end, degrees clockwise.
        public var handOffRotation: Double
    }

    /// The logo's file name.
    public var logo: String
    /// The logo's document size (document units).
    public var documentSize: Size
    /// librsvg's ink rectangle (document units).
    public var inkBounds: Rect?
    /// The logical rectangle.
    public var logicalBounds: Rect?
    /// The anchor of scaling (document units), one for every output: the document box's centre,
    /// or the best point when the centre is in a gap of the logo (`notes` then says so).
    public var anchor: Point
    /// How the anchor was chosen: `center` or `best`.
    public var anchorChosen: AnchorChoice
    /// The on-screen logo width in points.
    public var logoWidth: Double
    /// The splash background, `#RRGGBB[AA]`.
    public var background: String
    /// The dark-mode background, if any.
    public var darkBackground: String?
    /// Android 12's safe-circle check of the logo filling the canvas (what the launcher would
    /// cut off without the fit); nil when Android was not written.
    public var android12: AndroidSplashCheck?
    /// How the splash icon was placed on the Android 12 canvas, computed from the outline; nil
    /// when Android was not written.
    public var androidIcon: AndroidIconFit?
    /// The animated splash icon, when one was written.
    public var animatedIcon: AnimatedIcon?
    /// What was approximated or chosen instead (a gradient's focal point moved, a motion played
    /// faster, the Android splash icon written as a picture and why…), one sentence each.
    public var notes: [String]
    /// Cover scales for each device and orientation.
    public var coverScales: [Cover]
    /// Every file written (the manifest itself excepted), sorted by path.
    public var files: [File]
}
