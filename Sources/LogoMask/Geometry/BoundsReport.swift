import FoundationEssentials
import MaskGeometry

/// A logo's logical, ink and alpha-tight bounds, untransformed and under a scale and rotation
/// about an anchor, with the Android 12 splash check (the `bounds` command's JSON).
public struct BoundsReport: Sendable, Hashable, Codable {
    /// The three boxes under one transform, in document units (nil: nothing there).
    public struct Boxes: Sendable, Hashable, Codable {
        /// The geometry without stroke widths (librsvg's logical rectangle), transformed as a box.
        public var logical: Rect?
        /// Everything that paints, strokes included, transformed as a box.
        public var ink: Rect?
        /// The box of pixels with coverage above 0, measured on the transformed drawing.
        public var alphaTight: Rect

        /// The boxes, given directly.
        public init(logical: Rect?, ink: Rect?, alphaTight: Rect) {
            self.logical = logical
            self.ink = ink
            self.alphaTight = alphaTight
        }
    }

    /// The logo's name.
    public var file: String
    /// The document's size in its units.
    public var documentSize: Size
    /// The scale about the anchor.
    public var scale: Double
    /// The rotation about the anchor, degrees clockwise.
    public var rotationDegrees: Double
    /// The anchor in document units.
    public var anchor: Point
    /// The transform: scale and rotation about the anchor.
    public var transform: Transform
    /// The boxes without the transform.
    public var untransformed: Boxes
    /// The boxes under the transform.
    public var transformed: Boxes
    /// `pixelsPerUnit` and `refinedPixelsPerUnit`: the coarser of the two alpha-tight measures.
    public var alphaTightResolution: [String: Double]
    /// The Android 12 splash check.
    public var android12: AndroidSplashCheck

    /// The report of `logo` under `scale` and `rotationDegrees` about `anchor` (nil: the
    /// document box's centre), from the alpha-tight boxes measured without the transform
    /// (`untransformed`) and with it (`transformed`) and the Android check.
    public init(
        logo: VectorLogo, scale: Double, rotationDegrees: Double, anchor: Point?,
        untransformed plain: AlphaTightBounds, transformed moved: AlphaTightBounds, android12: AndroidSplashCheck
    ) {
        let anchorPoint = anchor ?? logo.documentBox.center
        let transform = Self.transform(scale: scale, rotationDegrees: rotationDegrees, anchor: anchorPoint)
        func optional(_ r: Rect) -> Rect? { r.isEmpty ? nil : r }
        file = logo.name
        documentSize = logo.documentSize
        self.scale = scale
        self.rotationDegrees = rotationDegrees
        self.anchor = anchorPoint
        self.transform = transform
        untransformed = Boxes(logical: optional(logo.logicalBounds), ink: optional(logo.inkBounds), alphaTight: plain.rect)
        transformed = Boxes(
            logical: optional(transform.apply(to: logo.logicalBounds)), ink: optional(transform.apply(to: logo.inkBounds)),
            alphaTight: moved.rect)
        alphaTightResolution = [
            "pixelsPerUnit": min(plain.resolution, moved.resolution * scale),
            "refinedPixelsPerUnit": min(plain.refinedResolution, moved.refinedResolution * scale),
        ]
        self.android12 = android12
    }

    /// The transform the report measures under: `scale` and `rotationDegrees` (clockwise) about
    /// `anchor`.
    public static func transform(scale: Double, rotationDegrees: Double, anchor: Point) -> Transform {
        .scaleRotate(scale: scale, radians: rotationDegrees * .pi / 180, about: anchor)
    }

    /// The report as pretty-printed JSON with sorted keys (no final newline); nil when a number
    /// in it is not finite (JSON has no NaN or infinity).
    public func jsonText() -> String? { encodeReportJSON(self) }
}
