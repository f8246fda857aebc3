// Cairo calls the geometry and mask code needs beyond CairoBridge.swift: clipping to sets of
// pixel boxes, the ATOP operator, path filling. Internal only; no C type leaves this file.
internal import CCairo
import Foundation
import MaskGeometry

extension CairoContext {
    /// Clips to the union of pixel boxes (user space = pixels).
    func clip(toBoxes boxes: [PixelBox]) {
        cairo_new_path(pointer)
        for box in boxes {
            cairo_rectangle(pointer, Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
        }
        cairo_clip(pointer)
    }

    /// Fills the whole clip with an opaque colour using ATOP: the colour replaces the colour of
    /// what is drawn and keeps its alpha (a white silhouette of a coloured logo).
    func paintAtop(_ color: RGBAColor) {
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_ATOP)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    /// Fills a rectangle (user space) with a colour using the current operator.
    func fill(_ rect: Rect, color: RGBAColor) {
        cairo_save(pointer)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_new_path(pointer)
        cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    /// Paints an image surface scaled to cover `rect` (user space), bilinear, with SOURCE.
    func paintImage(_ image: CairoSurface, into rect: Rect) {
        let w = Double(max(1, image.imageWidth)), h = Double(max(1, image.imageHeight))
        cairo_save(pointer)
        cairo_new_path(pointer)
        cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(pointer)
        cairo_translate(pointer, rect.x, rect.y)
        cairo_scale(pointer, rect.width / w, rect.height / h)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(pointer), CAIRO_EXTEND_PAD)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}

extension CairoContext {
    /// Ends the group started by `pushGroup` and paints it with the DEST_OUT operator: the
    /// group's alpha is cut out of what is there (the hole), whatever operators the group used.
    func popGroupAndCutOut() {
        cairo_pop_group_to_source(pointer)
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_DEST_OUT)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}

extension CairoContext {
    /// Fills the whole clip with a linear gradient from `start` (colour `from`) to `end` (colour
    /// `to`), user space, padded beyond both ends, replacing what is there (SOURCE).
    func fillLinearGradient(from: RGBAColor, to: RGBAColor, start: Point, end: Point) {
        guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_add_color_stop_rgba(pattern, 0, from.redFraction, from.greenFraction, from.blueFraction, from.alphaFraction)
        cairo_pattern_add_color_stop_rgba(pattern, 1, to.redFraction, to.greenFraction, to.blueFraction, to.alphaFraction)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source(pointer, pattern)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}
