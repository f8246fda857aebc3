import FoundationEssentials

/// A point in time after which long work stops with `LogoMaskError.deadlineExceeded`.
/// Checked between strips and frames, so a job overshoots by at most one strip's work.
public struct Deadline: Sendable {
    private let end: ContinuousClock.Instant?
    /// The budget it was made with, in seconds (for the message).
    public let seconds: Double
    /// The input the deadline is about (the logo), named in the message in place of the file
    /// the checking step happens to be writing; nil names what ``check(_:)`` is given.
    public var subject: String? = nil

    /// No deadline.
    public static let none = Deadline(end: nil, seconds: .infinity)

    /// A deadline `seconds` from now; zero or a negative value means none.
    public static func after(seconds: Double) -> Deadline {
        guard seconds > 0, seconds.isFinite else { return .none }
        return Deadline(end: .now + .milliseconds(Int64(min(seconds, 1e12) * 1000)), seconds: seconds)
    }

    /// A deadline `seconds` after `start` (e.g. when a command began, so that loading counts),
    /// whose message names `subject` (the logo); zero or a negative value means none.
    public static func after(seconds: Double, from start: ContinuousClock.Instant, naming subject: String? = nil) -> Deadline {
        guard seconds > 0, seconds.isFinite else { return .none }
        var deadline = Deadline(end: start + .milliseconds(Int64(min(seconds, 1e12) * 1000)), seconds: seconds)
        deadline.subject = subject
        return deadline
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

    /// Throws `deadlineExceeded` naming ``subject`` (or else `file`) once the deadline has passed.
    public func check(_ file: String) throws(LogoMaskError) {
        if hasPassed { throw LogoMaskError.deadlineExceeded(file: subject ?? file, seconds: seconds) }
    }
}
