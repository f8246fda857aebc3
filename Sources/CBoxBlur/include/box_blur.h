// The passes of LogoMask's GaussianBoxBlur (librsvg 2.54's feGaussianBlur from a deviation of 2
// device pixels): box blurs over 8-bit channels and the colour-space conversions, in C so that
// the compiler vectorises the column sums and the roundings. Only Swift's
// Raster/GaussianBoxBlur.swift calls these; the pixels are plain bytes (premultiplied ARGB32).
#pragma once
#include <stddef.h>
#include <stdint.h>

/// One box blur along each of `rows` rows of `count` 4-byte pixels (`row_bytes` apart, in
/// `from` and `to` alike): each channel of output pixel j is the mean of input pixels
/// `j - target .. j - target + size - 1` that lie in the row, rounded as librsvg rounds
/// (`(sum as f64 / size as f64 + 0.5) as u8`). `from` and `to` must not overlap.
void lm_box_blur_rows(const uint8_t *from, uint8_t *to, size_t row_bytes, size_t rows, size_t count,
                      size_t size, size_t target);

/// The same down every column of `rows` rows of `width` bytes (each byte a channel on its own),
/// all columns at once; `sums` is scratch for `width` 32-bit sums.
void lm_box_blur_columns(const uint8_t *from, uint8_t *to, size_t width, size_t rows, size_t size, size_t target,
                         uint32_t *sums);

/// Copies `count` 4-byte pixels, each colour byte (not the alpha, byte 3) mapped through
/// `table[alpha << 8 | colour]`; a pixel of alpha 0 is written as zeros.
void lm_map_colours(const uint8_t *from, uint8_t *to, size_t count, const uint8_t *table);
