// pixman's gradient composites for the logo-mask executable: glibc-style interposition, as for
// png_create_write_struct (Sources/CPNGWriteSpeed), of the pixman entry points Cairo calls to
// fill a shape with a linear or radial gradient.
//
// Why: at 4096 px, the gradient-heavy Tango and Breeze icons spend half of `render`'s time in
// pixman's gradient fetch. pixman computes each pixel through an indirect call into its gradient
// walker, into a scanline buffer, and only then multiplies by the coverage and composites
// (internet-web-browser: 57 % of its samples in pixman, 45 % in the walker and the radial solver).
// Here the same numbers come out of loops the compiler vectorises: a row's positions (radial ones
// four at a time with AVX2), their colours run by run within one stop segment, then the combiner.
//
// The arithmetic is pixman 0.42's, step for step, so the bytes are the same:
// - the position of each pixel centre, through pixman's own pixman_transform_point_3d;
// - linear: the 32.32 position `t + (int64)(inc * i)` from the row's first pixel, pixman's
//   horizontal case (one row computed for a whole box) and its one-colour case;
// - radial: pixman's exact 64-bit B and C stepped along the row, its double discriminant and roots;
// - the gradient walker: its stop search and sentinels per repeat mode, its float slopes and
//   intercepts, the colour `(int)(255 * (a_s * y + a_b) + 0.5)` and the premultiplied channels;
// - the combiners OVER and SOURCE with an a8 coverage: pixman's MUL_UN8 rounding and saturating add.
// pixman applies each composite box by box, and a row's positions depend on where its box starts,
// so the boxes are pixman's own (pixman_compute_composite_region).
//
// What is taken: OVER or SOURCE of a gradient made here, with no transform or an affine one, onto
// an a8r8g8b8 image, with no mask or Cairo's span coverage (an a8 image of one repeated row,
// stride 0). Everything else, any pixman but 0.42, and every composite once an image is dithered,
// goes to pixman unchanged. No FMA: the
// multiplies and adds round one by one, as pixman's do.
#define _GNU_SOURCE
#include "pixman_gradients.h"

#include "pixel_runs.h"  // lm_pixel_runs_avx2: the one CPU check

#if defined(__linux__)

#include <dlfcn.h>
#include <float.h>
#include <math.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <pixman.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#pragma STDC FP_CONTRACT OFF

// MARK: - The real pixman

static struct {
    pixman_image_t *(*create_linear)(const pixman_point_fixed_t *, const pixman_point_fixed_t *,
                                     const pixman_gradient_stop_t *, int);
    pixman_image_t *(*create_radial)(const pixman_point_fixed_t *, const pixman_point_fixed_t *, pixman_fixed_t,
                                     pixman_fixed_t, const pixman_gradient_stop_t *, int);
    pixman_bool_t (*set_transform)(pixman_image_t *, const pixman_transform_t *);
    void (*set_repeat)(pixman_image_t *, pixman_repeat_t);
    void (*set_dither)(pixman_image_t *, pixman_dither_t);
    void (*composite32)(pixman_op_t, pixman_image_t *, pixman_image_t *, pixman_image_t *, int32_t, int32_t, int32_t,
                        int32_t, int32_t, int32_t, int32_t, int32_t);
    void (*set_destroy_function)(pixman_image_t *, pixman_image_destroy_func_t, void *);
    void *(*get_destroy_data)(pixman_image_t *);
    pixman_format_code_t (*get_format)(pixman_image_t *);
    uint32_t *(*get_data)(pixman_image_t *);
    int (*get_width)(pixman_image_t *);
    int (*get_height)(pixman_image_t *);
    int (*get_stride)(pixman_image_t *);
    pixman_bool_t (*get_component_alpha)(pixman_image_t *);
    pixman_bool_t (*transform_point_3d)(const struct pixman_transform *, struct pixman_vector *);
    pixman_bool_t (*compute_region)(pixman_region16_t *, pixman_image_t *, pixman_image_t *, pixman_image_t *, int16_t,
                                    int16_t, int16_t, int16_t, int16_t, int16_t, uint16_t, uint16_t);
    void (*region_init)(pixman_region16_t *);
    void (*region_fini)(pixman_region16_t *);
    pixman_box16_t *(*region_rectangles)(pixman_region16_t *, int *);
    int (*version)(void);
} real;

static pthread_mutex_t resolve_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int resolved;    // 1 once pixman was found loaded and looked up (retried until then)
static int arithmetic_known;   // every helper was found and the pixman is 0.42, whose arithmetic this file follows
static atomic_int requested = 1;
static atomic_int dither_seen;  // a caller asked pixman to dither: its composites then take another path
static _Atomic unsigned long taken_count;

#define FIND(field, name)                                   \
    do {                                                    \
        *(void **)(&real.field) = dlsym(library, name);     \
        if (real.field == NULL) found_all = 0;              \
    } while (0)

// Looks pixman up once it is loaded. Cairo's pixman, wherever it was loaded (the drawing
// libraries are opened RTLD_LOCAL, outside the global scope RTLD_NEXT searches): whoever calls
// one of the entry points below has it loaded; the switch's getter may ask before any draw, and
// then the lookup is tried again later. Each entry point checks its own function: a pixman
// without `pixman_image_set_dither` (before 0.42) still gets every call forwarded.
static int ready(void) {
    if (atomic_load_explicit(&resolved, memory_order_acquire)) return 1;
    pthread_mutex_lock(&resolve_lock);
    if (!atomic_load_explicit(&resolved, memory_order_relaxed)) {
        void *library = dlopen("libpixman-1.so.0", RTLD_LAZY | RTLD_NOLOAD);
        if (library != NULL) {
            int found_all = 1;
            FIND(create_linear, "pixman_image_create_linear_gradient");
            FIND(create_radial, "pixman_image_create_radial_gradient");
            FIND(set_transform, "pixman_image_set_transform");
            FIND(set_repeat, "pixman_image_set_repeat");
            FIND(set_dither, "pixman_image_set_dither");
            FIND(composite32, "pixman_image_composite32");
            FIND(set_destroy_function, "pixman_image_set_destroy_function");
            FIND(get_destroy_data, "pixman_image_get_destroy_data");
            FIND(get_format, "pixman_image_get_format");
            FIND(get_data, "pixman_image_get_data");
            FIND(get_width, "pixman_image_get_width");
            FIND(get_height, "pixman_image_get_height");
            FIND(get_stride, "pixman_image_get_stride");
            FIND(get_component_alpha, "pixman_image_get_component_alpha");
            FIND(transform_point_3d, "pixman_transform_point_3d");
            FIND(compute_region, "pixman_compute_composite_region");
            FIND(region_init, "pixman_region_init");
            FIND(region_fini, "pixman_region_fini");
            FIND(region_rectangles, "pixman_region_rectangles");
            FIND(version, "pixman_version");
            dlclose(library);  // RTLD_NOLOAD took a reference; Cairo still holds the library.
            if (found_all) {
                int version = real.version();
                arithmetic_known = version >= PIXMAN_VERSION_ENCODE(0, 42, 0) && version < PIXMAN_VERSION_ENCODE(0, 43, 0);
            }
            atomic_store_explicit(&resolved, 1, memory_order_release);
        }
    }
    pthread_mutex_unlock(&resolve_lock);
    return atomic_load_explicit(&resolved, memory_order_acquire);
}

