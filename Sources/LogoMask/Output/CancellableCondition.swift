/// A lock with a condition and a "cancelled" flag: the meeting point that ``FramePool`` and
/// ``OrderedParallelRunner`` both need (wait under the lock until there is work or the job
/// stopped; cancel wakes every waiter). The state it guards stays in the owner's own properties,
/// read and written only inside ``locked(_:)``.
final class CancellableCondition: @unchecked Sendable {
    private let condition = ConditionLock()
    /// True once ``cancel()`` ran; read it only inside ``locked(_:)``.
    private(set) var cancelled = false

    /// Runs `body` holding the lock.
    @inline(__always)
    func locked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try condition.withLock(body)
    }

    /// Inside ``locked(_:)``: releases the lock until a ``signal()`` or ``broadcast()``.
    func wait() { condition.wait() }

    /// Inside ``locked(_:)``: wakes one waiter.
    func signal() { condition.signal() }

    /// Inside ``locked(_:)``: wakes every waiter.
    func broadcast() { condition.broadcast() }

    /// Marks the job cancelled and wakes every waiter.
    func cancel() {
        locked {
            cancelled = true
            condition.broadcast()
        }
    }
}
