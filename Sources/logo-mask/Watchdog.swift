import Dispatch
import Glibc
import LogoMask
import Synchronization

/// The hard deadline behind `--timeout`.
///
/// The library checks its ``Deadline`` between strips and frames, but one call into librsvg or
/// poppler (parsing, measuring, or drawing one strip of a pathological logo: a path whose
/// segments all cross, a `use` fan-out, a huge filter) cannot be interrupted. So the command also
/// arms a timer on a background queue: if the process is still running a quarter second past
/// the deadline, the timer removes every registered temporary output, prints the same
/// deadline message naming the file, and ends the process with status 75 (`_exit`, no unwinding:
/// the stuck C call never returns). Nothing half-written is left behind, exactly as for SIGINT.
enum Watchdog {
    /// The armed timer, kept alive for the life of the process.
    private static let timer = Mutex<DispatchSourceTimer?>(nil)

    /// Arms the timer once per process; `seconds` 0 (no limit) arms nothing.
    static func arm(file: String, seconds: Double) {
        guard seconds > 0, seconds < 1e7 else { return }  // past 115 days: no timer (DispatchTime would overflow)
        timer.withLock { timer in
            guard timer == nil else { return }
            let elapsed = ContinuousClock.now - commandStart
            let remaining = max(0, seconds - Double(elapsed.components.seconds) - Double(elapsed.components.attoseconds) * 1e-18)
            let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .userInitiated))
            source.schedule(deadline: .now() + remaining + 0.25)
            source.setEventHandler {
                TemporaryOutputs.shared.removeAll()
                let message = FlagNames.message(for: .deadlineExceeded(file: file, seconds: seconds))
                // The real standard error: the stuck call may be librsvg's, which has fd 2 sent aside.
                let line = Array("logo-mask: \(message)\n".utf8)
                _ = line.withUnsafeBytes { write(LibraryCrashGuard.standardErrorDescriptor, $0.baseAddress, $0.count) }
                _exit(LogoMaskError.deadlineExceeded(file: file, seconds: seconds).exitStatus)
            }
            source.resume()
            timer = source
        }
    }
}
