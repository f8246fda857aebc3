// What rsvg_handle_get_intrinsic_size_in_pixels and rsvg_handle_get_intrinsic_dimensions tell,
// in Swift types. No C type here.
import MaskGeometry

/// What librsvg tells of the top-level `<svg>` element's size.
struct SVGIntrinsicSize {
    /// Size in CSS pixels at 96 DPI when width and height resolve to absolute lengths.
    var pixels: Size?
    /// The `viewBox`, when present.
    var viewBox: Rect?
    /// True when width or height is a percentage (which only a viewport can resolve).
    var hasPercentageSize: Bool
    /// The width alone in CSS pixels, when it is an absolute length (px, in, cm, mm, pt, pc).
    var absoluteWidth: Double? = nil
    /// The height alone in CSS pixels, when it is an absolute length.
    var absoluteHeight: Double? = nil
}
