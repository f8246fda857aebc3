import FoundationEssentials
import MaskGeometry

/// How a render of a logo with filter effects is cut into strips for several workers: each strip
/// drawn from the document cropped to its rows and ``margin`` device pixels around them
/// (``LogoDrawing/filterMargin``), at least every filter's reach (``FilterReach``), so that no
/// blur misses what lies beyond the strip's edge.
///
/// Why: librsvg 2.54 makes about nine surfaces the size of its toplevel viewport for each blurred
/// element and computes the filter over all of it; one draw of breeze/kiten at 4096 px is 9 s of
/// CPU on one core (resvg, single-threaded, 7 s). A crop shrinks those surfaces with the strip,
/// so two strips on two workers cost about one draw plus the margins, spread over both cores.
/// The price: Cairo fits a gradient's fixed-point matrix to what it composites, so a gradient
/// cut by a crop's edge rounds elsewhere (levels off by 1-2 against rsvg-convert, as in every
/// unfiltered strip render); the blurs themselves come out as one draw's.
///
/// Nil keeps the one draw of ``PNGWriter/filteredRowsPerStrip(height:stride:)``: the reach unknown (``FilterReach``), an element drawn alone (never cropped), or a cut that would
/// not save at least ``minimumSaving`` of the wall time by its own count (margins too large).
struct FilteredStripCut: Equatable {
    /// Rows of every strip but the last.
    let rowsPerStrip: Int
    /// Device pixels kept around each strip for the filters (the reach, rounded up).
    let margin: Double
    /// The image pixels the render may paint: the probe's ink (``InkProbe``, drawn with its
    /// filters) grown by two probe pixels and the margin; nil when the whole image is painted.
    let paintedBox: PixelBox?

    /// Strips of the painted rows, at most (each strip is a parse of the cropped text and a draw).
    static let maximumStrips = 8
    /// The share of one draw's rows the busiest worker may draw, at most, for a cut to be used.
    static let minimumSaving = 0.25

    /// Workers the cut is chosen for, whatever the machine: the strips decide how Cairo rounds
    /// gradients, so they must not depend on the cores (a batch draws them on one thread).
    static let modelWorkers = 2

    /// The cut for `logo` drawn `width` x `height` at `scale` device pixels per document unit;
    /// `clipped`: only the logo's ink is painted (no background).
    init?(logo: VectorLogo, width: Int, height: Int, scale: Double, clipped: Bool) {
        let workers = Self.modelWorkers
        guard logo.format == .svg, logo.options.elementID == nil, height >= 2 * workers,
              let reach = FilterReach(svg: logo.source, documentSize: logo.documentSize, viewBox: logo.viewBox)
        else { return nil }
        let margin = reach.devicePixels(scale: scale).rounded(.up)
        var box: PixelBox?
        if clipped {
            // A filter paints past the ink of its source; the probe draws the filters too, at its
            // own scale, so its box is grown by the whole reach at the render's.
            guard let probe = try? InkProbe.inkedRect(of: logo, over: logo.documentBox), let ink = probe.rect,
                  let found = PixelBox.covering(
                      ink, under: .scale(scale), margin: InkProbe.grownBy * probe.pixel * scale + margin,
                      width: width, height: height)
            else { return nil }
            box = found
        }
        self.init(
            height: height, stride: PixelLayout.argb32.stride(width: width), margin: margin,
            paintedRows: box.map { $0.y0..<$0.y1 } ?? 0..<height, workers: workers, paintedBox: box)
    }

    /// The cut of an image `height` rows tall (`stride` bytes a row) that paints `paintedRows`
    /// only, with `margin` pixels kept around each strip: the strip height whose busiest worker
    /// draws the fewest rows (each strip's painted rows with the margin around them, strips
    /// handed out top first to the first free worker), at most ``maximumStrips`` strips in the
    /// painted rows, none over the memory's limit. The fewer strips wins a tie. `paintedBox`: kept.
    init?(height: Int, stride: Int, margin: Double, paintedRows: Range<Int>, workers: Int, paintedBox: PixelBox? = nil) {
        let limit = PNGWriter.filteredRowsPerStrip(height: height, stride: stride)
        let painted = paintedRows.clamped(to: 0..<height)
        guard !painted.isEmpty else { return nil }
        var best: (rows: Int, busiest: Double)?
        for rows in Swift.stride(from: min(limit, painted.upperBound), through: max(1, painted.count / Self.maximumStrips), by: -1) {
            let busiest = Self.busiestWorker(height: height, rows: rows, margin: margin, paintedRows: painted, workers: workers)
            if best.map({ busiest < $0.busiest }) ?? true { best = (rows, busiest) }
        }
        guard let best, best.busiest <= (1 - Self.minimumSaving) * Double(painted.count) else { return nil }
        rowsPerStrip = best.rows
        self.margin = margin
        self.paintedBox = paintedBox
    }

    /// The rows the busiest of `workers` draws when strips of `rows` are handed out top first to
    /// whichever worker is free first, each strip costing its painted rows and `margin` around
    /// them (inside the image).
    static func busiestWorker(height: Int, rows: Int, margin: Double, paintedRows: Range<Int>, workers: Int) -> Double {
        var loads = Array(repeating: 0.0, count: workers)
        var y0 = 0
        while y0 < min(height, paintedRows.upperBound) {
            let y1 = min(height, y0 + rows)
            let top = max(y0, paintedRows.lowerBound), bottom = min(y1, paintedRows.upperBound)
            if bottom > top {
                let cost = min(Double(height), Double(bottom) + margin) - max(0, Double(top) - margin)
                let free = loads.indices.min { loads[$0] < loads[$1] } ?? 0
                loads[free] += cost
            }
            y0 = y1
        }
        return loads.max() ?? 0
    }
}
