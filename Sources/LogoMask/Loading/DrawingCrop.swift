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
    /// from outside: antialiasing, and a filter's blur or offset. `minimumGain`: as
    /// ``minimumGain``, which it defaults to.
    static func crop(
        document: Rect, toDevice: Transform, visible: Rect, padding: Double, minimumGain: Double = Self.minimumGain
    ) -> DrawingCrop? {
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

    /// True when the SVG text sets a property librsvg draws through an intermediate surface: an
    /// `opacity` below 1 (not `fill-opacity` and the like), `mask`, `filter`, `mix-blend-mode`,
    /// `isolation` (attribute or CSS), or clip paths in `clipPathUnits` (object-bounding-box
    /// clips are applied to a surface). A false positive costs a re-parse per crop (and, rotated,
    /// a device-space draw); a flat logo is never re-parsed.
    static func mayUseIntermediateSurfaces(_ data: Data) -> Bool {
        let words: [[UInt8]] = ["opacity", "mask", "filter", "mix-blend-mode", "isolation", "clipPathUnits"].map { Array($0.utf8) }
        let bytes = [UInt8](data)
        func isNameByte(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "-")
                || c == UInt8(ascii: "_") || c == UInt8(ascii: ":")
        }
        return bytes.withUnsafeBytes { text in
            words.contains { word in
                var next = ByteSearch.firstIndex(of: word, in: text, from: 0)
                while let start = next {
                    next = ByteSearch.firstIndex(of: word, in: text, from: start + 1)
                    guard start == 0 || !isNameByte(text[start - 1]) else { continue }
                    // Then `=` or `:`, after optional spaces: a property set, not a word in a title.
                    var i = start + word.count
                    while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
                    guard i < text.count, text[i] == UInt8(ascii: "=") || text[i] == UInt8(ascii: ":") else { continue }
                    if word.count == 7, word[0] == UInt8(ascii: "o"), isOpaque(bytes, from: i + 1) { continue }
                    return true
                }
                return false
            }
        }
    }

    /// True when the value after `opacity=` or `opacity:` is a number of 1 or more (`1`, `"1.0000000"`).
    private static func isOpaque(_ bytes: [UInt8], from start: Int) -> Bool {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { i += 1 }
        var j = i
        while j < bytes.count, (bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9")) || bytes[j] == UInt8(ascii: ".") { j += 1 }
        guard j > i, let value = Double(String(decoding: bytes[i..<j], as: UTF8.self)) else { return false }
        // A percentage: 100% is opaque.
        if j < bytes.count, bytes[j] == UInt8(ascii: "%") { return value >= 100 }
        return value >= 1
    }
}
