// libpng's png_create_write_struct for the logo-mask executable: glibc-style interposition, as
// for calloc (Sources/CLargeBlockPages), so that the PNG files Cairo writes inside the outline's
// read-backs are deflated at level 1 without row filters.
//
// Why: Cairo's SVG surface writes every image it is handed as a PNG (libpng's defaults: zlib
// level 6, an adaptive filter chosen per row), and librsvg hands it each filter result page-sized.
// The library reads those PNGs straight back (OutlineExtractor), crops them and encodes what it
// keeps with its own writer, so the text Cairo writes is never an output. Breeze's kteatime (28
// blurred elements, three picture rungs) spent 52 % of its Lottie export's CPU in libpng and zlib:
// 3.96 s; with these settings 2.18 s and the same bytes out.
//
// Only on a thread between lm_fast_png_writes_begin and _end (CairoSVGStream): the SVG files the
// library writes for users (VectorExporter) keep libpng's defaults. The real function is found in
// the libpng Cairo loaded (RTLD_NOLOAD: the drawing libraries are opened RTLD_LOCAL, outside the
// global scope RTLD_NEXT searches); its setters are called through it too.
#define _GNU_SOURCE
#include "png_write_speed.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

static _Thread_local int fast_writes;
static _Atomic unsigned long made_faster;

void lm_fast_png_writes_begin(void) { fast_writes += 1; }
void lm_fast_png_writes_end(void) { if (fast_writes > 0) fast_writes -= 1; }
unsigned long lm_fast_png_writes_count(void) { return atomic_load(&made_faster); }

typedef void *(*create_write_struct)(const char *, void *, void *, void *);
typedef void (*set_compression_level)(void *, int);
typedef void (*set_filter)(void *, int, int);

static _Atomic(void *) real_create;
static _Atomic(void *) real_level;
static _Atomic(void *) real_filter;

// libpng's PNG_FILTER_NONE.
#define FILTER_NONE 0x08

static void *libpng_symbol(_Atomic(void *) *slot, const char *name) {
    void *found = atomic_load(slot);
    if (found != NULL) return found;
    void *library = dlopen("libpng16.so.16", RTLD_LAZY | RTLD_NOLOAD);
    if (library == NULL) return NULL;
    found = dlsym(library, name);
    dlclose(library);  // RTLD_NOLOAD took a reference; Cairo still holds the library.
    if (found != NULL) atomic_store(slot, found);
    return found;
}

void *png_create_write_struct(const char *version, void *error_pointer, void *error_function, void *warning_function) {
    create_write_struct create = (create_write_struct)libpng_symbol(&real_create, "png_create_write_struct");
    if (create == NULL) return NULL;  // libpng is not loaded: no one but Cairo's libpng calls this.
    void *png = create(version, error_pointer, error_function, warning_function);
    if (png != NULL && fast_writes > 0) {
        set_compression_level level = (set_compression_level)libpng_symbol(&real_level, "png_set_compression_level");
        set_filter filter = (set_filter)libpng_symbol(&real_filter, "png_set_filter");
        if (level != NULL && filter != NULL) {
            level(png, 1);
            filter(png, 0, FILTER_NONE);
            atomic_fetch_add(&made_faster, 1);
        }
    }
    return png;
}
