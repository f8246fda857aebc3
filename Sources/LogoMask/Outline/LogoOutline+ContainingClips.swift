import FoundationEssentials
import MaskGeometry

extension LogoOutline {
    /// The outline with each filled shape's clips that do not cut it dropped: a clip whose inside
    /// holds the whole shape, its edges on the clip's edge at most (gpick's colour wheel: quarter
    /// discs clipped by the circle they are cut from).
    ///
    /// Such a clip changes nothing but the edge it shares with the shape. There Cairo intersects
    /// the two paths and covers an edge pixel once (coverage c), while a Lottie player multiplies
    /// a layer mask's coverage into the shape's (c x c): gpick's wheel rim came out darker in
    /// rlottie and ThorVG on 0.6 % of the logo box, past the hand-off's 0.5 %; without the clip
    /// on its 12 wedges, 0.06-0.09 %. Strokes and pictures keep their clips, and so does a shape
    /// whose clip cuts its group's picture (``Clip/cutsGroup``): there Cairo multiplies too
    /// (kiten's disc, drawn at 89 % through its own outline: without its mask, its rim was
    /// redder in every player on 0.39 % of the logo box).
    func withoutContainingClips() -> LogoOutline {
        guard shapes.contains(where: { !$0.clips.isEmpty }) else { return self }
        var tests: [Clip: ClipContainment] = [:]
        var copy = self
        for index in copy.shapes.indices where !copy.shapes[index].clips.isEmpty {
            guard case let .fill(rule) = copy.shapes[index].kind else { continue }
            let shape = copy.shapes[index]
            copy.shapes[index].clips = shape.clips.filter { clip in
                guard !clip.cutsGroup else { return true }
                let test = tests[clip] ?? ClipContainment(clip)
                tests[clip] = test
                return !test.contains(shape.path, rule: rule)
            }
        }
        return copy
    }
}

/// Whether a clip holds a filled path whole (``LogoOutline/withoutContainingClips()``), on the
/// clip flattened finely: every point of the path's edge inside the clip or within
/// ``slack`` of its edge, and no point of the clip's edge inside the path farther than that from
/// the path's edge (so the path encloses no hole of the clip).
struct ClipContainment {
    private let rule: LogoOutline.FillRule
    private let lines: [LogoOutline.Path.Polyline]
    private let bounds: Rect
    /// How far (document units) an edge may stray and still count as on the other's edge: a
    /// thousandth of the clip's size, far above two curve approximations of one circle (3e-4 of
    /// its radius) and well below a pixel where a clip's edge shows.
    let slack: Double

    init(_ clip: LogoOutline.Clip) {
        rule = clip.fillRule
        bounds = clip.path.bounds
        let size = max(bounds.width, bounds.height)
        slack = 1e-3 * size
        lines = clip.path.polylines(tolerance: slack / 8)
    }

    /// True when the clip holds `path` (filled by `rule`) whole.
    func contains(_ path: LogoOutline.Path, rule pathRule: LogoOutline.FillRule) -> Bool {
        let box = path.bounds
        guard !lines.isEmpty, !box.isEmpty, bounds.insetBy(dx: -slack, dy: -slack).contains(box) else { return false }
        let own = path.polylines(tolerance: slack / 8)
        for line in own {
            for point in line.points where !Self.inside(point, lines, rule: rule) && Self.distance(point, lines) > slack {
                return false
            }
        }
        for line in lines {
            for point in line.points where Self.inside(point, own, rule: pathRule) && Self.distance(point, own) > slack {
                return false
            }
        }
        return true
    }

    /// True when `point` is inside the closed polylines by `rule`.
    private static func inside(_ point: Point, _ lines: [LogoOutline.Path.Polyline], rule: LogoOutline.FillRule) -> Bool {
        var winding = 0
        for line in lines where line.points.count > 1 {
            for (a, b) in edges(line) {
                if a.y <= point.y {
                    if b.y > point.y, cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y, cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .evenOdd ? winding % 2 != 0 : winding != 0
    }

    /// The distance from `point` to the nearest edge of the polylines (each closed).
    private static func distance(_ point: Point, _ lines: [LogoOutline.Path.Polyline]) -> Double {
        var best = Double.infinity
        for line in lines {
            if line.points.count == 1 { best = min(best, length(point.x - line.points[0].x, point.y - line.points[0].y)) }
            for (a, b) in edges(line) {
                let dx = b.x - a.x, dy = b.y - a.y
                let squared = dx * dx + dy * dy
                let t = squared > 0 ? min(1, max(0, ((point.x - a.x) * dx + (point.y - a.y) * dy) / squared)) : 0
                best = min(best, length(point.x - a.x - t * dx, point.y - a.y - t * dy))
            }
        }
        return best
    }

    /// A polyline's edges, closed (a fill closes every subpath).
    private static func edges(_ line: LogoOutline.Path.Polyline) -> [(Point, Point)] {
        guard line.points.count > 1 else { return [] }
        return (0..<line.points.count).map { (line.points[$0], line.points[($0 + 1) % line.points.count]) }
    }

    /// Which side of a -> b `p` lies on (positive: left).
    private static func cross(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    private static func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
}
