import FoundationEssentials
import Glibc
import Synchronization

/// A child process started with posix_spawn, and the parent's ends of the pipes to its standard
/// streams: a batch's worker processes and the ffmpeg that encodes a video. What Foundation's
/// `Process` and `Pipe` did, without linking Foundation.
///
/// The parent's ends are close-on-exec, so no other child inherits them (which would keep a
/// pipe open after its child ended and hide that end). Whoever spawns closes the three ends and
/// reaps the child once (``waitStatus(of:)``): no descriptor leaks, no zombie stays.
struct ChildProcess {
    /// The child's process id.
    let pid: pid_t
    /// The write end of the child's standard input.
    let input: Int32
    /// The read end of its standard output, or -1 when that goes to /dev/null.
    let output: Int32
    /// The read end of its standard error.
    let errors: Int32

    /// Where the child's standard output goes.
    enum Output { case pipe, discarded }

    /// How the child starts, beyond its streams.
    struct Options {
        /// Default signal handling and no blocked signal in the child: what this process ignores
        /// (SIGPIPE, and SIGINT/SIGTERM while its own handlers run) must still end it.
        var resetSignals = false
        /// The child leads a new process group (a terminal's Ctrl-C does not reach it).
        var ownProcessGroup = false
        /// Every descriptor above standard error that this process holds open without
        /// close-on-exec is closed in the child, so it inherits none (Foundation's `Process` did so).
        var closeInheritedDescriptors = false
    }

    /// Why a child could not be started: the failing call and its `errno`.
    enum Failure: Error {
        /// pipe(2) failed.
        case pipe(Int32)
        /// posix_spawn failed (the program is missing, not executable, ...).
        case spawn(Int32)

        /// The system's words for the error (strerror).
        var reason: String {
            switch self {
            case let .pipe(code), let .spawn(code): return SystemErrorText.describe(errno: code)
            }
        }
    }

    /// Spawning is serialized: the pipes are made close-on-exec before another spawn can start
    /// (Glibc's module does not offer pipe2 with O_CLOEXEC, which would do it in one step).
    private static let spawnLock = Mutex(())

    /// Starts `command` (the program's absolute path, then its arguments; the path is also the
    /// child's `argv[0]`) with this process's environment plus `environment`.
    static func spawn(
        _ command: [String], environment: [String: String] = [:], output: Output = .pipe, options: Options = Options()
    ) throws(Failure) -> ChildProcess {
        try spawnLock.withLock { _ throws(Failure) -> ChildProcess in
            try spawnLocked(command, environment: environment, output: output, options: options)
        }
    }

    private static func spawnLocked(
        _ command: [String], environment: [String: String], output: Output, options: Options
    ) throws(Failure) -> ChildProcess {
        // fds: stdin (read, write), stdout (read, write), stderr (read, write).
        var fds = [Int32](repeating: -1, count: 6)
        for pair in 0..<3 where pair != 1 || output == .pipe {
            let made = fds.withUnsafeMutableBufferPointer { Glibc.pipe($0.baseAddress! + pair * 2) }
            guard made == 0 else {
                let code = errno
                for fd in fds where fd >= 0 { Glibc.close(fd) }
                throw .pipe(code)
            }
        }
        for fd in fds where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        if output == .pipe {
            posix_spawn_file_actions_adddup2(&actions, fds[3], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_RDWR, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, fds[5], 2)
        if options.closeInheritedDescriptors {
            for fd in inheritableDescriptors() where !fds.contains(fd) {
                posix_spawn_file_actions_addclose(&actions, fd)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags: Int32 = 0
        if options.resetSignals {
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setsigmask(&attributes, &unblocked)
            flags |= Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        }
        if options.ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let arguments = command.map { strdup($0) } + [nil]
        let environmentLines = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in environmentLines { free(pointer) }
        }
        var child: pid_t = 0
        let status = command.isEmpty
            ? ENOENT : posix_spawn(&child, command[0], &actions, &attributes, arguments, environmentLines)
        for fd in [fds[0], fds[3], fds[5]] where fd >= 0 { Glibc.close(fd) }
        guard status == 0 else {
            for fd in [fds[1], fds[2], fds[4]] where fd >= 0 { Glibc.close(fd) }
            throw .spawn(status)
        }
        return ChildProcess(pid: child, input: fds[1], output: fds[2], errors: fds[4])
    }

    /// The descriptors above standard error open in this process without close-on-exec.
    private static func inheritableDescriptors() -> [Int32] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        let own = dirfd(folder)
        var found: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name), fd > 2, fd != own else { continue }
            let fdFlags = fcntl(fd, F_GETFD)
            if fdFlags >= 0, fdFlags & FD_CLOEXEC == 0 { found.append(fd) }
        }
        return found
    }

    /// Waits for `pid` to end (retrying when a signal interrupts the wait) and returns its raw
    /// wait status; call it once per child.
    static func waitStatus(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }
}
