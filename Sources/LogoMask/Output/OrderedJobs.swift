/// Runs a few independent outputs (`generate`'s platforms, code bundles, previews, Lottie, page
/// and overlay; `assets`' platforms) on a few threads, and hands their results to the caller in
/// the jobs' order, as if they had run one after another. Unlike ``OrderedParallelRunner``
/// (many similar jobs, bounded results) the jobs are few and unlike, and their errors are
/// reported as a run in order would meet them.
///
/// Errors are those of a run in order: when job `i` fails, the jobs after it that have not
/// started are skipped, those before it still run, and the caller gets the first failure by
/// index (never whichever thread failed first). Every worker has stopped when ``run(_:workers:order:consume:)``
/// returns or throws, so nothing writes into the output folder after it is abandoned.
enum OrderedJobs {
    /// One output's work, run on a worker thread (or the caller's, with one worker).
    typealias Job<Output> = @Sendable () throws(LogoMaskError) -> Output

    /// Runs `jobs` on at most `workers` threads, taken in `order` (a permutation of their
    /// indices, the heaviest first, say; by index otherwise), and calls `consume` on the caller's
    /// thread with each result in index order. One worker runs everything on the caller's
    /// thread, each job consumed before the next starts.
    static func run<Output: Sendable>(
        _ jobs: [Job<Output>], workers: Int, order: [Int]? = nil,
        consume: (Int, Output) throws(LogoMaskError) -> Void
    ) throws(LogoMaskError) {
        let count = jobs.count
        guard count > 0 else { return }
        guard workers > 1, count > 1 else {
            for (index, job) in jobs.enumerated() { try consume(index, try job()) }
            return
        }
        let order = order.flatMap { $0.count == count && Set($0) == Set(0..<count) ? $0 : nil } ?? Array(0..<count)
        let board = Board<Output>(count: count)
        var started = 0
        for _ in 0..<min(workers, count) {
            // librsvg and Cairo recurse: the stack the parallel runners give them.
            let made = DetachedThread.start(stackSize: 16 << 20) {
                while let index = board.next(order) {
                    let result: Result<Output, LogoMaskError>
                    do throws(LogoMaskError) {
                        result = .success(try jobs[index]())
                    } catch {
                        result = .failure(error)
                    }
                    board.finish(index, result)
                }
                board.leave()
            }
            if made { started += 1 }
        }
        board.started(started)
        defer { board.waitForWorkers() }
        if started == 0 {
            // No thread could be made: the jobs run here, in order.
            board.stopAll()
            for (index, job) in jobs.enumerated() { try consume(index, try job()) }
            return
        }
        for index in 0..<count {
            let result = board.take(index)
            do throws(LogoMaskError) {
                try consume(index, try result.get())
            } catch {
                board.stopAll()
                throw error
            }
        }
    }

    /// The lock-guarded state the workers and the caller share.
    private final class Board<Output: Sendable>: @unchecked Sendable {
        private let condition = ConditionLock()
        private var results: [Result<Output, LogoMaskError>?]
        /// The next position in the order to hand out.
        private var position = 0
        /// Jobs with a larger index are not started (the lowest failed index; -1: none at all).
        private var stop: Int
        /// Workers still running, and whether the caller has counted them yet.
        private var running = 0
        private var counted = false

        init(count: Int) {
            results = Array(repeating: nil, count: count)
            stop = count
        }

        /// The next job for a worker, or nil when none is left to start.
        func next(_ order: [Int]) -> Int? {
            condition.withLock {
                while position < order.count, order[position] > stop { position += 1 }
                guard position < order.count else { return nil }
                position += 1
                return order[position - 1]
            }
        }

        func finish(_ index: Int, _ result: Result<Output, LogoMaskError>) {
            condition.withLock {
                results[index] = result
                if case .failure = result { stop = min(stop, index) }
                condition.broadcast()
            }
        }

        /// Starts no more jobs.
        func stopAll() {
            condition.withLock {
                stop = -1
                condition.broadcast()
            }
        }

        /// Job `index`'s result, once it has one (it runs: every job up to the first failure does).
        func take(_ index: Int) -> Result<Output, LogoMaskError> {
            condition.withLock {
                while results[index] == nil { condition.wait() }
                defer { results[index] = nil }
                return results[index]!
            }
        }

        func started(_ workers: Int) {
            condition.withLock {
                running += workers
                counted = true
                condition.broadcast()
            }
        }

        func leave() {
            condition.withLock {
                running -= 1
                condition.broadcast()
            }
        }

        func waitForWorkers() {
            condition.withLock {
                while !counted || running > 0 { condition.wait() }
            }
        }
    }
}