static int taking(void) {
    return arithmetic_known && atomic_load_explicit(&requested, memory_order_relaxed) &&
           !atomic_load_explicit(&dither_seen, memory_order_relaxed);
}

void lm_pixman_gradients_set_enabled(int enabled) { atomic_store(&requested, enabled ? 1 : 0); }

int lm_pixman_gradients_enabled(void) {
    // Before the first draw pixman may not be loaded yet: the answer is then what was asked.
    int known = ready();
    return (known ? arithmetic_known : 1) && atomic_load(&requested) && !atomic_load(&dither_seen);
}

unsigned long lm_pixman_gradients_taken(void) { return atomic_load(&taken_count); }

// MARK: - What each gradient was made with

enum { RECORD_SLOTS = 512, MOST_STOPS = 62 };

// A gradient made through this file: what pixman was given, kept because pixman's image is opaque.
// The slot is the image's destroy data, and returns to the free list when pixman destroys it.
typedef struct {
    _Atomic(pixman_image_t *) image;  // NULL while the slot is free
    int radial;
    int usable;  // 0 once pixman refused a transform set on it
    pixman_repeat_t repeat;
    int has_transform;
    pixman_transform_t transform;
    int stop_count;
    // pixman's stops with its two sentinels: stops[0] before the first, stops[stop_count + 1] after
    // the last, set per repeat mode as pixman sets them (gradient_property_changed).
    pixman_gradient_stop_t stops[MOST_STOPS + 2];
    pixman_point_fixed_t p1, p2;
    int64_t linear_dx, linear_dy, linear_l;  // p2 - p1 (pixman's 32-bit difference) and its length squared
    pixman_fixed_t c1_x, c1_y, c1_radius, delta_x, delta_y, delta_radius;
    double a, inva, mindr;
} gradient_record;

static gradient_record records[RECORD_SLOTS];
static int free_slots[RECORD_SLOTS];
static int free_count;
static int never_used = 0;
static pthread_mutex_t records_lock = PTHREAD_MUTEX_INITIALIZER;

static gradient_record *take_slot(pixman_image_t *image) {
    gradient_record *record = NULL;
    pthread_mutex_lock(&records_lock);
    if (free_count > 0) record = &records[free_slots[--free_count]];
    else if (never_used < RECORD_SLOTS) record = &records[never_used++];
    pthread_mutex_unlock(&records_lock);
    if (record == NULL) return NULL;  // all in use: this gradient is left to pixman
    record->usable = 1;
    record->repeat = PIXMAN_REPEAT_NONE;
    record->has_transform = 0;
    atomic_store(&record->image, image);
    return record;
}

static void release_slot(pixman_image_t *image, void *data) {
    (void)image;
    gradient_record *record = data;
    atomic_store(&record->image, NULL);
    pthread_mutex_lock(&records_lock);
    free_slots[free_count++] = (int)(record - records);
    pthread_mutex_unlock(&records_lock);
}

// The record of a gradient made here; NULL for any other image. The destroy data is only compared
// with the slots' addresses, never read, unless it is one of them.
static gradient_record *record_of(pixman_image_t *image) {
    uintptr_t data = (uintptr_t)real.get_destroy_data(image);
    uintptr_t first = (uintptr_t)records;
    if (data < first || data >= first + sizeof(records) || (data - first) % sizeof(gradient_record) != 0) return NULL;
    gradient_record *record = (gradient_record *)data;
    return atomic_load(&record->image) == image ? record : NULL;
}

static void set_sentinels(gradient_record *record) {
    int n = record->stop_count;
    pixman_gradient_stop_t *stops = &record->stops[1];
    pixman_gradient_stop_t *begin = &record->stops[0], *end = &record->stops[n + 1];
    static const pixman_color_t transparent = {0, 0, 0, 0};
    switch (record->repeat) {
        case PIXMAN_REPEAT_NORMAL:
            begin->x = stops[n - 1].x - pixman_fixed_1;
            begin->color = stops[n - 1].color;
            end->x = stops[0].x + pixman_fixed_1;
            end->color = stops[0].color;
            break;
        case PIXMAN_REPEAT_REFLECT:
            begin->x = -stops[0].x;
            begin->color = stops[0].color;
            end->x = pixman_int_to_fixed(2) - stops[n - 1].x;
            end->color = stops[n - 1].color;
            break;
        case PIXMAN_REPEAT_PAD:
            begin->x = INT32_MIN;
            begin->color = stops[0].color;
            end->x = INT32_MAX;
            end->color = stops[n - 1].color;
            break;
        default:
            begin->x = INT32_MIN;
            begin->color = transparent;
            end->x = INT32_MAX;
            end->color = transparent;
            break;
    }
}

static gradient_record *record_new(pixman_image_t *image, const pixman_gradient_stop_t *stops, int n_stops) {
    if (image == NULL || n_stops <= 0 || n_stops > MOST_STOPS || !taking()) return NULL;
    gradient_record *record = take_slot(image);
    if (record == NULL) return NULL;
    record->stop_count = n_stops;
    memcpy(&record->stops[1], stops, (size_t)n_stops * sizeof(pixman_gradient_stop_t));
    set_sentinels(record);
    real.set_destroy_function(image, release_slot, record);
    return record;
}

