import Dispatch
import FoundationEssentials

/// Where a batch draws its logos.
public enum BatchIsolation: Sendable, Hashable {
    /// On threads of this process, one logo per thread, `jobs` logos at once. The fastest start,
    /// but a crash inside librsvg, poppler or Cairo ends the whole process.
    case inProcess
    /// In a pool of `jobs` worker processes, each drawing logos one after the other. `command`
    /// starts one (the program's absolute path and its arguments); it must run
    /// ``BatchWorker/serve(describe:beforeEachLogo:)``. A worker that dies (a crash, a signal,
    /// `memoryLimit` bytes of address space exceeded, ``BatchSettings/timeout`` passed) costs
    /// only the logo it was on: that logo is reported, its temporary removed, and a new worker
    /// takes the next one.
    case workers(command: [String], memoryLimit: Int? = nil)
}

/// Many logos drawn into PNGs by the same operation: `jobs` at once, each logo on one thread (a
/// small image gains nothing from being cut in strips across cores, many images at once do),
/// memory bounded by the jobs, not by the batch. A logo that fails is reported and the others
/// complete; each output appears only when complete.
///
/// ```swift
/// let logos = try BatchInputs.expand(["icons/"])
/// let batch = LogoBatch(
///     items: try BatchInputs.items(for: logos, into: "out"),
///     operation: .render(size: .width(512), background: nil, compression: .fast))
/// let results = batch.run(onResult: { result, done in print("\(done)/\(logos.count)", result.item.output) })
/// ```
public struct LogoBatch: Sendable {
    /// The logos and their outputs.
    public var items: [BatchItem]
    /// What is done to each logo.
    public var operation: BatchOperation
    /// Loading, pixel budget and time limit, the same for every logo.
    public var settings: BatchSettings
    /// Logos drawn at once (threads or worker processes); at least 1.
    public var jobs: Int
    /// Threads of this process, or worker processes.
    public var isolation: BatchIsolation

    /// Creates a batch; `jobs` defaults to the number of cores.
    public init(
        items: [BatchItem], operation: BatchOperation, settings: BatchSettings = BatchSettings(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, isolation: BatchIsolation = .inProcess
    ) {
        self.items = items
        self.operation = operation
        self.settings = settings
        self.jobs = jobs
        self.isolation = isolation
    }

    /// Draws every logo and returns the results in the order of ``items``. `onResult` is called
    /// on the calling thread as each logo completes (in completion order) with the number done
    /// so far; `describe` words the message of a failed logo (a front end passes one that
    /// names its own options).
    @discardableResult
    public func run(
        describe: @escaping @Sendable (LogoMaskError) -> String = { $0.description },
        onResult: (BatchItemResult, Int) -> Void = { _, _ in }
    ) -> [BatchItemResult] {
        guard !items.isEmpty else { return [] }
        let queue = BatchQueue(count: items.count)
        let workers = max(1, min(jobs, items.count))
        let finished = DispatchGroup()
        var unstarted: [@Sendable () -> Void] = []
        for _ in 0..<workers {
            finished.enter()
            let work: @Sendable () -> Void
            switch isolation {
            case .inProcess:
                work = { [self] in
                    defer { finished.leave() }
                    while let index = queue.nextIndex() {
                        queue.deliver(Self.drawHere(items[index], index: index, operation: operation, settings: settings, describe: describe))
                    }
                }
            case let .workers(command, memoryLimit):
                work = { [self] in
                    defer { finished.leave() }
                    // Two jobs in flight per worker: the next one waits in the worker's input
                    // while it draws, so it never idles waiting for this thread to be scheduled.
                    let slot = BatchWorkerSlot(command: command, memoryLimit: memoryLimit, describe: describe)
                    var sent: [Int] = []
                    func send(_ index: Int) {
                        if let failure = slot.send(items[index], index: index, operation: operation, settings: settings) {
                            queue.deliver(failure)
                        } else {
                            sent.append(index)
                        }
                    }
                    while true {
                        while sent.count < 2, let index = queue.nextIndex() { send(index) }
                        guard let oldest = sent.first else { break }
                        sent.removeFirst()
                        let (result, died) = slot.receive(items[oldest], index: oldest, settings: settings)
                        queue.deliver(result)
                        if died {
                            // The jobs sent after it were never started: a new worker takes them.
                            let again = sent
                            sent = []
                            again.forEach(send)
                        }
                    }
                    slot.close()
                }
            }
            // 16 MiB of stack: librsvg and Cairo recurse; give them room. A thread that cannot
            // be made leaves its share to the others, or runs here when none could be made.
            if !DetachedThread.start(stackSize: 16 << 20, work) { unstarted.append(work) }
        }
        if unstarted.count == workers, let first = unstarted.first {
            first()
            for _ in unstarted.dropFirst() { finished.leave() }
        } else {
            for _ in unstarted { finished.leave() }
        }
        var results = [BatchItemResult?](repeating: nil, count: items.count)
        var done = 0
        while done < items.count {
            for result in queue.takeDelivered() {
                results[result.index] = result
                done += 1
                onResult(result, done)
            }
        }
        finished.wait()
        return results.compactMap { $0 }
    }

    /// Loads and draws one logo on the calling thread.
    static func drawHere(
        _ item: BatchItem, index: Int, operation: BatchOperation, settings: BatchSettings,
        describe: (LogoMaskError) -> String
    ) -> BatchItemResult {
        let deadline = settings.timeout > 0
            ? Deadline.after(seconds: settings.timeout, from: .now, naming: item.input) : .none
        var references: [String] = []
        do throws(LogoMaskError) {
            let logo = try VectorLogo(contentsOf: item.input, options: settings.load)
            references = logo.externalReferences
            let size = try operation.write(logo, to: item.output, maxPixels: settings.maxPixels, deadline: deadline)
            return BatchItemResult(item: item, index: index, outcome: .success(size), externalReferences: references)
        } catch {
            let failure = BatchFailure(message: describe(error), exitStatus: error.exitStatus, error: error)
            return BatchItemResult(item: item, index: index, outcome: .failure(failure), externalReferences: references)
        }
    }
}

/// Hands out job numbers to the workers and collects their results for the calling thread.
final class BatchQueue: @unchecked Sendable {
    private let condition = ConditionLock()
    private let count: Int
    private var next = 0
    private var delivered: [BatchItemResult] = []

    init(count: Int) { self.count = count }

    /// The next logo to draw, or nil when all are handed out.
    func nextIndex() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func deliver(_ result: BatchItemResult) {
        condition.lock()
        delivered.append(result)
        condition.signal()
        condition.unlock()
    }

    /// Waits for at least one result and returns all that arrived.
    func takeDelivered() -> [BatchItemResult] {
        condition.lock()
        defer { condition.unlock() }
        while delivered.isEmpty { condition.wait() }
        defer { delivered.removeAll(keepingCapacity: true) }
        return delivered
    }
}
