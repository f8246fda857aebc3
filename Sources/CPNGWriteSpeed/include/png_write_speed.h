// Faster PNG writes by libpng on the calling thread, for Cairo's SVG surface in memory when the
// outline is read back (see png_write_speed.c). Only Swift's Bridges/Cairo/CairoSVGStream.swift
// calls these.
#ifndef PNG_WRITE_SPEED_H
#define PNG_WRITE_SPEED_H

/// From here until the matching lm_fast_png_writes_end on this thread, the PNG files libpng
/// starts writing are deflated at level 1 without row filters. Calls nest.
void lm_fast_png_writes_begin(void);
/// Ends the span lm_fast_png_writes_begin started.
void lm_fast_png_writes_end(void);
/// How many PNG writes were made faster since the process started (for tests).
unsigned long lm_fast_png_writes_count(void);

#endif
