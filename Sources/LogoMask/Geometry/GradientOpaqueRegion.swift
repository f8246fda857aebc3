import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// Where a gradient that mixes opaque and translucent stops paints fully opaque, as regions
/// for ``RadialProfileRayCaster``: never more than the true set, so a radius measured through
/// them is never longer than the exact one.
///
/// The alpha between two opaque stops is 1 and between any other two it is below 1 (but at
/// the opaque stop itself), so the opaque set is where the gradient's offset `t` falls in the
/// merged intervals between consecutive opaque stops, `pad` extending the first and last stop
/// to infinity. For a linear gradient `t` is affine in the point: each interval is a strip
/// (a half-plane when it is unbounded), cut to a box around the shape. For a radial one with
/// its focal point inside its circle, the points with `t <= b` form the disc of radius `b·r`
/// about `focal + b·(center - focal)` (these discs are nested), so an interval `a...b` is
/// that disc less the open disc of `a`: an ellipse once placed. The kept disc becomes an
/// inscribed polygon and the removed one a circumscribed one, so the region only shrinks.
/// Nil for `reflect` and `repeat` (periodic bands) or a gradient whose space cannot be
/// inverted; the caller then measures pixels.
enum GradientOpaqueRegion {
    /// One interval's region: inside `within` (nil: everywhere) and outside `outside` (nil: no
    /// hole), polygons in the caller's points about the anchor.
    struct Piece {
        var within: RadialProfileRayCaster.Polygon?
        var outside: RadialProfileRayCaster.Polygon?
    }

    /// Sides of the polygons that stand for a disc: an inscribed one is at most
    /// `1 - cos(π / 1024)` = 4.7e-6 of the radius inside the circle.
    static let discSides = 1024
    /// Where the disc's vertices sit within their steps: an irrational fraction, so that no
    /// vertex lies on an edge of the profile's bins (multiples of 1/5760 of a turn).
    static let vertexPhase = 0.381966011250105

    /// The pieces of `gradient`'s opaque set for a shape inside `box` (points about the
    /// anchor), `toPoints` mapping document units to those points; empty when it is opaque
    /// nowhere (but on lines), nil when the set cannot be given (see the type).
    static func pieces(of gradient: LogoOutline.Gradient, toPoints: Transform, box: Rect) -> [Piece]? {
        guard gradient.opacity >= 1, gradient.spread == .pad, !gradient.stops.isEmpty else {
            return gradient.opacity >= 1 ? nil : []
        }
        let intervals = opaqueIntervals(gradient.stops)
        switch gradient.kind {
        case .linear:
            guard let line = gradient.documentLine, let fromPoints = toPoints.inverted else { return nil }
            // t(p) = dot(p_doc - start, v) / |v|^2 is affine in the points too: t = n·p + t0.
            let v = Point(x: line.end.x - line.start.x, y: line.end.y - line.start.y)
            let squared = v.x * v.x + v.y * v.y
            func offset(_ p: Point) -> Double {
                let d = fromPoints.apply(to: p)
                return ((d.x - line.start.x) * v.x + (d.y - line.start.y) * v.y) / squared
            }
            let t0 = offset(.zero)
            let n = Point(x: offset(Point(x: 1, y: 0)) - t0, y: offset(Point(x: 0, y: 1)) - t0)
            guard n.x.isFinite, n.y.isFinite, n.x != 0 || n.y != 0 else { return nil }
            // Uneven margins: a corner straight along a bin's edge from the anchor (a box
            // centred on it puts one at 45 degrees) is a vertex the ray caster cannot see past.
            let m = 0.01 * max(box.width, box.height) + 1
            let corners = [
                Point(x: box.minX - m, y: box.minY - 1.3 * m), Point(x: box.maxX + 1.1 * m, y: box.minY - 1.3 * m),
                Point(x: box.maxX + 1.1 * m, y: box.maxY + 1.2 * m), Point(x: box.minX - m, y: box.maxY + 1.2 * m),
            ]
            return intervals.compactMap { interval in
                var ring = corners
                // n·p + t0 >= low, and -(n·p + t0) >= -high.
                if interval.low.isFinite { ring = clip(ring, normal: n, atLeast: interval.low - t0) }
                if interval.high.isFinite {
                    ring = clip(ring, normal: Point(x: -n.x, y: -n.y), atLeast: t0 - interval.high)
                }
                guard ring.count >= 3 else { return nil }
                return Piece(within: RadialProfileRayCaster.Polygon(rings: [ring], evenOdd: false), outside: nil)
            }
        case let .radial(center, radius, focal):
            let toPoints = gradient.transform.concatenating(toPoints)
            guard toPoints.determinant != 0, radius > 0,
                  hypot(focal.x - center.x, focal.y - center.y) < radius * (1 - 1e-9)
            else { return nil }
            func disc(_ t: Double, circumscribed: Bool) -> RadialProfileRayCaster.Polygon {
                let c = Point(x: focal.x + t * (center.x - focal.x), y: focal.y + t * (center.y - focal.y))
                let step = 2 * Double.pi / Double(discSides)
                let r = t * radius / (circumscribed ? cos(step / 2) : 1)
                // Vertices off the bins' edges as seen from the disc's centre (often the anchor):
                // a ray through a vertex may miss both of its edges.
                let ring = (0..<discSides).map { i in
                    let angle = (Double(i) + vertexPhase) * step
                    return toPoints.apply(to: Point(x: c.x + r * cos(angle), y: c.y + r * sin(angle)))
                }
                return RadialProfileRayCaster.Polygon(rings: [ring], evenOdd: false)
            }
            // t >= 0 everywhere (the focal point is offset 0).
            return intervals.compactMap { interval in
                guard interval.high > 0 else { return nil }
                return Piece(
                    within: interval.high.isFinite ? disc(interval.high, circumscribed: false) : nil,
                    outside: interval.low > 0 ? disc(interval.low, circumscribed: true) : nil)
            }
        }
    }

    /// The offsets where the gradient is opaque: between consecutive opaque stops, and past
    /// an opaque first or last stop (pad), merged where they touch; empty intervals left out.
    static func opaqueIntervals(_ stops: [LogoOutline.Gradient.Stop]) -> [(low: Double, high: Double)] {
        let opaque = stops.map { $0.opacity >= 1 && $0.color.alpha == 255 }
        var raw: [(low: Double, high: Double)] = []
        if opaque.first == true { raw.append((-.infinity, stops[0].offset)) }
        for i in stops.indices.dropLast() where opaque[i] && opaque[i + 1] {
            raw.append((stops[i].offset, stops[i + 1].offset))
        }
        if opaque.last == true, let last = stops.last { raw.append((last.offset, .infinity)) }
        var merged: [(low: Double, high: Double)] = []
        for interval in raw {
            if let previous = merged.last, interval.low <= previous.high {
                merged[merged.count - 1].high = max(previous.high, interval.high)
            } else {
                merged.append(interval)
            }
        }
        return merged.filter { $0.high > $0.low }
    }

    /// The convex ring `ring` cut to the half-plane `normal·p >= bound`.
    static func clip(_ ring: [Point], normal: Point, atLeast bound: Double) -> [Point] {
        var result: [Point] = []
        for (i, a) in ring.enumerated() {
            let b = ring[(i + 1) % ring.count]
            let da = normal.x * a.x + normal.y * a.y - bound, db = normal.x * b.x + normal.y * b.y - bound
            if da >= 0 { result.append(a) }
            if (da >= 0) != (db >= 0) {
                let f = da / (da - db)
                result.append(Point(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y)))
            }
        }
        return result
    }
}
