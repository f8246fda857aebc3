/// A width and a height.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// True when both extents are finite and greater than zero.
    public var isUsable: Bool {
        width.isFinite && height.isFinite && width > 0 && height > 0
    }

    /// Width divided by height.
    public var aspectRatio: Double { width / height }

    /// `WxH` with up to six significant decimals.
    public var description: String { "\(formatNumber(width))x\(formatNumber(height))" }
}
