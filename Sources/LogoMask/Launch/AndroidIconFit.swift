import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// How the logo is placed on Android 12's splash icon canvas, computed exactly from the outline.
///
/// Android masks the splash icon to a circle of 2/3 of its canvas: 192 dp of 288 dp without an
/// icon background, 160 dp of 240 dp with one. ``Mode/circle`` (the default) fits the logo's ink
/// inside that circle: the ink's points are the outline's paths flattened to within 1/1,000 of
/// the logo's size (added back to the radius),
/// each stroke widened by half its width (more at miter joins and square caps); the smallest
/// circle holding them all (Welzl's algorithm) is moved to the canvas centre and scaled to the
/// safe radius less ``antialiasingMargin``. Centring on that circle, rather than on the document
/// box or the ink rectangle, gives the largest logo that fits. Clips are ignored when collecting
/// points (the ink lies inside the clipped shapes, so the circle can only be too large: the fit
/// stays safe). ``Mode/canvas`` keeps the old placement: the document box, made square, fills
/// the canvas, and the launcher may cut the ink off.
public struct AndroidIconFit: Sendable, Hashable, Codable {
    /// Where the logo goes on the canvas.
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
        /// The ink's enclosing circle fills the safe circle (nothing is cut off).
        case circle
        /// The document box, made square, fills the canvas (the ink may leave the circle).
        case canvas
    }

    /// How far inside the safe circle the ink stays, in dp: 1/4 dp keeps the anti-aliased edge
    /// pixels at xxxhdpi (4 px a dp) inside the circle too.
    public static let antialiasingMargin = 0.25

    /// The mode used.
    public var mode: Mode
    /// The canvas side in dp (and the vector drawable's viewport): 288, or 240 with an icon background.
    public var canvas: Double
    /// The safe circle's radius in dp: a third of the canvas.
    public var safeRadius: Double
    /// dp per document unit.
    public var scale: Double
    /// Where the document's origin lands on the canvas, in dp.
    public var offset: Point
    /// The centre of the ink's smallest enclosing circle, in document units.
    public var inkCenter: Point
    /// That circle's radius in document units.
    public var inkRadius: Double
    /// The farthest ink point's distance from the canvas centre over the safe radius (at most
    /// 1 with ``Mode/circle``; the launcher cuts ink off when it is above 1).
    public var ratio: Double

    /// Document units to canvas dp.
    public var transform: Transform {
        Transform.scale(scale).concatenating(.translation(x: offset.x, y: offset.y))
    }

    /// Fits `logo` on the canvas of `canvas` dp. When its outline is not exact (a filter, an
    /// image…), the corners of librsvg's ink rectangle join the points, so that ink the outline
    /// does not hold stays inside the circle too.
    ///
    /// - Throws: ``LogoMaskError/noVisibleInk(file:)`` naming the logo when there is no point
    ///   to fit (an empty drawing).
    public init(logo: VectorLogo, canvas: Double, mode: Mode) throws(LogoMaskError) {
        let outline = try logo.outline
        let tolerance = Self.flatteningTolerance(outline)
        var points = Self.inkPoints(of: outline, tolerance: tolerance)
        if !outline.isExact || outline.shapes.isEmpty, !logo.inkBounds.isEmpty { points += logo.inkBounds.corners }
        guard !points.isEmpty, let circle = Self.enclosingCircle(points), circle.radius.isFinite else {
            throw LogoMaskError.noVisibleInk(file: logo.name)
        }
        self.mode = mode
        self.canvas = canvas
        safeRadius = canvas / 3
        inkCenter = circle.center
        // The curves lie within the flattening tolerance of their polylines.
        inkRadius = circle.radius + tolerance
        let middle = canvas / 2
        switch mode {
        case .circle:
            // A single point (radius 0) is drawn at the scale that makes a 1-unit circle fit.
            scale = (safeRadius - Self.antialiasingMargin) / max(inkRadius, 1e-9)
            offset = Point(x: middle - circle.center.x * scale, y: middle - circle.center.y * scale)
        case .canvas:
            let size = outline.documentSize
            scale = canvas / max(size.width, size.height)
            offset = Point(x: (canvas - size.width * scale) / 2, y: (canvas - size.height * scale) / 2)
        }
        let centre = Point(x: middle, y: middle)
        let mapped = Transform.scale(scale).concatenating(.translation(x: offset.x, y: offset.y))
        var farthest = 0.0
        for p in points { farthest = max(farthest, mapped.apply(to: p).distance(to: centre)) }
        ratio = (farthest + tolerance * scale) / safeRadius
    }

    // MARK: - Ink points

    /// 1/1,000 of the logo's size: about 0.2 dp on the 192 dp circle, added to the radius.
    /// Zero when no path has a curve: polylines are then exact.
    static func flatteningTolerance(_ outline: LogoOutline) -> Double {
        guard outline.shapes.contains(where: { $0.path.verbs.contains(.cubic) || $0.clips.contains { $0.path.verbs.contains(.cubic) } }) else {
            return 0
        }
        let size = max(outline.bounds.width, outline.bounds.height)
        return size.isFinite && size > 0 ? size / 1000 : 1e-6
    }

    /// The points whose enclosing circle, widened by `tolerance`, holds every shape's ink.
    static func inkPoints(of outline: LogoOutline, tolerance: Double) -> [Point] {
        var result: [Point] = []
        for shape in outline.shapes {
            let polylines = shape.path.polylines(tolerance: tolerance)
            guard let stroke = shape.stroke else {
                for line in polylines { result += line.points }
                continue
            }
            let t = stroke.transform
            // The pen's half width in document units (the larger axis of a stretched pen).
            let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
            let half = stroke.width * max(sx, sy) / 2
            guard half > 0 else { continue }
            for line in polylines {
                for (i, p) in line.points.enumerated() {
                    var reach = half
                    let isEnd = !line.closed && (i == 0 || i == line.points.count - 1)
                    if isEnd, stroke.cap == .square { reach = half * 2.0.squareRoot() }
                    if stroke.join == .miter, !isEnd || line.closed {
                        reach = max(reach, half * miterRatio(line, at: i, limit: stroke.miterLimit))
                    }
                    result += disc(p, radius: reach)
                }
            }
        }
        return result
    }

    /// The miter length over the width at vertex `i` (1 when the join is bevelled).
    private static func miterRatio(_ line: LogoOutline.Path.Polyline, at i: Int, limit: Double) -> Double {
        let n = line.points.count
        guard n >= 3 else { return 1 }
        let previous = line.points[i == 0 ? n - 1 : i - 1], next = line.points[i == n - 1 ? 0 : i + 1]
        let p = line.points[i]
        let ax = previous.x - p.x, ay = previous.y - p.y, bx = next.x - p.x, by = next.y - p.y
        let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
        guard la > 0, lb > 0 else { return 1 }
        let cosine = max(-1, min(1, (ax * bx + ay * by) / (la * lb)))
        let halfAngleSine = ((1 - cosine) / 2).squareRoot()
        guard halfAngleSine > 0 else { return 1 }
        let ratio = 1 / halfAngleSine
        return ratio <= limit ? ratio : 1
    }

    /// 16 points on a polygon around the disc of `radius` about `p` (its circumscribed
    /// 16-gon, so the polygon holds the disc).
    private static func disc(_ p: Point, radius: Double) -> [Point] {
        let outer = radius / cos(Double.pi / 16)
        return (0..<16).map { k in
            let angle = Double(k) * Double.pi / 8
            return Point(x: p.x + outer * cos(angle), y: p.y + outer * sin(angle))
        }
    }

    // MARK: - Smallest enclosing circle

    /// Welzl's algorithm (iterative form) over the points in a fixed pseudo-random order, so the
    /// expected time is linear and the answer the same on every run.
    static func enclosingCircle(_ input: [Point]) -> (center: Point, radius: Double)? {
        guard !input.isEmpty else { return nil }
        var points = input
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in stride(from: points.count - 1, to: 0, by: -1) {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            points.swapAt(i, Int((seed >> 33) % UInt64(i + 1)))
        }
        // A relative slack so that points on the circle count as inside despite rounding.
        func inside(_ p: Point, _ c: (center: Point, radius: Double)) -> Bool {
            p.distance(to: c.center) <= c.radius * (1 + 1e-12) + 1e-12
        }
        var circle = (center: points[0], radius: 0.0)
        for i in 1..<max(points.count, 1) where !inside(points[i], circle) {
            circle = (points[i], 0)
            for j in 0..<i where !inside(points[j], circle) {
                circle = diameter(points[i], points[j])
                for k in 0..<j where !inside(points[k], circle) {
                    circle = circumcircle(points[i], points[j], points[k]) ?? farthestPair(points[i], points[j], points[k])
                }
            }
        }
        return circle
    }

    private static func diameter(_ a: Point, _ b: Point) -> (center: Point, radius: Double) {
        let center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        return (center, max(center.distance(to: a), center.distance(to: b)))
    }

    private static func circumcircle(_ a: Point, _ b: Point, _ c: Point) -> (center: Point, radius: Double)? {
        let bx = b.x - a.x, by = b.y - a.y, cx = c.x - a.x, cy = c.y - a.y
        let d = 2 * (bx * cy - by * cx)
        guard abs(d) > 1e-300 else { return nil }
        let b2 = bx * bx + by * by, c2 = cx * cx + cy * cy
        let center = Point(x: a.x + (cy * b2 - by * c2) / d, y: a.y + (bx * c2 - cx * b2) / d)
        guard center.x.isFinite, center.y.isFinite else { return nil }
        return (center, max(center.distance(to: a), center.distance(to: b), center.distance(to: c)))
    }

    /// Three points on a line: the circle on the two farthest apart.
    private static func farthestPair(_ a: Point, _ b: Point, _ c: Point) -> (center: Point, radius: Double) {
        [diameter(a, b), diameter(a, c), diameter(b, c)].max { $0.radius < $1.radius } ?? diameter(a, b)
    }
}
