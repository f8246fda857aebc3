import FoundationEssentials

/// What a profile-header job did.
public struct ProfileHeaderReport: Sendable, Equatable {
    /// Frames written.
    public var frames: Int
    /// Frame width, pixels.
    public var frameWidth: Int
    /// Frame height, pixels.
    public var frameHeight: Int
    /// Seconds the one-time blur took.
    public var blurSeconds: Double
    /// Every file or folder written, in order.
    public var written: [String]
}
