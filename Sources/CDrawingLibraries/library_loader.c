// Loads the drawing libraries with dlopen on first use (see include/drawing_libraries.h).
#define _GNU_SOURCE
#include "library_loader.h"

#include "drawing_libraries.h"

#if !defined(__linux__)
// Elsewhere (macOS) the program links the libraries (forwarders.c is empty there).
const char *lm_drawing_libraries_missing(const char **reason) {
    *reason = 0;
    return 0;
}
#else

#include <crash_guard.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LM_UNAVAILABLE 69  // EX_UNAVAILABLE, LogoMaskError.toolUnavailable's status

static const struct {
    const char *soname;
    const char *package;  // Debian's
} libraries[LM_DRAWING_LIBRARY_COUNT] = {
    [LM_GLIB] = {"libglib-2.0.so.0", "libglib2.0-0"},
    [LM_GOBJECT] = {"libgobject-2.0.so.0", "libglib2.0-0"},
    [LM_GIO] = {"libgio-2.0.so.0", "libglib2.0-0"},
    [LM_GDK_PIXBUF] = {"libgdk_pixbuf-2.0.so.0", "libgdk-pixbuf-2.0-0"},
    [LM_CAIRO] = {"libcairo.so.2", "libcairo2"},
    [LM_RSVG] = {"librsvg-2.so.2", "librsvg2-2"},
};

static _Atomic(void *) handles[LM_DRAWING_LIBRARY_COUNT];
static pthread_mutex_t loadLock = PTHREAD_MUTEX_INITIALIZER;
// Why a library could not be loaded (empty while it has not failed): it is not tried again.
static char problems[LM_DRAWING_LIBRARY_COUNT][400];

// Loads `library` (and, through the dynamic loader, what it needs). A library already loaded
// (by an earlier call, by poppler-glib, or in a program that links the real libraries and this
// package) is found by its soname, not loaded again, so everything shares one copy of each.
// RTLD_LOCAL: what loads later (poppler-glib, gdk-pixbuf's loaders, GIO's modules) names these
// libraries as DT_NEEDED and finds them without the global scope. RTLD_GLOBAL would cost a small
// render 1.8 M instructions (+3.7%) more: each library it adds to the global scope lengthens the
// symbol lookups of every relocation that follows (callgrind, kotlin.svg at 512 px).
static void *load(enum lm_drawing_library library) {
    void *handle = atomic_load_explicit(&handles[library], memory_order_acquire);
    if (handle) return handle;
    pthread_mutex_lock(&loadLock);
    handle = atomic_load_explicit(&handles[library], memory_order_relaxed);
    if (!handle && !problems[library][0]) {
        // The hidden test hook: LOGO_MASK_TEST_MISSING_LIBRARY=SONAME behaves as if it were missing.
        const char *hidden = getenv("LOGO_MASK_TEST_MISSING_LIBRARY");
        const char *reason = NULL;
        if (hidden && strcmp(hidden, libraries[library].soname) == 0) {
            reason = "hidden by LOGO_MASK_TEST_MISSING_LIBRARY";
        } else {
            handle = dlopen(libraries[library].soname, RTLD_LAZY | RTLD_LOCAL);
            if (!handle) reason = dlerror();
        }
        if (handle) {
            atomic_store_explicit(&handles[library], handle, memory_order_release);
        } else {
            snprintf(problems[library], sizeof problems[library], "cannot be loaded (%s); install the Debian package %s",
                     reason ? reason : "unknown error", libraries[library].package);
        }
    }
    pthread_mutex_unlock(&loadLock);
    return handle;
}

const char *lm_drawing_libraries_missing(const char **reason) {
    for (int library = 0; library < LM_DRAWING_LIBRARY_COUNT; library++) {
        if (!load(library)) {
            *reason = problems[library];
            return libraries[library].soname;
        }
    }
    *reason = NULL;
    return NULL;
}

// One line on the real standard error (fd 2 may be sent aside during a librsvg call), then
// status 69. _exit: other threads may be drawing; nothing of the process can be trusted to run.
static _Noreturn void fail(const char *library, const char *message) {
    char line[1024];
    int length = snprintf(line, sizeof line, "%s: %s: %s\n", program_invocation_short_name, library, message);
    if (length > (int)sizeof line - 1) length = (int)sizeof line - 1;
    int fd = lm_guard_stderr_fd();
    for (const char *bytes = line; length > 0;) {
        ssize_t n = write(fd, bytes, (size_t)length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        bytes += n;
        length -= (int)n;
    }
    _exit(LM_UNAVAILABLE);
}

void *lm_drawing_symbol(enum lm_drawing_library library, const char *name) {
    void *handle = load(library);
    if (!handle) fail(libraries[library].soname, problems[library]);
    void *symbol = dlsym(handle, name);
    if (!symbol) {
        char message[512];
        snprintf(message, sizeof message, "has no function %s (too old?); install a current version of the Debian package %s",
                 name, libraries[library].package);
        fail(libraries[library].soname, message);
    }
    return symbol;
}

#endif  // __linux__
