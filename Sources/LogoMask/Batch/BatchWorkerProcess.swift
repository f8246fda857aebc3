import FoundationEssentials
import Glibc

/// One worker process of an isolated batch, seen from the supervisor: its pipes, and the
/// means to send a job and wait for the answer, the worker's end, or the time limit.
final class BatchWorkerProcess {
    let pid: pid_t
    private let input: Int32  // the worker's standard input (we write)
    private let output: Int32  // its standard output (we read answers)
    private let errors: Int32  // its standard error (we read messages)
    private var outputBuffer: [UInt8] = []
    private var errorBuffer: [UInt8] = []
    private var closed = false

    /// How a wait for an answer ended.
    enum Outcome {
        /// One line on standard output, and the lines printed on standard error meanwhile.
        case answer([UInt8], messages: [String])
        /// The worker ended (its raw wait status) before answering.
        case died(waitStatus: Int32, messages: [String])
        /// The time limit passed; the worker was killed.
        case timedOut(messages: [String])
    }

    /// Starts `command` (an absolute path and its arguments) with `environment` added.
    init(command: [String], environment: [String: String]) throws(LogoMaskError) {
        guard let program = command.first else {
            throw LogoMaskError.toolUnavailable(tool: "batch worker", reason: "the worker command is empty")
        }
        Self.ignoreBrokenPipes
        // The worker starts with default signal handling: what this process ignores (SIGPIPE,
        // and SIGINT/SIGTERM while its own handlers run) must still end a worker.
        let child: ChildProcess
        do throws(ChildProcess.Failure) {
            child = try ChildProcess.spawn(command, environment: environment, options: .init(resetSignals: true))
        } catch {
            let reason = if case .pipe = error { "cannot make a pipe: \(error.reason)" } else { "cannot start \(program): \(error.reason)" }
            throw LogoMaskError.toolUnavailable(tool: "batch worker", reason: reason)
        }
        pid = child.pid
        input = child.input
        output = child.output
        errors = child.errors
    }

    /// Writing to a worker that has died must fail with EPIPE, not end this process.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    deinit { close() }

    /// Sends one line; false when the worker is gone.
    func send(_ line: Data) -> Bool {
        var bytes = line
        bytes.append(0x0A)
        return FileDescriptorWriter.writeAll(input, bytes)
    }

    /// Waits for one answer line, the worker's end, or `seconds` (0: no limit).
    func awaitAnswer(seconds: Double) -> Outcome {
        let end = seconds > 0 ? ContinuousClock.now + .milliseconds(Int64(seconds * 1000)) : nil
        var outputOpen = true, errorsOpen = true
        while true {
            if let newline = outputBuffer.firstIndex(of: 0x0A) {
                let line = Array(outputBuffer[..<newline])
                outputBuffer.removeFirst(newline + 1)
                return .answer(line, messages: takeMessages(all: false))
            }
            if !outputOpen {
                // Its standard output ended: the worker is ending. Read what it still says on
                // standard error (the crash guard's one line), then reap it.
                drainErrors(until: ContinuousClock.now + .seconds(2))
                return .died(waitStatus: reap(), messages: takeMessages(all: true))
            }
            var wait: Int32 = -1
            if let end {
                let left = end - ContinuousClock.now
                if left <= .zero {
                    kill(pid, SIGKILL)
                    drainErrors(until: ContinuousClock.now + .milliseconds(500))
                    _ = reap()
                    return .timedOut(messages: takeMessages(all: true))
                }
                let (s, atto) = left.components
                wait = Int32(min(Int64(Int32.max / 2), s * 1000 + atto / 1_000_000_000_000_000 + 1))
            }
            var polled = [pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                          pollfd(fd: errorsOpen ? errors : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 2, wait)
            if ready < 0, errno != EINTR { outputOpen = false; continue }
            if polled[0].revents != 0 { outputOpen = readInto(&outputBuffer, from: output) }
            if errorsOpen, polled[1].revents != 0 { errorsOpen = readInto(&errorBuffer, from: errors) }
        }
    }

    /// Closes the worker's standard input (it then ends) and reaps it.
    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(input)
        Glibc.close(output)
        Glibc.close(errors)
        _ = reap()
    }

    private var reaped: Int32?

    /// Waits for the worker's end once and returns its wait status.
    private func reap() -> Int32 {
        if let reaped { return reaped }
        let status = ChildProcess.waitStatus(of: pid)
        reaped = status
        return status
    }

    /// Reads what is there; false at the end of the stream.
    private func readInto(_ buffer: inout [UInt8], from fd: Int32) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if got < 0 { return errno == EINTR || errno == EAGAIN }
        if got == 0 { return false }
        buffer += chunk[0..<got]
        return true
    }

    private func drainErrors(until end: ContinuousClock.Instant) {
        while ContinuousClock.now < end {
            var polled = [pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            guard poll(&polled, 1, 50) >= 0 || errno == EINTR else { return }
            if polled[0].revents != 0, !readInto(&errorBuffer, from: errors) { return }
        }
    }

    /// The complete lines on standard error so far (and a last unterminated one with `all`).
    private func takeMessages(all: Bool) -> [String] {
        var cut = errorBuffer.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        if all { cut = errorBuffer.count }
        let text = String(decoding: errorBuffer[..<cut], as: UTF8.self)
        errorBuffer.removeFirst(cut)
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }
}
