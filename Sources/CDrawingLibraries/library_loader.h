// Internal to CDrawingLibraries: the libraries the forwarders resolve their functions in.
#pragma once

/// One shared library the drawing code calls into. The order is the order of their dependencies
/// (GLib first), which is also the order lm_drawing_libraries_problem loads them in.
enum lm_drawing_library {
    LM_GLIB, LM_GOBJECT, LM_GIO, LM_GDK_PIXBUF, LM_CAIRO, LM_RSVG, LM_DRAWING_LIBRARY_COUNT
};

/// The address of `name` in `library`, loading the library first if it is not yet loaded.
/// When the library cannot be loaded, or lacks the function, writes one line naming it and the
/// Debian package to install, and ends the process with status 69 (EX_UNAVAILABLE): a
/// forwarder has no way to report an error to its caller.
void *lm_drawing_symbol(enum lm_drawing_library library, const char *name);
