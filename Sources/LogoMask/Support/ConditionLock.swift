import Glibc

/// A mutex and a condition variable together (POSIX threads), for code that waits under the
/// lock until another thread changes the state the lock guards: ``CancellableCondition``'s job
/// queues and ``BatchQueue``. What Foundation's `NSCondition` did, without linking Foundation.
///
/// The pthread objects live on the heap (they must never move once initialised, which a Swift
/// stored property does not promise) and are destroyed in `deinit`. Timed waits measure on the
/// monotonic clock, so a change of the wall clock neither shortens nor stretches them.
final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the lock; pair with ``unlock()``.
    func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock.
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Holding the lock: releases it until a ``signal()`` or ``broadcast()`` (or a spurious
    /// wake-up: callers wait in a loop on their own condition), then takes it again.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Holding the lock: as ``wait()``, but for at most `seconds`; false when the time passed
    /// without a wake-up.
    func wait(seconds: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let delay = max(0, min(seconds, 1e9))  // past 31 years: as good as forever, and no overflow
        let whole = delay.rounded(.down)
        var nanoseconds = Int(now.tv_nsec) + Int((delay - whole) * 1e9)
        var end = timespec(tv_sec: now.tv_sec + Int(whole), tv_nsec: 0)
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            end.tv_sec += 1
        }
        end.tv_nsec = nanoseconds
        return pthread_cond_timedwait(condition, mutex, &end) != ETIMEDOUT
    }

    /// Holding the lock: wakes one waiter.
    func signal() { pthread_cond_signal(condition) }

    /// Holding the lock: wakes every waiter.
    func broadcast() { pthread_cond_broadcast(condition) }
}
