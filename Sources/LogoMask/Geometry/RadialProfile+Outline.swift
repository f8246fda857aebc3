import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
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
                rings: shape.path.mapped(by: toPoints).polylines { cubic in
                    // Within relativeFlatness of the cubic's distance from the anchor (the origin).
                    let xs = cubic.map(\.x), ys = cubic.map(\.y)
                    let gapX = max(0, xs.min() ?? 0, -(xs.max() ?? 0)), gapY = max(0, ys.min() ?? 0, -(ys.max() ?? 0))
                    return max(floor, relativeFlatness * hypot(gapX, gapY))
                }.map(\.points),
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
}
