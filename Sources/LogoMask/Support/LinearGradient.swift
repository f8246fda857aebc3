import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// A linear gradient through evenly spaced colours across a box (a viewport, a page): the one
/// gradient type of hole and reveal backgrounds.
///
/// Its direction is either a CSS `linear-gradient` angle (the line through the box's centre, long
/// enough that the corners get the end colours) or a line given in fractions of the box.
/// The text form ``init(parsing:)`` reads is `FROM,TO[,DEG]`.
public struct LinearGradient: Sendable, Hashable {
    /// Which way the gradient runs.
    public enum Direction: Sendable, Hashable {
        /// An angle in degrees as in CSS `linear-gradient` (180: top to bottom, 90: left to right).
        case angle(degrees: Double)
        /// From `start` to `end` in fractions of the box (0,0 top-left; 1,1 bottom-right).
        case line(start: Point, end: Point)
    }

    /// The colours, evenly spaced from the line's start (the first) to its end (the last); at
    /// least one.
    public var colors: [RGBAColor]
    /// Which way it runs.
    public var direction: Direction

    /// A gradient through `colors` in `direction`.
    public init(colors: [RGBAColor], direction: Direction) {
        self.colors = colors
        self.direction = direction
    }

    /// A two-colour gradient at a CSS angle (default 180: top to bottom).
    public init(from: RGBAColor, to: RGBAColor, degrees: Double = 180) {
        self.init(colors: [from, to], direction: .angle(degrees: degrees))
    }

    /// Reads `FROM,TO[,DEG]`: two colours (as ``RGBAColor/init(parsing:)`` reads them) and an
    /// optional CSS angle in degrees, `deg` suffix allowed (default 180); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingWhitespace() }
        guard parts.count == 2 || parts.count == 3,
              let from = RGBAColor(parsing: parts[0]), let to = RGBAColor(parsing: parts[1]) else { return nil }
        var degrees = 180.0
        if parts.count == 3 {
            guard let value = Double(parts[2].replacing("deg", with: "")), value.isFinite else { return nil }
            degrees = value
        }
        self.init(from: from, to: to, degrees: degrees)
    }

    /// The gradient line's ends on a box of `size` (any units, origin at the top-left).
    public func line(in size: Size) -> (start: Point, end: Point) {
        switch direction {
        case let .angle(degrees):
            let radians = degrees * .pi / 180
            let dx = sin(radians), dy = -cos(radians)
            let length = abs(size.width * dx) + abs(size.height * dy)
            let c = Point(x: size.width / 2, y: size.height / 2)
            return (Point(x: c.x - dx * length / 2, y: c.y - dy * length / 2), Point(x: c.x + dx * length / 2, y: c.y + dy * length / 2))
        case let .line(start, end):
            return (Point(x: start.x * size.width, y: start.y * size.height), Point(x: end.x * size.width, y: end.y * size.height))
        }
    }
}
