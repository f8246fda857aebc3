// The measures of one line of text from Cairo's toy font API (cairo_font_extents_t and
// cairo_text_extents_t reduced to what layout needs). No C type here.

/// The size of one line of toy-API text, in the user units of the font size given.
struct TextMetrics: Sendable, Equatable {
    /// The advance from the origin to the end of the text.
    var width: Double
    /// Height above the baseline (the font's ascent).
    var ascent: Double
    /// Depth below the baseline (the font's descent).
    var descent: Double
    /// `ascent + descent`.
    var height: Double { ascent + descent }
}
