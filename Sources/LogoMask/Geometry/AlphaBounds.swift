import FoundationEssentials
import MaskGeometry

/// The box of the pixels a logo actually touches (coverage above 0), under a transform.
public struct AlphaTightBounds: Sendable, Hashable, Codable {
    /// The box, in the transform's output units.
    public var rect: Rect
    /// Pixels per output unit of the first render (its long side is at least 4096 pixels).
    public var resolution: Double
    /// Pixels per output unit of the coarsest edge refinement: every edge is known to within
    /// one pixel at this resolution or better.
    public var refinedResolution: Double
}

/// Bounds of a logo measured from its pixels, rendered from the vectors.
public enum AlphaBounds {
    /// The alpha-tight box of `logo` under `transform` (document units to output units): drawn
    /// with its long side at `longSide` pixels (at least 4096), then each edge is refined by
    /// drawing the vector again, zoomed in on the pixels that hold that edge's extreme (not for a
    /// logo with filter effects, which librsvg draws at the zoomed resolution; such a logo is read
    /// from its 2048-pixel picture, see ``LogoDrawing``, so its edges are known to that
    /// picture's pixel, magnified). Stops with
    /// `deadlineExceeded` once `deadline` passes (checked between renders).
    public static func alphaTight(
        of logo: VectorLogo, transform: Transform = .identity, longSide: Int = 4096, deadline: Deadline = .none
    ) throws(LogoMaskError) -> AlphaTightBounds {
        guard transform.isFinite, transform.determinant != 0 else {
            throw LogoMaskError.invalidRequest("The transform \(transform) cannot be used for bounds: it is degenerate or not finite.")
        }
        guard !logo.inkBounds.isEmpty else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        let drawing = try logo.makeDrawing()
        // A filtered logo is read from its shared picture (kiten: 17 s of 4096-px filters before).
        drawing.pictureUse = .search
        var raster = CoverageRaster()
        let box = transform.apply(to: logo.inkBounds)
        let margin = max(box.width, box.height) * 0.01
        let region = box.insetBy(dx: -margin, dy: -margin)
        let g = Double(max(4096, longSide)) / max(region.width, region.height)
        let toGrid = transform.concatenating(.translation(x: -region.x, y: -region.y)).concatenating(.scale(g))
        let w = max(1, Int((region.width * g).rounded(.up))), h = max(1, Int((region.height * g).rounded(.up)))
        try raster.render(drawing, transform: toGrid, width: w, height: h)

        // Each edge's extreme lies in its extreme column (row) of a render, within the rows
        // (columns) where that column (row) is inked. Render that window again, zoomed, in pieces
        // along the edge (a long straight edge makes a long window), and repeat while it pays.
        var edges = [Double](repeating: 0, count: 4)  // left, top, right, bottom in grid pixels
        var worstZoom = Double.infinity
        var window = CoverageRaster()
        let maxTotalZoom = max(1, (4_194_304 / (Double(max(w, h)) + 2)).rounded(.down))
        guard let coarseBox = raster.inkedBox() else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        for side in 0..<4 {
            let vertical = side % 2 == 0  // left/right edges: the extreme is a column
            let wantsLow = side < 2       // left/top: the smallest index wins
            var levelTransform = toGrid
            var ox = 0.0, oy = 0.0, total = 1.0  // level pixel (x, y) is grid (ox + x/total, oy + y/total)
            var extreme = [coarseBox.x0, coarseBox.y0, coarseBox.x1 - 1, coarseBox.y1 - 1][side]
            var span = vertical ? raster.inkedRows(inColumn: extreme) : raster.inkedColumns(inRow: extreme)
            // Filter effects are drawn at the resolution asked for: zoomed 1024 times, a blur's or
            // a glow's intermediate surface outgrows Cairo (glow.svg failed with InvalidSize)
            // or takes minutes (a morphology radius grows with the zoom). Their edges fade out
            // anyway; the first render's resolution is the answer's.
            for _ in 0..<(logo.usesFilterEffects ? 0 : 3) {
                let along0 = span.lowerBound - 1, alongCount = span.count + 2
                // At most 4 Mpx a level, and the logo within Cairo's fixed-point range.
                let zoom = min(1024.0, (4_194_304.0 / (3.0 * Double(alongCount))).squareRoot(), maxTotalZoom / total).rounded(.down)
                guard zoom >= 2 else { break }
                let z = Int(zoom)
                let piece = max(1, 16_384 / z)  // level pixels along per piece (16384 window pixels)
                let originX = Double(vertical ? extreme - 1 : along0), originY = Double(vertical ? along0 : extreme - 1)
                let next = levelTransform.concatenating(.translation(x: -originX, y: -originY)).concatenating(.scale(zoom))
                var best: Int? = nil
                var bestSpan = 0...0
                var start = 0
                while start < alongCount {
                    try deadline.check(logo.name)
                    let count = min(piece, alongCount - start)
                    let offset = Double(start * z)
                    let shift = vertical ? Transform.translation(x: 0, y: -offset) : Transform.translation(x: -offset, y: 0)
                    try window.render(
                        drawing, transform: next.concatenating(shift),
                        width: vertical ? 3 * z : count * z, height: vertical ? count * z : 3 * z)
                    if let box = window.inkedBox() {
                        let local = [box.x0, box.y0, box.x1 - 1, box.y1 - 1][side]
                        let localSpan = vertical ? window.inkedRows(inColumn: local) : window.inkedColumns(inRow: local)
                        let shifted = (localSpan.lowerBound + start * z)...(localSpan.upperBound + start * z)
                        if let current = best, current == local {
                            bestSpan = min(bestSpan.lowerBound, shifted.lowerBound)...max(bestSpan.upperBound, shifted.upperBound)
                        } else if let current = best, wantsLow ? local > current : local < current {
                            // this piece does not reach as far
                        } else {
                            best = local
                            bestSpan = shifted
                        }
                    }
                    start += count
                }
                guard let found = best else { break }  // a sliver below the sampling: keep what we have
                ox += originX / total
                oy += originY / total
                total *= zoom
                levelTransform = next
                extreme = found
                span = bestSpan
            }
            let offset = vertical ? ox : oy
            edges[side] = offset + Double(wantsLow ? extreme : extreme + 1) / total
            worstZoom = min(worstZoom, total)
        }
        let rect = Rect(
            x: region.x + edges[0] / g, y: region.y + edges[1] / g,
            width: (edges[2] - edges[0]) / g, height: (edges[3] - edges[1]) / g)
        return AlphaTightBounds(rect: rect, resolution: g, refinedResolution: g * worstZoom)
    }
}

