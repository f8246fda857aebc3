import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// The reveal in the forms apps and browsers play, as vectors: a Lottie animation
/// (``lottie(_:options:)``), a self-contained web page (``webPage(_:options:dark:)``) and a
/// script that plays it over a live web page in any window (``webOverlay(_:options:dark:deadline:)``).
///
/// Both carry what the reveal draws *over* the app (the cover with its logo-shaped hole, the
/// veil, the caption, the drawn logo) from the logo's ``LogoOutline`` and the scene's
/// ``RevealScene/exportedTimeline``, the final scale being the cover scale computed for the
/// scene's viewport. What the app does itself (settle its content, remove the overlay) is in
/// ``RevealAppHandOff``.
///
/// ```swift
/// let scene = try RevealScene(logo: logo, spec: RevealPreset.twitter.spec, settings: settings)
/// let lottie = try RevealExport.lottie(scene, options: RevealExportOptions(fps: 60))
/// try RevealExport.write(lottie, to: "splash.json")
/// ```
public enum RevealExport {
    /// Writes `file`'s text to `path` atomically (a temporary file renamed into place; nothing
    /// left behind on failure).
    ///
    /// - Throws: ``LogoMaskError/cannotWriteOutput(file:reason:)`` when the folder is not writable.
    public static func write(_ file: RevealExportFile, to path: String) throws(LogoMaskError) {
        let output = try AtomicFile(path: path)
        try output.write(Array(file.text.utf8))
        try output.commit()
    }
}

/// How an export is made.
public struct RevealExportOptions: Sendable, Hashable {
    /// Frames per second (a Lottie's frame rate; keyframe times are rounded to no frame).
    public var fps: Double
    /// Play the reveal over and over (a designer's preview) instead of once.
    public var loop: Bool
    /// The most pixels an embedded picture of the logo may have (used when the outline cannot
    /// carry the logo exactly: filters, images, gradients).
    public var maxEmbeddedPixels: Int
    /// A filtered logo's Lottie carries its shapes as vectors and only its filter results
    /// (``LogoOutline/pictures``) as pictures, in paint order between them, instead of one
    /// picture of the whole logo (issue 23): frame 0's when those results are soft (blurs,
    /// shadows: ``FilterPictureGrid/magnifiesWell(_:)``), else a ladder for each
    /// (``LottieFilterLadder``). On by default; internal, for tests that compare with the
    /// whole-logo picture.
    var filterPictureLayers = true

    /// The default for ``maxEmbeddedPixels``: 4096 x 4096, sharp on any phone at the largest scale
    /// a logo reaches while still on screen, and a file that apps load in well under a second.
    public static let defaultMaxEmbeddedPixels = 4096 * 4096

    /// Options with the defaults: 60 fps, played once, pictures up to ``defaultMaxEmbeddedPixels``.
    public init(fps: Double = 60, loop: Bool = false, maxEmbeddedPixels: Int = RevealExportOptions.defaultMaxEmbeddedPixels) {
        self.fps = fps
        self.loop = loop
        self.maxEmbeddedPixels = maxEmbeddedPixels
    }
}

/// The formats ``RevealExport`` writes.
public enum RevealExportFormat: String, Sendable, Codable, CaseIterable {
    /// Bodymovin 5.x JSON, as lottie-ios, lottie-android, lottie-web and rlottie play it.
    case lottie
    /// One HTML page with inline SVG, animated with the Web Animations API.
    case webPage
    /// The Lottie in a dotLottie 2.0 container (``DotLottieFile``).
    case dotLottie
    /// A script that plays the reveal as an overlay over the live page (`logo-reveal.js`).
    case webOverlay

    /// The format a path's extension names (`.json` for Lottie, `.html` or `.htm` for a page,
    /// `.lottie` for a dotLottie, `.js` for the overlay script), or nil.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": self = .lottie
        case "html", "htm": self = .webPage
        case "lottie": self = .dotLottie
        case "js": self = .webOverlay
        default: return nil
        }
    }
}

/// An exported reveal: the file's text and what to tell its user.
public struct RevealExportFile: Sendable, Hashable {
    /// What the text is.
    public var format: RevealExportFormat
    /// The file's content (UTF-8 when written).
    public var text: String
    /// Facts the user should know (e.g. the logo went in as a picture, and why).
    public var notes: [String]
    /// What the file does not reproduce exactly (a spring sampled into keyframes...), one
    /// sentence each; empty when it plays what the frames show.
    public var approximations: [String]
    /// True when a raster picture of the logo is embedded (its outline could not carry it).
    public var embeddedPicture: Bool
    /// What the app must do itself while and after the overlay plays.
    public var handOff: RevealAppHandOff

    /// An exported file.
    public init(
        format: RevealExportFormat, text: String, notes: [String] = [], approximations: [String] = [],
        embeddedPicture: Bool = false, handOff: RevealAppHandOff
    ) {
        self.format = format
        self.text = text
        self.notes = notes
        self.approximations = approximations
        self.embeddedPicture = embeddedPicture
        self.handOff = handOff
    }
}

/// What the app does itself around an exported overlay, which plays above the app window and
/// holds no app content: settle its content (seed 001 scales it 1.05 -> 1) and remove the
/// overlay when it ends.
public struct RevealAppHandOff: Sendable, Hashable, Codable {
    /// The app content's scale about the window centre over time, when the reveal animates it:
    /// keyframe times (seconds), values and the cubic-Bézier control points `[x1, y1, x2, y2]`
    /// of each segment.
    public struct ContentScale: Sendable, Hashable, Codable {
        /// Keyframe times in seconds from the start of the reveal.
        public var times: [Double]
        /// The scale at each time.
        public var values: [Double]
        /// One `[x1, y1, x2, y2]` per segment.
        public var curves: [[Double]]
    }

    /// The content scale animation, nil when the content stays at its size.
    public var contentScale: ContentScale?
    /// Seconds from the start at which the overlay has finished and the app removes it.
    public var removeOverlayAt: Double
    /// The viewport, in points, the overlay's cover scale was computed for.
    public var viewportWidth: Double
    /// The viewport, in points, the overlay's cover scale was computed for.
    public var viewportHeight: Double

    /// The hand-off of `scene`.
    public init(scene: RevealScene) {
        let timeline = scene.exportedTimeline
        contentScale = timeline.contentScale.flatMap { track in
            track.isConstant && track.keyframes[0].value == 1 ? nil : ContentScale(
                times: track.times, values: track.values, curves: track.curves.map(\.controlPoints))
        }
        removeOverlayAt = scene.duration
        viewportWidth = scene.placement.viewport.size.width
        viewportHeight = scene.placement.viewport.size.height
    }
}
