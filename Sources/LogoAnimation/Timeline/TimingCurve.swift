import MaskGeometry

/// A cubic Bézier timing curve, as Core Animation's `CAMediaTimingFunction`.
///
/// The curve runs from (0, 0) to (1, 1) with control points (`x1`, `y1`) and
/// (`x2`, `y2`). The horizontal axis is the fraction of the animation's duration
/// that has elapsed (*progress*); the vertical axis is the fraction of the change
/// from the start value to the end value that has happened. `y1` and `y2` may lie
/// outside 0...1 (the animation then overshoots); `x1` and `x2` must lie in 0...1
/// so that every progress has exactly one value.
///
/// The named curves equal Core Animation's: ``linear``, ``easeIn``, ``easeOut``,
/// ``easeInEaseOut`` and ``default``.
///
/// In JSON a curve is either its name, `"easeInEaseOut"`, or its four control points,
/// `[0.42, 0, 0.58, 1]`. A curve whose points equal a named curve's is written by name.
public struct TimingCurve: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal coordinate of the first control point (fraction of the duration, 0...1).
    public let x1: Double
    /// Vertical coordinate of the first control point (fraction of the change).
    public let y1: Double
    /// Horizontal coordinate of the second control point (fraction of the duration, 0...1).
    public let x2: Double
    /// Vertical coordinate of the second control point (fraction of the change).
    public let y2: Double

    /// Creates a curve from its control points.
    ///
    /// - Throws: ``AnimationError/invalidControlPoints(x1:y1:x2:y2:)`` when a number is not
    ///   finite or `x1` or `x2` lies outside 0...1.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else {
            throw AnimationError.invalidControlPoints(x1: x1, y1: y1, x2: x2, y2: y2)
        }
        self.init(checked: x1, y1, x2, y2)
    }

    private init(checked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// Constant speed: control points (0, 0, 1, 1); `kCAMediaTimingFunctionLinear`.
    public static let linear = TimingCurve(checked: 0, 0, 1, 1)
    /// Starts slowly: (0.42, 0, 1, 1); `kCAMediaTimingFunctionEaseIn`.
    public static let easeIn = TimingCurve(checked: 0.42, 0, 1, 1)
    /// Ends slowly: (0, 0, 0.58, 1); `kCAMediaTimingFunctionEaseOut`.
    public static let easeOut = TimingCurve(checked: 0, 0, 0.58, 1)
    /// Starts and ends slowly: (0.42, 0, 0.58, 1); `kCAMediaTimingFunctionEaseInEaseOut`.
    public static let easeInEaseOut = TimingCurve(checked: 0.42, 0, 0.58, 1)
    /// Core Animation's default curve: (0.25, 0.1, 0.25, 1); `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingCurve(checked: 0.25, 0.1, 0.25, 1)

    /// Every named curve with the name it has in JSON, in a fixed order.
    public static let namedCurves: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    /// The named curve called `name` (`"easeInEaseOut"`; UIKit's `"easeInOut"` is accepted
    /// too), or nil when there is none.
    public init?(named name: String) {
        let wanted = name == "easeInOut" ? "easeInEaseOut" : name
        guard let found = Self.namedCurves.first(where: { $0.name == wanted }) else { return nil }
        self = found.curve
    }

    /// The name of the named curve with these control points, or nil for a custom curve.
    public var name: String? {
        Self.namedCurves.first(where: { $0.curve == self })?.name
    }

    /// The four control points, `[x1, y1, x2, y2]`.
    public var controlPoints: [Double] { [x1, y1, x2, y2] }

    /// The fraction of the change reached at `progress`, the elapsed fraction of the duration.
    ///
    /// `progress` is clamped to 0...1; the result is exactly 0 at 0 and exactly 1 at 1 and may
    /// leave 0...1 in between when `y1` or `y2` does. The curve parameter `t` with
    /// `x(t) = progress` is found by Newton's method, falling back to bisection, to within
    /// 1e-14 in x (well inside the 1e-6 that Core Animation's solver promises); the result is `y(t)`.
    /// A not-a-number progress gives not-a-number.
    public func value(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return progress }  // a straight line
        return bezierY(solveParameter(forX: progress))
    }

    /// `[x1, y1, x2, y2]`, or the name for a named curve.
    public var description: String {
        name ?? "[" + controlPoints.map { formatNumber($0) }.joined(separator: ", ") + "]"
    }

    // MARK: Bézier arithmetic

    /// x(t) = 3(1-t)²t·x1 + 3(1-t)t²·x2 + t³, in Horner form.
    private func bezierX(_ t: Double) -> Double {
        let c = 3 * x1, b = 3 * (x2 - x1) - c, a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    private func bezierY(_ t: Double) -> Double {
        let c = 3 * y1, b = 3 * (y2 - y1) - c, a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    private func bezierXDerivative(_ t: Double) -> Double {
        let c = 3 * x1, b = 3 * (x2 - x1) - c, a = 1 - c - b
        return (3 * a * t + 2 * b) * t + c
    }

    /// The curve parameter t in 0...1 whose x(t) is `x` (x(t) does not decrease since
    /// x1 and x2 lie in 0...1). Newton's method is trusted only where x(t) is steep enough
    /// (slope above 1e-6) for its 1e-14 residual to pin t down; elsewhere, as at the flat
    /// inflection of `[1, 0, 0, 1]`, bisection narrows t to the precision of a Double.
    private func solveParameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let slope = bezierXDerivative(t)
            if abs(slope) < 1e-6 { break }
            let error = bezierX(t) - x
            if abs(error) < 1e-14 { return t }
            t -= error / slope
            if !(0...1).contains(t) { break }
        }
        var low = 0.0, high = 1.0
        for _ in 0..<64 {
            let middle = (low + high) / 2
            let value = bezierX(middle)
            if value == x { return middle }
            if value < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    // MARK: Codable

    /// Reads a name (`"easeOut"`) or four control points (`[0, 0, 0.58, 1]`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            if let name = try? container.decode(String.self) {
                guard let curve = TimingCurve(named: name) else { throw AnimationError.unknownCurveName(name) }
                self = curve
                return
            }
            guard let points = try? container.decode([Double].self) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "a timing curve is a name such as \"easeInEaseOut\" or four numbers [x1, y1, x2, y2]")
            }
            guard points.count == 4 else {
                throw AnimationError.countMismatch(
                    what: "timing curve control points [x1, y1, x2, y2]", expected: "4 numbers", actual: points.count)
            }
            try self.init(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
        } catch let error as AnimationError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Writes the name of a named curve, otherwise the four control points.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let name {
            try container.encode(name)
        } else {
            try container.encode(controlPoints)
        }
    }
}
