import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One place in the pool of an isolated batch: a supervising thread that keeps one worker
/// process going, sends it logos one after the other, and replaces it when it dies.
final class BatchWorkerSlot {
    private let command: [String]
    private let memoryLimit: Int?
    private let describe: @Sendable (LogoMaskError) -> String
    private var worker: BatchWorkerProcess?
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(command: [String], memoryLimit: Int?, describe: @escaping @Sendable (LogoMaskError) -> String) {
        self.command = command
        self.memoryLimit = memoryLimit
        self.describe = describe
    }

    /// Sends `item` to the worker (starting one if there is none). Returns nil when sent, or the
    /// logo's failure when no worker can take it.
    func send(_ item: BatchItem, index: Int, operation: BatchOperation, settings: BatchSettings) -> BatchItemResult? {
        let job: Data
        do {
            job = try encoder.encode(BatchWireJob(item: item, operation: operation, settings: settings))
        } catch {
            return failed(item, index, "\(item.input): cannot encode the job (\(error))", 70)
        }
        let process: BatchWorkerProcess
        if let worker {
            process = worker
        } else {
            do throws(LogoMaskError) {
                // No Swift crash report from a worker: the batch reports its end in one line.
                var environment = ["SWIFT_BACKTRACE": ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] ?? "enable=no"]
                if let memoryLimit { environment[BatchWorker.memoryLimitVariable] = String(memoryLimit) }
                process = try BatchWorkerProcess(command: command, environment: environment)
                worker = process
            } catch {
                return failed(item, index, describe(error), error.exitStatus, error)
            }
        }
        // A worker that died meanwhile fails the write; its end is read by receive.
        _ = process.send(job)
        return nil
    }

    /// Waits for the answer to `item`, the oldest job sent, and returns what became of it, and
    /// whether the worker died on it (the jobs sent after it must then be sent again: a new
    /// worker takes them).
    func receive(_ item: BatchItem, index: Int, settings: BatchSettings) -> (result: BatchItemResult, workerDied: Bool) {
        guard let process = worker else {
            return (failed(item, index, "\(item.input): the batch worker was gone before drawing it", 70), true)
        }
        // The worker's own deadline stops it between strips; this one cannot hang: a quarter
        // second later the worker is killed.
        let limit = settings.timeout > 0 ? settings.timeout + 0.25 : 0
        switch process.awaitAnswer(seconds: limit) {
        case let .answer(line, messages):
            guard let answer = try? decoder.decode(BatchWireAnswer.self, from: Data(line)) else {
                retire(process, item: item)
                return (failed(item, index, "\(item.input): the batch worker answered something unreadable", 70, messages: messages), true)
            }
            if let width = answer.width, let height = answer.height {
                return (BatchItemResult(
                    item: item, index: index,
                    outcome: .success(RasterSize(width: width, height: height, scale: answer.scale ?? 1)),
                    externalReferences: answer.references ?? [], workerMessages: messages), false)
            }
            var result = failed(item, index, answer.message ?? "\(item.input): failed", answer.status ?? 70, messages: messages)
            result.externalReferences = answer.references ?? []
            return (result, false)
        case let .died(waitStatus, messages):
            retire(process, item: item)
            // Only the reason: what else a dying worker printed (a runtime's crash report) is noise.
            return (failed(item, index, deathMessage(item: item, waitStatus: waitStatus, messages: messages), deathStatus(waitStatus)), true)
        case let .timedOut(messages):
            retire(process, item: item)
            let error = LogoMaskError.deadlineExceeded(file: item.input, seconds: settings.timeout)
            return (failed(item, index, describe(error), error.exitStatus, error, messages: messages), true)
        }
    }

    private func failed(
        _ item: BatchItem, _ index: Int, _ message: String, _ status: Int32, _ error: LogoMaskError? = nil, messages: [String] = []
    ) -> BatchItemResult {
        BatchItemResult(item: item, index: index, outcome: .failure(BatchFailure(message: message, exitStatus: status, error: error)),
                        workerMessages: messages)
    }

    /// Ends the last worker.
    func close() {
        worker?.close()
        worker = nil
    }

    /// Forgets a dead (or killed) worker and removes the temporary it left for `item`'s output:
    /// the worker writes `.NAME.part-PID-N` beside the output (`TemporaryOutputs.siblingPath(for:)`),
    /// and a killed process removes nothing itself.
    private func retire(_ process: BatchWorkerProcess, item: BatchItem) {
        process.close()
        worker = nil
        let folder = URL(fileURLWithPath: item.output).deletingLastPathComponent().path
        let prefix = TemporaryOutputs.siblingNamePrefix(for: item.output, process: process.pid)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// The reason given for a logo whose worker ended: its last line on standard error (the
    /// crash guard prints one), else what ended it.
    private func deathMessage(item: BatchItem, waitStatus: Int32, messages: [String]) -> String {
        let signal = waitStatus & 0x7F
        if signal == 0, let last = messages.last {
            return last.hasPrefix("logo-mask: ") ? String(last.dropFirst("logo-mask: ".count)) : last
        }
        if signal == 0 {
            return "\(item.input): the batch worker drawing it exited with status \((waitStatus >> 8) & 0xFF) without a message"
        }
        let name = Self.signalNames[signal].map { " (\($0))" } ?? ""
        var message = "\(item.input): the batch worker drawing it was killed by signal \(signal)\(name)"
        if let memoryLimit { message += "; it may have reached its memory limit of \(memoryLimit >> 20) MiB" }
        return message
    }

    /// A worker's own failure status when it exited with one, else 70 (a library failure).
    private func deathStatus(_ waitStatus: Int32) -> Int32 {
        let signal = waitStatus & 0x7F
        let code = (waitStatus >> 8) & 0xFF
        return signal == 0 && code != 0 ? code : 70
    }

    private static let signalNames: [Int32: String] = [
        SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
        SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGTRAP: "SIGTRAP", SIGXCPU: "SIGXCPU",
    ]
}