// MARK: - The interposed entry points

static int64_t wrapped_product(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static int64_t wrapped_dot(int64_t x1, int64_t y1, int64_t z1, int64_t x2, int64_t y2, int64_t z2) {
    return (int64_t)((uint64_t)wrapped_product(x1, x2) + (uint64_t)wrapped_product(y1, y2) +
                     (uint64_t)wrapped_product(z1, z2));
}
static pixman_fixed_t wrapped_difference(pixman_fixed_t a, pixman_fixed_t b) {
    return (pixman_fixed_t)((uint32_t)a - (uint32_t)b);
}

pixman_image_t *pixman_image_create_linear_gradient(const pixman_point_fixed_t *p1, const pixman_point_fixed_t *p2,
                                                    const pixman_gradient_stop_t *stops, int n_stops) {
    if (!ready() || real.create_linear == NULL) return NULL;
    pixman_image_t *image = real.create_linear(p1, p2, stops, n_stops);
    gradient_record *record = record_new(image, stops, n_stops);
    if (record != NULL) {
        record->radial = 0;
        record->p1 = *p1;
        record->p2 = *p2;
        record->linear_dx = wrapped_difference(p2->x, p1->x);
        record->linear_dy = wrapped_difference(p2->y, p1->y);
        record->linear_l = record->linear_dx * record->linear_dx + record->linear_dy * record->linear_dy;
    }
    return image;
}

pixman_image_t *pixman_image_create_radial_gradient(const pixman_point_fixed_t *inner, const pixman_point_fixed_t *outer,
                                                    pixman_fixed_t inner_radius, pixman_fixed_t outer_radius,
                                                    const pixman_gradient_stop_t *stops, int n_stops) {
    if (!ready() || real.create_radial == NULL) return NULL;
    pixman_image_t *image = real.create_radial(inner, outer, inner_radius, outer_radius, stops, n_stops);
    gradient_record *record = record_new(image, stops, n_stops);
    if (record != NULL) {
        record->radial = 1;
        record->c1_x = inner->x;
        record->c1_y = inner->y;
        record->c1_radius = inner_radius;
        record->delta_x = wrapped_difference(outer->x, inner->x);
        record->delta_y = wrapped_difference(outer->y, inner->y);
        record->delta_radius = wrapped_difference(outer_radius, inner_radius);
        // As pixman: exact in 64 bits, then one conversion to double.
        record->a = (double)wrapped_dot(record->delta_x, record->delta_y, -(int64_t)record->delta_radius,
                                        record->delta_x, record->delta_y, record->delta_radius);
        record->inva = record->a != 0 ? 1. * pixman_fixed_1 / record->a : 0;
        record->mindr = -1. * pixman_fixed_1 * record->c1_radius;
    }
    return image;
}

pixman_bool_t pixman_image_set_transform(pixman_image_t *image, const pixman_transform_t *transform) {
    if (!ready() || real.set_transform == NULL) return 0;
    pixman_bool_t result = real.set_transform(image, transform);
    gradient_record *record = record_of(image);
    if (record != NULL) {
        static const pixman_transform_t identity = {
            {{pixman_fixed_1, 0, 0}, {0, pixman_fixed_1, 0}, {0, 0, pixman_fixed_1}}};
        if (!result) record->usable = 0;
        else if (transform == NULL || memcmp(transform, &identity, sizeof identity) == 0) record->has_transform = 0;
        else {
            record->has_transform = 1;
            record->transform = *transform;
        }
    }
    return result;
}

void pixman_image_set_repeat(pixman_image_t *image, pixman_repeat_t repeat) {
    if (!ready() || real.set_repeat == NULL) return;
    real.set_repeat(image, repeat);
    gradient_record *record = record_of(image);
    if (record != NULL) {
        record->repeat = repeat;
        set_sentinels(record);
    }
}

// Dithering (Cairo 1.18 can ask for it) sends pixman's composites through its float path: once any
// image is dithered, every composite is left to pixman.
void pixman_image_set_dither(pixman_image_t *image, pixman_dither_t dither) {
    if (!ready() || real.set_dither == NULL) return;
    if (dither != PIXMAN_DITHER_NONE) atomic_store(&dither_seen, 1);
    real.set_dither(image, dither);
}

// MARK: - The gradient walker (pixman-gradient-walker.c)

typedef struct {
    const pixman_gradient_stop_t *stops;  // the first stop; stops[-1] and stops[count] are the sentinels
    int count;
    pixman_repeat_t repeat;
    int64_t left_x, right_x;
    float a_s, a_b, r_s, r_b, g_s, g_b, b_s, b_b;
    int need_reset;
} walker;

static void walker_init(walker *w, const gradient_record *record) {
    w->stops = &record->stops[1];
    w->count = record->stop_count;
    w->repeat = record->repeat;
    w->left_x = 0;
    w->right_x = 0x10000;
    w->need_reset = 1;
}

static void walker_reset(walker *w, int64_t pos) {
    int64_t x, left_x, right_x;
    const pixman_color_t *left_c, *right_c;
    int n, count = w->count;
    const pixman_gradient_stop_t *stops = w->stops;

    if (w->repeat == PIXMAN_REPEAT_NORMAL) {
        x = (int32_t)pos & 0xffff;
    } else if (w->repeat == PIXMAN_REPEAT_REFLECT) {
        x = (int32_t)pos & 0xffff;
        if ((int32_t)pos & 0x10000) x = 0x10000 - x;
    } else {
        x = pos;
    }
    for (n = 0; n < count; n++)
        if (x < stops[n].x) break;
    left_x = stops[n - 1].x;
    left_c = &stops[n - 1].color;
    right_x = stops[n].x;
    right_c = &stops[n].color;

    if (w->repeat == PIXMAN_REPEAT_NORMAL) {
        left_x += (pos - x);
        right_x += (pos - x);
    } else if (w->repeat == PIXMAN_REPEAT_REFLECT) {
        if ((int32_t)pos & 0x10000) {
            int32_t swapped_x = 0x10000 - (int32_t)right_x;
            right_x = 0x10000 - left_x;
            left_x = swapped_x;
            const pixman_color_t *swapped_c = right_c;
            right_c = left_c;
            left_c = swapped_c;
            x = 0x10000 - x;
        }
        left_x += (pos - x);
        right_x += (pos - x);
    } else if (w->repeat == PIXMAN_REPEAT_NONE) {
        if (n == 0) right_c = left_c;
        else if (n == count) left_c = right_c;
    }

    float la = left_c->alpha * (1.0f / 257.0f), lr = left_c->red * (1.0f / 257.0f);
    float lg = left_c->green * (1.0f / 257.0f), lb = left_c->blue * (1.0f / 257.0f);
    float ra = right_c->alpha * (1.0f / 257.0f), rr = right_c->red * (1.0f / 257.0f);
    float rg = right_c->green * (1.0f / 257.0f), rb = right_c->blue * (1.0f / 257.0f);
    float lx = left_x * (1.0f / 65536.0f);
    float rx = right_x * (1.0f / 65536.0f);

    float width = rx - lx;
    if ((-FLT_MIN < width && width < FLT_MIN) || left_x == INT32_MIN || right_x == INT32_MAX) {
        w->a_s = w->r_s = w->g_s = w->b_s = 0.0f;
        w->a_b = (la + ra) / 510.0f;
        w->r_b = (lr + rr) / 510.0f;
        w->g_b = (lg + rg) / 510.0f;
        w->b_b = (lb + rb) / 510.0f;
    } else {
        float w_rec = 1.0f / (rx - lx);
        w->a_b = (la * rx - ra * lx) * w_rec * (1.0f / 255.0f);
        w->r_b = (lr * rx - rr * lx) * w_rec * (1.0f / 255.0f);
        w->g_b = (lg * rx - rg * lx) * w_rec * (1.0f / 255.0f);
        w->b_b = (lb * rx - rb * lx) * w_rec * (1.0f / 255.0f);
        w->a_s = (ra - la) * w_rec * (1.0f / 255.0f);
        w->r_s = (rr - lr) * w_rec * (1.0f / 255.0f);
        w->g_s = (rg - lg) * w_rec * (1.0f / 255.0f);
        w->b_s = (rb - lb) * w_rec * (1.0f / 255.0f);
    }
    w->left_x = left_x;
    w->right_x = right_x;
    w->need_reset = 0;
}

static inline uint32_t walker_pixel(walker *w, int64_t x) {
    if (w->need_reset || x < w->left_x || x >= w->right_x) walker_reset(w, x);
    float y = x * (1.0f / 65536.0f);
    float a = 255.f * (w->a_s * y + w->a_b);
    float r = a * (w->r_s * y + w->r_b);
    float g = a * (w->g_s * y + w->g_b);
    float b = a * (w->b_s * y + w->b_b);
    return (((uint32_t)(int32_t)(a + .5f) << 24) & 0xff000000) | (((uint32_t)(int32_t)(r + .5f) << 16) & 0x00ff0000) |
           (((uint32_t)(int32_t)(g + .5f) << 8) & 0x0000ff00) | (((uint32_t)(int32_t)(b + .5f)) & 0x000000ff);
}

// MARK: - Colours from positions

// The loops marked so are written for the vectoriser; with AVX2 (chosen at load time) eight
// lanes. Neither build fuses a multiply and an add (no FMA target, FP_CONTRACT OFF).
#if defined(__x86_64__)
#define VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VECTOR_CLONES
#endif

// The colours of `count` positions that all lie in the walker's current stop segment, between two
// stops, so within 32 bits: each lane does pixman's float operations one by one.

VECTOR_CLONES static void colour_run(const walker *w, const int64_t *positions, uint32_t *out, int count) {
    const float a_s = w->a_s, a_b = w->a_b, r_s = w->r_s, r_b = w->r_b;
    const float g_s = w->g_s, g_b = w->g_b, b_s = w->b_s, b_b = w->b_b;
    for (int i = 0; i < count; i++) {
        float y = (float)(int32_t)positions[i] * (1.0f / 65536.0f);
        float a = 255.f * (a_s * y + a_b);
        float r = a * (r_s * y + r_b);
        float g = a * (g_s * y + g_b);
        float b = a * (b_s * y + b_b);
        out[i] = ((uint32_t)(int32_t)(a + .5f) << 24) | (((uint32_t)(int32_t)(r + .5f) & 0xff) << 16) |
                 (((uint32_t)(int32_t)(g + .5f) & 0xff) << 8) | ((uint32_t)(int32_t)(b + .5f) & 0xff);
    }
}

// The colour of each position whose `clear` byte is 0; 0 where it is 1. Runs of positions in one
// stop segment go to colour_run; what falls outside 32 bits goes through the walker one by one.
static void colours_from_positions(walker *w, const int64_t *positions, const uint8_t *clear, uint32_t *out,
                                   int count) {
    int i = 0;
    while (i < count) {
        if (clear[i]) {
            out[i++] = 0;
            continue;
        }
        int64_t x = positions[i];
        if (w->need_reset || x < w->left_x || x >= w->right_x) walker_reset(w, x);
        int end = i + 1;
        const int64_t left = w->left_x, right = w->right_x;
        while (end + 8 <= count) {  // eight at a time, without a branch per pixel
            int inside = 1;
            for (int k = end; k < end + 8; k++) inside &= !clear[k] & (positions[k] >= left) & (positions[k] < right);
            if (!inside) break;
            end += 8;
        }
        while (end < count && !clear[end] && positions[end] >= left && positions[end] < right) end++;
        if (w->a_s == 0 && w->r_s == 0 && w->g_s == 0 && w->b_s == 0) {
            // One colour (past the end stops, or between two equal ones): pixman's slopes are 0,
            // so every position gives the same bytes.
            uint32_t colour = walker_pixel(w, x);
            for (int k = i; k < end; k++) out[k] = colour;
        } else if (w->left_x >= INT32_MIN && w->right_x <= (int64_t)INT32_MAX + 1) {
            colour_run(w, positions + i, out + i, end - i);
        } else {
            for (int k = i; k < end; k++) out[k] = walker_pixel(w, positions[k]);
        }
        i = end;
    }
}

// MARK: - Positions along a row (pixman-linear-gradient.c, pixman-radial-gradient.c)

// The pixel centre (x, y) through the gradient's transform, as pixman takes it; 0 on overflow.
static int pixel_centre(const gradient_record *record, int x, int y, pixman_vector_t *v) {
    v->vector[0] = pixman_int_to_fixed(x) + pixman_fixed_1 / 2;
    v->vector[1] = pixman_int_to_fixed(y) + pixman_fixed_1 / 2;
    v->vector[2] = pixman_fixed_1;
    return record->has_transform ? real.transform_point_3d(&record->transform, v) : 1;
}

// Where a row from (x, y) starts in the gradient's space, and the step from one pixel to the next.
static void row_start(const gradient_record *record, int x, int y, pixman_vector_t *v, pixman_fixed_t unit[2]) {
    pixel_centre(record, x, y, v);  // checked before the composite is taken
    if (record->has_transform) {
        unit[0] = record->transform.matrix[0][0];
        unit[1] = record->transform.matrix[1][0];
    } else {
        unit[0] = pixman_fixed_1;
        unit[1] = 0;
    }
}

// pixman's test for a linear gradient that does not change down `height` rows.
static int linear_is_horizontal(const gradient_record *record, int height) {
    int64_t v0, v1, v2;
    if (record->has_transform) {
        const pixman_fixed_t(*m)[3] = record->transform.matrix;
        if (m[2][0] != 0 || m[2][1] != 0 || m[2][2] == 0) return 0;
        v0 = m[0][1];
        v1 = m[1][1];
        v2 = m[2][2];
    } else {
        v0 = 0;
        v1 = pixman_fixed_1;
        v2 = pixman_fixed_1;
    }
    int64_t dx = record->linear_dx, dy = record->linear_dy, l = record->linear_l;
    if (l == 0) return 0;
    double inc = height * (double)pixman_fixed_1 * pixman_fixed_1 * (dx * v0 + dy * v1) / (v2 * (double)l);
    return -1 < inc && inc < 1;
}

// pixman's `t + (int64)(inc * i)` for i from 0. When every `inc * i` lies within 32 bits, the
// truncation to 32 bits is the same number, and vectors do it.
VECTOR_CLONES static void steps_along(int64_t t, double inc, int width, int64_t *positions) {
    if (fabs(inc) * width < 2147483000.0) {
        for (int i = 0; i < width; i++) positions[i] = t + (int32_t)(inc * i);
    } else {
        for (int i = 0; i < width; i++) positions[i] = t + (int64_t)(inc * i);
    }
}

// The walker positions of one row of `width` pixels from (x, y); `clear` marks the pixels whose
// colour pixman does not compute (no coverage), where `mask` is given.
static void linear_positions(const gradient_record *record, int x, int y, int width, const uint8_t *mask,
                             int64_t *positions, uint8_t *clear) {
    pixman_vector_t v;
    pixman_fixed_t unit[2];
    row_start(record, x, y, &v, unit);
    int64_t dx = record->linear_dx, dy = record->linear_dy, l = record->linear_l;
    int64_t t;
    double inc;
    if (l == 0 || v.vector[2] == 0) {
        t = 0;
        inc = 0;
    } else {
        double invden = pixman_fixed_1 * (double)pixman_fixed_1 / (l * (double)v.vector[2]);
        double v2 = v.vector[2] * (1. / pixman_fixed_1);
        t = (int64_t)(((dx * v.vector[0] + dy * v.vector[1]) - (dx * record->p1.x + dy * record->p1.y) * v2) * invden);
        inc = (dx * unit[0] + dy * unit[1]) * invden;
    }
    if ((int64_t)(inc * width) == 0) {
        // pixman's one-colour row: every pixel, covered or not.
        for (int i = 0; i < width; i++) positions[i] = t;
        memset(clear, 0, (size_t)width);
        return;
    }
    steps_along(t, inc, width, positions);
    if (mask == NULL) memset(clear, 0, (size_t)width);
    else for (int i = 0; i < width; i++) clear[i] = mask[i] == 0;
}

// The walker position of one radial pixel, or 0 where pixman leaves it transparent.
static inline int radial_position(const gradient_record *record, double b, double c, int64_t *position) {
    double a = record->a, dr = record->delta_radius, mindr = record->mindr;
    int none = record->repeat == PIXMAN_REPEAT_NONE;
    if (a == 0) {
        if (b == 0) return 0;
        double t = pixman_fixed_1 / 2 * c / b;
        if (none ? (0 <= t && t <= pixman_fixed_1) : (t * dr >= mindr)) {
            *position = (int64_t)t;
            return 1;
        }
        return 0;
    }
    double discr = b * b + a * -c + 0. * 0.;
    if (discr >= 0) {
        double sqrtdiscr = sqrt(discr);
        double t0 = (b + sqrtdiscr) * record->inva;
        double t1 = (b - sqrtdiscr) * record->inva;
        if (none ? (0 <= t0 && t0 <= pixman_fixed_1) : (t0 * dr >= mindr)) {
            *position = (int64_t)t0;
            return 1;
        }
        if (none ? (0 <= t1 && t1 <= pixman_fixed_1) : (t1 * dr >= mindr)) {
            *position = (int64_t)t1;
            return 1;
        }
    }
    return 0;
}

#if defined(__x86_64__)
// Four 64-bit integers as doubles, each rounded once as a scalar conversion rounds it: the high
// half times 2^32 and the low half are both exact, so their sum is the one rounding.
__attribute__((target("avx2"))) static inline __m256d exact_doubles(__m256i v) {
    __m256i halves = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(1, 3, 5, 7, 0, 2, 4, 6));
    __m256d high = _mm256_cvtepi32_pd(_mm256_castsi256_si128(halves));
    __m128i low_signed = _mm_xor_si128(_mm256_extracti128_si256(halves, 1), _mm_set1_epi32((int)0x80000000u));
    __m256d low = _mm256_add_pd(_mm256_cvtepi32_pd(low_signed), _mm256_set1_pd(2147483648.0));
    return _mm256_add_pd(_mm256_mul_pd(high, _mm256_set1_pd(4294967296.0)), low);
}

