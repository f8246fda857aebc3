// Text on a cairo_t through Cairo's toy font API (cairo_select_font_face, cairo_show_text):
// one line in fontconfig's sans-serif face, for labels. Internal only; no C type leaves this file.
internal import CCairo
import FoundationEssentials
import MaskGeometry

extension CairoContext {
    /// Measures one line of text in the toy API's sans-serif face (fontconfig picks the file),
    /// in units of `size`, whatever the current transform.
    func textMetrics(_ text: String, size: Double, bold: Bool = false) -> TextMetrics {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        cairo_identity_matrix(pointer)
        selectFont(size: size, bold: bold)
        var font = cairo_font_extents_t()
        cairo_font_extents(pointer, &font)
        var extents = cairo_text_extents_t()
        cairo_text_extents(pointer, text, &extents)
        return TextMetrics(width: extents.x_advance, ascent: font.ascent, descent: font.descent)
    }

    /// Draws one line of text in the toy API's sans-serif face, OVER, its baseline starting at
    /// `origin` (user units that `transform` maps to device pixels; the current transform is
    /// ignored).
    func showText(
        _ text: String, at origin: Point, transform: Transform = .identity, size: Double, bold: Bool = false,
        color: RGBAColor
    ) {
        cairo_save(pointer)
        setTransform(transform)
        selectFont(size: size, bold: bold)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        cairo_move_to(pointer, origin.x, origin.y)
        cairo_show_text(pointer, text)
        cairo_restore(pointer)
    }

    private func selectFont(size: Double, bold: Bool) {
        cairo_select_font_face(
            pointer, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(pointer, size)
    }
}
