import FoundationEssentials
import MaskGeometry

/// Draws one filled shape of a ``HoleOutline`` as 8-bit coverage, row by row, the way Cairo 1.16
/// fills a path on an image surface with the default antialiasing, so that the reveal's hole
/// needs neither librsvg nor Cairo per frame and allocates nothing once its buffers have grown.
///
/// What it reproduces, step by step (cairo-path-fixed.c, cairo-path-fill.c, cairo-spline.c,
/// cairo-polygon.c, cairo-tor-scan-converter.c):
/// - points rounded to 24.8 fixed point (`_cairo_fixed_from_double`: nearest, ties to even);
///   the path builder's merging of collinear lines and dropping of degenerate ones;
/// - Béziers flattened in fixed point by de Casteljau halving until the control points lie
///   within 0.1 px of the chord (Cairo's default tolerance), a curve whose control box misses
///   the clip becoming its chord;
/// - edges clipped to the clip box as the polygon does it (parts left or right of the box become
///   vertical edges on its sides; those are kept as counts per sub-row rather than as edges, which
///   gives the same spans: they all sit at the box's left or right x);
/// - the "tor" (glitter) scan converter: 15 sub-rows per pixel, x in 1/256 px, each row either
///   supersampled or, when no edge starts, ends or crosses another inside it, computed
///   analytically; coverage to alpha as `(a + 16a + 256) >> 9` on the doubled area.
///
/// Measured against librsvg drawing the same logos through Cairo (HoleRasterTests, 210 SVGs at
/// 12 transforms each, clipped and rotated): bit for bit when the outline holds librsvg's own
/// points; with points read back from Cairo (PDF), rarely off by up to one sub-row (17 levels)
/// on a pixel. Where Cairo takes another road the caller must use librsvg: a shape whose edges are
/// all horizontal or vertical is filled as boxes by Cairo (``prepare(transform:box:)`` returns
/// false), and coordinates beyond Cairo's fixed-point range (±2^23 px) are refused.
///
/// One file per stage, in the order a frame runs them: this one (buffers, ``prepare(transform:box:)``
/// feeding the outline's points), `+PathBuilding` (Cairo's fixed-point path builder), `+Flattening`
/// (the filler and Bézier flattening), `+Polygon` (orientation and clipping to the box), `+Cells`
/// (the tor scan converter's edges and cells) and `+Rows` (cells to coverage bytes or runs). The
/// state is internal rather than private so the stage files can share it; nothing else uses it.
///
/// Not thread-safe: one converter per shape per compositor.
final class HoleScanConverter {
    /// tor's sub-rows per pixel row.
    static let gridY = 15
    /// Device coordinates beyond this many pixels are refused: Cairo's 24.8 fixed point ends at
    /// 2^23 px (it would wrap there, and librsvg draws whatever Cairo makes of that).
    static let coordinateLimit = Double(1 << 23) - 1

    struct Edge {
        var next: Int32 = -1
        var ytop: Int32 = 0
        var heightLeft: Int32 = 0
        var dir: Int32 = 0
        var cell = 0
        var xQuo = 0
        var xRem = 0
        var stepQuo = 0
        var stepRem = 0
        var fullQuo = 0
        var fullRem = 0
        var dy = 0
    }

    let outline: HoleOutline
    let shape: HoleOutline.Shape
    let windingMask: Int
    let maxWidth: Int
    let maxHeight: Int

    // Grow-only buffers (they reach their size in the first frames and stay).
    var edges: UnsafeMutablePointer<Edge>
    var active: UnsafeMutablePointer<Int32>
    /// The edges in order of their first pixel row (in order of creation within a row), filled
    /// at the end of ``prepare(transform:box:)``: row `r` of the box is
    /// `rowOrder[rowStart[r + 1]..<rowStart[r + 2]]`. Walking a row's edges from an array
    /// instead of a linked list lets their loads overlap.
    var rowOrder: UnsafeMutablePointer<Int32>
    /// One sub-row's new edges sorted by cell before they are merged into ``active``.
    var incoming: UnsafeMutablePointer<Int32>
    var edgeCapacity: Int
    var edgeCount = 0
    var activeCount = 0
    var splineStack: UnsafeMutablePointer<Int>
    static let splineStackDepth = 64

