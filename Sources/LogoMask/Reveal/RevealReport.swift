import FoundationEssentials
import MaskGeometry

/// What a reveal run did.
public struct RevealReport: Sendable, Codable {
    /// Frames rendered.
    public var frameCount: Int
    /// Frames per second.
    public var fps: Double
    /// Seconds the reveal lasts.
    public var duration: Double
    /// Frame size in pixels.
    public var width: Int
    /// Frame size in pixels.
    public var height: Int
    /// The final hole scale used, when the spec has one.
    public var finalScale: Double?
    /// The computed cover scale, when computed.
    public var coverScale: Double?
    /// The anchor used, in document units (the launch placement's).
    public var anchor: Point?
    /// How the anchor was chosen: `center`, `best` (searched) or `given`.
    public var anchorChosen: AnchorChoice?
    /// Why the anchor is not the centre asked for by default; nil when it is the anchor asked for.
    public var anchorNote: String?
    /// Frames that took the "hole covers the viewport" shortcut.
    public var coveredFrames: Int
    /// The files and folders written, in the order: output, contact sheet, still.
    public var written: [String]
}
