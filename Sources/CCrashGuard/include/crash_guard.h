// The library crash guard: turns an abort or a crash inside librsvg, poppler or Cairo into one
// line on standard error and exit status 70, after removing the registered temporaries.
// Only Swift's Bridges/CrashGuard/*.swift calls these; see LogoMask.docc/Safety.md.
#pragma once

/// Which library a guarded call is in (the names printed are "librsvg", "poppler", "Cairo").
enum lm_guard_library { LM_GUARD_NONE = 0, LM_GUARD_LIBRSVG = 1, LM_GUARD_POPPLER = 2, LM_GUARD_CAIRO = 3 };

/// What the call does to the logo ("reading it", "measuring it", "drawing it").
enum lm_guard_action { LM_GUARD_READING = 0, LM_GUARD_MEASURING = 1, LM_GUARD_DRAWING = 2 };

/// The record a guarded call replaces, handed back to lm_guard_leave.
typedef struct {
    const char *file;
    int library;
    int action;
    int flags;  // what this call did: counted in flight, sent standard error aside
} lm_guard_saved;

/// Installs the signal handlers (SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE) on an alternate
/// stack, once per process. `program` prefixes the message ("logo-mask"); it is copied.
/// Returns 1 when the guard is (now or already) installed, 0 when it could not be.
int lm_guard_install(const char *program);

/// 1 once lm_guard_install has succeeded.
int lm_guard_installed(void);

/// Marks the calling thread as inside `library` doing `action` on `file` (which must stay
/// valid until lm_guard_leave). Costs no system call, except for librsvg while the guard is
/// installed: its standard error is sent aside (two dup2 per outermost call) so that a Rust
/// panic's text never reaches the terminal; what it writes on a normal return is passed on.
lm_guard_saved lm_guard_enter(int library, int action, const char *file);

/// Ends the call lm_guard_enter began, restoring the record it replaced.
void lm_guard_leave(lm_guard_saved saved);

/// Mirrors TemporaryOutputs: a path (file or folder) the handler removes before exiting.
void lm_guard_temporary_add(const char *path);
void lm_guard_temporary_remove(const char *path);
void lm_guard_temporary_clear(void);

/// The file descriptor of the process's real standard error (fd 2 may be sent aside for the
/// duration of a librsvg call): for messages written while a call may be running (watchdog).
int lm_guard_stderr_fd(void);
