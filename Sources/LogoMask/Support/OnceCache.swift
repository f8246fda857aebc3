import Synchronization

/// Holds a value derived from a logo once it has been made (``VectorLogo/outline``,
/// ``VectorLogo/paintsNothing``): made on first use, at most once however many threads ask at
/// the same time (they wait for the first), the result, success or error, kept for every later call.
final class OnceCache<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, LogoMaskError>?>(nil)

    /// The cached value, or the one `make` returns (called at most once per cache).
    func value(_ make: () throws(LogoMaskError) -> Value) throws(LogoMaskError) -> Value {
        // `make` runs holding the lock: the other threads asking meanwhile wait for its result.
        let outcome = result.withLock { result -> Result<Value, LogoMaskError> in
            if let result { return result }
            let made: Result<Value, LogoMaskError>
            do throws(LogoMaskError) {
                made = .success(try make())
            } catch {
                made = .failure(error)
            }
            result = made
            return made
        }
        return try outcome.get()
    }
}
