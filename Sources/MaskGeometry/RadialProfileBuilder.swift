import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Measures a ``RadialProfile`` on coverage grids (one byte a pixel, 255 = fully covered),
/// coarse to fine: each grid may leave a region around the anchor to a finer one, so every
/// pixel it reads is small against its distance from the anchor.
///
/// A pixel counts as ink only when it is 255. Every other pixel next to ink (one of its eight
/// neighbours is 255) is where a ray may leave the ink: each bin its square touches gets at
/// most the square's nearest distance. The first pixel a ray enters that is not ink always has an ink neighbour (the
/// one before it), so the minimum over these pixels never exceeds where the ray leaves the ink.
/// The pixel's square is bounded by its projections: `e = (|cos| + |sin|) / 2` pixels (half a
/// diagonal at most) along and across the ray, so every ray through it is within `atan(e / (d - e))`
/// of its centre's direction and enters it no nearer than `d - e`.
///
/// ```swift
/// var builder = RadialProfileBuilder(directionCount: 5760)
/// builder.add(grid: coarse, width: w, height: h, stride: s, anchor: a, pointsPerPixel: 0.05, handledInside: box, outsideIsEmpty: true)
/// builder.add(grid: fine, width: w, height: h, stride: s, anchor: b, pointsPerPixel: 0.025, handledInside: nil, outsideIsEmpty: false)
/// let profile = builder.profile(anchorOffset: .zero, tolerance: 0.02)
/// ```
public struct RadialProfileBuilder: Sendable {
    /// The radii so far, in points (infinity where no pixel has been seen).
    public private(set) var radii: [Double]
    /// False once a grid showed the anchor's pixel not fully covered, or a pixel that is not ink
    /// within a pixel of the anchor.
    public private(set) var anchorIsInside = true

    /// A builder of `directionCount` bins, every radius infinite.
    public init(directionCount: Int) {
        radii = [Double](repeating: .infinity, count: max(1, directionCount))
    }

    /// Reads one grid.
    ///
    /// - Parameters:
    ///   - grid: `height` rows of `stride` bytes.
    ///   - anchor: the anchor in this grid's pixels (0,0 at the top-left corner).
    ///   - pointsPerPixel: one pixel's size in points at scale 1.
    ///   - handledInside: a box of this grid's pixels that a finer grid reads: pixels wholly inside
    ///     it are skipped.
    ///   - outsideIsEmpty: true when nothing is drawn beyond the grid (the coarsest grid); false
    ///     when a coarser grid reads what lies beyond (then the border's neighbours outside are
    ///     neither ink nor edge).
    public mutating func add(
        grid: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, anchor: Point,
        pointsPerPixel: Double, handledInside: PixelBox?, outsideIsEmpty: Bool
    ) {
        guard width > 0, height > 0, stride >= width, grid.count >= stride * height, pointsPerPixel > 0,
              anchor.x.isFinite, anchor.y.isFinite, let source = grid.baseAddress else { anchorIsInside = false; return }
        let ax = Int(anchor.x.rounded(.down)), ay = Int(anchor.y.rounded(.down))
        guard ax >= 0, ay >= 0, ax < width, ay < height, grid[ay * stride + ax] == 255 else {
            anchorIsInside = false
            return
        }
        let n = radii.count
        let step = 2 * Double.pi / Double(n)
        let halfDiagonal = 2.0.squareRoot() / 2
        // A copy with two pixels of padding holding what lies outside: empty (an edge) for the
        // coarsest grid, else ink (never an edge: a coarser grid reads it). Every neighbour read
        // below then stays in the buffer.
        let paddedWidth = width + 4, paddedHeight = height + 4
        let padded = UnsafeMutablePointer<UInt8>.allocate(capacity: paddedWidth * paddedHeight + 16)
        defer { padded.deallocate() }
        padded.update(repeating: outsideIsEmpty ? 0 : 255, count: paddedWidth * paddedHeight + 16)
        for y in 0..<height {
            (padded + (y + 2) * paddedWidth + 2).update(from: source + y * stride, count: width)
        }
        let skip = handledInside ?? PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
        // Padded coordinates read: the grid, and for the coarsest grid the ring just outside it.
        let first = outsideIsEmpty ? 1 : 2
        let lastX = outsideIsEmpty ? width + 2 : width + 1, lastY = outsideIsEmpty ? height + 2 : height + 1
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func holdsFull(_ pointer: UnsafeMutablePointer<UInt8>) -> Bool {
            let word = ~UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
            return (word &- ones) & ~word & highs != 0
        }
        var tooClose = false
        for y in first...lastY {
            let row = padded + y * paddedWidth
            let above = row - paddedWidth, below = row + paddedWidth
            var x = first
            while x <= lastX {
                // Eight pixels at once: all ink, or all empty with no ink around them.
                if x + 9 <= paddedWidth {
                    let word = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                    if word == UInt64.max { x += 8; continue }
                    if word == 0, !holdsFull(above + x - 1), !holdsFull(above + x + 1), !holdsFull(row + x - 1),
                       !holdsFull(row + x + 1), !holdsFull(below + x - 1), !holdsFull(below + x + 1) {
                        x += 8
                        continue
                    }
                }
                defer { x += 1 }
                if row[x] == 255 { continue }
                guard above[x - 1] == 255 || above[x] == 255 || above[x + 1] == 255 || row[x - 1] == 255
                    || row[x + 1] == 255 || below[x - 1] == 255 || below[x] == 255 || below[x + 1] == 255 else { continue }
                let gx = x - 2, gy = y - 2
                if gx >= skip.x0, gx < skip.x1, gy >= skip.y0, gy < skip.y1 { continue }
                let dx = Double(gx) + 0.5 - anchor.x, dy = Double(gy) + 0.5 - anchor.y
                let d = (dx * dx + dy * dy).squareRoot()
                // The square seen from the anchor: its projection on any direction has the half
                // extent (|cos| + |sin|) / 2 (half a diagonal at most), along the ray and across it.
                let depth = (abs(dx) + abs(dy)) / (2 * d)
                let r = d - depth
                guard r > 0, d > halfDiagonal else { tooClose = true; continue }
                let half = atan2(depth, r)
                let angle = atan2(dy, dx)
                let low = Int(((angle - half) / step).rounded(.down))
                let high = Int(((angle + half) / step).rounded(.down))
                let radius = r * pointsPerPixel
                for k in low...high {
                    let bin = ((k % n) + n) % n
                    if radius < radii[bin] { radii[bin] = radius }
                }
            }
        }
        if tooClose { anchorIsInside = false }
    }

    /// The profile, nil when the anchor is not inside the ink or some direction saw no edge.
    public func profile(anchorOffset: Point, tolerance: Double) -> RadialProfile? {
        guard anchorIsInside, radii.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        return RadialProfile(radii: radii, anchorOffset: anchorOffset, tolerance: tolerance)
    }
}
