import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The worker side of an isolated batch (``BatchIsolation/workers(command:memoryLimit:)``): a
/// program that calls ``serve(describe:beforeEachLogo:)`` reads jobs on its standard input, one
/// line of JSON each, draws each logo on its own thread, and answers each with one line of JSON
/// on its standard output, until its standard input ends. Nothing else may be printed on
/// standard output; what it prints on standard error is collected by the supervisor (its last
/// line is the reason given for a logo the worker died on).
public enum BatchWorker {
    /// The environment variable through which the supervisor passes the memory limit (bytes of
    /// address space, applied with `setrlimit` before the first job).
    public static let memoryLimitVariable = "LOGO_MASK_BATCH_MEMORY_LIMIT"

    /// Serves jobs until standard input ends. `describe` words a failed logo's message (the
    /// supervisor reports it as is); `beforeEachLogo` is called with each logo and its output before
    /// it is drawn (a front end can hook tests in; nil: nothing).
    public static func serve(
        describe: @escaping @Sendable (LogoMaskError) -> String = { $0.description },
        beforeEachLogo: ((BatchItem) -> Void)? = nil
    ) {
        if let text = ProcessInfo.processInfo.environment[memoryLimitVariable], let bytes = UInt64(text), bytes > 0 {
            var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
            _ = withUnsafePointer(to: &limit) { setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), $0) }
        }
        let reader = LineReader(fd: STDIN_FILENO)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        while let line = reader.nextLine() {
            let answer: BatchWireAnswer
            if let job = try? decoder.decode(BatchWireJob.self, from: Data(line)) {
                beforeEachLogo?(job.item)
                let result = LogoBatch.drawHere(job.item, index: 0, operation: job.operation, settings: job.settings, describe: describe)
                switch result.outcome {
                case let .success(size):
                    answer = BatchWireAnswer(width: size.width, height: size.height, scale: size.scale, references: result.externalReferences)
                case let .failure(failure):
                    answer = BatchWireAnswer(references: result.externalReferences, status: failure.exitStatus, message: failure.message)
                }
            } else {
                answer = BatchWireAnswer(status: 64, message: "the batch worker received a job it cannot read")
            }
            var bytes = (try? encoder.encode(answer)) ?? Data("{\"status\":70,\"message\":\"cannot encode the answer\"}".utf8)
            bytes.append(0x0A)
            guard FileDescriptorWriter.writeAll(STDOUT_FILENO, bytes) else { return }
        }
    }
}

/// Reads lines from a file descriptor (blocking), without Foundation's buffering of stdin.
final class LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline; nil at the end of input (a last unterminated line is
    /// returned first).
    func nextLine() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                if start > 65536 {
                    buffer.removeFirst(start)
                    start = 0
                }
                return line
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { ended = true } else { buffer += chunk[0..<got] }
        }
    }
}
