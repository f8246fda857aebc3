// Paths on a cairo_t: rectangles (optionally rounded) and sets of pixel boxes, filled with a
// colour or made the clip (cairo_rectangle, cairo_arc, cairo_fill, cairo_clip).
// Internal only; no C type leaves this file.
internal import CCairo
import FoundationEssentials
import MaskGeometry

extension CairoContext {
    /// Fills `rect` (user units that `transform` maps to device pixels; the current transform is
    /// ignored), its corners rounded by `cornerRadius`, with a colour, OVER.
    func fill(_ rect: Rect, transform: Transform = .identity, color: RGBAColor, cornerRadius: Double = 0) {
        cairo_save(pointer)
        setTransform(transform)
        newRectanglePath(rect, cornerRadius: cornerRadius)
        cairo_set_source_rgba(pointer, color.redFraction, color.greenFraction, color.blueFraction, color.alphaFraction)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    /// Intersects the clip with `rect` (user units that `transform` maps to device pixels; the
    /// current transform is ignored), its corners rounded by `cornerRadius`.
    func clip(to rect: Rect, transform: Transform = .identity, cornerRadius: Double = 0) {
        cairo_save(pointer)
        setTransform(transform)
        newRectanglePath(rect, cornerRadius: cornerRadius)
        cairo_restore(pointer)  // the path survives restore; the clip uses it in device space
        cairo_clip(pointer)
    }

    /// Intersects the clip with the union of pixel boxes (current user space).
    func clip(toBoxes boxes: [PixelBox]) {
        cairo_new_path(pointer)
        for box in boxes {
            cairo_rectangle(pointer, Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
        }
        cairo_clip(pointer)
    }

    /// Removes the clip (`cairo_reset_clip`).
    func resetClip() { cairo_reset_clip(pointer) }

    /// Replaces the current path by `rect`, its corners rounded by `cornerRadius` (clamped to
    /// half the shorter side; 0 gives a plain `cairo_rectangle`).
    private func newRectanglePath(_ rect: Rect, cornerRadius: Double) {
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
}
