import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// The part of the plane a solid stroke surely paints, as polygons for the ray caster: never
/// more than the stroke, so a radius measured on them is never longer than the true one.
///
/// Built in the pen's own space (where the width is measured): the path, flattened to within
/// `tolerance` of its curves, gets one rectangle per piece of half the width less `tolerance`
/// (so the rectangle stays inside the band around the true curve), the outer side of every
/// corner its join (miter up to the limit, round as an inscribed polygon, bevel), and open
/// subpaths their caps (square, round inscribed; butt has none). Corners inside curves are
/// bevelled whatever the join: a curve's stroke is its band, which a miter tip may leave.
/// Each piece is its own polygon; their union is the stroke.
enum StrokeRegion {
    /// The polygons of `path` (document units) stroked with `stroke`, mapped by `toPoints`;
    /// nil for a dashed pen or one whose space cannot be inverted (the caller then measures
    /// pixels). Empty when the pen paints nothing.
    static func polygons(
        of path: LogoOutline.Path, stroke: LogoOutline.Stroke, toPoints: Transform
    ) -> [RadialProfileRayCaster.Polygon]? {
        guard stroke.dashes.allSatisfy({ $0 == 0 }) else { return nil }
        guard let toPen = stroke.transform.inverted else { return nil }
        guard stroke.width.isFinite, stroke.width > 0 else { return [] }
        let tolerance = stroke.width / 128
        let half = stroke.width / 2 - tolerance
        let penToPoints = stroke.transform.concatenating(toPoints)
        var pieces: [[Point]] = []
        for subpath in subpaths(path.mapped(by: toPen), tolerance: tolerance) {
            pieces += region(of: subpath, half: half, stroke: stroke)
        }
        return pieces.map { ring in
            RadialProfileRayCaster.Polygon(rings: [ring.map { penToPoints.apply(to: $0) }], evenOdd: false)
        }
    }

    /// A flattened subpath: its points and, for each, whether it ends a piece inside a curve.
    private struct Subpath {
        var points: [Point] = []
        var insideCurve: [Bool] = []
        var closed = false
    }

    private static func subpaths(_ path: LogoOutline.Path, tolerance: Double) -> [Subpath] {
        var result: [Subpath] = []
        var current = Subpath()
        var start = Point.zero
        func begin() {
            if current.points.isEmpty {
                current.points.append(start)
                current.insideCurve.append(false)
            }
        }
        for segment in path.segments {
            switch segment {
            case let .move(p):
                if !current.points.isEmpty { result.append(current) }
                current = Subpath()
                start = p
                current.points.append(p)
                current.insideCurve.append(false)
            case let .line(p):
                begin()
                current.points.append(p)
                current.insideCurve.append(false)
            case let .cubic(c1, c2, p):
                begin()
                let from = current.points[current.points.count - 1]
                var flat: [Point] = []
                LogoOutline.Path.subdivide(from, c1, c2, p, tolerance: tolerance, depth: 0, into: &flat)
                current.points += flat
                // Every point but the cubic's end lies inside the curve.
                current.insideCurve += flat.indices.map { $0 < flat.count - 1 }
            case .close:
                current.closed = true
                if !current.points.isEmpty { result.append(current) }
                current = Subpath()
            }
        }
        if !current.points.isEmpty { result.append(current) }
        return result
    }

