// cairo_operator_t: the compositing operators the library draws with.
internal import CCairo

/// The Cairo compositing operators the library uses (Porter-Duff, premultiplied).
enum CairoOperator: Sendable {
    /// `CAIRO_OPERATOR_OVER`: the source on top of what is there (Cairo's default).
    case over
    /// `CAIRO_OPERATOR_SOURCE`: replaces what is there, alpha included.
    case source
    /// `CAIRO_OPERATOR_IN`: keeps the source only where the destination has alpha (tints a drawing).
    case `in`
    /// `CAIRO_OPERATOR_DEST_IN`: multiplies what is there by the source's alpha (fades a layer).
    case destinationIn
    /// `CAIRO_OPERATOR_DEST_OUT`: cuts the source's alpha out of what is there (a hole).
    case destinationOut

    var cairoOperator: cairo_operator_t {
        switch self {
        case .over: CAIRO_OPERATOR_OVER
        case .source: CAIRO_OPERATOR_SOURCE
        case .in: CAIRO_OPERATOR_IN
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        }
    }
}
