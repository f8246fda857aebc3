// cairo_t: the drawing context over one surface, its saved states, its current transform and
// its groups. Drawing calls live beside it by C API area: CairoContext+Path.swift (rectangles,
// fills, clips), CairoContext+Source.swift (colours, images, gradients painted), and
// CairoContext+Text.swift (the toy font API). Everything here is internal.
internal import CCairo
import MaskGeometry

/// Owns one `cairo_t`; destroys it in `deinit`.
final class CairoContext {
    let pointer: OpaquePointer
    let surface: CairoSurface

    init(_ surface: CairoSurface) throws(LogoMaskError) {
        guard let raw = cairo_create(surface.pointer) else {
            throw LogoMaskError.drawingFailed(file: "context", reason: "no context")
        }
        self.pointer = raw
        self.surface = surface
        if let reason = cairoFailure(cairo_status(raw)) {
            throw LogoMaskError.drawingFailed(file: "context", reason: reason)
        }
    }

    deinit { cairo_destroy(pointer) }

    /// The context's error, if any, as a readable reason.
    var failure: String? { cairoFailure(cairo_status(pointer)) }

    /// Pushes a copy of the drawing state: transform, clip, operator, source (`cairo_save`).
    func save() { cairo_save(pointer) }
    /// Pops the state pushed by the matching ``save()`` (`cairo_restore`).
    func restore() { cairo_restore(pointer) }

    /// Replaces the current transform (user space to device pixels; `cairo_set_matrix`).
    func setTransform(_ t: Transform) {
        var m = cairo_matrix_t(t)
        cairo_set_matrix(pointer, &m)
    }

    /// Multiplies `t` onto the current transform (applied before it, as `cairo_transform`).
    func concatenate(_ t: Transform) {
        var m = cairo_matrix_t(t)
        cairo_transform(pointer, &m)
    }
}

extension CairoContext {
    /// Starts drawing into a temporary group (`cairo_push_group`).
    func pushGroup() { cairo_push_group(pointer) }

    /// Ends the group started by ``pushGroup()`` and paints it with an opacity and an operator
    /// (`cairo_pop_group_to_source`, then `cairo_paint_with_alpha`); nil keeps the context's
    /// current operator. `.destinationOut` cuts the group's alpha out of what is there (a hole),
    /// whatever operators the group itself used.
    func popGroupAndPaint(alpha: Double = 1, operator op: CairoOperator? = nil) {
        cairo_pop_group_to_source(pointer)
        cairo_save(pointer)
        if let op { cairo_set_operator(pointer, op.cairoOperator) }
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, max(0, alpha)) }
        cairo_restore(pointer)
        // Drop the group's surface now rather than when the next source is set.
        cairo_set_source_rgba(pointer, 0, 0, 0, 0)
    }
}

extension cairo_matrix_t {
    /// Cairo's matrix for `t` (same six numbers: x' = a x + c y + tx, y' = b x + d y + ty).
    init(_ t: Transform) {
        self.init(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    }
}
