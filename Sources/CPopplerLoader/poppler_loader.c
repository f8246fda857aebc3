#include "poppler_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// GError's layout (glib/gerror.h): stable since glib 2.0.
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} LMGError;

// POPPLER_ERROR_ENCRYPTED in poppler.h's PopplerError.
enum { LM_POPPLER_ERROR_ENCRYPTED = 1 };

static struct {
    void *(*bytes_new)(const void *, size_t);
    void (*bytes_unref)(void *);
    void (*object_unref)(void *);
    void (*error_free)(void *);
    void *(*document_new_from_bytes)(void *, const char *, void **);
    uint32_t (*error_quark)(void);
    int (*document_get_n_pages)(void *);
    void *(*document_get_page)(void *, int);
    void (*page_get_size)(void *, double *, double *);
    void (*page_render)(void *, void *);
} api;

static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *names[] = {"libpoppler-glib.so.8", "libpoppler-glib.so"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) return;
    // dlsym searches the library's dependencies too, which is where glib's functions are.
#define LOAD(field, symbol) \
    if (!(*(void **)&api.field = dlsym(library, symbol))) return;
    LOAD(bytes_new, "g_bytes_new")
    LOAD(bytes_unref, "g_bytes_unref")
    LOAD(object_unref, "g_object_unref")
    LOAD(error_free, "g_error_free")
    LOAD(document_new_from_bytes, "poppler_document_new_from_bytes")
    LOAD(error_quark, "poppler_error_quark")
    LOAD(document_get_n_pages, "poppler_document_get_n_pages")
    LOAD(document_get_page, "poppler_document_get_page")
    LOAD(page_get_size, "poppler_page_get_size")
    LOAD(page_render, "poppler_page_render")
#undef LOAD
    loaded = 1;
}

int lm_poppler_available(void) {
    pthread_once(&once, load);
    return loaded;
}

void *lm_poppler_open(const void *data, size_t length, int *encrypted, char **message) {
    *encrypted = 0;
    *message = NULL;
    if (!lm_poppler_available()) return NULL;
    void *bytes = api.bytes_new(data, length);
    if (!bytes) return NULL;
    void *error = NULL;
    void *document = api.document_new_from_bytes(bytes, NULL, &error);
    api.bytes_unref(bytes);
    if (!document && error) {
        const LMGError *details = error;
        *encrypted = details->domain == api.error_quark() && details->code == LM_POPPLER_ERROR_ENCRYPTED;
        if (details->message) *message = strdup(details->message);
        api.error_free(error);
    }
    return document;
}

int lm_poppler_page_count(void *document) { return api.document_get_n_pages(document); }

void *lm_poppler_page(void *document, int index) { return api.document_get_page(document, index); }

void lm_poppler_page_size(void *page, double *width, double *height) { api.page_get_size(page, width, height); }

void lm_poppler_page_render(void *page, void *cairo) { api.page_render(page, cairo); }

void lm_poppler_release(void *object) {
    if (object) api.object_unref(object);
}
