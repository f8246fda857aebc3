import MaskGeometry

/// Where a large render paints, from ``InkProbe``'s small coverage picture: the box it is
/// clipped to, and how much ink each band of rows holds, so that its strips can be handed out
/// heaviest first (``stripOrder(rowsPerStrip:height:)``).
///
/// Two workers draw a render's strips; the strips stay the same (their cut decides how Cairo
/// rounds gradients), only who draws which when may change. Taken top first, the heaviest strip
/// of a Tango icon could be left for last: the third of internet-group-chat's five 1006-row
/// strips at 4096 px is about half of its drawing, and it started only after the nearly empty
/// first one, while the other worker soon had nothing left to do.
struct PaintedArea: Sendable, Equatable {
    /// The image pixels the render may paint.
    let box: PixelBox
    /// Ink of each of the probe's rows, top first: its coverage summed, 255 a full pixel.
    let rowInk: [Int]
    /// The image row (fractional) where the probe's first row begins.
    let firstRowY: Double
    /// Image rows per probe row.
    let rowHeight: Double

    /// The probe's ink in image rows `y0..<y1`, each probe row counted for the part it overlaps.
    func ink(rows y0: Int, _ y1: Int) -> Double {
        guard rowHeight > 0, y1 > y0 else { return 0 }
        let first = max(0, Int(((Double(y0) - firstRowY) / rowHeight).rounded(.down)))
        let last = min(rowInk.count - 1, Int(((Double(y1) - firstRowY) / rowHeight).rounded(.down)))
        guard first <= last else { return 0 }
        var total = 0.0
        for k in first...last {
            let top = firstRowY + Double(k) * rowHeight
            let overlap = min(Double(y1), top + rowHeight) - max(Double(y0), top)
            if overlap > 0 { total += Double(rowInk[k]) * overlap / rowHeight }
        }
        return total
    }

    /// The indices of an image's strips of `rowsPerStrip` rows (`height` rows in all) in the
    /// order to draw them: the most ink first, ties top first. Ink is a rough measure of a
    /// strip's cost (overlapping gradients and groups count once), but the strips that hold the
    /// logo's bulk start at once, and the light ones fill in the end.
    func stripOrder(rowsPerStrip: Int, height: Int) -> [Int] {
        let rows = max(1, rowsPerStrip)
        let count = (height + rows - 1) / rows
        let weights = (0..<count).map { ink(rows: $0 * rows, min(height, ($0 + 1) * rows)) }
        return (0..<count).sorted { weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1 }
    }
}