// radial_position on four pixels at once (lane k holds pixel i + k), for a != 0: the same double
// operations in each lane. Returns how many pixels it did (a multiple of four) and leaves b, c and
// dc at the next pixel; groups with a position outside 32 bits are redone one by one.
__attribute__((target("avx2"))) static int radial_positions_avx2(const gradient_record *record, int width,
                                                                   const uint8_t *mask, int64_t *b, int64_t db,
                                                                   int64_t *c, int64_t *dc, int64_t ddc,
                                                                   int64_t *positions, uint8_t *clear) {
    if (width < 4) return 0;
    int64_t lanes_b[4], lanes_c[4], lanes_dc[4];
    int64_t next_b = *b, next_c = *c, next_dc = *dc;
    for (int k = 0; k < 4; k++) {
        lanes_b[k] = next_b;
        lanes_c[k] = next_c;
        lanes_dc[k] = next_dc;
        next_b = (int64_t)((uint64_t)next_b + (uint64_t)db);
        next_c = (int64_t)((uint64_t)next_c + (uint64_t)next_dc);
        next_dc = (int64_t)((uint64_t)next_dc + (uint64_t)ddc);
    }
    __m256i vb = _mm256_loadu_si256((const __m256i *)lanes_b), vc = _mm256_loadu_si256((const __m256i *)lanes_c);
    __m256i vdc = _mm256_loadu_si256((const __m256i *)lanes_dc);
    // Four pixels on: b + 4 db, c + 4 dc + 6 ddc, dc + 4 ddc (wrapping, as the scalar steps wrap).
    const __m256i b_step = _mm256_set1_epi64x((int64_t)((uint64_t)db * 4));
    const __m256i c_step = _mm256_set1_epi64x((int64_t)((uint64_t)ddc * 6));
    const __m256i dc_step = _mm256_set1_epi64x((int64_t)((uint64_t)ddc * 4));
    const __m256d a = _mm256_set1_pd(record->a), inva = _mm256_set1_pd(record->inva);
    const __m256d dr = _mm256_set1_pd((double)record->delta_radius), mindr = _mm256_set1_pd(record->mindr);
    const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(pixman_fixed_1);
    const __m256d sign = _mm256_set1_pd(-0.0);
    const __m256d lowest = _mm256_set1_pd(-2147483648.0), beyond = _mm256_set1_pd(2147483648.0);
    const int none = record->repeat == PIXMAN_REPEAT_NONE;
    // The four clear bytes for each mask of taken lanes (bit k: lane k has a colour).
    static const uint32_t clear_bytes[16] = {
        0x01010101, 0x01010100, 0x01010001, 0x01010000, 0x01000101, 0x01000100, 0x01000001, 0x01000000,
        0x00010101, 0x00010100, 0x00010001, 0x00010000, 0x00000101, 0x00000100, 0x00000001, 0x00000000};
    int i = 0;
    for (; i + 4 <= width; i += 4) {
        uint32_t coverage = 1;
        if (mask != NULL) memcpy(&coverage, mask + i, sizeof coverage);
        if (coverage == 0) {
            // Four uncovered pixels: pixman computes none of them.
            memset(clear + i, 1, 4);
        } else {
            __m256d fb = exact_doubles(vb), fc = exact_doubles(vc);
            __m256d discr = _mm256_add_pd(
                _mm256_add_pd(_mm256_mul_pd(fb, fb), _mm256_mul_pd(a, _mm256_xor_pd(fc, sign))), zero);
            __m256d valid = _mm256_cmp_pd(discr, zero, _CMP_GE_OQ);
            __m256d root = _mm256_sqrt_pd(discr);
            __m256d t0 = _mm256_mul_pd(_mm256_add_pd(fb, root), inva);
            __m256d t1 = _mm256_mul_pd(_mm256_sub_pd(fb, root), inva);
            __m256d take0, take1;
            if (none) {
                take0 = _mm256_and_pd(_mm256_cmp_pd(t0, zero, _CMP_GE_OQ), _mm256_cmp_pd(t0, one, _CMP_LE_OQ));
                take1 = _mm256_and_pd(_mm256_cmp_pd(t1, zero, _CMP_GE_OQ), _mm256_cmp_pd(t1, one, _CMP_LE_OQ));
            } else {
                take0 = _mm256_cmp_pd(_mm256_mul_pd(t0, dr), mindr, _CMP_GE_OQ);
                take1 = _mm256_cmp_pd(_mm256_mul_pd(t1, dr), mindr, _CMP_GE_OQ);
            }
            take0 = _mm256_and_pd(valid, take0);
            take1 = _mm256_andnot_pd(take0, _mm256_and_pd(valid, take1));
            __m256d taken = _mm256_or_pd(take0, take1);
            __m256d t = _mm256_blendv_pd(t1, t0, take0);
            __m256d in_range = _mm256_and_pd(_mm256_cmp_pd(t, lowest, _CMP_GE_OQ), _mm256_cmp_pd(t, beyond, _CMP_LT_OQ));
            int taken_bits = _mm256_movemask_pd(taken);
            if ((_mm256_movemask_pd(in_range) & taken_bits) == taken_bits) {
                __m256i whole = _mm256_cvtepi32_epi64(_mm256_cvttpd_epi32(t));
                _mm256_storeu_si256((__m256i *)(positions + i), whole);
                memcpy(clear + i, &clear_bytes[taken_bits], 4);
            } else {
                double lanes_fb[4], lanes_fc[4];
                _mm256_storeu_pd(lanes_fb, fb);
                _mm256_storeu_pd(lanes_fc, fc);
                for (int k = 0; k < 4; k++) clear[i + k] = !radial_position(record, lanes_fb[k], lanes_fc[k], &positions[i + k]);
            }
        }
        vc = _mm256_add_epi64(_mm256_add_epi64(vc, _mm256_slli_epi64(vdc, 2)), c_step);
        vdc = _mm256_add_epi64(vdc, dc_step);
        vb = _mm256_add_epi64(vb, b_step);
    }
    _mm256_storeu_si256((__m256i *)lanes_b, vb);
    _mm256_storeu_si256((__m256i *)lanes_c, vc);
    _mm256_storeu_si256((__m256i *)lanes_dc, vdc);
    *b = lanes_b[0];
    *c = lanes_c[0];
    *dc = lanes_dc[0];
    return i;
}
#endif

