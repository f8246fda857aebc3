import FoundationEssentials
import MaskGeometry

extension LogoOutline.Path {
    /// A subpath cut into straight pieces.
    struct Polyline {
        /// The points in order, the subpath's start first.
        var points: [Point] = []
        /// True when the subpath ends with a close (a line back to its first point).
        var closed = false
    }

    /// The subpaths as polylines, every cubic halved until both its control points lie within
    /// `tolerance` of its chord (so the curve does too: it stays inside their hull), at most 16
    /// times. Lines and corners are kept exactly.
    func polylines(tolerance: Double) -> [Polyline] {
        polylines { _ in tolerance }
    }

    /// The same with a tolerance of its own for each cubic, given its four points (start,
    /// controls, end): e.g. finer near a point that the caller measures from.
    func polylines(tolerance: ([Point]) -> Double) -> [Polyline] {
        var lines: [Polyline] = []
        var current = Polyline()
        var start = Point.zero
        for segment in segments {
            switch segment {
            case let .move(p):
                if !current.points.isEmpty { lines.append(current) }
                current = Polyline(points: [p])
                start = p
            case let .line(p):
                if current.points.isEmpty { current.points.append(start) }
                current.points.append(p)
            case let .cubic(c1, c2, p):
                if current.points.isEmpty { current.points.append(start) }
                let from = current.points[current.points.count - 1]
                Self.subdivide(from, c1, c2, p, tolerance: tolerance([from, c1, c2, p]), depth: 0, into: &current.points)
            case .close:
                current.closed = true
                if !current.points.isEmpty { lines.append(current) }
                current = Polyline()
            }
        }
        if !current.points.isEmpty { lines.append(current) }
        return lines
    }

    /// Appends the points of the cubic p0...p3 after p0, halved as ``polylines(tolerance:)`` does.
    static func subdivide(
        _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double, depth: Int, into points: inout [Point]
    ) {
        if depth >= 16 || (distanceToChord(p1, p0, p3) <= tolerance && distanceToChord(p2, p0, p3) <= tolerance) {
            points.append(p3)
            return
        }
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        let p01 = mid(p0, p1), p12 = mid(p1, p2), p23 = mid(p2, p3)
        let p012 = mid(p01, p12), p123 = mid(p12, p23), m = mid(p012, p123)
        subdivide(p0, p01, p012, m, tolerance: tolerance, depth: depth + 1, into: &points)
        subdivide(m, p123, p23, p3, tolerance: tolerance, depth: depth + 1, into: &points)
    }

    private static func distanceToChord(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return p.distance(to: a) }
        return abs((p.x - a.x) * dy - (p.y - a.y) * dx) / length
    }
}
