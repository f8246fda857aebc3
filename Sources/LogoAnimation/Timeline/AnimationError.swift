import MaskGeometry

/// Why an animation, timing curve or timeline could not be built.
///
/// Every case's `description` names the offending field and how to fix it, so a
/// spec-file loader can show it to the person who wrote the file.
public enum AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A keyframe animation was given no values.
    case noValues
    /// Two lists that must match in length do not (`what` names them).
    case countMismatch(what: String, expected: String, actual: Int)
    /// A key time lies outside `0...1` (or is not a number).
    case keyTimeOutOfRange(index: Int, value: Double)
    /// A key time is smaller than the one before it.
    case keyTimesDecreasing(index: Int, previous: Double, value: Double)
    /// A duration in seconds is negative, infinite or not a number.
    case invalidDuration(Double)
    /// A delay in seconds is negative, infinite or not a number.
    case invalidDelay(Double)
    /// An animated value (`what` says which) has a component that is infinite or not a number.
    case nonFiniteValue(what: String)
    /// Bézier control points that do not describe a timing curve.
    case invalidControlPoints(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A timing-curve name that is not one of `TimingCurve.namedCurves`.
    case unknownCurveName(String)
    /// A spring parameter (`parameter` names it) outside its allowed range.
    case invalidSpring(parameter: String, value: Double, allowed: String)

    /// A sentence naming the problem and the fix.
    public var description: String {
        switch self {
        case .noValues:
            return "a keyframe animation needs at least one value in `values`"
        case let .countMismatch(what, expected, actual):
            return "\(what): expected \(expected), got \(actual)"
        case let .keyTimeOutOfRange(index, value):
            return "keyTimes[\(index)] is \(formatNumber(value)); key times are fractions of the duration and must lie in 0...1"
        case let .keyTimesDecreasing(index, previous, value):
            return "keyTimes[\(index)] is \(formatNumber(value)), smaller than keyTimes[\(index - 1)] = \(formatNumber(previous)); key times must not decrease"
        case let .invalidDuration(value):
            return "duration is \(formatNumber(value)) s; it must be a finite number of seconds, 0 or more"
        case let .invalidDelay(value):
            return "delay is \(formatNumber(value)) s; it must be a finite number of seconds, 0 or more (time 0 is the start of the timeline)"
        case let .nonFiniteValue(what):
            return "\(what) is infinite or not a number; animated values must be finite"
        case let .invalidControlPoints(x1, y1, x2, y2):
            return "timing curve [\(formatNumber(x1)), \(formatNumber(y1)), \(formatNumber(x2)), \(formatNumber(y2))]"
                + " is invalid; all four numbers must be finite and x1, x2 must lie in 0...1 (as in CAMediaTimingFunction)"
        case let .unknownCurveName(name):
            let known = TimingCurve.namedCurves.map { "\"\($0.name)\"" }.joined(separator: ", ")
            return "unknown timing curve \"\(name)\"; use one of \(known) or four control points [x1, y1, x2, y2]"
        case let .invalidSpring(parameter, value, allowed):
            return "spring \(parameter) is \(formatNumber(value)); it must be \(allowed)"
        }
    }
}
