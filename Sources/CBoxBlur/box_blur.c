// See include/box_blur.h. Compiled for baseline x86-64 (SSE2), which the column loops use.
#include "box_blur.h"
#include <string.h>

// sum / size + 0.5, truncated, as librsvg computes it in f64: the exact value's fraction is a
// multiple of 1 / (2 size) below 1, so adding a quarter of that step keeps the floor, and it
// covers float's error here (sums below 2^17: under 3e-5, a quarter step at least 5e-4).
// Checked against the f64 formula for every sum of every size up to 1001.
static inline float rounding_bias(size_t size) { return 0.5f + 0.25f / (float)size; }

static void box_row(const uint8_t *in, uint8_t *out, size_t count, size_t size, size_t target) {
    const float scale = 1.0f / (float)size, bias = rounding_bias(size);
    const size_t shift = size - target;
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

void lm_box_blur_rows(uint8_t *pixels, size_t stride, size_t rows, size_t count, lm_boxes boxes, uint8_t *scratch) {
    if (boxes.count == 0) return;
    uint8_t *a = scratch, *b = scratch + count * 4;
    for (size_t row = 0; row < rows; row++) {
        uint8_t *line = pixels + row * stride;
        // line -> a -> b -> ... the last box back into the line.
        const uint8_t *in = line;
        for (size_t k = 0; k < boxes.count; k++) {
            uint8_t *out = k + 1 == boxes.count ? line : (k % 2 == 0 ? a : b);
            if (out == line && in == line) {
                memcpy(a, line, count * 4);
                in = a;
            }
            box_row(in, out, count, boxes.size[k], boxes.target[k]);
            in = out;
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

// One box down the columns in place: before row j is overwritten its input is kept in the ring
// (slot j mod (target + 1)), where the window's trailing edge finds it target + 1 rows later.
static void box_columns(uint8_t *pixels, size_t stride, size_t width, size_t rows, size_t size, size_t target,
                        uint32_t *sums, uint8_t *ring) {
    const float scale = 1.0f / (float)size, bias = rounding_bias(size);
    const size_t shift = size - target, slots = target + 1;
    for (size_t i = 0; i < width; i++) sums[i] = 0;
    size_t first = shift < rows ? shift : rows;
    for (size_t row = 0; row < first; row++) add_row(sums, pixels + row * stride, width);
    for (size_t j = 0; j < rows; j++) {
        if (j >= 1) {
            if (j >= target + 1) subtract_row(sums, ring + ((j - target - 1) % slots) * width, width);
            if (j + shift - 1 < rows) add_row(sums, pixels + (j + shift - 1) * stride, width);
        }
        uint8_t *line = pixels + j * stride;
        memcpy(ring + (j % slots) * width, line, width);
        write_row(line, sums, width, scale, bias);
    }
}

void lm_box_blur_columns(uint8_t *pixels, size_t stride, size_t width, size_t rows, lm_boxes boxes, uint32_t *sums,
                         uint8_t *ring) {
    for (size_t k = 0; k < boxes.count; k++) {
        box_columns(pixels, stride, width, rows, boxes.size[k], boxes.target[k], sums, ring);
    }
}

void lm_map_colours(uint8_t *pixels, size_t count, const uint8_t *table) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        size_t alpha = p[3];
        if (alpha == 0) {
            p[0] = 0; p[1] = 0; p[2] = 0;
            continue;
        }
        const uint8_t *map = table + (alpha << 8);
        p[0] = map[p[0]]; p[1] = map[p[1]]; p[2] = map[p[2]];
    }
}

void lm_multiply_by_mask(uint8_t *pixels, size_t stride, size_t width, size_t rows, const uint8_t *mask,
                         size_t mask_stride) {
    for (size_t row = 0; row < rows; row++) {
        uint8_t *line = pixels + row * stride;
        const uint8_t *alpha = mask + row * mask_stride;
        for (size_t i = 0; i < width * 4; i++) {
            uint32_t t = (uint32_t)line[i] * alpha[i / 4] + 128;
            line[i] = (uint8_t)((t + (t >> 8)) >> 8);
        }
    }
}