    // Sized once for the viewport.
    /// The vertical edges Cairo puts on the clip box's sides for the parts of the path beyond
    /// them, kept as counts per sub-row instead of edges (late reveal frames have dozens per row,
    /// all at the same x): changes of the left side's winding and of both sides' edge counts at
    /// each sub-row of the box, and per pixel row whether such an edge starts or ends inside it
    /// (1) or at its top (2), which Cairo's row stepper sees.
    let leftWindingDelta: UnsafeMutablePointer<Int32>
    let leftCountDelta: UnsafeMutablePointer<Int32>
    let rightCountDelta: UnsafeMutablePointer<Int32>
    let boundaryEvents: UnsafeMutablePointer<UInt8>
    var leftWinding = 0
    var leftCount = 0
    var rightCount = 0
    /// Edges per box row while they are added, then where each row starts in ``rowOrder``.
    let rowStart: UnsafeMutablePointer<Int32>
    let subBuckets: UnsafeMutablePointer<Int32>
    let heights: UnsafeMutablePointer<Int32>
    let uncovered: UnsafeMutablePointer<Int32>
    let touched: UnsafeMutablePointer<UInt64>
    let touchedWords: Int
    /// The range of words of ``touched`` with a bit set in this row (empty: lo > hi).
    var touchedLow = Int.max
    var touchedHigh = -1

    // The frame: the clip box in pixels and in fixed point, the next row to render.
    var boxX0 = 0, boxX1 = 0, boxY0 = 0, boxY1 = 0
    var limitX0 = 0, limitX1 = 0, limitY0 = 0, limitY1 = 0
    var leftHeight = 0
    var nextRow = 0

    // Path building state (Cairo's cairo_path_fixed_t, streamed).
    enum Op { case none, move, line, curve, close }
    var hasCurrent = false
    var needsMoveTo = false
    var currentX = 0, currentY = 0
    var lastMoveX = 0, lastMoveY = 0
    var lastOp = Op.none
    var pending = false
    var pendingX = 0, pendingY = 0
    var penultimateX = 0, penultimateY = 0
    var opBeforePending = Op.none
    var rectilinear = true
    // Filler state (cairo_filler_t).
    var fillX = 0, fillY = 0, fillMoveX = 0, fillMoveY = 0

    init(outline: HoleOutline, shape: Int, maxWidth: Int, maxHeight: Int) {
        self.outline = outline
        self.shape = outline.shapes[shape]
        windingMask = self.shape.evenOdd ? 1 : ~0
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        edgeCapacity = max(64, self.shape.verbRange.count * 2)
        edges = .allocate(capacity: edgeCapacity)
        active = .allocate(capacity: edgeCapacity)
        rowOrder = .allocate(capacity: edgeCapacity)
        incoming = .allocate(capacity: edgeCapacity)
        splineStack = .allocate(capacity: Self.splineStackDepth * 8)
        let subRows = maxHeight * Self.gridY + 1
        leftWindingDelta = .allocate(capacity: subRows)
        leftWindingDelta.initialize(repeating: 0, count: subRows)
        leftCountDelta = .allocate(capacity: subRows)
        leftCountDelta.initialize(repeating: 0, count: subRows)
        rightCountDelta = .allocate(capacity: subRows)
        rightCountDelta.initialize(repeating: 0, count: subRows)
        boundaryEvents = .allocate(capacity: maxHeight + 1)
        boundaryEvents.initialize(repeating: 0, count: maxHeight + 1)
        rowStart = .allocate(capacity: maxHeight + 2)
        rowStart.initialize(repeating: 0, count: maxHeight + 2)
        subBuckets = .allocate(capacity: Self.gridY)
        subBuckets.initialize(repeating: -1, count: Self.gridY)
        heights = .allocate(capacity: maxWidth + 1)
        heights.initialize(repeating: 0, count: maxWidth + 1)
        uncovered = .allocate(capacity: maxWidth + 1)
        uncovered.initialize(repeating: 0, count: maxWidth + 1)
        spanX = .allocate(capacity: 2 * maxWidth + 2)
        spanX.initialize(repeating: 0, count: 2 * maxWidth + 2)
        spanCoverage = .allocate(capacity: 2 * maxWidth + 2)
        spanCoverage.initialize(repeating: 0, count: 2 * maxWidth + 2)
        touchedWords = (maxWidth + 64) / 64
        touched = .allocate(capacity: touchedWords)
        touched.initialize(repeating: 0, count: touchedWords)
    }

