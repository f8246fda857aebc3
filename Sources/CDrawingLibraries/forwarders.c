// The functions of librsvg, Cairo, gdk-pixbuf and GLib/GObject/GIO that the Swift code calls,
// defined here under their own names so that the executable links none of those libraries
// (`--as-needed` drops a library no object needs): each forwards to the real function, looked up
// with dlsym the first time it is called (loading its library then; see library_loader.c).
//
// The real headers are included, so the compiler checks every definition below against the
// library's own prototype (a mismatch is a "conflicting types" error). The forwarders are
// hidden: a library loaded later never binds to them, only this program's own calls do.
// A function the Swift code starts to call that is missing here makes the linker keep the
// library as DT_NEEDED again, which DrawingLibraryLoadingTests report.
//
// None of these functions is variadic (a variadic one cannot be forwarded this way).
//
// Linux only: elsewhere (macOS) the program links the libraries as before and this file is empty.
#if defined(__linux__)
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <librsvg/rsvg.h>
#include <stdatomic.h>

#include "library_loader.h"

// The real function's address, resolved once (two threads may both resolve it: same result).
#define LM_REAL(library, name)                                                                 \
    static _Atomic(__typeof__(&name)) real;                                                     \
    __typeof__(&name) function = atomic_load_explicit(&real, memory_order_acquire);             \
    if (!function) {                                                                            \
        function = (__typeof__(&name))lm_drawing_symbol(library, #name);                        \
        atomic_store_explicit(&real, function, memory_order_release);                           \
    }

#define LM_FORWARD(library, type, name, parameters, arguments)                                  \
    __attribute__((visibility("hidden"))) type name parameters {                                \
        LM_REAL(library, name)                                                                  \
        return function arguments;                                                              \
    }

#define LM_FORWARD_VOID(library, name, parameters, arguments)                                   \
    __attribute__((visibility("hidden"))) void name parameters {                                \
        LM_REAL(library, name)                                                                  \
        function arguments;                                                                     \
    }

// GLib
LM_FORWARD(LM_GLIB, GBytes *, g_bytes_new, (gconstpointer data, gsize size), (data, size))
LM_FORWARD_VOID(LM_GLIB, g_bytes_unref, (GBytes *bytes), (bytes))
LM_FORWARD_VOID(LM_GLIB, g_error_free, (GError *error), (error))
LM_FORWARD(LM_GLIB, GChecksum *, g_checksum_new, (GChecksumType checksum_type), (checksum_type))
LM_FORWARD_VOID(LM_GLIB, g_checksum_update, (GChecksum *checksum, const guchar *data, gssize length),
                (checksum, data, length))
LM_FORWARD(LM_GLIB, const gchar *, g_checksum_get_string, (GChecksum *checksum), (checksum))
LM_FORWARD_VOID(LM_GLIB, g_checksum_free, (GChecksum *checksum), (checksum))

// GObject
LM_FORWARD_VOID(LM_GOBJECT, g_object_unref, (gpointer object), (object))

// GIO
LM_FORWARD(LM_GIO, GFile *, g_file_new_for_path, (const char *path), (path))
LM_FORWARD(LM_GIO, GInputStream *, g_memory_input_stream_new_from_bytes, (GBytes *bytes), (bytes))

// gdk-pixbuf
LM_FORWARD(LM_GDK_PIXBUF, int, gdk_pixbuf_get_bits_per_sample, (const GdkPixbuf *pixbuf), (pixbuf))
LM_FORWARD(LM_GDK_PIXBUF, gboolean, gdk_pixbuf_get_has_alpha, (const GdkPixbuf *pixbuf), (pixbuf))
LM_FORWARD(LM_GDK_PIXBUF, int, gdk_pixbuf_get_height, (const GdkPixbuf *pixbuf), (pixbuf))
LM_FORWARD(LM_GDK_PIXBUF, int, gdk_pixbuf_get_n_channels, (const GdkPixbuf *pixbuf), (pixbuf))
LM_FORWARD(LM_GDK_PIXBUF, int, gdk_pixbuf_get_rowstride, (const GdkPixbuf *pixbuf), (pixbuf))
LM_FORWARD(LM_GDK_PIXBUF, int, gdk_pixbuf_get_width, (const GdkPixbuf *pixbuf), (pixbuf))
LM_FORWARD(LM_GDK_PIXBUF, gboolean, gdk_pixbuf_loader_close, (GdkPixbufLoader *loader, GError **error), (loader, error))
LM_FORWARD(LM_GDK_PIXBUF, GdkPixbuf *, gdk_pixbuf_loader_get_pixbuf, (GdkPixbufLoader *loader), (loader))
LM_FORWARD(LM_GDK_PIXBUF, GdkPixbufLoader *, gdk_pixbuf_loader_new_with_type, (const char *image_type, GError **error), (image_type, error))
LM_FORWARD(LM_GDK_PIXBUF, gboolean, gdk_pixbuf_loader_write, (GdkPixbufLoader *loader, const guchar *buf, gsize count, GError **error), (loader, buf, count, error))
LM_FORWARD(LM_GDK_PIXBUF, const guint8 *, gdk_pixbuf_read_pixels, (const GdkPixbuf *pixbuf), (pixbuf))

// Cairo
LM_FORWARD_VOID(LM_CAIRO, cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2), (cr, xc, yc, radius, angle1, angle2))
LM_FORWARD_VOID(LM_CAIRO, cairo_clip, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_clip_extents, (cairo_t *cr, double *x1, double *y1, double *x2, double *y2), (cr, x1, y1, x2, y2))
LM_FORWARD_VOID(LM_CAIRO, cairo_close_path, (cairo_t *cr), (cr))
LM_FORWARD(LM_CAIRO, cairo_t *, cairo_create, (cairo_surface_t *target), (target))
LM_FORWARD_VOID(LM_CAIRO, cairo_destroy, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_fill, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_font_extents, (cairo_t *cr, cairo_font_extents_t *extents), (cr, extents))
LM_FORWARD(LM_CAIRO, int, cairo_format_stride_for_width, (cairo_format_t format, int width), (format, width))
LM_FORWARD_VOID(LM_CAIRO, cairo_get_matrix, (cairo_t *cr, cairo_matrix_t *matrix), (cr, matrix))
LM_FORWARD(LM_CAIRO, cairo_pattern_t *, cairo_get_source, (cairo_t *cr), (cr))
LM_FORWARD(LM_CAIRO, cairo_surface_t *, cairo_get_target, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_identity_matrix, (cairo_t *cr), (cr))
LM_FORWARD(LM_CAIRO, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height))
LM_FORWARD(LM_CAIRO, cairo_surface_t *, cairo_image_surface_create_for_data, (unsigned char *data, cairo_format_t format, int width, int height, int stride), (data, format, width, height, stride))
LM_FORWARD(LM_CAIRO, cairo_surface_t *, cairo_image_surface_create_from_png, (const char *filename), (filename))
LM_FORWARD(LM_CAIRO, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface))
LM_FORWARD(LM_CAIRO, cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t *surface), (surface))
LM_FORWARD(LM_CAIRO, int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface))
LM_FORWARD(LM_CAIRO, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface))
LM_FORWARD(LM_CAIRO, int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface))
LM_FORWARD_VOID(LM_CAIRO, cairo_mask_surface, (cairo_t *cr, cairo_surface_t *surface, double surface_x, double surface_y), (cr, surface, surface_x, surface_y))
LM_FORWARD_VOID(LM_CAIRO, cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))
LM_FORWARD_VOID(LM_CAIRO, cairo_new_path, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_paint, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_paint_with_alpha, (cairo_t *cr, double alpha), (cr, alpha))
LM_FORWARD_VOID(LM_CAIRO, cairo_pattern_add_color_stop_rgba, (cairo_pattern_t *pattern, double offset, double red, double green, double blue, double alpha), (pattern, offset, red, green, blue, alpha))
LM_FORWARD(LM_CAIRO, cairo_pattern_t *, cairo_pattern_create_linear, (double x0, double y0, double x1, double y1), (x0, y0, x1, y1))
LM_FORWARD_VOID(LM_CAIRO, cairo_pattern_destroy, (cairo_pattern_t *pattern), (pattern))
LM_FORWARD_VOID(LM_CAIRO, cairo_pattern_set_extend, (cairo_pattern_t *pattern, cairo_extend_t extend), (pattern, extend))
LM_FORWARD_VOID(LM_CAIRO, cairo_pattern_set_filter, (cairo_pattern_t *pattern, cairo_filter_t filter), (pattern, filter))
LM_FORWARD(LM_CAIRO, cairo_surface_t *, cairo_pdf_surface_create, (const char *filename, double width_in_points, double height_in_points), (filename, width_in_points, height_in_points))
LM_FORWARD_VOID(LM_CAIRO, cairo_pdf_surface_set_metadata, (cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8), (surface, metadata, utf8))
LM_FORWARD_VOID(LM_CAIRO, cairo_pop_group_to_source, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_push_group, (cairo_t *cr), (cr))
LM_FORWARD(LM_CAIRO, cairo_surface_t *, cairo_recording_surface_create, (cairo_content_t content, const cairo_rectangle_t *extents), (content, extents))
LM_FORWARD_VOID(LM_CAIRO, cairo_recording_surface_ink_extents, (cairo_surface_t *surface, double *x0, double *y0, double *width, double *height), (surface, x0, y0, width, height))
LM_FORWARD_VOID(LM_CAIRO, cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height))
LM_FORWARD_VOID(LM_CAIRO, cairo_reset_clip, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_restore, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_save, (cairo_t *cr), (cr))
LM_FORWARD_VOID(LM_CAIRO, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
LM_FORWARD_VOID(LM_CAIRO, cairo_select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight), (cr, family, slant, weight))
LM_FORWARD_VOID(LM_CAIRO, cairo_set_font_size, (cairo_t *cr, double size), (cr, size))
LM_FORWARD_VOID(LM_CAIRO, cairo_set_matrix, (cairo_t *cr, const cairo_matrix_t *matrix), (cr, matrix))
LM_FORWARD_VOID(LM_CAIRO, cairo_set_operator, (cairo_t *cr, cairo_operator_t op), (cr, op))
LM_FORWARD_VOID(LM_CAIRO, cairo_set_source, (cairo_t *cr, cairo_pattern_t *source), (cr, source))
LM_FORWARD_VOID(LM_CAIRO, cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), (cr, red, green, blue, alpha))
LM_FORWARD_VOID(LM_CAIRO, cairo_set_source_surface, (cairo_t *cr, cairo_surface_t *surface, double x, double y), (cr, surface, x, y))
LM_FORWARD_VOID(LM_CAIRO, cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8))
LM_FORWARD(LM_CAIRO, cairo_status_t, cairo_status, (cairo_t *cr), (cr))
LM_FORWARD(LM_CAIRO, const char *, cairo_status_to_string, (cairo_status_t status), (status))
LM_FORWARD_VOID(LM_CAIRO, cairo_surface_destroy, (cairo_surface_t *surface), (surface))
LM_FORWARD_VOID(LM_CAIRO, cairo_surface_finish, (cairo_surface_t *surface), (surface))
LM_FORWARD_VOID(LM_CAIRO, cairo_surface_flush, (cairo_surface_t *surface), (surface))
LM_FORWARD_VOID(LM_CAIRO, cairo_surface_mark_dirty, (cairo_surface_t *surface), (surface))
LM_FORWARD(LM_CAIRO, cairo_surface_type_t, cairo_surface_get_type, (cairo_surface_t *surface), (surface))
LM_FORWARD(LM_CAIRO, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))
LM_FORWARD(LM_CAIRO, cairo_surface_t *, cairo_svg_surface_create, (const char *filename, double width_in_points, double height_in_points), (filename, width_in_points, height_in_points))
LM_FORWARD(LM_CAIRO, cairo_surface_t *, cairo_svg_surface_create_for_stream, (cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points), (write_func, closure, width_in_points, height_in_points))
LM_FORWARD_VOID(LM_CAIRO, cairo_svg_surface_set_document_unit, (cairo_surface_t *surface, cairo_svg_unit_t unit), (surface, unit))
LM_FORWARD_VOID(LM_CAIRO, cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), (cr, utf8, extents))
LM_FORWARD_VOID(LM_CAIRO, cairo_transform, (cairo_t *cr, const cairo_matrix_t *matrix), (cr, matrix))
LM_FORWARD_VOID(LM_CAIRO, cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty))

