import Foundation
import Glibc
@testable import LogoMask
import Testing

/// The primitives that replace Foundation's NSCondition, Thread, Process and Pipe in the
/// library: the condition lock under many threads and its timed wait, detached threads, and
/// child processes (bytes in, bytes and status out, no descriptor leaked, no zombie left).
@Suite("Threading primitives", .serialized)
struct ThreadingPrimitivesTests {
    /// Waits under `lock` until `done()` holds, for at most 30 s; false when it never did.
    private static func waitUntil(_ lock: ConditionLock, _ done: () -> Bool) -> Bool {
        let end = ContinuousClock.now + .seconds(30)
        while !done() {
            guard ContinuousClock.now < end else { return false }
            _ = lock.wait(seconds: 1)
        }
        return true
    }

    /// A bounded queue over one ConditionLock, as FramePool and BatchQueue use it.
    private final class BoundedQueue: @unchecked Sendable {
        let lock = ConditionLock()
        var items: [Int] = []
        var producersLeft: Int
        var consumed = 0
        var total = 0
        var threadsDone = 0
        let capacity = 4

        init(producers: Int) { producersLeft = producers }

        func put(_ value: Int) {
            lock.withLock {
                while items.count >= capacity { lock.wait() }
                items.append(value)
                lock.broadcast()
            }
        }

        /// The next item, or nil once every producer finished and the queue is empty.
        func take() -> Int? {
            lock.withLock {
                while items.isEmpty, producersLeft > 0 { lock.wait() }
                guard !items.isEmpty else { return nil }
                let value = items.removeFirst()
                lock.broadcast()
                return value
            }
        }
    }

