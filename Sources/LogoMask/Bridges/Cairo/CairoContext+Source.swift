// The Cairo calls the reveal compositor needs beyond CairoBridge.swift: images painted through a
// transform with a chosen filter, linear gradients, colour paints with any operator, and the toy
// text API for contact-sheet labels. Everything here is internal; no C type leaves the file.
internal import CCairo
import Foundation
import MaskGeometry

/// How an image is resampled when painted through a transform.
enum ImageFilter {
    /// `CAIRO_FILTER_NEAREST`: exact pixels (for identity placements).
    case nearest
    /// `CAIRO_FILTER_BILINEAR`: smooth, fast; what a view scaling its layer does.
    case bilinear
    /// `CAIRO_FILTER_GOOD`: box-filtered when shrinking (thumbnails).
    case good

    var cairoFilter: cairo_filter_t {
        switch self {
        case .nearest: CAIRO_FILTER_NEAREST
        case .bilinear: CAIRO_FILTER_BILINEAR
        case .good: CAIRO_FILTER_GOOD
        }
    }
}

/// The extra operators the reveal uses (the rest are ``CompositeOperator``).
enum RevealOperator {
    /// `CAIRO_OPERATOR_OVER`.
    case over
    /// `CAIRO_OPERATOR_SOURCE`.
    case source
    /// `CAIRO_OPERATOR_IN`: keeps the source only where the destination has alpha (tints a drawing).
    case `in`
    /// `CAIRO_OPERATOR_CLEAR`.
    case clear
    /// `CAIRO_OPERATOR_DEST_IN`: multiplies what is there by the source's alpha (fades a layer).
    case destinationIn

    var cairoOperator: cairo_operator_t {
        switch self {
        case .over: CAIRO_OPERATOR_OVER
        case .source: CAIRO_OPERATOR_SOURCE
        case .in: CAIRO_OPERATOR_IN
        case .clear: CAIRO_OPERATOR_CLEAR
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        }
    }
}

extension CairoSurface {
    /// Tells Cairo that the pixels were changed behind its back (`cairo_surface_mark_dirty`).
    func markDirty() { cairo_surface_mark_dirty(pointer) }
}

extension CairoContext {
    /// Paints `image` mapped into device space by `placement` (image pixels to device pixels),
    /// with edge pixels extended (`CAIRO_EXTEND_PAD`), through the current clip.
    ///
    /// `padEdges` false leaves outside the image transparent (`CAIRO_EXTEND_NONE`): pixman then
    /// takes its fast bilinear path when the image covers the clip, about 4x faster than PAD.
    func paintImage(
        _ image: CairoSurface, placement: Transform, filter: ImageFilter,
        operator op: RevealOperator = .over, alpha: Double = 1, padEdges: Bool = true
    ) {
        cairo_save(pointer)
        var m = cairo_matrix_t(xx: placement.a, yx: placement.b, xy: placement.c, yy: placement.d,
                               x0: placement.tx, y0: placement.ty)
        cairo_set_matrix(pointer, &m)
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, filter.cairoFilter)
            cairo_pattern_set_extend(pattern, padEdges ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        }
        cairo_identity_matrix(pointer)
        cairo_set_operator(pointer, op.cairoOperator)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, max(0, alpha)) }
        cairo_restore(pointer)
    }

    /// Paints a colour through the current clip with `op` and an overall alpha.
    func paint(color: RGBAColor, operator op: RevealOperator, alpha: Double = 1) {
        cairo_save(pointer)
        cairo_set_operator(pointer, op.cairoOperator)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, max(0, alpha)) }
        cairo_restore(pointer)
    }

    /// Replaces the clip's pixels by a linear gradient from `start` to `end` (device pixels)
    /// through evenly spaced `colors` (at least one).
    func paintLinearGradient(from start: Point, to end: Point, colors: [RGBAColor]) {
        guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        let count = colors.count
        for (index, color) in colors.enumerated() {
            let offset = count == 1 ? 0 : Double(index) / Double(count - 1)
            cairo_pattern_add_color_stop_rgba(
                pattern, offset, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source(pointer, pattern)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    /// Fills a rectangle (device pixels) with a colour, OVER.
    func fill(rect: Rect, color: RGBAColor) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    /// Fills a rounded rectangle (device pixels) with a colour, OVER.
    func fill(roundedRect rect: Rect, radius: Double, color: RGBAColor) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_new_path(pointer)
        cairo_arc(pointer, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(pointer, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(pointer, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(pointer, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(pointer)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    /// Draws one line of text with Cairo's toy font API (a sans-serif face from fontconfig),
    /// its baseline starting at `origin` (device pixels).
    func showText(_ text: String, at origin: Point, size: Double, color: RGBAColor) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_select_font_face(pointer, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(pointer, size)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_move_to(pointer, origin.x, origin.y)
        cairo_show_text(pointer, text)
        cairo_restore(pointer)
    }

    /// Clips to a rectangle in device pixels, whatever the current transform.
    func clip(toDeviceRect rect: Rect) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        cairo_restore(pointer)
        cairo_clip(pointer)
    }

    /// Removes the clip.
    func resetClip() { cairo_reset_clip(pointer) }

    /// Paints the group started by `pushGroup` with an operator and an opacity.
    func popGroupAndPaint(alpha: Double, operator op: RevealOperator) {
        cairo_pop_group_to_source(pointer)
        cairo_save(pointer)
        cairo_set_operator(pointer, op.cairoOperator)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, max(0, alpha)) }
        cairo_restore(pointer)
        // Drop the group's surface now rather than when the next source is set.
        cairo_set_source_rgba(pointer, 0, 0, 0, 0)
    }
}
