import Glibc

/// Starts a POSIX thread running a Swift closure, detached (nobody joins it: it ends when the
/// closure returns, and whoever needs its end waits on something the closure signals). What
/// Foundation's `Thread` did for the batch's workers and ffmpeg's standard error reader, without
/// linking Foundation.
enum DetachedThread {
    /// Runs `body` on a new thread with `stackSize` bytes of stack (nil: the system's default);
    /// false when the thread could not be made (`body` then never runs).
    @discardableResult
    static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize, pthread_attr_setstacksize(&attributes, stackSize) != 0 { return false }
        // The closure crosses to the new thread as one retained box, released there.
        let box = Unmanaged.passRetained(ClosureBox(body)).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let box = Unmanaged<ClosureBox>.fromOpaque(context).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if made != 0 {
            Unmanaged<ClosureBox>.fromOpaque(box).release()
            return false
        }
        return true
    }

    private final class ClosureBox {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
