/// A summed-area table (integral image) over a grid of flags: after one pass over the pixels
/// it counts the flagged pixels of any axis-aligned box in constant time.
///
/// The storage is kept between builds and grows only when a larger grid arrives, so a search
/// that re-renders many times allocates once.
public struct SummedAreaTable: Sendable {
    /// Which pixels a build counts.
    public enum Criterion: Sendable {
        /// Pixels whose coverage is below 255: "not fully covered" (the cover-scale search).
        case belowFull
        /// Pixels whose coverage is above 0: "touched by ink" (alpha-tight bounds).
        case nonZero
    }

    /// Columns of the grid last built.
    public private(set) var width = 0
    /// Rows of the grid last built.
    public private(set) var height = 0
    private var sums: [Int32] = []

    /// An empty table; call ``build(bytes:width:height:stride:criterion:)``.
    public init() {}

    /// Builds the table over `height` rows of `width` 8-bit values, `stride` bytes apart.
    public mutating func build(
        bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, criterion: Criterion
    ) {
        let w = max(0, width), h = max(0, height)
        let needed = (w + 1) * (h + 1)
        if sums.count < needed { sums = [Int32](repeating: 0, count: needed) }
        self.width = w
        self.height = h
        guard w > 0, h > 0, bytes.count >= (h - 1) * stride + w else {
            self.width = 0
            self.height = 0
            return
        }
        let rowLength = w + 1
        sums.withUnsafeMutableBufferPointer { table in
            for x in 0...w { table[x] = 0 }
            for y in 0..<h {
                let source = y * stride
                let above = y * rowLength
                let here = above + rowLength
                table[here] = 0
                var run: Int32 = 0
                switch criterion {
                case .belowFull:
                    for x in 0..<w {
                        run &+= bytes[source + x] == 255 ? 0 : 1
                        table[here + x + 1] = table[above + x + 1] &+ run
                    }
                case .nonZero:
                    for x in 0..<w {
                        run &+= bytes[source + x] == 0 ? 0 : 1
                        table[here + x + 1] = table[above + x + 1] &+ run
                    }
                }
            }
        }
    }

    /// The number of counted pixels in columns `x0..<x1` and rows `y0..<y1`, clamped to the grid.
    public func count(x0: Int, y0: Int, x1: Int, y1: Int) -> Int {
        let cx0 = min(max(x0, 0), width), cx1 = min(max(x1, 0), width)
        let cy0 = min(max(y0, 0), height), cy1 = min(max(y1, 0), height)
        guard cx1 > cx0, cy1 > cy0 else { return 0 }
        let r = width + 1
        let total = Int(sums[cy1 * r + cx1]) - Int(sums[cy0 * r + cx1]) - Int(sums[cy1 * r + cx0]) + Int(sums[cy0 * r + cx0])
        return total
    }
}
