// The passes of LogoMask's GaussianBoxBlur (librsvg 2.54's feGaussianBlur from a deviation of 2
// device pixels): box blurs over 8-bit channels and the colour-space conversions, in place on a
// surface's rows, in C so that the compiler vectorises the column sums and the roundings. Only
// Swift's Raster/GaussianBoxBlur.swift calls these; the pixels are plain bytes (premultiplied
// ARGB32), `stride` bytes from one row to the next.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// The three box blurs of one axis, in order: each (size, target) box makes output pixel j the
/// mean of input pixels `j - target .. j - target + size - 1` that lie in the run, rounded as
/// librsvg rounds (`(sum as f64 / size as f64 + 0.5) as u8`), on each channel alone.
typedef struct {
    size_t count;
    size_t size[3];
    size_t target[3];
} lm_boxes;

/// The boxes along each of `rows` rows of `count` 4-byte pixels, in place. `scratch` holds two
/// rows (`8 * count` bytes).
void lm_box_blur_rows(uint8_t *pixels, size_t stride, size_t rows, size_t count, lm_boxes boxes, uint8_t *scratch);

/// The boxes down every column of `rows` rows of `width` bytes (each byte a channel on its own),
/// all columns at once, in place. `sums` holds `width` 32-bit sums; `ring` holds up to 251 rows
/// (`width * (largest target + 1)` bytes) of the input already overwritten.
void lm_box_blur_columns(uint8_t *pixels, size_t stride, size_t width, size_t rows, lm_boxes boxes, uint32_t *sums,
                         uint8_t *ring);

/// Maps `count` 4-byte pixels in place, each colour byte (not the alpha, byte 3) through
/// `table[alpha << 8 | colour]`; a pixel of alpha 0 becomes zeros.
void lm_map_colours(uint8_t *pixels, size_t count, const uint8_t *table);

/// Multiplies each byte of `rows` rows of `width` 4-byte pixels by the row's A8 `mask` byte for
/// that pixel, rounded as pixman's `MUL_UN8` (`t = p * m + 128; (t + (t >> 8)) >> 8`): a surface
/// painted through a mask onto a transparent one.
void lm_multiply_by_mask(uint8_t *pixels, size_t stride, size_t width, size_t rows, const uint8_t *mask,
                         size_t mask_stride);
