import FoundationEssentials
import MaskGeometry

extension LogoOutline {
    /// An absolute path of move, line, cubic Bézier and close only, stored compactly as verbs
    /// and the points they take (one for a move or line, three for a cubic, none for a close).
    /// Read it as ``segments`` or walk ``verbs`` and ``points`` side by side.
    ///
    /// ```swift
    /// var path = LogoOutline.Path()
    /// path.move(to: Point(x: 0, y: 0))
    /// path.line(to: Point(x: 10, y: 0))
    /// path.cubic(to: Point(x: 0, y: 10), control1: Point(x: 10, y: 5), control2: Point(x: 5, y: 10))
    /// path.close()
    /// ```
    public struct Path: Sendable, Hashable {
        /// What one step of a path is.
        public enum Verb: UInt8, Sendable, Hashable {
            /// Starts a subpath at one point.
            case move
            /// A straight line to one point.
            case line
            /// A cubic Bézier: two control points, then the end point.
            case cubic
            /// A straight line back to the subpath's start, closing it (no point).
            case close

            /// How many points this verb takes from ``Path/points``.
            public var pointCount: Int {
                switch self {
                case .move, .line: 1
                case .cubic: 3
                case .close: 0
                }
            }
        }

        /// One step of a path with its points.
        public enum Segment: Sendable, Hashable {
            /// Starts a subpath at the point.
            case move(to: Point)
            /// A straight line to the point.
            case line(to: Point)
            /// A cubic Bézier to `to` with two control points.
            case cubic(control1: Point, control2: Point, to: Point)
            /// Closes the subpath with a line back to its start.
            case close
        }

        /// The steps in order.
        public private(set) var verbs: [Verb]
        /// The steps' points in order (see ``Verb/pointCount``).
        public private(set) var points: [Point]

        /// An empty path.
        public init() {
            verbs = []
            points = []
        }

        /// A path of `segments`.
        public init(_ segments: some Sequence<Segment>) {
            self.init()
            for segment in segments { append(segment) }
        }

        /// A path from its verbs and points; nil when the points do not match the verbs.
        public init?(verbs: [Verb], points: [Point]) {
            guard verbs.reduce(0, { $0 + $1.pointCount }) == points.count else { return nil }
            self.verbs = verbs
            self.points = points
        }

        /// True when the path has no step.
        public var isEmpty: Bool { verbs.isEmpty }

        /// The steps as segments.
        public var segments: [Segment] {
            var result: [Segment] = []
            result.reserveCapacity(verbs.count)
            var p = 0
            for verb in verbs {
                switch verb {
                case .move: result.append(.move(to: points[p]))
                case .line: result.append(.line(to: points[p]))
                case .cubic: result.append(.cubic(control1: points[p], control2: points[p + 1], to: points[p + 2]))
                case .close: result.append(.close)
                }
                p += verb.pointCount
            }
            return result
        }

        /// Appends a segment.
        public mutating func append(_ segment: Segment) {
            switch segment {
            case let .move(p): move(to: p)
            case let .line(p): line(to: p)
            case let .cubic(a, b, c): cubic(to: c, control1: a, control2: b)
            case .close: close()
            }
        }

        /// Starts a subpath at `point`.
        public mutating func move(to point: Point) {
            verbs.append(.move)
            points.append(point)
        }

        /// Adds a straight line to `point`.
        public mutating func line(to point: Point) {
            verbs.append(.line)
            points.append(point)
        }

        /// Adds a cubic Bézier to `point` with two control points.
        public mutating func cubic(to point: Point, control1: Point, control2: Point) {
            verbs.append(.cubic)
            points.append(control1)
            points.append(control2)
            points.append(point)
        }

        /// Closes the current subpath.
        public mutating func close() {
            verbs.append(.close)
        }

        /// Appends every step of `other`.
        public mutating func append(contentsOf other: Path) {
            verbs += other.verbs
            points += other.points
        }

        /// The path with every point mapped by `transform` (exact for an affine map).
        public func mapped(by transform: Transform) -> Path {
            var copy = self
            copy.points = points.map { transform.apply(to: $0) }
            return copy
        }

        /// The smallest rectangle holding every point, control points included (so it holds the
        /// curves too); `.null` for a path without points.
        public var bounds: Rect {
            guard let first = points.first else { return .null }
            var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
            for p in points.dropFirst() {
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }
}