static void radial_positions(const gradient_record *record, int x, int y, int width, const uint8_t *mask,
                             int64_t *positions, uint8_t *clear) {
    pixman_vector_t v;
    pixman_fixed_t unit[2];
    row_start(record, x, y, &v, unit);
    int64_t v0 = wrapped_difference(v.vector[0], record->c1_x), v1 = wrapped_difference(v.vector[1], record->c1_y);
    int64_t u0 = unit[0], u1 = unit[1];
    int64_t b = wrapped_dot(v0, v1, record->c1_radius, record->delta_x, record->delta_y, record->delta_radius);
    int64_t db = wrapped_dot(u0, u1, 0, record->delta_x, record->delta_y, 0);
    int64_t c = wrapped_dot(v0, v1, -(int64_t)record->c1_radius, v0, v1, record->c1_radius);
    int64_t dc = wrapped_dot(2 * v0 + u0, 2 * v1 + u1, 0, u0, u1, 0);
    int64_t ddc = 2 * wrapped_dot(u0, u1, 0, u0, u1, 0);
    int i = 0;
#if defined(__x86_64__)
    if (record->a != 0 && lm_pixel_runs_avx2()) i = radial_positions_avx2(record, width, mask, &b, db, &c, &dc, ddc, positions, clear);
#endif
    for (; i < width; i++) {
        clear[i] = !radial_position(record, (double)b, (double)c, &positions[i]);
        b = (int64_t)((uint64_t)b + (uint64_t)db);
        c = (int64_t)((uint64_t)c + (uint64_t)dc);
        dc = (int64_t)((uint64_t)dc + (uint64_t)ddc);
    }
    if (mask != NULL)
        for (int k = 0; k < width; k++) clear[k] |= mask[k] == 0;
}

