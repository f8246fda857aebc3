// What a cairo_t paints with: colours (cairo_set_source_rgba), images (surface patterns with a
// filter and an extend mode), linear gradients (cairo_pattern_create_linear), painted through
// the clip (cairo_paint, cairo_paint_with_alpha), through an image's alpha (cairo_mask_surface)
// or into a rectangle. Internal only; no C type leaves this file.
internal import CCairo
import FoundationEssentials
import MaskGeometry

extension CairoContext {
    /// Paints a colour through the current clip with `op` and an overall alpha.
    func paint(color: RGBAColor, operator op: CairoOperator, alpha: Double = 1) {
        cairo_save(pointer)
        cairo_set_operator(pointer, op.cairoOperator)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, max(0, alpha)) }
        cairo_restore(pointer)
    }

    /// Paints `color` through the alpha of `image` (`imageSize` its size in pixels) scaled into
    /// `rect` (user units that `transform` maps to device pixels), with the current operator:
    /// a tinted copy of the picture's shape.
    func paint(color: RGBAColor, maskedBy image: CairoSurface, imageSize: Size, into rect: Rect, transform: Transform) {
        cairo_save(pointer)
        setTransform(transform)
        cairo_translate(pointer, rect.x, rect.y)
        cairo_scale(pointer, rect.width / imageSize.width, rect.height / imageSize.height)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_mask_surface(pointer, image.pointer, 0, 0)
        cairo_restore(pointer)
    }

    /// Paints `image` mapped into device space by `placement` (image pixels to device pixels; the
    /// current transform is ignored) through the current clip, with `op` and an overall alpha.
    ///
    /// `padEdges` extends the edge pixels beyond the image (`CAIRO_EXTEND_PAD`: no soft fringe at
    /// its border); false leaves outside the image transparent (`CAIRO_EXTEND_NONE`): pixman then
    /// takes its fast bilinear path when the image covers the clip, about 4x faster than PAD.
    func paintImage(
        _ image: CairoSurface, placement: Transform, filter: ImageFilter,
        operator op: CairoOperator = .over, alpha: Double = 1, padEdges: Bool = true
    ) {
        cairo_save(pointer)
        setTransform(placement)
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

    /// Paints `image` placed by `placement` (image pixels to device pixels) with the context's
    /// current operator and clip, bilinear, transparent outside the image, with an overall
    /// `alpha`: a ``FilterPicture`` standing in for a draw of the logo.
    func paintPicture(_ image: CairoSurface, placement: Transform, alpha: Double) {
        cairo_save(pointer)
        setTransform(placement)
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        }
        cairo_identity_matrix(pointer)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, max(0, alpha)) }
        cairo_restore(pointer)
    }

    /// Fills `rect` (user units that `transform` maps to device pixels) with `image`
    /// (`imageSize` its size in pixels) scaled into it, with the current operator and a good
    /// downscaling filter (`CAIRO_FILTER_GOOD`). Only the image's own rectangle is filled;
    /// `padEdges` extends its edge pixels up to that rectangle's antialiased border.
    func fillImage(_ image: CairoSurface, imageSize: Size, into rect: Rect, transform: Transform, padEdges: Bool) {
        cairo_save(pointer)
        setTransform(transform)
        cairo_translate(pointer, rect.x, rect.y)
        cairo_scale(pointer, rect.width / imageSize.width, rect.height / imageSize.height)
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, ImageFilter.good.cairoFilter)
            cairo_pattern_set_extend(pattern, padEdges ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        }
        cairo_rectangle(pointer, 0, 0, imageSize.width, imageSize.height)
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    /// Replaces the pixels of `rect` (current user space) by an image surface scaled to it,
    /// bilinear, edges padded (SOURCE, clipped to `rect`).
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

    /// Replaces the clip's pixels (SOURCE) by a linear gradient from `start` to `end` (current
    /// user space) through evenly spaced `colors` (at least one), padded beyond both ends.
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
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source(pointer, pattern)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}

extension CairoContext {
    /// Paints `image` through the alpha of `mask`, both placed with their corner at device pixel
    /// (`x`, `y`) (the current transform ignored), with OVER: a group's pixels through its clip
    /// at its opacity (``LayeredFilterRender``).
    func paintImage(_ image: CairoSurface, maskedBy mask: CairoSurface, x: Int, y: Int) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_set_source_surface(pointer, image.pointer, Double(x), Double(y))
        cairo_mask_surface(pointer, mask.pointer, Double(x), Double(y))
        cairo_restore(pointer)
    }
}
