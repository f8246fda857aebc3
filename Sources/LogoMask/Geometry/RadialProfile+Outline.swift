import Foundation
import MaskGeometry

extension RadialProfile {
    /// The radial profile of `logo` about `anchor` (document units), exact from its outline,
    /// the document box drawn `logoWidth` points wide; nil when the outline cannot give it (a
    /// stroke, a clip, a paint that is not one opaque colour, anything the outline does not
    /// reproduce exactly), or the anchor is not inside the ink.
    ///
    /// Each cubic is flattened to within 1/10,000 of its distance from the anchor (and at least
    /// 1/10,000,000 of the logo's width), the rays are cast by `RadialProfileRayCaster`, and every
    /// radius is then lowered by as much, so it is never longer than the exact distance: an edge
    /// that passes close to the anchor (the radius that decides the cover scale) is followed as
    /// closely as the radius needs, a far one coarsely.
    static func measureFromOutline(
        logo: VectorLogo, logoWidth: Double, anchor: Point, directionCount: Int
    ) throws(LogoMaskError) -> RadialProfile? {
        let outline = try logo.outline
        guard outline.isExact, !outline.shapes.isEmpty else { return nil }
        let k = logoWidth / logo.documentSize.width
        let floor = logoWidth * 1e-7
        var polygons: [RadialProfileRayCaster.Polygon] = []
        for shape in outline.shapes {
            guard let rule = shape.fillRule, shape.clips.isEmpty,
                  case let .flat(color, opacity) = shape.paint, opacity >= 1, color.alpha == 255
            else { return nil }
            let toPoints = Transform.translation(x: -anchor.x, y: -anchor.y).concatenating(.scale(k))
            polygons.append(RadialProfileRayCaster.Polygon(
                rings: Self.rings(of: shape.path.mapped(by: toPoints), relativeFlatness: relativeFlatness, floor: floor),
                evenOdd: rule == .evenOdd))
        }
        let caster = RadialProfileRayCaster(polygons: polygons, directionCount: directionCount)
        guard let radii = caster.radii() else { return nil }
        let offset = Point(
            x: (anchor.x - logo.documentSize.width / 2) * k,
            y: (anchor.y - logo.documentSize.height / 2) * k)
        let smallest = radii.min() ?? 0
        return RadialProfile(
            radii: radii.map { max(0, $0 * (1 - relativeFlatness) - floor) }, anchorOffset: offset,
            tolerance: smallest * relativeFlatness + floor)
    }

    /// How far a flattened cubic may stray from the curve, as a fraction of its distance from the anchor.
    private static let relativeFlatness = 1e-4

    /// The path's subpaths (points relative to the anchor) as closed rings, each cubic cut into
    /// straight pieces within `relativeFlatness` of its control box's distance from the anchor,
    /// and within `floor` at least.
    private static func rings(of path: LogoOutline.Path, relativeFlatness: Double, floor: Double) -> [[Point]] {
        var rings: [[Point]] = []
        var ring: [Point] = []
        var current = Point.zero
        func finish() {
            if ring.count >= 3 { rings.append(ring) }
            ring = []
        }
        for segment in path.segments {
            switch segment {
            case let .move(to):
                finish()
                ring = [to]
                current = to
            case let .line(to):
                if ring.isEmpty { ring = [current] }
                ring.append(to)
                current = to
            case let .cubic(c1, c2, to):
                if ring.isEmpty { ring = [current] }
                // Uniform steps: the chord's distance from a cubic is at most max|B''| / (8 n²),
                // and |B''| is at most 6 times the larger second difference of the control points.
                let xs = [current.x, c1.x, c2.x, to.x], ys = [current.y, c1.y, c2.y, to.y]
                let gapX = max(0, xs.min() ?? 0, -(xs.max() ?? 0)), gapY = max(0, ys.min() ?? 0, -(ys.max() ?? 0))
                let flatness = max(floor, relativeFlatness * hypot(gapX, gapY))
                let d1 = hypot(current.x - 2 * c1.x + c2.x, current.y - 2 * c1.y + c2.y)
                let d2 = hypot(c1.x - 2 * c2.x + to.x, c1.y - 2 * c2.y + to.y)
                let n = max(1, min(1 << 16, Int((6 * max(d1, d2) / (8 * flatness)).squareRoot().rounded(.up))))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    ring.append(Point(
                        x: a * current.x + b * c1.x + c * c2.x + d * to.x,
                        y: a * current.y + b * c1.y + c * c2.y + d * to.y))
                }
                current = to
            case .close:
                if let first = ring.first { current = first }
                finish()
            }
        }
        finish()
        return rings
    }
}
