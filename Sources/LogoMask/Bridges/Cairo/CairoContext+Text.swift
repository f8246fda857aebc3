// The Cairo calls the profile-header renderer needs beyond CairoBridge.swift: images painted
// through a transform with their edges padded, clips and rounded rectangles under a transform,
// painting a colour through an image's alpha, and one line of text with Cairo's toy font API.
// Everything here is internal; no C type leaves the file. Method names start with `header` so
// they cannot collide with other bridges' extensions of the same classes.
internal import CCairo
import Foundation
import MaskGeometry

/// The size of one line of toy-API text, points (user units of the font size given).
struct HeaderTextMetrics: Sendable, Equatable {
    /// The advance from the origin to the end of the text.
    var width: Double
    /// Height above the baseline (the font's ascent).
    var ascent: Double
    /// Depth below the baseline (the font's descent).
    var descent: Double
    /// `ascent + descent`.
    var height: Double { ascent + descent }
}

private func headerMatrix(_ t: Transform) -> cairo_matrix_t {
    cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
}

extension CairoContext {
    /// Paints `image` with `placement` mapping its pixels to device pixels, bilinear, edges
    /// padded (no soft fringe at the image's border), OVER with an opacity.
    func headerPaintImage(_ image: CairoSurface, placement: Transform, alpha: Double = 1) {
        guard alpha > 0 else { return }
        cairo_save(pointer)
        var m = headerMatrix(placement)
        cairo_set_matrix(pointer, &m)
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, alpha) }
        cairo_restore(pointer)
    }

    /// Paints `image` scaled into `rect` (user units under `transform`) with a good downscaling
    /// filter and no padding: the picture's own edges (for fitting a picture once).
    func headerPaintImage(_ image: CairoSurface, imageSize: Size, into rect: Rect, transform: Transform, padded: Bool) {
        cairo_save(pointer)
        var m = headerMatrix(transform)
        cairo_set_matrix(pointer, &m)
        cairo_translate(pointer, rect.x, rect.y)
        cairo_scale(pointer, rect.width / imageSize.width, rect.height / imageSize.height)
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, padded ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        }
        cairo_rectangle(pointer, 0, 0, imageSize.width, imageSize.height)
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    /// Paints `color` through the alpha of `image` scaled into `rect` (user units under
    /// `transform`): a tinted copy of the picture's shape.
    func headerMaskImage(_ image: CairoSurface, imageSize: Size, into rect: Rect, transform: Transform, color: RGBAColor) {
        cairo_save(pointer)
        var m = headerMatrix(transform)
        cairo_set_matrix(pointer, &m)
        cairo_translate(pointer, rect.x, rect.y)
        cairo_scale(pointer, rect.width / imageSize.width, rect.height / imageSize.height)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_mask_surface(pointer, image.pointer, 0, 0)
        cairo_restore(pointer)
    }

    /// Intersects the clip with `rect` (user units under `transform`), optionally rounded.
    func headerClip(to rect: Rect, transform: Transform, cornerRadius: Double = 0) {
        cairo_save(pointer)
        var m = headerMatrix(transform)
        cairo_set_matrix(pointer, &m)
        headerRectanglePath(rect, cornerRadius: cornerRadius)
        cairo_restore(pointer)  // the path survives restore; the clip uses it in device space
        cairo_clip(pointer)
    }

    /// Fills `rect` (user units under `transform`), optionally rounded, with a colour, OVER.
    func headerFill(_ rect: Rect, transform: Transform, color: RGBAColor, cornerRadius: Double = 0) {
        cairo_save(pointer)
        var m = headerMatrix(transform)
        cairo_set_matrix(pointer, &m)
        headerRectanglePath(rect, cornerRadius: cornerRadius)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    private func headerRectanglePath(_ rect: Rect, cornerRadius: Double) {
        cairo_new_path(pointer)
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        if r == 0 {
            cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
            return
        }
        cairo_arc(pointer, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(pointer, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(pointer, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(pointer, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(pointer)
    }

    private func headerSelectFont(size: Double, bold: Bool) {
        cairo_select_font_face(
            pointer, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(pointer, size)
    }

    /// Measures one line of text in the toy API's sans-serif face (fontconfig picks the file).
    func headerTextMetrics(_ text: String, size: Double, bold: Bool) -> HeaderTextMetrics {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        cairo_identity_matrix(pointer)
        headerSelectFont(size: size, bold: bold)
        var font = cairo_font_extents_t()
        cairo_font_extents(pointer, &font)
        var extents = cairo_text_extents_t()
        cairo_text_extents(pointer, text, &extents)
        return HeaderTextMetrics(width: extents.x_advance, ascent: font.ascent, descent: font.descent)
    }

    /// Draws one line of text, its baseline starting at `origin` (user units under `transform`).
    func headerShowText(_ text: String, at origin: Point, transform: Transform, size: Double, bold: Bool, color: RGBAColor) {
        cairo_save(pointer)
        var m = headerMatrix(transform)
        cairo_set_matrix(pointer, &m)
        headerSelectFont(size: size, bold: bold)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        cairo_move_to(pointer, origin.x, origin.y)
        cairo_show_text(pointer, text)
        cairo_restore(pointer)
    }
}
