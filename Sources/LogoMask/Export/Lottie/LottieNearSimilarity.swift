import FoundationEssentials
import MaskGeometry

/// Pens and radial gradients whose transform stretches so little that one width or one circle
/// draws them as SVG does: Lottie strokes have one width and its radial gradients are circles,
/// and the players do not follow a group's stretch alike (rlottie strokes with one width whatever
/// the group's scale; ThorVG turns the pen under a rotated, stretched group; only lottie-web
/// strokes in the group's space), so a stretch cannot go into a group's transform.
///
/// Drawing programs leave such stretches behind: Tango's internet-web-browser strokes a ring with
/// a radial gradient under `scale(0.999989,1.000011)`, help-browser its rings under
/// `matrix(0.938442,0,0,0.938680,…)`. A larger stretch is refused, help-browser's text outline
/// (1.7 %) among them: drawn at its mean width its edges would be off by under a tenth of a pixel on a phone,
/// but the logo as shapes does not meet the hand-off in rlottie and ThorVG (their edges of its
/// long thin rings against Cairo's: 0.69 % and 0.89 % of the logo box), so it stays a picture.
enum LottieNearSimilarity {
    /// The largest stretch drawn with one width or one circle: the two scales at most 0.1 %
    /// apart, so a stroke's edge lies at most 0.05 % of its width from where SVG puts it and a
    /// gradient offset moves by at most 0.001 (a quarter of a colour level over the full range).
    static let tolerance = 0.001

    /// How much `transform`'s linear part stretches: 1 - smaller / larger singular value (0 for
    /// a rotation or a uniform scale, 1 when singular).
    static func stretch(of transform: Transform) -> Double {
        let (_, scale, _) = transform.rotationScaleRotation
        let larger = max(abs(scale.x), abs(scale.y)), smaller = min(abs(scale.x), abs(scale.y))
        guard larger > 0, larger.isFinite else { return 1 }
        return 1 - smaller / larger
    }

    /// The pen's width in document units: exact for a similarity, else the geometric mean of
    /// the two widths (the one that keeps the stroke's area, as the vector drawable's) when the
    /// pen stretches by at most ``tolerance``; nil beyond it.
    static func width(of pen: LogoOutline.Stroke) -> Double? {
        if let exact = pen.documentWidth { return exact }
        guard stretch(of: pen.transform) <= tolerance else { return nil }
        return pen.meanDocumentWidth
    }

    /// A radial gradient's circle in document units: exact when its transform keeps circles
    /// round, else (a stretch up to ``tolerance``) the centre and focal point mapped
    /// exactly and the radius scaled by the geometric mean of the two scales; nil beyond it or
    /// for a linear gradient.
    static func circle(of gradient: LogoOutline.Gradient) -> (center: Point, radius: Double, focal: Point)? {
        if let exact = gradient.documentCircle { return exact }
        guard case let .radial(center, radius, focal) = gradient.kind,
              stretch(of: gradient.transform) <= tolerance else { return nil }
        let t = gradient.transform
        return (t.apply(to: center), radius * abs(t.determinant).squareRoot(), t.apply(to: focal))
    }
}
