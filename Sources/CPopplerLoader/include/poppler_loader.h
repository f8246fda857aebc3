// poppler-glib, loaded on first use: a render of an SVG never pays for loading poppler (C++,
// linked with BIND_NOW on Debian, with its own dozen libraries: about 4 ms of every start).
// Only Swift's Bridges/Poppler.swift calls these. Pointers are opaque: a PopplerDocument, a
// PopplerPage, a cairo_t.
#pragma once
#include <stddef.h>

/// 1 when libpoppler-glib could be loaded (once, thread-safe), else 0.
int lm_poppler_available(void);

/// Parses a PDF from memory (poppler keeps its own reference to the bytes). On failure returns
/// NULL, sets *encrypted to 1 for a password-protected file and *message to a malloc'd copy of
/// poppler's message (or NULL); the caller frees it.
void *lm_poppler_open(const void *data, size_t length, int *encrypted, char **message);

/// Pages in the document.
int lm_poppler_page_count(void *document);

/// Page `index` (0-based), a new reference, or NULL.
void *lm_poppler_page(void *document, int index);

/// The page's size in points.
void lm_poppler_page_size(void *page, double *width, double *height);

/// Draws the page on a cairo_t.
void lm_poppler_page_render(void *page, void *cairo);

/// Drops a reference to a document or a page.
void lm_poppler_release(void *object);
