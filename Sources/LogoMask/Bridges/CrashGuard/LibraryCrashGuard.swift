internal import CCrashGuard

/// Turns an abort or a crash inside librsvg, poppler or Cairo into one line on standard error
/// and exit status 70, instead of a crash report and death by signal.
///
/// librsvg is written in Rust: when it panics inside a call from this library (an assertion in
/// its filter code is one known case), the panic cannot unwind through C and the **whole
/// process aborts**. Poppler and Cairo are C and C++ and can crash too. Without the guard, such
/// an abort ends the calling process, whatever `do`/`catch` surrounds the call: no Swift error
/// is thrown, because none can be.
///
/// ``install(programName:)`` sets handlers for SIGABRT, SIGSEGV, SIGBUS, SIGILL and SIGFPE. When
/// one arrives while a thread is inside a call into one of those libraries, the handler removes
/// every temporary output still registered (nothing half-written is left), prints
///
///     PROGRAM: FILE: librsvg aborted while drawing it: a bug in librsvg, not in the file's syntax
///
/// (with the panic's reason, or the signal, in parentheses when known), and ends the process
/// with status 70, the status of ``LogoMaskError/drawingFailed(file:reason:)``. A crash
/// anywhere else is a bug of the program itself and takes its usual path (the handler that was
/// there before, or the default action). The process still ends: the guard makes the end clean,
/// it cannot make the library's state safe to go on with.
///
/// A program that must go on after such a logo (a server, a batch over many files) runs each
/// logo, or a pool of them, in a worker process of its own and treats the worker's status 70
/// and its last line as that logo's failure; the command-line tool's batch mode works this way.
public enum LibraryCrashGuard {
    /// Installs the handlers, once per process (later calls change nothing). `programName`
    /// begins the message. Returns true when the guard is installed.
    ///
    /// While the guard is installed, standard error is sent aside during each call into
    /// librsvg, so that the text a Rust panic prints before it aborts never reaches the
    /// terminal; what librsvg (or another thread) writes there during a call that returns is
    /// passed on when the call ends. Write urgent messages to ``standardErrorDescriptor``.
    @discardableResult
    public static func install(programName: String) -> Bool {
        lm_guard_install(programName) != 0
    }

    /// True once ``install(programName:)`` has succeeded.
    public static var isInstalled: Bool { lm_guard_installed() != 0 }

    /// The process's real standard error, also while a librsvg call has standard error sent
    /// aside: for a message that cannot wait for the call to end (a deadline's).
    public static var standardErrorDescriptor: Int32 { lm_guard_stderr_fd() }
}