    @Test("six producers and six consumers through one condition lock: every item arrives exactly once")
    func producersAndConsumers() {
        let producers = 6, consumers = 6, perProducer = 3000
        let queue = BoundedQueue(producers: producers)
        for p in 0..<producers {
            #expect(DetachedThread.start {
                for i in 0..<perProducer { queue.put(p * perProducer + i + 1) }
                queue.lock.withLock {
                    queue.producersLeft -= 1
                    queue.threadsDone += 1
                    queue.lock.broadcast()
                }
            })
        }
        for _ in 0..<consumers {
            #expect(DetachedThread.start {
                var count = 0, sum = 0
                while let value = queue.take() {
                    count += 1
                    sum += value
                }
                queue.lock.withLock {
                    queue.consumed += count
                    queue.total += sum
                    queue.threadsDone += 1
                    queue.lock.broadcast()
                }
            })
        }
        let finished = queue.lock.withLock { Self.waitUntil(queue.lock) { queue.threadsDone == producers + consumers } }
        #expect(finished)
        let n = producers * perProducer
        queue.lock.withLock {
            #expect(queue.consumed == n)
            #expect(queue.total == n * (n + 1) / 2)
            #expect(queue.items.isEmpty)
        }
    }

    @Test("a timed wait with no signal returns false after its time; a signalled one returns true at once")
    func timedWait() {
        let lock = ConditionLock()
        let start = ContinuousClock.now
        let woken = lock.withLock { lock.wait(seconds: 0.2) }
        let waited = ContinuousClock.now - start
        #expect(!woken)
        #expect(waited >= .milliseconds(195))
        #expect(waited < .seconds(5))

        let flag = SendableFlag()
        let signalled = lock.withLock { () -> Bool in
            #expect(DetachedThread.start {
                lock.withLock {
                    flag.value = true
                    lock.signal()
                }
            })
            let end = ContinuousClock.now + .seconds(20)
            while !flag.value, ContinuousClock.now < end {
                if lock.wait(seconds: 20) { break }
            }
            return flag.value
        }
        #expect(signalled)
        #expect(ContinuousClock.now - start < .seconds(15))
        #expect(lock.withLock { lock.wait(seconds: 0) } == false)
    }

    /// A flag written under a lock by another thread.
    private final class SendableFlag: @unchecked Sendable { var value = false }

    @Test("CancellableCondition: cancel wakes every waiter of a FramePool with an error")
    func cancelWakesWaiters() throws {
        let pool = try FramePool(count: 1, width: 1, height: 1)
        let buffer = try pool.take()
        let lock = ConditionLock()
        let outcomes = Outcomes()
        for _ in 0..<4 {
            #expect(DetachedThread.start {
                let failed = (try? pool.take()) == nil
                lock.withLock {
                    outcomes.failed += failed ? 1 : 0
                    outcomes.done += 1
                    lock.broadcast()
                }
            })
        }
        usleep(100_000)
        #expect(lock.withLock { outcomes.done } == 0)  // all four are waiting for a buffer
        pool.cancel()
        #expect(lock.withLock { Self.waitUntil(lock) { outcomes.done == 4 } })
        #expect(lock.withLock { outcomes.failed } == 4)
        pool.give(buffer)
    }

    private final class Outcomes: @unchecked Sendable {
        var done = 0
        var failed = 0
    }

    @Test("a detached thread runs its closure on another thread with the stack size asked, then releases it")
    func detachedThread() {
        let lock = ConditionLock()
        let seen = Seen()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let started = DetachedThread.start(stackSize: 16 << 20) { [token] in
                // About 12 MiB of stack: more than the default 8 MiB (which would crash), within the 16 asked for.
                let depth = Self.deepSum(3000)
                lock.withLock {
                    seen.thread = pthread_self()
                    seen.sum = depth + (token.value - 7)
                    lock.broadcast()
                }
            }
            #expect(started)
        }
        #expect(lock.withLock { Self.waitUntil(lock) { seen.thread != nil } })
        #expect(lock.withLock { seen.thread } != pthread_self())
        #expect(lock.withLock { seen.sum } == 3000)
        // The closure (and what it captured) is released once the thread ends.
        let end = ContinuousClock.now + .seconds(10)
        while weakToken != nil, ContinuousClock.now < end { usleep(10_000) }
        #expect(weakToken == nil)
    }

    /// `n`, counted by recursion with a 4 KiB frame per level.
    @inline(never)
    private static func deepSum(_ n: Int) -> Int {
        var frame = InlineArray<512, Int>(repeating: 0)
        frame[n % 512] = 1
        return n == 0 ? 0 : frame[n % 512] + deepSum(n - 1)
    }

    private final class Seen: @unchecked Sendable {
        var thread: pthread_t?
        var sum = 0
    }

    private final class Token: Sendable { let value = 7 }

    // MARK: - Child processes

    /// How many descriptors this process has open.
    private static func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// Reads `fd` to its end.
    private static func readAll(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        while case let .success(chunk) = FileDescriptorReader.read(fd, upTo: 65536), !chunk.isEmpty { bytes += chunk }
        return bytes
    }

    /// Runs `script` under /bin/sh with `stdin` on its standard input; its standard output,
    /// standard error and raw wait status.
    private static func run(
        _ script: String, stdin: [UInt8], environment: [String: String] = [:], options: ChildProcess.Options = .init()
    ) throws -> (output: String, errors: String, status: Int32, pid: pid_t) {
        let child = try ChildProcess.spawn(["/bin/sh", "-c", script], environment: environment, options: options)
        for fd in [child.input, child.output, child.errors] {
            #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)  // no other child inherits the parent's ends
        }
        // The writes go from another thread: the child may fill its output pipes before it reads.
        let input = child.input
        let written = ConditionLock()
        let result = WriteResult()
        #expect(DetachedThread.start {
            let error = stdin.withUnsafeBytes { FileDescriptorWriter.writeAll(input, $0.baseAddress!, count: $0.count) }
            close(input)
            written.withLock {
                result.error = error
                result.done = true
                written.broadcast()
            }
        })
        let errorsRead = ReadBox()
        let errorsFD = child.errors
        #expect(DetachedThread.start {
            let bytes = readAll(errorsFD)
            written.withLock {
                errorsRead.bytes = bytes
                errorsRead.done = true
                written.broadcast()
            }
        })
        let output = readAll(child.output)
        #expect(written.withLock { waitUntil(written) { result.done && errorsRead.done } })
        close(child.output)
        close(child.errors)
        let status = ChildProcess.waitStatus(of: child.pid)
        #expect(written.withLock { result.error } == 0)
        return (String(decoding: output, as: UTF8.self), String(decoding: written.withLock { errorsRead.bytes }, as: UTF8.self), status, child.pid)
    }

    private final class WriteResult: @unchecked Sendable {
        var error: Int32 = -1
        var done = false
    }

    private final class ReadBox: @unchecked Sendable {
        var bytes: [UInt8] = []
        var done = false
    }

    @Test("a child gets its standard input whole; its output, error text and exit status come back exactly; it is reaped")
    func childStreams() throws {
        let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let run = try Self.run(
            #"n=$(wc -c); printf 'out %s' "$n"; printf 'err %s %s\n' "$n" "$LM_CHILD_TEST" >&2; exit 3"#,
            stdin: input, environment: ["LM_CHILD_TEST": "a b=c"])
        #expect(run.output == "out 300000")
        #expect(run.errors == "err 300000 a b=c\n")
        #expect(run.status & 0x7F == 0)
        #expect((run.status >> 8) & 0xFF == 3)
        // Reaped: no zombie is left to wait for.
        var status: Int32 = 0
        #expect(waitpid(run.pid, &status, WNOHANG) == -1)
        #expect(errno == ECHILD)
    }

    @Test("a child ended by a signal reports it in its wait status")
    func childSignal() throws {
        let run = try Self.run("kill -9 $$", stdin: [])
        #expect(run.status & 0x7F == SIGKILL)
    }

    @Test("spawning and reaping leaks no descriptor, and a program that does not exist fails naming why")
    func noDescriptorLeak() throws {
        // Other suites may open files meanwhile: the counts must agree in one of five tries.
        var agreed = false
        for _ in 0..<5 where !agreed {
            let before = try Self.openDescriptors()
            _ = try Self.run("cat >/dev/null; echo done >&2", stdin: Array(repeating: 65, count: 1000))
            #expect(throws: ChildProcess.Failure.self) { try ChildProcess.spawn(["/nonexistent/program"]) }
            agreed = try Self.openDescriptors() == before
        }
        #expect(agreed)
        do {
            _ = try ChildProcess.spawn(["/nonexistent/program"])
            Issue.record("a missing program was started")
        } catch {
            #expect(error.reason == String(cString: strerror(ENOENT)))
            guard case .spawn(ENOENT) = error else { Issue.record("not a spawn failure: \(error)"); return }
        }
    }

    @Test("closeInheritedDescriptors: a descriptor open without close-on-exec reaches the child only without it")
    func inheritedDescriptors() throws {
        let fd = open("/dev/null", O_RDONLY)  // no O_CLOEXEC
        #expect(fd > 2)
        defer { close(fd) }
        let script = "ls /proc/$$/fd >&2"
        let kept = try Self.run(script, stdin: [])
        let closed = try Self.run(script, stdin: [], options: .init(closeInheritedDescriptors: true))
        let keptFDs = Set(kept.errors.split(separator: "\n").map(String.init))
        let closedFDs = Set(closed.errors.split(separator: "\n").map(String.init))
        #expect(keptFDs.contains(String(fd)))
        #expect(!closedFDs.contains(String(fd)))
        #expect(closedFDs.isSuperset(of: ["0", "1", "2"]))
    }

    @Test("resetSignals: an ignored SIGTERM stays ignored in the child only without it")
    func resetSignals() throws {
        let previous = signal(SIGTERM, SIG_IGN)
        defer { signal(SIGTERM, previous) }
        let script = "kill -TERM $$; echo alive >&2"
        let inherited = try Self.run(script, stdin: [])
        let reset = try Self.run(script, stdin: [], options: .init(resetSignals: true))
        #expect(inherited.errors == "alive\n")
        #expect(reset.status & 0x7F == SIGTERM)
    }
}