/// An 8-bit coverage buffer reused across renders (grown when a larger one is needed).
struct CoverageRaster {
    private final class Storage {
        var pointer: UnsafeMutablePointer<UInt8>?
        var capacity = 0
        deinit { pointer?.deallocate() }
    }
    private let storage = Storage()
    private(set) var width = 0
    private(set) var height = 0
    private(set) var stride = 0

    private var base: UnsafeMutablePointer<UInt8>? { storage.pointer }

    mutating func render(_ drawing: LogoDrawing, transform: Transform, width: Int, height: Int) throws(LogoMaskError) {
        let stride = PixelLayout.a8.stride(width: width)
        if storage.capacity < stride * height {
            storage.pointer?.deallocate()
            storage.pointer = .allocate(capacity: stride * height)
            storage.capacity = stride * height
        }
        guard let base = storage.pointer else { return }
        self.width = width
        self.height = height
        self.stride = stride
        base.update(repeating: 0, count: stride * height)
        let surface = try CairoSurface.image(wrapping: base, layout: .a8, width: width, height: height, stride: stride)
        let context = try CairoContext(surface)
        try drawing.draw(on: context, transform: transform)
        surface.flush()
    }

    /// The first and last inked column of a row, nil when the row is clear. Skips clear
    /// stretches eight bytes at a time (the stride is a multiple of four, rows may be wide).
    func inkedSpan(row y: Int) -> ClosedRange<Int>? {
        guard let base, y >= 0, y < height else { return nil }
        let row = UnsafeRawPointer(base + y * stride)
        var first = -1
        var x = 0
        while x < width {
            if x + 8 <= width, row.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0 {
                x += 8
                continue
            }
            if row.load(fromByteOffset: x, as: UInt8.self) != 0 { first = x; break }
            x += 1
        }
        guard first >= 0 else { return nil }
        var last = width - 1
        while last > first {
            if last - 7 > first, row.loadUnaligned(fromByteOffset: last - 7, as: UInt64.self) == 0 {
                last -= 8
                continue
            }
            if row.load(fromByteOffset: last, as: UInt8.self) != 0 { break }
            last -= 1
        }
        return first...last
    }

    /// The box of inked pixels, nil when nothing is inked.
    func inkedBox() -> PixelBox? {
        var box: PixelBox? = nil
        for y in 0..<height {
            guard let span = inkedSpan(row: y) else { continue }
            if var b = box {
                b.x0 = min(b.x0, span.lowerBound); b.x1 = max(b.x1, span.upperBound + 1); b.y1 = y + 1
                box = b
            } else {
                box = PixelBox(x0: span.lowerBound, y0: y, x1: span.upperBound + 1, y1: y + 1)
            }
        }
        return box
    }

    /// Rows where a column is inked (first...last), or the full height if none is.
    func inkedRows(inColumn x: Int) -> ClosedRange<Int> {
        guard let base, x >= 0, x < width else { return 0...max(0, height - 1) }
        var first = -1, last = -1
        for y in 0..<height where base[y * stride + x] != 0 {
            if first < 0 { first = y }
            last = y
        }
        return first < 0 ? 0...max(0, height - 1) : first...last
    }

    /// Columns where a row is inked (first...last).
    func inkedColumns(inRow y: Int) -> ClosedRange<Int> {
        inkedSpan(row: y) ?? 0...max(0, width - 1)
    }
}
