// librsvg, Cairo, gdk-pixbuf and GLib/GObject/GIO, loaded on first use: the executable links
// none of them (see the forwarders in forwarders.c and Benchmarks/PERFORMANCE.md), so
// `--version`, `--help` and the commands that never draw map none of their ~50 libraries.
// Only Swift's Bridges/DrawingLibraries.swift calls these.
#pragma once

/// Loads every drawing library (once per library, thread-safe) without ending the process when
/// one is missing: returns NULL when all are loaded, else the soname of the first one that could
/// not be loaded, with *reason set to why and the Debian package to install (static strings).
const char *lm_drawing_libraries_missing(const char **reason);
