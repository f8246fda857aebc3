import MaskGeometry

/// A contour of cubic Béziers cut to an axis-aligned rectangle for drawing: the parts outside
/// the rectangle are pressed flat onto its edges (each half-plane in turn: the curve is split
/// where it crosses the edge's line and the pieces beyond are projected onto it).
///
/// Why flat rather than removed: a projected piece has no area, so for every point inside the
/// rectangle the contour's winding number is unchanged (a ray from the point away from the edge
/// crosses the same curves) and outside it is zero; the fill is the original's within the
/// rectangle under either fill rule, with each contour cut on its own. A stroke of the cut
/// contour runs along the edges, so the rectangle must lie a pen's reach beyond what shows.
struct CubicContourClip {
    /// One cubic Bézier: start, two controls, end.
    struct Cubic: Equatable {
        var p0: Point
        var p1: Point
        var p2: Point
        var p3: Point

        /// The two halves at `t` (de Casteljau).
        func split(at t: Double) -> (Cubic, Cubic) {
            func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
            let a = mix(p0, p1), b = mix(p1, p2), c = mix(p2, p3)
            let d = mix(a, b), e = mix(b, c)
            let f = mix(d, e)
            return (Cubic(p0: p0, p1: a, p2: d, p3: f), Cubic(p0: f, p1: e, p2: c, p3: p3))
        }

        /// The point at `t`.
        func point(at t: Double) -> Point {
            let u = 1 - t
            let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return Point(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
        }
    }

    /// Which side of a line through one coordinate is kept.
    private enum Edge {
        case minX(Double), maxX(Double), minY(Double), maxY(Double)

        func coordinate(_ p: Point) -> Double {
            switch self {
            case .minX, .maxX: p.x
            case .minY, .maxY: p.y
            }
        }

        var value: Double {
            switch self {
            case let .minX(v), let .maxX(v), let .minY(v), let .maxY(v): v
            }
        }

        func keeps(_ p: Point) -> Bool {
            switch self {
            case let .minX(v): p.x >= v
            case let .maxX(v): p.x <= v
            case let .minY(v): p.y >= v
            case let .maxY(v): p.y <= v
            }
        }

        func project(_ p: Point) -> Point {
            switch self {
            case let .minX(v), let .maxX(v): Point(x: v, y: p.y)
            case let .minY(v), let .maxY(v): Point(x: p.x, y: v)
            }
        }
    }

    /// `contour` (consecutive cubics, each starting where the last ended) cut to `rect`.
    static func clip(_ contour: [Cubic], to rect: Rect) -> [Cubic] {
        var result = contour
        for edge in [Edge.minX(rect.minX), .maxX(rect.maxX), .minY(rect.minY), .maxY(rect.maxY)] {
            result = result.flatMap { clip($0, edge) }
        }
        return result
    }

    /// `cubic` split where it crosses `edge`'s line, the pieces beyond it projected onto it.
    private static func clip(_ cubic: Cubic, _ edge: Edge) -> [Cubic] {
        let points = [cubic.p0, cubic.p1, cubic.p2, cubic.p3]
        if points.allSatisfy(edge.keeps) { return [cubic] }
        if !points.contains(where: edge.keeps) {
            return [Cubic(p0: edge.project(cubic.p0), p1: edge.project(cubic.p1), p2: edge.project(cubic.p2), p3: edge.project(cubic.p3))]
        }
        var pieces: [Cubic] = []
        var rest = cubic
        var done = 0.0
        for t in crossings(cubic, edge) {
            let local = (t - done) / (1 - done)
            guard local > 1e-9, local < 1 - 1e-9 else { continue }
            let (head, tail) = rest.split(at: local)
            pieces.append(head)
            rest = tail
            done = t
        }
        pieces.append(rest)
        return pieces.map { piece in
            if edge.keeps(piece.point(at: 0.5)) { return piece }
            return Cubic(p0: edge.project(piece.p0), p1: edge.project(piece.p1), p2: edge.project(piece.p2), p3: edge.project(piece.p3))
        }
    }

    /// The parameters in (0, 1), ascending, where `cubic` crosses `edge`'s line: the coordinate's
    /// cubic polynomial cut at its turning points, each monotone span bisected where it changes sign.
    private static func crossings(_ cubic: Cubic, _ edge: Edge) -> [Double] {
        let c0 = edge.coordinate(cubic.p0) - edge.value, c1 = edge.coordinate(cubic.p1) - edge.value
        let c2 = edge.coordinate(cubic.p2) - edge.value, c3 = edge.coordinate(cubic.p3) - edge.value
        func f(_ t: Double) -> Double {
            let u = 1 - t
            return u * u * u * c0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * c3
        }
        // The derivative's roots: 3 (a t^2 + b t + c) with a, b, c from the differences.
        let d0 = c1 - c0, d1 = c2 - c1, d2 = c3 - c2
        let a = d0 - 2 * d1 + d2, b = 2 * (d1 - d0), c = d0
        var stops = [0.0]
        if abs(a) > 1e-12 {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let root = disc.squareRoot()
                stops += [(-b - root) / (2 * a), (-b + root) / (2 * a)]
            }
        } else if abs(b) > 1e-12 {
            stops.append(-c / b)
        }
        stops = (stops.filter { $0 > 0 && $0 < 1 } + [0, 1]).sorted()
        var roots: [Double] = []
        for (lo, hi) in zip(stops, stops.dropFirst()) where hi > lo {
            var (l, h) = (lo, hi)
            var fl = f(l)
            let fh = f(h)
            guard fl * fh < 0 else { continue }
            for _ in 0..<60 {
                let m = (l + h) / 2
                let fm = f(m)
                if (fm < 0) == (fl < 0) { (l, fl) = (m, fm) } else { h = m }
            }
            roots.append((l + h) / 2)
        }
        return roots
    }
}
