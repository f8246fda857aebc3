import FoundationEssentials
import MaskGeometry

/// The part of an SVG document to hand librsvg as its toplevel viewport when only part of the
/// drawing shows (see ``CroppedSVGSource`` for why): the visible device rectangle, padded,
/// mapped back to document units.
struct DrawingCrop: Hashable {
    /// The crop in document units, or in device pixels when ``toDevice`` is set.
    var rect: Rect
    /// For a rotated or skewed drawing: the transform written into the cropped document (document
    /// units to device pixels), drawn with an identity matrix on the context. librsvg 2.54 sizes
    /// its surfaces with the matrix's `transform_distance(width, height)`, which a rotation makes
    /// negative (InvalidSize) or too small; in device space the matrix is the identity.
    var toDevice: Transform? = nil

    /// Only documents whose whole drawing would take this many times the pixels of the padded
    /// visible region are cropped (a re-parse costs more than a slightly larger surface).
    static let minimumGain = 2.0

    /// The crop for drawing `document` with `toDevice` onto a target of which `visible` (device
    /// pixels) shows, or nil when the whole document is not much larger than that.
    ///
    /// The crop's corners sit a whole number of device pixels from the document's origin, as
    /// the whole document's do: librsvg's intermediate surfaces start at the viewport's corner,
    /// so they keep the same pixel grid and the pixels come out the same as uncropped.
    /// `padding` (device pixels) is kept around the visible region for what reaches into it
    /// from outside: antialiasing, and a filter's blur or offset.
    static func crop(document: Rect, toDevice: Transform, visible: Rect, padding: Double) -> DrawingCrop? {
        guard toDevice.isFinite, abs(toDevice.determinant) > 0, let toDocument = toDevice.inverted,
              !visible.isEmpty, !document.isEmpty
        else { return nil }
        let whole = toDevice.apply(to: document)
        if toDevice.b != 0 || toDevice.c != 0 || toDevice.a < 0 || toDevice.d < 0 {
            // Always in device space (drawn whole, librsvg's surfaces would be wrong), on whole pixels.
            let padded = visible.insetBy(dx: -padding, dy: -padding).intersection(whole)
            guard !padded.isEmpty else { return nil }
            let x0 = padded.minX.rounded(.down), y0 = padded.minY.rounded(.down)
            let region = Rect(x: x0, y: y0, width: padded.maxX.rounded(.up) - x0, height: padded.maxY.rounded(.up) - y0)
            return DrawingCrop(rect: region, toDevice: toDevice)
        }
        let origin = toDevice.apply(to: Point(x: document.minX, y: document.minY))
        let padded = visible.insetBy(dx: -padding, dy: -padding)
        // Whole device pixels from the document's corner (its phase), as far as the document goes.
        func snapped(_ low: Double, _ high: Double, phase: Double, limitLow: Double, limitHigh: Double) -> (Double, Double) {
            let lo = max(low, limitLow), hi = min(high, limitHigh)
            return (phase + ((lo - phase).rounded(.down)), phase + ((hi - phase).rounded(.up)))
        }
        let (x0, x1) = snapped(padded.minX, padded.maxX, phase: origin.x, limitLow: whole.minX, limitHigh: whole.maxX)
        let (y0, y1) = snapped(padded.minY, padded.maxY, phase: origin.y, limitLow: whole.minY, limitHigh: whole.maxY)
        // Nothing of the document shows: its box still is the crop's limit (an empty crop would
        // draw nothing at all, and content outside the box is drawn by librsvg unclipped).
        guard x1 > x0, y1 > y0 else { return nil }
        let region = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard whole.width * whole.height > minimumGain * region.width * region.height else { return nil }
        // Not clamped to the document: the snapped edges may pass it by under a pixel.
        return DrawingCrop(rect: toDocument.apply(to: region))
    }

    /// True when the SVG text mentions something librsvg may draw through an intermediate
    /// surface: `opacity` (group opacity; fill and stop opacities match too), `mask`, `filter`,
    /// `clip` (clip paths), `isolation`, `blend` (mix-blend-mode). A false positive costs a
    /// re-parse per crop; a flat logo (one path, no effects) is never re-parsed.
    static func mayUseIntermediateSurfaces(_ data: Data) -> Bool {
        let words: [[UInt8]] = ["opacity", "mask", "filter", "clip", "isolation", "blend"].map { Array($0.utf8) }
        return data.withUnsafeBytes { (text: UnsafeRawBufferPointer) -> Bool in
            for start in 0..<text.count {
                for word in words where text[start] == word[0] && start + word.count <= text.count {
                    if (1..<word.count).allSatisfy({ text[start + $0] == word[$0] }) { return true }
                }
            }
            return false
        }
    }
}
