import FoundationEssentials

/// A point in a two-dimensional coordinate space (document units, points or pixels,
/// as the API that hands it out says).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards (the SVG, PDF-as-rendered and Cairo convention).
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The Euclidean distance to `other`.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// `x,y` with up to six significant decimals.
    public var description: String { "\(formatNumber(x)),\(formatNumber(y))" }

    /// Reads `X,Y`: two finite numbers separated by a comma, spaces around each allowed; nil for
    /// anything else.
    public init?(parsing text: String) {
        let numbers = parseFiniteNumbers(text)
        guard let numbers, numbers.count == 2 else { return nil }
        self.init(x: numbers[0], y: numbers[1])
    }
}

/// The comma-separated numbers of `text` (spaces around each allowed), nil when one is not a
/// finite number.
func parseFiniteNumbers(_ text: String) -> [Double]? {
    var numbers: [Double] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let value = Double(part.trimmingWhitespace()), value.isFinite else { return nil }
        numbers.append(value)
    }
    return numbers
}

/// Formats a number compactly and deterministically: integers without a decimal point,
/// others with at most six decimals and no trailing zeros.
public func formatNumber(_ value: Double, decimals: Int = 6) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        return String(Int64(rounded))
    }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
