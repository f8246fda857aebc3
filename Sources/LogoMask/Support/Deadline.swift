import Foundation

/// A point in time after which long work stops with `LogoMaskError.deadlineExceeded`.
/// Checked between strips and frames, so a job overshoots by at most one strip's work.
public struct Deadline: Sendable {
    private let end: ContinuousClock.Instant?
    /// The budget it was made with, in seconds (for the message).
    public let seconds: Double

    /// No deadline.
    public static let none = Deadline(end: nil, seconds: .infinity)

    /// A deadline `seconds` from now; zero or a negative value means none.
    public static func after(seconds: Double) -> Deadline {
        guard seconds > 0, seconds.isFinite else { return .none }
        return Deadline(end: .now + .milliseconds(Int64(seconds * 1000)), seconds: seconds)
    }

    private init(end: ContinuousClock.Instant?, seconds: Double) {
        self.end = end
        self.seconds = seconds
    }

    /// True once the deadline has passed.
    public var hasPassed: Bool {
        guard let end else { return false }
        return ContinuousClock.now >= end
    }

    /// Throws `deadlineExceeded` naming `file` once the deadline has passed.
    public func check(_ file: String) throws(LogoMaskError) {
        if hasPassed { throw LogoMaskError.deadlineExceeded(file: file, seconds: seconds) }
    }
}