    deinit {
        edges.deallocate()
        active.deallocate()
        rowOrder.deallocate()
        incoming.deallocate()
        splineStack.deallocate()
        rowStart.deallocate()
        subBuckets.deallocate()
        leftWindingDelta.deallocate()
        leftCountDelta.deallocate()
        rightCountDelta.deallocate()
        boundaryEvents.deallocate()
        heights.deallocate()
        uncovered.deallocate()
        touched.deallocate()
        spanX.deallocate()
        spanCoverage.deallocate()
    }

    /// The runs of the last ``spanRow(_:)``.
    var spanCount = 0
    let spanX: UnsafeMutablePointer<Int32>
    let spanCoverage: UnsafeMutablePointer<UInt8>

    // MARK: - Frame set-up: transform, build, flatten, clip, bucket

    /// Turns the shape into edges for `transform` (document units to device pixels), clipped to
    /// `box`. False when Cairo would not fill this shape with the tor scan converter (all edges
    /// horizontal or vertical) or the coordinates are out of range: draw through librsvg.
    func prepare(transform t: Transform, box: PixelBox) -> Bool {
        // A box outside the buffers this converter was sized for is the caller's mistake; answering
        // false sends the frame to librsvg (right pixels) instead of trapping the whole process.
        guard box.x0 >= 0, box.x1 <= maxWidth, box.y0 >= 0, box.y1 <= maxHeight, box.x0 < box.x1, box.y0 < box.y1 else {
            assertionFailure("box \(box) outside the converter's \(maxWidth)x\(maxHeight)")
            return false
        }
        boxX0 = box.x0; boxX1 = box.x1; boxY0 = box.y0; boxY1 = box.y1
        limitX0 = box.x0 << 8; limitX1 = box.x1 << 8; limitY0 = box.y0 << 8; limitY1 = box.y1 << 8
        rowStart.update(repeating: 0, count: box.y1 - box.y0 + 2)
        let subRows = (box.y1 - box.y0) * Self.gridY + 1
        leftWindingDelta.update(repeating: 0, count: subRows)
        leftCountDelta.update(repeating: 0, count: subRows)
        rightCountDelta.update(repeating: 0, count: subRows)
        boundaryEvents.update(repeating: 0, count: box.y1 - box.y0 + 1)
        leftWinding = 0
        leftCount = 0
        rightCount = 0
        edgeCount = 0
        activeCount = 0
        leftHeight = 0
        nextRow = box.y0

        hasCurrent = false
        needsMoveTo = true
        lastOp = .none
        pending = false
        rectilinear = true
        fillX = 0; fillY = 0; fillMoveX = 0; fillMoveY = 0

        let limit = Self.coordinateLimit
        var p = shape.pointRange.lowerBound
        let points = outline.points
        for index in shape.verbRange {
            switch outline.verbs[index] {
            case .move:
                guard let (x, y) = Self.fixed(t.apply(to: points[p]), limit) else { return false }
                moveTo(x, y)
                p += 1
            case .line:
                guard let (x, y) = Self.fixed(t.apply(to: points[p]), limit) else { return false }
                lineTo(x, y)
                p += 1
            case .cubic:
                guard let (x0, y0) = Self.fixed(t.apply(to: points[p]), limit),
                      let (x1, y1) = Self.fixed(t.apply(to: points[p + 1]), limit),
                      let (x2, y2) = Self.fixed(t.apply(to: points[p + 2]), limit)
                else { return false }
                curveTo(x0, y0, x1, y1, x2, y2)
                p += 3
            case .close:
                closePath()
            }
        }
        // `_cairo_path_fixed_fill_is_rectilinear`: the implicit close counts too.
        if rectilinear, hasCurrent, !needsMoveTo, currentX != lastMoveX, currentY != lastMoveY { rectilinear = false }
        if rectilinear && lastOp != .none { return false }
        flushPending()
        fillClose()
        sortEdgesByRow()
        return true
    }

    /// `_cairo_fixed_from_double` (round to nearest, ties to even), nil beyond `limit` px.
    @inline(__always)
    static func fixed(_ p: Point, _ limit: Double) -> (Int, Int)? {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) < limit, abs(p.y) < limit else { return nil }
        return (Int((p.x * 256).rounded(.toNearestOrEven)), Int((p.y * 256).rounded(.toNearestOrEven)))
    }

}
