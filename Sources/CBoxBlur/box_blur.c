// See include/box_blur.h. Compiled for baseline x86-64 (SSE2), which the column loops use.
#include "box_blur.h"

// sum / size + 0.5, truncated, as librsvg computes it in f64: the exact value's fraction is a
// multiple of 1 / (2 size) below 1, so adding a quarter of that step keeps the floor, and it
// covers float's error here (sums below 2^17: under 3e-5, a quarter step at least 5e-4).
static inline float rounding_bias(size_t size) { return 0.5f + 0.25f / (float)size; }

void lm_box_blur_rows(const uint8_t *from, uint8_t *to, size_t row_bytes, size_t rows, size_t count,
                      size_t size, size_t target) {
    const float scale = 1.0f / (float)size, bias = rounding_bias(size);
    const size_t shift = size - target;
    for (size_t row = 0; row < rows; row++) {
        const uint8_t *in = from + row * row_bytes;
        uint8_t *out = to + row * row_bytes;
        uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        size_t first = shift < count ? shift : count;
        for (size_t j = 0; j < first; j++) {
            s0 += in[j * 4]; s1 += in[j * 4 + 1]; s2 += in[j * 4 + 2]; s3 += in[j * 4 + 3];
        }
        out[0] = (uint8_t)(int)((float)s0 * scale + bias);
        out[1] = (uint8_t)(int)((float)s1 * scale + bias);
        out[2] = (uint8_t)(int)((float)s2 * scale + bias);
        out[3] = (uint8_t)(int)((float)s3 * scale + bias);
        for (size_t j = 1; j < count; j++) {
            if (j >= target + 1) {
                const uint8_t *old = in + (j - target - 1) * 4;
                s0 -= old[0]; s1 -= old[1]; s2 -= old[2]; s3 -= old[3];
            }
            if (j + shift - 1 < count) {
                const uint8_t *new = in + (j + shift - 1) * 4;
                s0 += new[0]; s1 += new[1]; s2 += new[2]; s3 += new[3];
            }
            uint8_t *p = out + j * 4;
            p[0] = (uint8_t)(int)((float)s0 * scale + bias);
            p[1] = (uint8_t)(int)((float)s1 * scale + bias);
            p[2] = (uint8_t)(int)((float)s2 * scale + bias);
            p[3] = (uint8_t)(int)((float)s3 * scale + bias);
        }
    }
}

static void add_row(uint32_t *restrict sums, const uint8_t *restrict row, size_t width) {
    for (size_t i = 0; i < width; i++) sums[i] += row[i];
}

static void subtract_row(uint32_t *restrict sums, const uint8_t *restrict row, size_t width) {
    for (size_t i = 0; i < width; i++) sums[i] -= row[i];
}

static void write_row(uint8_t *restrict out, const uint32_t *restrict sums, size_t width, float scale, float bias) {
    for (size_t i = 0; i < width; i++) out[i] = (uint8_t)(int)((float)sums[i] * scale + bias);
}

void lm_box_blur_columns(const uint8_t *from, uint8_t *to, size_t width, size_t rows, size_t size, size_t target,
                         uint32_t *sums) {
    const float scale = 1.0f / (float)size, bias = rounding_bias(size);
    const size_t shift = size - target;
    for (size_t i = 0; i < width; i++) sums[i] = 0;
    size_t first = shift < rows ? shift : rows;
    for (size_t row = 0; row < first; row++) add_row(sums, from + row * width, width);
    write_row(to, sums, width, scale, bias);
    for (size_t j = 1; j < rows; j++) {
        if (j >= target + 1) subtract_row(sums, from + (j - target - 1) * width, width);
        if (j + shift - 1 < rows) add_row(sums, from + (j + shift - 1) * width, width);
        write_row(to + j * width, sums, width, scale, bias);
    }
}

void lm_map_colours(const uint8_t *from, uint8_t *to, size_t count, const uint8_t *table) {
    for (size_t i = 0; i < count; i++) {
        const uint8_t *p = from + i * 4;
        uint8_t *q = to + i * 4;
        size_t alpha = p[3];
        if (alpha == 0) {
            q[0] = 0; q[1] = 0; q[2] = 0; q[3] = 0;
            continue;
        }
        const uint8_t *map = table + (alpha << 8);
        q[0] = map[p[0]]; q[1] = map[p[1]]; q[2] = map[p[2]]; q[3] = (uint8_t)alpha;
    }
}