// MARK: - The combiners (pixman-combine32.c)

// Each byte of x times a / 255, rounded as pixman's UN8x4_MUL_UN8.
static inline uint32_t multiply(uint32_t x, uint32_t a) {
    uint32_t rb = (x & 0x00ff00ff) * a + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff;
    uint32_t ag = ((x >> 8) & 0x00ff00ff) * a + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00ff00ff)) & 0xff00ff00;
    return rb | ag;
}

// Byte by byte x + y, saturated at 255.
static inline uint32_t saturated_sum(uint32_t x, uint32_t y) {
    uint32_t rb = (x & 0x00ff00ff) + (y & 0x00ff00ff);
    rb = (rb | (0x01000100 - ((rb >> 8) & 0x00010001))) & 0x00ff00ff;
    uint32_t ag = ((x >> 8) & 0x00ff00ff) + ((y >> 8) & 0x00ff00ff);
    ag = (ag | (0x01000100 - ((ag >> 8) & 0x00010001))) & 0x00ff00ff;
    return rb | (ag << 8);
}

// pixman's combine_over_u and combine_src_u, without their branches: multiplying by a coverage of
// 255 and adding a transparent source both leave a pixel as it is, and multiplying by 0 clears it,
// so one formula gives each of their cases' bytes, and the loop runs on vectors.
VECTOR_CLONES static void combine_row(pixman_op_t op, uint32_t *dest, const uint32_t *src, const uint8_t *mask, int width) {
    if (op == PIXMAN_OP_SRC) {
        if (mask == NULL) memcpy(dest, src, (size_t)width * sizeof(uint32_t));
        else for (int i = 0; i < width; i++) dest[i] = multiply(src[i], mask[i]);
        return;
    }
    if (mask == NULL) {
        for (int i = 0; i < width; i++) {
            uint32_t s = src[i];
            dest[i] = saturated_sum(multiply(dest[i], (s >> 24) ^ 0xff), s);
        }
    } else {
        for (int i = 0; i < width; i++) {
            uint32_t s = multiply(src[i], mask[i]);
            dest[i] = saturated_sum(multiply(dest[i], (s >> 24) ^ 0xff), s);
        }
    }
}