    /// The pieces of one subpath in pen space.
    private static func region(of subpath: Subpath, half: Double, stroke: LogoOutline.Stroke) -> [[Point]] {
        guard half > 0 else { return [] }
        // Drop repeated points: a zero-length piece has no direction.
        var points: [Point] = []
        var curved: [Bool] = []
        for (p, inside) in zip(subpath.points, subpath.insideCurve) where points.last != p {
            points.append(p)
            curved.append(inside)
        }
        if subpath.closed, points.count > 1, points.first == points.last {
            points.removeLast()
            curved.removeLast()
        }
        // A lone point: round and square caps paint a dot, which the region may leave out.
        guard points.count > 1 else { return [] }
        let closed = subpath.closed
        let count = points.count
        let segmentCount = closed ? count : count - 1
        var directions: [Point] = []
        var lengths: [Double] = []
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % count]
            let length = a.distance(to: b)
            directions.append(Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length))
            lengths.append(length)
        }
        var pieces: [[Point]] = []
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % count]
            let n = scaled(normal(directions[i]), half)
            pieces.append([plus(a, n), plus(b, n), minus(b, n), minus(a, n)])
        }
        // Joins at every corner between two pieces. Pieces that only touch leave a crack a ray
        // can slip through (its crossings out of one and into the next compare either way), so
        // each join and cap also reaches back into the pieces beside it, by half the shorter one.
        let corners = closed ? Array(0..<count) : Array(1..<max(1, count - 1))
        for i in corners {
            let before = (i - 1 + segmentCount) % segmentCount
            let reach = min(lengths[before], lengths[i]) / 2
            pieces.append(join(at: points[i], directions[before], directions[i], half: half, reach: reach,
                               stroke: stroke, insideCurve: curved[i]))
        }
        if !closed {
            let last = segmentCount - 1
            pieces += cap(at: points[0], pointing: scaled(directions[0], -1), half: half, reach: lengths[0] / 2, cap: stroke.cap)
            pieces += cap(at: points[count - 1], pointing: directions[last], half: half, reach: lengths[last] / 2, cap: stroke.cap)
        }
        return pieces
    }

    /// The join's polygon at the corner `p` from direction `d1` to `d2`: the outer side's wedge
    /// (miter, round or bevel) with the outer halves of both pieces `reach` back from the corner,
    /// or, where the pieces run straight on, a band `reach` either side of the seam.
    private static func join(
        at p: Point, _ d1: Point, _ d2: Point, half: Double, reach: Double, stroke: LogoOutline.Stroke, insideCurve: Bool
    ) -> [Point] {
        let cross = d1.x * d2.y - d1.y * d2.x
        let dot = d1.x * d2.x + d1.y * d2.y
        // The outer side is the one the pieces' edges leave open: opposite the turn.
        let side: Double = cross > 0 ? -1 : 1
        let n1 = scaled(normal(d1), half * side), n2 = scaled(normal(d2), half * side)
        let back = minus(p, scaled(d1, reach)), ahead = plus(p, scaled(d2, reach))
        guard abs(cross) > 1e-12 || dot < 0 else { return [minus(back, n1), plus(back, n1), plus(ahead, n2), minus(ahead, n2)] }
        let from = plus(p, n1), to = plus(p, n2)
        var wedge: [Point]
        switch insideCurve ? .bevel : stroke.join {
        case .bevel:
            wedge = [from, to]
        case .miter:
            // The miter's length over the width is 1 / cos(turn / 2); past the limit it is bevelled.
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 0, 1 / cosHalf <= stroke.miterLimit {
                let scale = 1 / (1 + (n1.x * n2.x + n1.y * n2.y) / (half * half))
                wedge = [from, Point(x: p.x + (n1.x + n2.x) * scale, y: p.y + (n1.y + n2.y) * scale), to]
            } else {
                wedge = [from, to]
            }
        case .round:
            wedge = arc(around: p, from: n1, to: n2, half: half)
        }
        // Back along the first piece's centre line, out to its edge, round the wedge, along the
        // next piece's edge, in to its centre line and back to the corner.
        return [back, plus(back, n1)] + wedge + [plus(ahead, n2), ahead, p]
    }

    /// The cap's polygons at the end `p` of an open subpath, `d` pointing out of it, with a strip
    /// `reach` long back into the last piece.
    private static func cap(at p: Point, pointing d: Point, half: Double, reach: Double, cap: LogoOutline.Stroke.Cap) -> [[Point]] {
        let n = scaled(normal(d), half)
        let out = scaled(d, half)
        let back = minus(p, scaled(d, reach))
        switch cap {
        case .butt:
            return []
        case .square:
            return [[plus(back, n), plus(plus(p, n), out), minus(plus(p, out), n), minus(back, n)]]
        case .round:
            let around = arc(around: p, from: n, to: out, half: half) + arc(around: p, from: out, to: scaled(n, -1), half: half).dropFirst()
            return [[plus(back, n)] + around + [minus(back, n)]]
        }
    }

    /// Points on the circle of radius `half` about `p` from offset `a` to offset `b` the short way
    /// (at most a half turn), at most 1/32 of a turn apart: a chain inside the disc.
    private static func arc(around p: Point, from a: Point, to b: Point, half: Double) -> [Point] {
        let start = atan2(a.y, a.x)
        var sweep = atan2(b.y, b.x) - start
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        let steps = max(1, Int((abs(sweep) / (.pi / 16)).rounded(.up)))
        return (0...steps).map { k in
            let angle = start + sweep * Double(k) / Double(steps)
            return Point(x: p.x + half * cos(angle), y: p.y + half * sin(angle))
        }
    }

    private static func normal(_ d: Point) -> Point { Point(x: -d.y, y: d.x) }
    private static func scaled(_ a: Point, _ k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    private static func plus(_ a: Point, _ b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    private static func minus(_ a: Point, _ b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}
