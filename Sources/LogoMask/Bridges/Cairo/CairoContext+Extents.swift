// Where a cairo_t draws: its current matrix and the part of its target that drawing can change,
// in device pixels. Everything here is internal.
internal import CCairo
import MaskGeometry

extension CairoContext {
    /// The current transform, user space to device pixels (`cairo_get_matrix`).
    var currentTransform: Transform {
        var m = cairo_matrix_t()
        cairo_get_matrix(pointer, &m)
        return Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// The extents of the clip in device pixels when the target is an image (or a group pushed
    /// on one): what any drawing can change. Nil on PDF, SVG and recording targets, which are
    /// not pixels or not bounded.
    var visibleDeviceRect: Rect? {
        guard let target = cairo_get_target(pointer), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else {
            return nil
        }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_clip_extents(pointer, &x0, &y0, &x1, &y1)
        cairo_restore(pointer)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
