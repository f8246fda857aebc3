import MaskGeometry

/// Android 12's splash screen check: the icon is masked to a circle whose diameter is 2/3 of the
/// icon's box, so ink outside that circle is cut off.
public struct AndroidSplashCheck: Sendable, Hashable, Codable {
    /// The icon's box in document units: a square of the document's long side, centred on it.
    public var iconBox: Rect
    /// Radius of the safe circle (a third of the box's side), document units.
    public var safeRadius: Double
    /// Largest distance of any inked pixel from the box's centre, document units (an upper
    /// bound, to within a pixel's diagonal at `resolution`).
    public var inkRadius: Double
    /// `inkRadius / safeRadius`: at most 1 when the ink fits.
    public var ratio: Double
    /// True when all the ink lies within the safe circle.
    public var fits: Bool
    /// Pixels per document unit of the render measured.
    public var resolution: Double
}