// MARK: - The composite

static int fits_16(int64_t value) { return value >= -30000 && value <= 30000; }

// Room for one row: positions, clear marks and colours.
typedef struct {
    int64_t *positions;
    uint8_t *clear;
    uint32_t *colours;
} row_buffers;

// Each thread's row buffers, kept between composites (Cairo composites a shape a few rows at a
// time) and freed when the thread ends.
static pthread_key_t row_key;
static pthread_once_t row_key_once = PTHREAD_ONCE_INIT;
static void make_row_key(void) { pthread_key_create(&row_key, free); }

// Room for rows of `width` pixels in `buffers`; 0 when it cannot be had.
static int thread_row_buffers(int width, row_buffers *buffers) {
    pthread_once(&row_key_once, make_row_key);
    // The block starts with its width in pixels, then positions, colours and clear marks.
    int64_t *block = pthread_getspecific(row_key);
    if (block == NULL || block[0] < width) {
        int64_t room = width < 1024 ? 1024 : width;
        int64_t *grown = malloc(sizeof(int64_t) + (size_t)room * (sizeof(int64_t) + sizeof(uint32_t) + 1));
        if (grown == NULL || pthread_setspecific(row_key, grown) != 0) {
            free(grown);
            return 0;
        }
        free(block);
        grown[0] = room;
        block = grown;
    }
    int64_t room = block[0];
    buffers->positions = block + 1;
    buffers->colours = (uint32_t *)(buffers->positions + room);
    buffers->clear = (uint8_t *)(buffers->colours + room);
    return 1;
}

// One box of pixman's composite region, as general_composite_rect draws it.
static void composite_box(pixman_op_t op, const gradient_record *record, const pixman_box16_t *box, int32_t src_dx,
                          int32_t src_dy, int32_t mask_dx, const uint8_t *mask_row, uint8_t *dest_bits,
                          int dest_stride, row_buffers buffers) {
    int width = box->x2 - box->x1, height = box->y2 - box->y1;
    int x = box->x1 + src_dx, y = box->y1 + src_dy;
    const uint8_t *mask = mask_row != NULL ? mask_row + box->x1 + mask_dx : NULL;
    walker w;
    walker_init(&w, record);
    int horizontal = !record->radial && linear_is_horizontal(record, height);
    if (horizontal) {
        // pixman's row computed once for the whole box, every pixel.
        linear_positions(record, x, y, width, NULL, buffers.positions, buffers.clear);
        colours_from_positions(&w, buffers.positions, buffers.clear, buffers.colours, width);
    }
    for (int row = 0; row < height; row++) {
        if (!horizontal) {
            if (record->radial) radial_positions(record, x, y + row, width, mask, buffers.positions, buffers.clear);
            else linear_positions(record, x, y + row, width, mask, buffers.positions, buffers.clear);
            colours_from_positions(&w, buffers.positions, buffers.clear, buffers.colours, width);
        }
        uint32_t *dest = (uint32_t *)(dest_bits + (size_t)(box->y1 + row) * (size_t)dest_stride) + box->x1;
        combine_row(op, dest, buffers.colours, mask, width);
    }
}

