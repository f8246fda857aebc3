// The library crash guard (see include/crash_guard.h and LogoMask.docc/Safety.md).
//
// Everything the signal handler touches is async-signal-safe: static buffers, atomics, write,
// read, pread, unlinkat, openat, getdents64, _exit. No malloc, no stdio, no locks: the abort it
// answers may have happened inside malloc with its lock held.
#define _GNU_SOURCE
#include "crash_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define LM_STATUS 70           // LogoMaskError's status for a library failure
#define LM_ALT_STACK (128 * 1024)
#define LM_SLOTS 64            // temporaries in progress at once (one command writes a few)
#define LM_PATH 1024

enum { LM_COUNTED = 1, LM_ASIDE = 2 };

// The calling thread's current library call. Initial-exec TLS (the guard is linked into the
// executable), so the handler reads it without calling anything.
static _Thread_local struct {
    const char *file;
    int library;
    int action;
    int everEntered;
    int hasAltStack;
} current;

static atomic_int installed;
static pthread_mutex_t installLock = PTHREAD_MUTEX_INITIALIZER;
static char program[64] = "logo-mask";
static const int guardedSignals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE};
static struct sigaction previous[65];
static atomic_int handling;

// A call in flight on some thread: for an abort on a thread that never entered a guarded call
// (a library's own worker thread, such as a Rust thread pool's).
static atomic_int inFlight;
static _Atomic(const char *) lastFile;
static atomic_int lastLibrary, lastAction;

// Standard error sent aside around librsvg calls (a Rust panic prints its text before aborting).
static int realStderr = -1;
static int sideFd = -1;
static pthread_mutex_t asideLock = PTHREAD_MUTEX_INITIALIZER;
static int asideDepth;

// Registered temporaries, mirrored from TemporaryOutputs. state: 0 free, 1 being written, 2 live.
static struct { atomic_int state; char path[LM_PATH]; } slots[LM_SLOTS];

// The hidden test hook (LOGO_MASK_TEST_CRASH=librsvg|poppler|cairo[:segv|:say]).
static int testLibrary;
static int testSegv;
static int testSay;

static pthread_key_t altStackKey;
static pthread_once_t altStackOnce = PTHREAD_ONCE_INIT;

static const char *libraryName(int library) {
    switch (library) {
    case LM_GUARD_LIBRSVG: return "librsvg";
    case LM_GUARD_POPPLER: return "poppler";
    case LM_GUARD_CAIRO: return "Cairo";
    default: return "a library";
    }
}

static const char *actionName(int action) {
    switch (action) {
    case LM_GUARD_READING: return "reading it";
    case LM_GUARD_MEASURING: return "measuring it";
    default: return "drawing it";
    }
}

static const char *signalName(int sig) {
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    default: return "SIGABRT";
    }
}

// --- the alternate signal stack (a stack overflow must still reach the handler) ---

static void freeAltStack(void *stack) {
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
    munmap(stack, LM_ALT_STACK);
}

static void makeAltStackKey(void) { pthread_key_create(&altStackKey, freeAltStack); }