// librsvg
LM_FORWARD(LM_RSVG, gboolean, rsvg_handle_get_geometry_for_element, (RsvgHandle *handle, const char *id, RsvgRectangle *out_ink_rect, RsvgRectangle *out_logical_rect, GError **error), (handle, id, out_ink_rect, out_logical_rect, error))
LM_FORWARD(LM_RSVG, gboolean, rsvg_handle_get_geometry_for_layer, (RsvgHandle *handle, const char *id, const RsvgRectangle *viewport, RsvgRectangle *out_ink_rect, RsvgRectangle *out_logical_rect, GError **error), (handle, id, viewport, out_ink_rect, out_logical_rect, error))
LM_FORWARD_VOID(LM_RSVG, rsvg_handle_get_intrinsic_dimensions, (RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width, gboolean *out_has_height, RsvgLength *out_height, gboolean *out_has_viewbox, RsvgRectangle *out_viewbox), (handle, out_has_width, out_width, out_has_height, out_height, out_has_viewbox, out_viewbox))
LM_FORWARD(LM_RSVG, gboolean, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *handle, gdouble *out_width, gdouble *out_height), (handle, out_width, out_height))
LM_FORWARD(LM_RSVG, gboolean, rsvg_handle_has_sub, (RsvgHandle *handle, const char *id), (handle, id))
LM_FORWARD(LM_RSVG, RsvgHandle *, rsvg_handle_new_from_stream_sync, (GInputStream *input_stream, GFile *base_file, RsvgHandleFlags flags, GCancellable *cancellable, GError **error), (input_stream, base_file, flags, cancellable, error))
LM_FORWARD(LM_RSVG, gboolean, rsvg_handle_render_document, (RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error), (handle, cr, viewport, error))
LM_FORWARD(LM_RSVG, gboolean, rsvg_handle_render_element, (RsvgHandle *handle, cairo_t *cr, const char *id, const RsvgRectangle *element_viewport, GError **error), (handle, cr, id, element_viewport, error))
LM_FORWARD_VOID(LM_RSVG, rsvg_handle_set_dpi, (RsvgHandle *handle, double dpi), (handle, dpi))

#endif  // __linux__
