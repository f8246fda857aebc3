import Foundation

/// Holds a value derived from a logo once it has been made (``VectorLogo/outline``,
/// ``VectorLogo/paintsNothing``): made on first use, at most once however many threads ask at
/// the same time (they wait for the first), the result, success or error, kept for every later call.
final class OnceCache<Value: Sendable>: @unchecked Sendable {
    // NSLock rather than Synchronization.Mutex: the package still builds for macOS 13.
    private let lock = NSLock()
    private var result: Result<Value, LogoMaskError>?

    /// The cached value, or the one `make` returns (called at most once per cache).
    func value(_ make: () throws(LogoMaskError) -> Value) throws(LogoMaskError) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if result == nil {
            do throws(LogoMaskError) {
                result = .success(try make())
            } catch {
                result = .failure(error)
            }
        }
        return try result!.get()
    }
}