static void ensureAltStack(void) {
    if (current.hasAltStack) return;
    current.hasAltStack = 1;
    stack_t old;
    if (sigaltstack(NULL, &old) == 0 && !(old.ss_flags & SS_DISABLE)) return;  // one is already set (Swift's)
    void *stack = mmap(NULL, LM_ALT_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (stack == MAP_FAILED) return;
    stack_t alt = {.ss_sp = stack, .ss_size = LM_ALT_STACK, .ss_flags = 0};
    if (sigaltstack(&alt, NULL) != 0) {
        munmap(stack, LM_ALT_STACK);
        return;
    }
    pthread_once(&altStackOnce, makeAltStackKey);
    pthread_setspecific(altStackKey, stack);
}

// --- standard error aside ---

static void writeAll(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t n = write(fd, bytes, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        bytes += n;
        count -= (size_t)n;
    }
}

static void sendAside(void) {
    pthread_mutex_lock(&asideLock);
    if (asideDepth++ == 0) dup2(sideFd, STDERR_FILENO);
    pthread_mutex_unlock(&asideLock);
}

// Brings standard error back after the last librsvg call in flight and passes on what was
// written meanwhile (librsvg's warnings, or another thread's progress line).
static void bringBack(void) {
    pthread_mutex_lock(&asideLock);
    if (--asideDepth == 0) {
        dup2(realStderr, STDERR_FILENO);
        off_t size = lseek(sideFd, 0, SEEK_CUR);
        if (size > 0) {
            char buffer[4096];
            off_t offset = 0;
            ssize_t n;
            while (offset < size && (n = pread(sideFd, buffer, sizeof buffer, offset)) > 0) {
                writeAll(realStderr, buffer, (size_t)n);
                offset += n;
            }
            if (ftruncate(sideFd, 0) == 0) lseek(sideFd, 0, SEEK_SET);
        }
    }
    pthread_mutex_unlock(&asideLock);
}

// --- removing temporaries without malloc ---

struct linuxDirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

static void removePath(int dirFd, const char *name, int depth) {
    if (unlinkat(dirFd, name, 0) == 0 || (errno != EISDIR && errno != EPERM)) return;
    int fd = depth < 12 ? openat(dirFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
    if (fd >= 0) {
        char buffer[1024];
        for (int pass = 0; pass < 64; pass++) {
            int removed = 0;
            long n;
            lseek(fd, 0, SEEK_SET);
            while ((n = syscall(SYS_getdents64, fd, buffer, sizeof buffer)) > 0) {
                for (long offset = 0; offset < n;) {
                    struct linuxDirent64 *entry = (struct linuxDirent64 *)(buffer + offset);
                    offset += entry->d_reclen;
                    if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
                    removePath(fd, entry->d_name, depth + 1);
                    removed = 1;
                }
            }
            if (!removed) break;
        }
        close(fd);
    }
    unlinkat(dirFd, name, AT_REMOVEDIR);
}

// --- the handler ---

// Appends `text` to `line` (capacity `size`), keeping it NUL-terminated.
static void append(char *line, size_t size, const char *text) {
    size_t used = strlen(line);
    while (*text && used + 1 < size) line[used++] = *text++;
    line[used] = 0;
}

// The reason of a Rust panic printed aside: `panicked at 'REASON', FILE:LINE` (Rust before
// 1.73) or `panicked at FILE:LINE:\nREASON` (later). Empty when there is none.
static void panicReason(char *reason, size_t size) {
    reason[0] = 0;
    if (sideFd < 0) return;
    static char text[8192];
    ssize_t n = pread(sideFd, text, sizeof text - 1, 0);
    if (n <= 0) return;
    text[n] = 0;
    const char *at = strstr(text, "panicked at ");
    if (!at) return;
    at += strlen("panicked at ");
    const char *end;
    if (*at == '\'') {
        at++;
        end = strstr(at, "', ");
        if (!end) end = strchr(at, '\n');
    } else {
        at = strchr(at, '\n');
        if (!at) return;
        at++;
        end = strchr(at, '\n');
    }
    if (!end) end = at + strlen(at);
    size_t length = (size_t)(end - at);
    if (length > size - 1) length = size - 1;
    memcpy(reason, at, length);
    reason[length] = 0;
}

static void handler(int sig, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    int library = current.library;
    int action = current.action;
    const char *file = current.file;
    if (library == LM_GUARD_NONE && !current.everEntered && atomic_load(&inFlight) > 0) {
        library = atomic_load(&lastLibrary);
        action = atomic_load(&lastAction);
        file = atomic_load(&lastFile);
    }
    if (library == LM_GUARD_NONE) {
        // Our own bug: the previous handler (Swift's crash report) or the default action.
        sigaction(sig, &previous[sig], NULL);
        raise(sig);  // blocked until this handler returns, then taken the usual way
        return;
    }
    if (atomic_exchange(&handling, 1)) {
        for (;;) pause();  // another thread is already reporting; it exits the process
    }
    static char line[2048];
    static char reason[512];
    line[0] = 0;
    if (library == LM_GUARD_LIBRSVG) panicReason(reason, sizeof reason);
    else reason[0] = 0;
    for (int i = 0; i < LM_SLOTS; i++) {
        if (atomic_load(&slots[i].state) == 2) removePath(AT_FDCWD, slots[i].path, 0);
    }
    const char *name = libraryName(library);
    append(line, sizeof line, program);
    append(line, sizeof line, ": ");
    append(line, sizeof line, file ? file : "<logo>");
    append(line, sizeof line, ": ");
    append(line, sizeof line, name);
    append(line, sizeof line, " aborted while ");
    append(line, sizeof line, actionName(action));
    append(line, sizeof line, ": a bug in ");
    append(line, sizeof line, name);
    append(line, sizeof line, ", not in the file's syntax");
    if (reason[0]) {
        append(line, sizeof line, " (panic: ");
        append(line, sizeof line, reason);
        append(line, sizeof line, ")");
    } else if (sig != SIGABRT) {
        append(line, sizeof line, " (");
        append(line, sizeof line, signalName(sig));
        append(line, sizeof line, ")");
    }
    append(line, sizeof line, "\n");
    writeAll(realStderr >= 0 ? realStderr : STDERR_FILENO, line, strlen(line));
    _exit(LM_STATUS);
}

// --- the public functions ---

int lm_guard_install(const char *name) {
    pthread_mutex_lock(&installLock);
    if (atomic_load(&installed)) {
        pthread_mutex_unlock(&installLock);
        return 1;
    }
    if (name) {
        size_t length = strlen(name);
        if (length > sizeof program - 1) length = sizeof program - 1;
        memcpy(program, name, length);
        program[length] = 0;
    }
    realStderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (realStderr >= 0) sideFd = (int)syscall(SYS_memfd_create, "logo-mask-stderr", 1u /* MFD_CLOEXEC */);
    const char *test = getenv("LOGO_MASK_TEST_CRASH");
    if (test) {
        if (strncmp(test, "librsvg", 7) == 0) testLibrary = LM_GUARD_LIBRSVG;
        else if (strncmp(test, "poppler", 7) == 0) testLibrary = LM_GUARD_POPPLER;
        else if (strncmp(test, "cairo", 5) == 0) testLibrary = LM_GUARD_CAIRO;
        testSegv = strstr(test, ":segv") != NULL;
        testSay = strstr(test, ":say") != NULL;
    }
    ensureAltStack();
    int ok = 1;
    for (size_t i = 0; i < sizeof guardedSignals / sizeof guardedSignals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = handler;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        if (sigaction(guardedSignals[i], &action, &previous[guardedSignals[i]]) != 0) ok = 0;
    }
    atomic_store(&installed, ok);
    pthread_mutex_unlock(&installLock);
    return ok;
}

int lm_guard_installed(void) { return atomic_load_explicit(&installed, memory_order_relaxed); }

// The test hook: what a librsvg panic does (its text on standard error, then abort), or a
// segmentation fault, inside the guarded call; or (`:say`) a warning printed by a call that
// returns, which must reach standard error.
static void testCrash(int library) {
    if (testSay) {
        static const char warning[] = "(logo-mask:0): librsvg-WARNING **: said by LOGO_MASK_TEST_CRASH\n";
        writeAll(STDERR_FILENO, warning, sizeof warning - 1);
        return;
    }
    if (library == LM_GUARD_LIBRSVG) {
        static const char text[] =
            "thread '<unnamed>' panicked at 'forced by LOGO_MASK_TEST_CRASH', test-hook.rs:1:1\n"
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        writeAll(STDERR_FILENO, text, sizeof text - 1);
    }
    if (testSegv) {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    abort();
}

lm_guard_saved lm_guard_enter(int library, int action, const char *file) {
    lm_guard_saved saved = {current.file, current.library, current.action, 0};
    current.file = file;
    current.library = library;
    current.action = action;
    current.everEntered = 1;
    if (!atomic_load_explicit(&installed, memory_order_relaxed)) return saved;
    ensureAltStack();
    atomic_store_explicit(&lastFile, file, memory_order_relaxed);
    atomic_store_explicit(&lastLibrary, library, memory_order_relaxed);
    atomic_store_explicit(&lastAction, action, memory_order_relaxed);
    atomic_fetch_add_explicit(&inFlight, 1, memory_order_relaxed);
    saved.flags |= LM_COUNTED;
    if (library == LM_GUARD_LIBRSVG && sideFd >= 0) {
        sendAside();
        saved.flags |= LM_ASIDE;
    }
    if (testLibrary == library) testCrash(library);
    return saved;
}

void lm_guard_leave(lm_guard_saved saved) {
    if (saved.flags & LM_ASIDE) bringBack();
    if (saved.flags & LM_COUNTED) atomic_fetch_sub_explicit(&inFlight, 1, memory_order_relaxed);
    current.file = saved.file;
    current.library = saved.library;
    current.action = saved.action;
}

void lm_guard_temporary_add(const char *path) {
    size_t length = strlen(path);
    if (length >= LM_PATH) return;  // too long to mirror: the handler cannot remove it
    for (int i = 0; i < LM_SLOTS; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&slots[i].state, &expected, 1)) {
            memcpy(slots[i].path, path, length + 1);
            atomic_store(&slots[i].state, 2);
            return;
        }
    }
}

void lm_guard_temporary_remove(const char *path) {
    for (int i = 0; i < LM_SLOTS; i++) {
        int expected = 2;
        if (atomic_load(&slots[i].state) == 2 && strcmp(slots[i].path, path) == 0
            && atomic_compare_exchange_strong(&slots[i].state, &expected, 0)) {
            return;
        }
    }
}

void lm_guard_temporary_clear(void) {
    for (int i = 0; i < LM_SLOTS; i++) {
        int expected = 2;
        atomic_compare_exchange_strong(&slots[i].state, &expected, 0);
    }
}

int lm_guard_stderr_fd(void) { return realStderr >= 0 ? realStderr : STDERR_FILENO; }
