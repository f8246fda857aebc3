// The calls into librsvg, poppler and Cairo marked for the crash guard (CCrashGuard): while one
// runs, the calling thread's record names the library, what it does and the file, so that an
// abort inside it becomes one line and status 70 instead of a crash report (see
// ``LibraryCrashGuard``). Marking costs two thread-local stores and no system call (librsvg's
// calls also send standard error aside while the guard is installed: two `dup2`).
internal import CCrashGuard

/// A library whose aborts the guard answers for.
enum GuardedLibrary {
    case librsvg, poppler, cairo

    fileprivate var code: Int32 {
        switch self {
        case .librsvg: Int32(LM_GUARD_LIBRSVG.rawValue)
        case .poppler: Int32(LM_GUARD_POPPLER.rawValue)
        case .cairo: Int32(LM_GUARD_CAIRO.rawValue)
        }
    }
}

/// What a guarded call does to the logo, as the message says it ("while reading it").
enum GuardedAction {
    case reading, measuring, drawing

    fileprivate var code: Int32 {
        switch self {
        case .reading: Int32(LM_GUARD_READING.rawValue)
        case .measuring: Int32(LM_GUARD_MEASURING.rawValue)
        case .drawing: Int32(LM_GUARD_DRAWING.rawValue)
        }
    }
}

/// Runs `body` (a call into `library`) marked for the crash guard, naming `file`. Calls nest:
/// the innermost names the library (librsvg drawing inside a Cairo-guarded draw).
@inline(__always)
func withLibraryCall<T, E: Error>(
    _ library: GuardedLibrary, _ action: GuardedAction, file: String, _ body: () throws(E) -> T
) throws(E) -> T {
    let result: Result<T, E> = file.withCString { name in
        let saved = lm_guard_enter(library.code, action.code, name)
        defer { lm_guard_leave(saved) }
        do throws(E) {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// The guard's copy of ``TemporaryOutputs``' paths (the signal handler cannot take its lock).
enum CrashGuardTemporaries {
    static func add(_ path: String) { lm_guard_temporary_add(path) }
    static func remove(_ path: String) { lm_guard_temporary_remove(path) }
    static func clear() { lm_guard_temporary_clear() }
}
