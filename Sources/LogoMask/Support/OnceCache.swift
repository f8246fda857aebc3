import Foundation

/// Holds a logo's outline once it has been made (``VectorLogo/outline``): made on first use, at
/// most once however many threads ask at the same time (they wait for the first), the result,
/// success or error, kept for every later call.
final class OutlineCache: @unchecked Sendable {
    // NSLock rather than Synchronization.Mutex: the package still builds for macOS 13.
    private let lock = NSLock()
    private var result: Result<LogoOutline, LogoMaskError>?

    /// The cached outline, or the one `make` returns (called at most once per cache).
    func value(_ make: () throws(LogoMaskError) -> LogoOutline) throws(LogoMaskError) -> LogoOutline {
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