static int composite_here(pixman_op_t op, pixman_image_t *src, pixman_image_t *mask, pixman_image_t *dest,
                          int32_t src_x, int32_t src_y, int32_t mask_x, int32_t mask_y, int32_t dest_x,
                          int32_t dest_y, int32_t width, int32_t height) {
    if (op != PIXMAN_OP_OVER && op != PIXMAN_OP_SRC) return 0;
    if (src == NULL || dest == NULL) return 0;
    gradient_record *record = record_of(src);
    if (record == NULL || !record->usable) return 0;
    if (record->has_transform) {
        const pixman_fixed_t(*m)[3] = record->transform.matrix;
        if (m[2][0] != 0 || m[2][1] != 0 || m[2][2] != pixman_fixed_1) return 0;
    }
    if (real.get_format(dest) != PIXMAN_a8r8g8b8) return 0;
    uint8_t *dest_bits = (uint8_t *)real.get_data(dest);
    int dest_stride = real.get_stride(dest);
    if (dest_bits == NULL || dest_stride <= 0) return 0;
    const uint8_t *mask_row = NULL;
    int mask_width = 0, mask_height = 0;
    if (mask != NULL) {
        // Cairo's span coverage: one a8 row repeated down the image.
        if (real.get_format(mask) != PIXMAN_a8 || real.get_stride(mask) != 0 || real.get_component_alpha(mask)) return 0;
        mask_row = (const uint8_t *)real.get_data(mask);
        mask_width = real.get_width(mask);
        mask_height = real.get_height(mask);
        if (mask_row == NULL) return 0;
    }
    if (!fits_16(src_x) || !fits_16(src_y) || !fits_16(mask_x) || !fits_16(mask_y) || !fits_16(dest_x) ||
        !fits_16(dest_y) || width <= 0 || height <= 0 || width > 30000 || height > 30000)
        return 0;

    pixman_region16_t region;
    real.region_init(&region);
    if (!real.compute_region(&region, src, mask, dest, (int16_t)src_x, (int16_t)src_y, (int16_t)mask_x,
                             (int16_t)mask_y, (int16_t)dest_x, (int16_t)dest_y, (uint16_t)width, (uint16_t)height)) {
        real.region_fini(&region);
        return 0;
    }
    int count = 0;
    pixman_box16_t *boxes = real.region_rectangles(&region, &count);
    int32_t src_dx = src_x - dest_x, src_dy = src_y - dest_y, mask_dx = mask_x - dest_x, mask_dy = mask_y - dest_y;

    // Checked before the first pixel is touched: what pixman would treat otherwise (coverage
    // outside the mask image, positions near the 16-bit limits it refuses to draw beyond, as
    // analyze_extent does over the region's extents) is left to it whole.
    int widest = 0, fine = count > 0;
    int64_t left = INT32_MAX, top = INT32_MAX, right = INT32_MIN, bottom = INT32_MIN;
    for (int i = 0; i < count && fine; i++) {
        const pixman_box16_t *box = &boxes[i];
        int box_width = box->x2 - box->x1;
        if (box_width > widest) widest = box_width;
        if (box->x1 < left) left = box->x1;
        if (box->y1 < top) top = box->y1;
        if (box->x2 > right) right = box->x2;
        if (box->y2 > bottom) bottom = box->y2;
        if (mask != NULL) {
            int64_t mx = box->x1 + mask_dx, my = box->y1 + mask_dy;
            fine = mx >= 0 && mx + box_width <= mask_width && my >= 0 && my + (box->y2 - box->y1) <= mask_height;
        }
    }
    if (fine) {
        // The extents in the gradient's pixels, one pixel wider on each side, and their corners
        // through its transform.
        int64_t corners[4][2] = {{left + src_dx - 1, top + src_dy - 1}, {right + src_dx + 1, top + src_dy - 1},
                                 {left + src_dx - 1, bottom + src_dy + 1}, {right + src_dx + 1, bottom + src_dy + 1}};
        for (int i = 0; i < 4 && fine; i++) {
            pixman_vector_t v;
            fine = fits_16(corners[i][0]) && fits_16(corners[i][1]) &&
                   pixel_centre(record, (int)corners[i][0], (int)corners[i][1], &v) &&
                   fits_16(v.vector[0] / pixman_fixed_1) && fits_16(v.vector[1] / pixman_fixed_1);
        }
    }
    row_buffers buffers;
    if (fine) fine = thread_row_buffers(widest, &buffers);
    if (!fine) {
        real.region_fini(&region);
        return 0;
    }
    for (int i = 0; i < count; i++)
        composite_box(op, record, &boxes[i], src_dx, src_dy, mask_dx, mask_row, dest_bits, dest_stride, buffers);
    real.region_fini(&region);
    return 1;
}

void pixman_image_composite32(pixman_op_t op, pixman_image_t *src, pixman_image_t *mask, pixman_image_t *dest,
                              int32_t src_x, int32_t src_y, int32_t mask_x, int32_t mask_y, int32_t dest_x,
                              int32_t dest_y, int32_t width, int32_t height) {
    if (!ready() || real.composite32 == NULL) return;
    if (taking() &&
        composite_here(op, src, mask, dest, src_x, src_y, mask_x, mask_y, dest_x, dest_y, width, height)) {
        atomic_fetch_add_explicit(&taken_count, 1, memory_order_relaxed);
        return;
    }
    real.composite32(op, src, mask, dest, src_x, src_y, mask_x, mask_y, dest_x, dest_y, width, height);
}

#else

// Elsewhere (no ELF interposition, no libpixman-1.so.0) pixman keeps every composite.
void lm_pixman_gradients_set_enabled(int enabled) { (void)enabled; }
int lm_pixman_gradients_enabled(void) { return 0; }
unsigned long lm_pixman_gradients_taken(void) { return 0; }

#endif
