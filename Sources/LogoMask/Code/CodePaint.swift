import FoundationEssentials
import MaskGeometry

/// A shape's paint as the generated code draws it, in the code's space (points about the
/// anchor): one colour, or a linear or radial gradient given in its own gradient space with the
/// transform that maps that space to points, so that a platform gradient drawn in a layer
/// carrying that transform reproduces any affine gradient (a skew or a stretch included).
struct CodePaint: Hashable {
    /// One colour stop: offset 0...1 and red, green, blue, alpha in 0...1 (alpha: the stop's opacity).
    struct Stop: Hashable {
        var offset: Double
        var rgba: [Double]
    }

    /// The geometry, in gradient space for gradients.
    enum Kind: Hashable {
        /// Red, green, blue in 0...1 (alpha 1; the paint's ``CodePaint/opacity`` on top).
        case color([Double])
        /// Colour varies along start → end, constant across it.
        case linear(start: Point, end: Point)
        /// Colour varies from the focal point (offset 0; SVG's cone from a point there, which is
        /// the centre for most gradients) to the circle of `radius` about `center` (offset 1).
        case radial(center: Point, radius: Double, focal: Point)
    }

    var kind: Kind
    /// The gradient's stops (empty for a colour).
    var stops: [Stop]
    /// Gradient space to points about the anchor (identity for a colour).
    var transform: Transform
    /// The rectangle in gradient space the gradient layer fills: the shape's box mapped there.
    var box: Rect
    /// The opacity of the whole paint: the fill or stroke opacity, and the groups' around it
    /// unless the shape carries its groups (``RevealCodeModel/Shape/groups``).
    var opacity: Double

    /// True for a gradient.
    var isGradient: Bool {
        if case .color = kind { return false }
        return true
    }

    /// The paint of `shape` (in document units) drawn in points about the anchor by `toPoints`;
    /// `tint` replaces every colour (a spec's logo colour), `fallback` paints a pattern.
    /// `approximations` gets one sentence per kind of paint that is not reproduced exactly.
    static func make(
        _ shape: LogoOutline.Shape, toPoints: Transform, strokeWidth: Double, tint: RGBAColor?, fallback: RGBAColor,
        approximations: inout Set<String>
    ) -> CodePaint {
        func rgb(_ color: RGBAColor) -> [Double] { Array(CodeText.components(tint ?? color).prefix(3)) }
        let solid = { (color: RGBAColor, opacity: Double) in
            CodePaint(kind: .color(rgb(color)), stops: [], transform: .identity, box: Rect(x: 0, y: 0, width: 0, height: 0), opacity: opacity)
        }
        switch shape.paint {
        case let .flat(color, opacity):
            return solid(color, opacity)
        case .pattern:
            approximations.insert("A pattern paint is drawn in one colour (\(fallback.hexString)): the code carries colours and gradients only.")
            return solid(fallback, 1)
        case let .gradient(gradient):
            let toCode = gradient.transform.concatenating(toPoints)
            guard let inverse = toCode.inverted, !gradient.stops.isEmpty else {
                return solid(gradient.stops.first?.color ?? fallback, gradient.opacity)
            }
            if gradient.spread != .pad, gradient.stops.count > 1 {
                approximations.insert("A gradient that \(gradient.spread.rawValue)s past its ends is drawn padded (Core Animation's and Android's gradients pad).")
            }
            let kind: Kind
            var defining: [Point]
            switch gradient.kind {
            case let .linear(start, end):
                kind = .linear(start: start, end: end)
                defining = [start, end]
            case let .radial(center, radius, focal):
                // A focal point within a billionth of the radius is the centre (CAGradientLayer draws it).
                let centred = abs(focal.x - center.x) + abs(focal.y - center.y) <= 1e-9 * max(1, radius)
                kind = .radial(center: center, radius: radius, focal: centred ? center : focal)
                defining = [Point(x: center.x - radius, y: center.y - radius), Point(x: center.x + radius, y: center.y + radius)]
            }
            // The layer must cover the whole shape (a stroke's pen included), mapped to gradient space.
            var bounds = shape.path.mapped(by: toPoints).bounds
            let pad = strokeWidth * 2
            bounds = bounds.insetBy(dx: -pad, dy: -pad)
            if !bounds.isEmpty { defining += bounds.corners.map { inverse.apply(to: $0) } }
            return CodePaint(
                kind: kind,
                stops: gradient.stops.map { stop in
                    Stop(offset: stop.offset, rgba: rgb(stop.color) + [(stop.opacity * 10000).rounded() / 10000])
                },
                transform: toCode, box: Rect(enclosing: defining), opacity: gradient.opacity)
        }
    }
}

extension RevealCodeModel {
    /// The painted shapes of `outline` (document units) in points about the anchor by
    /// `toPoints`, with their paints (tinted by `tint` when given) and their bounds;
    /// `approximations` gets what the paints do not reproduce exactly.
    static func paintedShapes(
        _ outline: LogoOutline, toPoints: Transform, pointsPerUnit k: Double, tint: RGBAColor?, approximations: inout Set<String>
    ) -> (shapes: [Shape], paints: [CodePaint], bounds: Rect) {
        var firstFlat = RGBAColor.black
        for shape in outline.shapes {
            if case let .flat(color, _) = shape.paint { firstFlat = color; break }
        }
        var shapes: [Shape] = []
        var paints: [CodePaint] = []
        var bounds = Rect.null
        for original in outline.shapes {
            // Where the outline carries its groups, the shape is drawn with its paint inside them.
            var shape = original
            if outline.carriesGroupOpacity, !original.groups.isEmpty { shape.paint = original.paintInsideGroups }
            let path = shape.path.mapped(by: toPoints)
            guard !path.isEmpty else { continue }
            bounds = bounds.union(path.bounds)
            var coded = Shape(
                pathData: path.svgPathData(decimals: pathDecimals), evenOdd: false, strokeWidth: 0, opacity: shape.paint.opacity,
                paint: shape.paint.mapped(by: toPoints))
            switch shape.kind {
            case let .fill(rule):
                coded.evenOdd = rule == .evenOdd
            case let .stroke(stroke):
                // The pen's lengths are in its user space: scaled to points as its width is.
                let f = abs(stroke.transform.determinant).squareRoot() * k
                coded.strokeWidth = stroke.width * f
                coded.cap = stroke.cap
                coded.join = stroke.join
                coded.miterLimit = stroke.miterLimit
                coded.dashes = stroke.dashes.map { $0 * f }
                coded.dashOffset = stroke.dashOffset * f
            }
            coded.clips = shape.clips.map {
                Clip(pathData: $0.path.mapped(by: toPoints).svgPathData(decimals: pathDecimals), evenOdd: $0.fillRule == .evenOdd)
            }
            if outline.carriesGroupOpacity { coded.groups = original.groups }
            let width = coded.strokeWidth
            shapes.append(coded)
            paints.append(CodePaint.make(shape, toPoints: toPoints, strokeWidth: width, tint: tint, fallback: firstFlat, approximations: &approximations))
        }
        return (shapes, paints, bounds)
    }
}
