import FoundationEssentials
import MaskGeometry

/// Cover scales of one logo on one or more viewports, as a report (the `cover` command's JSON).
///
/// ```swift
/// let result = try CoverScale.compute(logo: logo, placement: placement)
/// let report = CoverReport(file: logo.name, logoWidth: placement.logoWidth, rotationDegrees: 0,
///                          anchor: .center, tolerance: result.tolerance,
///                          results: [CoverReport.Row(device: nil, orientation: nil, result: result)])
/// print(report.jsonText() ?? "")
/// ```
public struct CoverReport: Sendable, Hashable, Codable {
    /// The cover scale on one viewport.
    public struct Row: Sendable, Hashable, Codable {
        /// The built-in device's name, nil for a viewport given by size.
        public var device: String?
        /// `portrait` or `landscape` for a device, nil otherwise.
        public var orientation: String?
        /// The screen.
        public var viewport: Viewport
        /// The viewport's pixel width and height.
        public var pixels: [Int]
        /// The cover scale (``CoverScaleResult/scale``).
        public var scale: Double
        /// A scale known not to cover (``CoverScaleResult/lowerBound``).
        public var lowerBound: Double
        /// The anchor used, in document units.
        public var anchor: Point
        /// How the anchor was chosen: `center`, `best` (searched) or `given`.
        public var anchorChosen: AnchorChoice
        /// Why the anchor is not the centre asked for by default (it is in a gap of the logo);
        /// nil when it is the anchor asked for.
        public var anchorNote: String?
        /// The anchor on screen, in points.
        public var anchorInPoints: Point
        /// The logo's document box width at the cover scale, in points.
        public var logoWidthAtScale: Double
        /// How much rendering the search did.
        public var statistics: CoverStatistics

        /// The row of one computed cover scale.
        public init(device: String?, orientation: String?, result: CoverScaleResult) {
            let viewport = result.placement.viewport
            self.device = device
            self.orientation = orientation
            self.viewport = viewport
            pixels = [viewport.pixelWidth, viewport.pixelHeight]
            scale = result.scale
            lowerBound = result.lowerBound
            anchor = result.anchor
            anchorChosen = result.anchorChoice
            anchorNote = result.anchorNote
            anchorInPoints = result.placement.anchorInPoints
            logoWidthAtScale = result.placement.logoWidth * result.scale
            statistics = result.statistics
        }
    }

    /// The logo's name.
    public var file: String
    /// The document box's width at scale 1, in points.
    public var logoWidth: Double
    /// The rotation about the anchor, degrees clockwise.
    public var rotationDegrees: Double
    /// `center-or-auto` (the default), `center`, `auto` or `point`: how the anchor was asked for
    /// (each row's `anchorChosen` says what it became).
    public var anchorMode: String
    /// The relative tolerance of the scales.
    public var tolerance: Double
    /// One row per viewport.
    public var results: [Row]
    /// The logo's radial profile about the first row's anchor (nil when not measured): the
    /// cover scale of any window from a table, for code that runs where this tool does not.
    public var radialProfile: RadialProfileReport?
    /// 0 when every viewport has a cover scale; otherwise the exit status of the error that
    /// stopped the report (3: no scale covers about that anchor), ``results`` holding the rows
    /// computed before it.
    public var status: Int32 = 0
    /// Why the report stopped, one sentence naming the file (nil when ``status`` is 0).
    public var reason: String?

    /// A report of `results`, the anchor asked for as `anchor`.
    public init(
        file: String, logoWidth: Double, rotationDegrees: Double, anchor: Anchor, tolerance: Double, results: [Row],
        radialProfile: RadialProfileReport? = nil
    ) {
        self.file = file
        self.logoWidth = logoWidth
        self.rotationDegrees = rotationDegrees
        anchorMode = anchor.point != nil ? "point" : anchor.description
        self.tolerance = tolerance
        self.results = results
        self.radialProfile = radialProfile
    }

    /// The report as pretty-printed JSON with sorted keys (no final newline); nil when a number
    /// in it is not finite (JSON has no NaN or infinity).
    public func jsonText() -> String? { encodeReportJSON(self) }
}

/// `value` as pretty-printed JSON with sorted keys, the form every report prints.
func encodeReportJSON(_ value: some Encodable) -> String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(value) else { return nil }
    return String(data: data, encoding: .utf8)
}
