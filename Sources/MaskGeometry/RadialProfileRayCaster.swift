import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A radial profile measured exactly on polygons (a logo's filled outline, flattened), by casting
/// rays from the anchor: no pixels, so no pixel error.
///
/// The ink is the union of the polygons' insides, each by its own fill rule. Along a ray from
/// the anchor, the winding number of every polygon at the anchor is the sum of the signed
/// crossings of the ray (a closed polygon's winding number at a point is the signed count of
/// its edges crossing any ray from that point); walking the crossings outwards updates it, and
/// the ray leaves the ink at the first crossing after which no polygon contains it.
///
/// A bin's radius is the minimum of the rays cast at its two ends, at evenly spaced directions
/// inside it, just either side of the direction of every polygon vertex inside it (the exit can
/// jump there) and at the foot of the perpendicular from the anchor to every edge
/// seen inside it (where a straight edge is nearest). Between those directions the exit runs
/// along one straight edge, whose distance along the ray has its minimum at one of them, so the
/// radius is the exact minimum for polygons whose edges do not cross (and within the spacing of
/// the inner rays where two polygons' edges cross).
///
/// A polygon may be cut by *regions* (polygons that only gate others, e.g. where a gradient is
/// opaque): it counts only inside every region it lists in ``Polygon/within`` and outside every
/// one in ``Polygon/outside``. Along a ray its exit is then the first of its own exit, leaving a
/// `within` region or entering an `outside` one; the regions' vertices and feet are cast like
/// the polygons', so each of those minima is found (the corners where a region's edge cuts the
/// polygon's are farthest points, never the minimum of a bin, for convex regions).
public struct RadialProfileRayCaster: Sendable {
    /// A filled shape: closed rings whose windings add up, and how its inside is decided.
    public struct Polygon: Sendable, Hashable {
        /// The rings' vertices relative to the anchor, in points; each ring's last vertex joins its first.
        public var rings: [[Point]]
        /// Even-odd when true, else non-zero.
        public var evenOdd: Bool
        /// Indices of the regions (see ``RadialProfileRayCaster/init(polygons:regions:directionCount:)``)
        /// the polygon counts inside of only.
        public var within: [Int]
        /// Indices of the regions where the polygon does not count.
        public var outside: [Int]

        /// A shape of `rings`, cut by the regions `within` and `outside` (none by default).
        public init(rings: [[Point]], evenOdd: Bool, within: [Int] = [], outside: [Int] = []) {
            self.rings = rings
            self.evenOdd = evenOdd
            self.within = within
            self.outside = outside
        }
    }

    private struct Edge {
        var a: Point
        var b: Point
        var polygon: Int
    }

    private let edges: [Edge]
    /// The rule of every polygon, then of every region (an edge's `polygon` indexes both, in that order).
    private let evenOdd: [Bool]
    /// The polygons' `within` and `outside` regions, as indices into `evenOdd`.
    private let gates: [(within: [Int], outside: [Int])]
    /// For each region, the polygons it gates.
    private let users: [[Int]]
    private let directionCount: Int
    /// Edge indices by the bins their angular span (seen from the anchor) touches.
    private let buckets: [[Int32]]
    /// Extra directions to cast inside each bin: the vertices' and the perpendicular feet.
    private let extraDirections: [[Double]]

    /// Prepares `polygons` (points relative to the anchor) for `directionCount` bins; `regions`
    /// paint nothing themselves and only cut the polygons that name them (their `within` and
    /// `outside` are ignored).
    public init(polygons: [Polygon], regions: [Polygon] = [], directionCount: Int) {
        self.directionCount = directionCount
        var edges: [Edge] = []
        for (index, polygon) in (polygons + regions).enumerated() {
            for points in polygon.rings where points.count >= 2 {
                for i in 0..<points.count {
                    let a = points[i], b = points[(i + 1) % points.count]
                    if a != b { edges.append(Edge(a: a, b: b, polygon: index)) }
                }
            }
        }
        self.edges = edges
        evenOdd = (polygons + regions).map(\.evenOdd)
        let first = polygons.count
        gates = polygons.map { polygon in (polygon.within.map { first + $0 }, polygon.outside.map { first + $0 }) }
        var users = [[Int]](repeating: [], count: regions.count)
        for (index, polygon) in polygons.enumerated() {
            for region in Set(polygon.within + polygon.outside) where region < regions.count { users[region].append(index) }
        }
        self.users = users
        let n = directionCount
        let step = 2 * Double.pi / Double(n)
        var buckets = [[Int32]](repeating: [], count: n)
        var extra = [[Double]](repeating: [], count: n)
        func bin(_ angle: Double) -> Int {
            let k = Int((angle / step).rounded(.down))
            return ((k % n) + n) % n
        }
        for (index, edge) in edges.enumerated() {
            let angleA = atan2(edge.a.y, edge.a.x), angleB = atan2(edge.b.y, edge.b.x)
            var sweep = angleB - angleA
            if sweep > .pi { sweep -= 2 * .pi }
            if sweep < -.pi { sweep += 2 * .pi }
            let low = min(angleA, angleA + sweep), high = max(angleA, angleA + sweep)
            var k = Int((low / step).rounded(.down))
            let last = Int((high / step).rounded(.down))
            // An edge through the anchor is seen in every direction.
            let through = abs(sweep) >= .pi - 1e-12
            let count = through ? n : min(n, last - k + 1)
            for _ in 0..<count {
                buckets[((k % n) + n) % n].append(Int32(index))
                k += 1
            }
            extra[bin(angleA)].append(angleA)
            // The perpendicular foot, when it lies on the edge.
            let d = Point(x: edge.b.x - edge.a.x, y: edge.b.y - edge.a.y)
            let t = -(edge.a.x * d.x + edge.a.y * d.y) / (d.x * d.x + d.y * d.y)
            if t > 0, t < 1 {
                let foot = Point(x: edge.a.x + t * d.x, y: edge.a.y + t * d.y)
                if foot.x != 0 || foot.y != 0 {
                    let angle = atan2(foot.y, foot.x)
                    extra[bin(angle)].append(angle)
                }
            }
        }
        self.buckets = buckets
        extraDirections = extra
    }

    /// One ray's working arrays, kept across the rays of a measurement (a profile casts tens of
    /// thousands of rays; allocating them per ray was a fifth of a Tango icon's cover).
    private struct Scratch {
        var crossings: [(t: Double, polygon: Int, sign: Int)] = []
        /// Each polygon's and region's winding number; all zero between rays.
        var winding: [Int] = []
        /// Whether each polygon holds the point; all false between rays.
        var holds: [Bool] = []
    }

    /// A scratch for this caster's polygons and regions.
    private var newScratch: Scratch {
        Scratch(winding: [Int](repeating: 0, count: evenOdd.count), holds: [Bool](repeating: false, count: gates.count))
    }

    /// True when the anchor is inside the ink (some polygon contains it).
    public var anchorIsInside: Bool {
        var scratch = newScratch
        return exit(at: 0.5 * 2 * .pi / Double(directionCount), bucket: 0, scratch: &scratch) != nil
    }

    /// The radii of every bin (see the type's description); nil when the anchor is not inside
    /// the ink along some ray.
    ///
    /// - Parameter innerRays: evenly spaced rays cast inside each bin besides its ends.
    public func radii(innerRays: Int = 3) -> [Double]? {
        let n = directionCount
        let step = 2 * Double.pi / Double(n)
        let nudge = step * 1e-6
        var radii = [Double](repeating: .infinity, count: n)
        var scratch = newScratch
        for i in 0..<n {
            let start = Double(i) * step
            var directions = (0...(innerRays + 1)).map { start + step * Double($0) / Double(innerRays + 1) }
            for angle in extraDirections[i] {
                var a = angle
                while a < start { a += 2 * .pi }
                while a >= start + step { a -= 2 * .pi }
                // Either side of it, not on it: a ray through a vertex would count its edges' crossing
                // by the half-open rule, which a ray grazing the vertex gets wrong.
                directions += [a - nudge, a + nudge].map { min(max($0, start), start + step) }
            }
            var radius = Double.infinity
            for angle in directions {
                // A ray exactly on the bin's edge is seen by both bins' buckets: use the one it lies in.
                let bucket = angle >= start + step ? (i + 1) % n : i
                guard let r = exit(at: angle, bucket: bucket, scratch: &scratch) else { return nil }
                radius = min(radius, r)
            }
            radii[i] = radius
        }
        return radii
    }

    /// Where the ray at `angle` first leaves the ink, or nil when it starts outside. Leaves
    /// `scratch` as it found it (winding numbers zero, no polygon holding).
    private func exit(at angle: Double, bucket: Int, scratch: inout Scratch) -> Double? {
        let c = cos(angle), s = sin(angle)
        // Moved out (no copy) and back when done, so the closures below work on plain locals.
        var crossings = scratch.crossings, winding = scratch.winding, holds = scratch.holds
        scratch = Scratch()
        defer {
            // Back to all zero and all false: only the polygons and regions crossed were touched
            // (a region's crossing touches its users, which hold only where crossed themselves).
            for crossing in crossings {
                winding[crossing.polygon] = 0
                if crossing.polygon < gates.count { holds[crossing.polygon] = false }
            }
            scratch = Scratch(crossings: crossings, winding: winding, holds: holds)
        }
        crossings.removeAll(keepingCapacity: true)
        for index in buckets[bucket] {
            let edge = edges[Int(index)]
            // Solve a + u (b - a) = t (c, s) with u in [0, 1), t > 0.
            let dx = edge.b.x - edge.a.x, dy = edge.b.y - edge.a.y
            let det = dx * s - dy * c
            if det == 0 { continue }
            let t = (dx * edge.a.y - dy * edge.a.x) / det
            let u = (c * edge.a.y - s * edge.a.x) / det
            guard t > 0, u >= 0, u < 1 else { continue }
            crossings.append((t, edge.polygon, det > 0 ? 1 : -1))
        }
        for crossing in crossings { winding[crossing.polygon] += crossing.sign }
        func contains(_ polygon: Int) -> Bool {
            let w = winding[polygon]
            return evenOdd[polygon] ? w & 1 != 0 : w != 0
        }
        func satisfied(_ polygon: Int) -> Bool {
            let gate = gates[polygon]
            return contains(polygon) && gate.within.allSatisfy(contains) && !gate.outside.contains(where: contains)
        }
        // Which polygons hold the point, counted, updated per crossing (only a polygon some
        // crossing names can have a winding number; a region's crossing updates its users).
        var count = 0
        for crossing in crossings where crossing.polygon < gates.count && !holds[crossing.polygon] && satisfied(crossing.polygon) {
            holds[crossing.polygon] = true
            count += 1
        }
        guard count > 0 else { return nil }
        func update(_ polygon: Int) {
            let now = satisfied(polygon)
            if now != holds[polygon] {
                holds[polygon] = now
                count += now ? 1 : -1
            }
        }
        crossings.sort { $0.t < $1.t }
        for crossing in crossings {
            winding[crossing.polygon] -= crossing.sign
            if crossing.polygon < gates.count {
                update(crossing.polygon)
            } else {
                for polygon in users[crossing.polygon - gates.count] { update(polygon) }
            }
            if count == 0 { return crossing.t }
        }
        return nil  // unreachable for closed polygons: past the last crossing nothing is inside
    }
}
