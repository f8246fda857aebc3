/// A rectangle of whole pixels, columns `x0..<x1` and rows `y0..<y1`.
public struct PixelBox: Hashable, Sendable, Codable {
    /// First column.
    public var x0: Int
    /// First row.
    public var y0: Int
    /// One past the last column.
    public var x1: Int
    /// One past the last row.
    public var y1: Int

    /// Creates a box of columns `x0..<x1` and rows `y0..<y1`.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
}
