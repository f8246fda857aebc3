import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

extension RadialProfile {
    /// The radial profile of `logo` about `anchor` (document units), exact from its outline,
    /// the document box drawn `logoWidth` points wide; nil when the outline cannot give it, or
    /// the anchor is not inside the ink.
    ///
    /// The profile follows the fully opaque region, which is the union of the shapes painted
    /// opaque everywhere: one colour at full opacity, or a gradient whose stops all are (its
    /// colours mix opaque stops only). A shape painted translucent everywhere (a translucent
    /// colour, gradient or group, as the outline folds group opacity into its shapes) never
    /// makes a pixel opaque nor takes opacity away, so it is left out. Opaque strokes count with
    /// the region ``StrokeRegion`` builds. A `pad` gradient with both opaque and translucent
    /// stops (Tango's highlights) counts where it is opaque (``GradientOpaqueRegion``). Nil (the
    /// caller measures pixels) for a filter, mask, image, text or unknown content, a pattern, a
    /// mixed `reflect` or `repeat` gradient, a clip on an opaque shape, or a dashed opaque
    /// stroke: shapes whose opaque part the outline cannot give exactly. Measuring the outline instead of 5 to 14 grids of 4096^2
    /// pixels is what keeps `cover --json` and `code` fast on logos with gradients, strokes and
    /// translucent highlights (Tango's, Breeze's).
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
        // Group opacity is folded into the shapes' paints: only translucent shapes are inexact.
        guard outline.inexactReasons.allSatisfy({ $0 == .groupOpacity }), !outline.shapes.isEmpty else { return nil }
        let k = logoWidth / logo.documentSize.width
        let floor = logoWidth * 1e-7
        let toPoints = Transform.translation(x: -anchor.x, y: -anchor.y).concatenating(.scale(k))
        var polygons: [RadialProfileRayCaster.Polygon] = []
        var regions: [RadialProfileRayCaster.Polygon] = []
        for shape in outline.shapes {
            let opaque = opaqueEverywhere(shape.paint)
            if opaque == false { continue }
            guard shape.clips.isEmpty else { return nil }
            var own: [RadialProfileRayCaster.Polygon]
            if let rule = shape.fillRule {
                own = [RadialProfileRayCaster.Polygon(
                    rings: shape.path.mapped(by: toPoints).polylines { cubic in
                        // Within relativeFlatness of the cubic's distance from the anchor (the origin).
                        let xs = cubic.map(\.x), ys = cubic.map(\.y)
                        let gapX = max(0, xs.min() ?? 0, -(xs.max() ?? 0)), gapY = max(0, ys.min() ?? 0, -(ys.max() ?? 0))
                        return max(floor, relativeFlatness * hypot(gapX, gapY))
                    }.map(\.points),
                    evenOdd: rule == .evenOdd)]
            } else {
                guard let stroke = shape.stroke,
                      let pieces = StrokeRegion.polygons(of: shape.path, stroke: stroke, toPoints: toPoints)
                else { return nil }
                own = pieces
            }
            guard opaque == nil else {
                polygons += own
                continue
            }
            // A gradient mixing opaque and translucent stops: the shape counts where the
            // gradient is opaque, one copy per interval of opaque offsets.
            guard case let .gradient(gradient) = shape.paint, let box = bounds(of: own),
                  let pieces = GradientOpaqueRegion.pieces(of: gradient, toPoints: toPoints, box: box)
            else { return nil }
            for piece in pieces {
                var cut = own
                if let within = piece.within {
                    for i in cut.indices { cut[i].within = [regions.count] }
                    regions.append(within)
                }
                if let outside = piece.outside {
                    for i in cut.indices { cut[i].outside = [regions.count] }
                    regions.append(outside)
                }
                polygons += cut
            }
        }
        guard !polygons.isEmpty else { return nil }
        let caster = RadialProfileRayCaster(polygons: polygons, regions: regions, directionCount: directionCount)
        guard let radii = caster.radii() else { return nil }
        let offset = Point(
            x: (anchor.x - logo.documentSize.width / 2) * k,
            y: (anchor.y - logo.documentSize.height / 2) * k)
        let smallest = radii.min() ?? 0
        return RadialProfile(
            radii: radii.map { max(0, $0 * (1 - relativeFlatness) - floor) }, anchorOffset: offset,
            tolerance: smallest * relativeFlatness + floor)
    }

    /// True when `paint` is opaque at every point it paints, false when it is translucent at
    /// every point, nil when it may be either (a pattern, a gradient mixing opaque and
    /// translucent stops).
    static func opaqueEverywhere(_ paint: LogoOutline.Paint) -> Bool? {
        switch paint {
        case let .flat(color, opacity):
            return opacity >= 1 && color.alpha == 255
        case let .gradient(gradient):
            guard gradient.opacity >= 1 else { return false }
            let opaque = gradient.stops.map { $0.opacity >= 1 && $0.color.alpha == 255 }
            if opaque.allSatisfy({ $0 }) { return !opaque.isEmpty }
            return opaque.contains(true) ? nil : false
        case .pattern:
            return nil
        }
    }

    /// The box around `polygons`' points with a margin (nil when they have none): a gradient's
    /// strips are cut to it.
    private static func bounds(of polygons: [RadialProfileRayCaster.Polygon]) -> Rect? {
        var low = Point(x: Double.infinity, y: Double.infinity), high = Point(x: -Double.infinity, y: -Double.infinity)
        for point in polygons.lazy.flatMap(\.rings).joined() {
            low = Point(x: min(low.x, point.x), y: min(low.y, point.y))
            high = Point(x: max(high.x, point.x), y: max(high.y, point.y))
        }
        guard low.x <= high.x, low.y <= high.y else { return nil }
        let margin = 1 + 0.01 * max(high.x - low.x, high.y - low.y)
        return Rect(x: low.x - margin, y: low.y - margin, width: high.x - low.x + 2 * margin, height: high.y - low.y + 2 * margin)
    }

    /// How far a flattened cubic may stray from the curve, as a fraction of its distance from the anchor.
    private static let relativeFlatness = 1e-4
}
