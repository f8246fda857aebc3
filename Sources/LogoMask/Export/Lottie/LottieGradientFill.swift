import FoundationEssentials
import Glibc
import MaskGeometry

/// A ``LogoOutline/Gradient`` as a Lottie gradient fill (`gf`) or gradient stroke (`gs`): `t` 1
/// linear or 2 radial, `s` and `e` the start and end points (a radial's centre and a point on
/// its circle), `h` and `a` the focal point (distance in percent of the radius, angle in
/// degrees from `s`→`e`), `g.p` the number of stops and `g.k` their offsets and colours, then
/// offsets and opacities when any stop is not opaque.
///
/// Lottie gradients have no transform and always pad: a linear gradient goes in exactly (its
/// line in document units, ``LogoOutline/Gradient/documentLine``), a radial one exactly when its
/// transform keeps circles round; otherwise a filled shape is drawn in the gradient's own space
/// inside groups whose transforms map it back (``wrapping``), and a stroke only when the stretch
/// is too small to see (``LottieNearSimilarity/circle(of:)``). Every player honours the focal
/// point (`h`, `a`) as SVG draws it: rlottie, ThorVG and lottie-web drew a file with the focal
/// point at 50 % and 90 % of the radius within 3 levels of rsvg-convert, and play
/// internet-web-browser's off-centre gradients as the frames show them (`LottiePlayersTests`).
struct LottieGradientFill {
    /// The `gf` or `gs` item.
    let item: LottieJSON
    /// When set, the shape's paths must be mapped by the inverse of this transform and the group
    /// wrapped by ``wrapping(_:in:)``.
    let spaceTransform: Transform?

    /// Why a gradient cannot be written.
    enum Refusal: Error {
        /// Reflect or repeat spread (Lottie pads).
        case spread
        /// A radial gradient stretched or skewed on a stroke (its pen would stretch too) by more
        /// than ``LottieNearSimilarity/tolerance``.
        case stretchedRadialStroke
        /// A degenerate gradient.
        case degenerate
    }

    /// The item painting a fill (`stroke` nil) or a stroke with `gradient`, its stop colours
    /// replaced by `tint` when given; `style` holds the other keys (`r`, or `w`, `lc`…).
    init(gradient: LogoOutline.Gradient, tint: RGBAColor?, opacity: Double, stroke: Bool, style: [String: LottieJSON]) throws(Refusal) {
        guard gradient.spread == .pad || gradient.stops.count == 1 else { throw .spread }
        var object = style
        object["ty"] = .string(stroke ? "gs" : "gf")
        object["o"] = LottieShapes.constant(.number(opacity * 100))
        var space: Transform?
        switch gradient.kind {
        case .linear:
            guard let line = gradient.documentLine else { throw .degenerate }
            object["t"] = .int(1)
            object["s"] = LottieShapes.constant(.numbers([line.start.x, line.start.y]))
            object["e"] = LottieShapes.constant(.numbers([line.end.x, line.end.y]))
        case let .radial(center, radius, focal):
            // A stroke cannot go into the gradient's space (its pen would stretch too), but a
            // stretch of a thousandth or less is drawn as a circle (``LottieNearSimilarity``).
            var circle = stroke ? LottieNearSimilarity.circle(of: gradient) : gradient.documentCircle
            if circle == nil {
                guard !stroke else { throw .stretchedRadialStroke }
                guard gradient.transform.inverted != nil else { throw .degenerate }
                space = gradient.transform
                circle = (center, radius, focal)
            }
            guard let (c, r, f) = circle, r > 0 else { throw .degenerate }
            object["t"] = .int(2)
            object["s"] = LottieShapes.constant(.numbers([c.x, c.y]))
            object["e"] = LottieShapes.constant(.numbers([c.x + r, c.y]))
            let dx = f.x - c.x, dy = f.y - c.y
            let distance = (dx * dx + dy * dy).squareRoot()
            // Players clamp the highlight inside the circle (lottie-web at 99 %).
            object["h"] = LottieShapes.constant(.number(min(99, distance / r * 100)))
            object["a"] = LottieShapes.constant(.number(distance > 0 ? atan2(dy, dx) * 180 / .pi : 0))
        }
        var stops = gradient.stops
        if let tint { stops = stops.map { LogoOutline.Gradient.Stop(offset: $0.offset, color: tint, opacity: $0.opacity) } }
        var values: [LottieJSON] = []
        for stop in stops {
            values.append(.number(stop.offset))
            values += [stop.color.red, stop.color.green, stop.color.blue].map { .number(Double($0) / 255) }
        }
        if stops.contains(where: { $0.opacity < 1 }) {
            for stop in stops { values += [.number(stop.offset), .number(stop.opacity)] }
        }
        object["g"] = .object(["p": .int(stops.count), "k": LottieShapes.constant(.array(values))])
        item = .object(object)
        spaceTransform = space
    }

    /// `group` (whose paths are in gradient space) inside two groups whose transforms map that
    /// space to document units: `transform`'s linear part split as rotation · scale · rotation
    /// (its singular value decomposition), the outer group also moving by its translation.
    static func wrapping(_ group: LottieJSON, in transform: Transform) -> LottieJSON {
        let (outer, scale, inner) = transform.rotationScaleRotation
        func tr(rotation: Double, scale: (Double, Double), position: Point) -> LottieJSON {
            .object([
                "ty": .string("tr"), "a": LottieShapes.constant(.numbers([0, 0])),
                "p": LottieShapes.constant(.numbers([position.x, position.y])),
                "s": LottieShapes.constant(.numbers([scale.0 * 100, scale.1 * 100])),
                "r": LottieShapes.constant(.number(rotation * 180 / .pi, decimals: 8)),
                "o": LottieShapes.constant(.number(100)),
                "sk": LottieShapes.constant(.number(0)), "sa": LottieShapes.constant(.number(0)),
            ])
        }
        let rotated: LottieJSON = .object([
            "ty": .string("gr"), "nm": .string("gradient space"), "np": .int(1),
            "it": .array([group, tr(rotation: inner, scale: (1, 1), position: .zero)]),
        ])
        return .object([
            "ty": .string("gr"), "nm": .string("gradient transform"), "np": .int(1),
            "it": .array([rotated, tr(rotation: outer, scale: (scale.x, scale.y), position: Point(x: transform.tx, y: transform.ty))]),
        ])
    }
}
