import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Runs `count` numbered jobs on worker threads and hands their results to the caller's
/// thread strictly in order, with at most `maxAhead` results waiting, so memory stays bounded
/// whatever `count` is. Each worker builds its own state once (buffers, a logo drawing) and
/// reuses it for every job it takes.
///
/// With `order` (a permutation of `0..<count`), workers take the jobs in that order instead of
/// by number (the heaviest first, say), and every result may wait to be consumed: meant for a
/// few jobs with small results.
enum OrderedParallelRunner {
    static func run<State, Output>(
        count: Int,
        workers requested: Int = ProcessInfo.processInfo.activeProcessorCount,
        maxAhead: Int? = nil,
        order: [Int]? = nil,
        makeState: @escaping @Sendable () throws -> State,
        work: @escaping @Sendable (inout State, Int) throws -> Output,
        consume: (Int, Output) throws -> Void
    ) throws {
        guard count > 0 else { return }
        func runInOrder() throws {
            var state = try makeState()
            for index in 0..<count { try consume(index, try work(&state, index)) }
        }
        let workers = max(1, min(requested, count))
        if workers == 1 { return try runInOrder() }
        // An order that is not a permutation of the jobs is ignored: every job must be handed out.
        let order = order.flatMap { $0.count == count && Set($0) == Set(0..<count) ? $0 : nil }
        let shared = SharedQueue<Output>(limit: order == nil ? maxAhead ?? workers * 2 : count, order: order)
        let finished = DispatchGroup()
        var running = 0
        for _ in 0..<workers {
            finished.enter()
            let started = DetachedThread.start(stackSize: 16 << 20) {  // librsvg and Cairo recurse; give them room
                defer { finished.leave() }
                var state: State
                do { state = try makeState() } catch {
                    shared.fail(error)
                    return
                }
                while let index = shared.nextIndex(count: count) {
                    do {
                        let output = try work(&state, index)
                        shared.deliver(index, output)
                    } catch {
                        shared.fail(error)
                        return
                    }
                }
            }
            if started { running += 1 } else { finished.leave() }
        }
        // No thread could be made: the work runs here, in order.
        guard running > 0 else { return try runInOrder() }
        defer {
            shared.cancel()
            finished.wait()
        }
        for index in 0..<count {
            let output = try shared.take(index)
            try consume(index, output)
        }
    }
}

/// The lock-protected meeting point of the workers and the consumer.
private final class SharedQueue<Output>: @unchecked Sendable {
    private let condition = CancellableCondition()
    private let limit: Int
    private var handedOut = 0
    private var consumed = 0
    private var results: [Int: Output] = [:]
    private var failure: (any Error)?
    /// The jobs in the order they are handed out (nil: by number).
    private let order: [Int]?

    init(limit: Int, order: [Int]? = nil) {
        self.limit = max(1, limit)
        self.order = order
    }

    /// The next job for a worker, or nil when all are handed out or the run stopped.
    func nextIndex(count: Int) -> Int? {
        condition.locked {
            while !condition.cancelled, handedOut < count, handedOut - consumed >= limit { condition.wait() }
            guard !condition.cancelled, handedOut < count else { return nil }
            handedOut += 1
            return order?[handedOut - 1] ?? handedOut - 1
        }
    }

    func deliver(_ index: Int, _ output: Output) {
        condition.locked {
            results[index] = output
            condition.broadcast()
        }
    }

    func fail(_ error: any Error) {
        condition.locked {
            if failure == nil { failure = error }
        }
        condition.cancel()
    }

    func cancel() { condition.cancel() }

    /// Waits for job `index`'s result (or the first failure) and marks it consumed.
    func take(_ index: Int) throws -> Output {
        try condition.locked {
            while results[index] == nil, failure == nil { condition.wait() }
            if let failure { throw failure }
            guard let output = results.removeValue(forKey: index) else { throw CancellationError() }
            consumed = index + 1
            condition.broadcast()
            return output
        }
    }
}

