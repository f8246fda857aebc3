// cairo_filter_t: how a surface pattern is resampled.
internal import CCairo

/// How an image is resampled when painted through a transform.
enum ImageFilter: Sendable {
    /// `CAIRO_FILTER_NEAREST`: exact pixels (for identity placements).
    case nearest
    /// `CAIRO_FILTER_BILINEAR`: smooth, fast; what a view scaling its layer does.
    case bilinear
    /// `CAIRO_FILTER_GOOD`: box-filtered when shrinking (thumbnails, pictures fitted once).
    case good

    var cairoFilter: cairo_filter_t {
        switch self {
        case .nearest: CAIRO_FILTER_NEAREST
        case .bilinear: CAIRO_FILTER_BILINEAR
        case .good: CAIRO_FILTER_GOOD
        }
    }
}
