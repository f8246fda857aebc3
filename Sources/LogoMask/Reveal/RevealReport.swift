import FoundationEssentials

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
    /// Frames that took the "hole covers the viewport" shortcut.
    public var coveredFrames: Int
    /// The files and folders written, in the order: output, contact sheet, still.
    public var written: [String]
}
