import FoundationEssentials
import MaskGeometry

/// The logo's ``LogoOutline`` as Lottie shape items, in document units: one group per painted
/// shape, each with its subpaths (`sh`: vertices with in and out tangents relative to the
/// vertex, a line's a third of it at each end (``third(from:to:)``), a closed flag), then its
/// fill (`fl`, the fill rule as `r`) or stroke (`st`), then an identity transform (`tr`).
/// Lottie draws the first item of a list on top, so the groups come in reverse drawing order.
enum LottieShapes {
    /// Why an outline cannot be written as Lottie shapes (the logo then goes in as a picture).
    enum Refusal: Error, Equatable {
        /// A shape is painted with a pattern, or a gradient Lottie cannot draw (reflected or
        /// repeated, or a stretched radial one on a stroke).
        case paint
        /// A shape is clipped (Lottie shape layers have no clip paths), and the clip is not one a
        /// layer mask carries (``LottieArtLayers``).
        case clip
        /// A stroke's pen is stretched or skewed by more than ``LottieNearSimilarity/tolerance``
        /// (Lottie strokes have one width).
        case skewedStroke
        /// No shape has a drawable path.
        case empty
        /// Translucent groups that overlap one another, in a matte (``LottieArtLayers``).
        case overlappingGroups

        /// A phrase for the note.
        var description: String {
            switch self {
            case .paint: "a pattern paint or a reflected, repeated or stretched gradient"
            case .clip: "a clip path"
            case .skewedStroke: "a stroke with a stretched pen"
            case .empty: "no drawable path"
            case .overlappingGroups: "overlapping translucent groups in a matte"
            }
        }
    }

    /// The shape items of `outline`, painted in the logo's own colours, or all in `tint` (keeping
    /// each shape's opacity) when given. A clipped shape is refused: ``LottieArtLayers`` carries
    /// clips (and translucent groups) as layers around these items.
    static func items(of outline: LogoOutline, tint: RGBAColor?) throws(Refusal) -> [LottieJSON] {
        try items(of: Array(outline.shapes.enumerated()), tint: tint, clipsCarried: false)
    }

    /// The shape items of `shapes` (each with its number in the outline, for its name), their
    /// clips left to the caller when `clipsCarried`.
    static func items(
        of shapes: [(offset: Int, element: LogoOutline.Shape)], tint: RGBAColor?, clipsCarried: Bool
    ) throws(Refusal) -> [LottieJSON] {
        var groups: [LottieJSON] = []
        for (index, shape) in shapes {
            guard clipsCarried || shape.clips.isEmpty else { throw .clip }
            let closeAll = shape.fillRule != nil
            guard !shape.path.isEmpty else { continue }
            var color = RGBAColor.black
            var opacity = shape.paint.opacity
            if let tint {
                color = tint
                opacity *= Double(tint.alpha) / 255
            } else if case let .flat(flat, _) = shape.paint {
                color = flat
            } else if !shape.paint.isVector {
                throw .paint
            }
            // A gradient keeps its stops' opacities under a tint (the coverage they give).
            let gradient = shape.paint.gradient.flatMap { tint == nil || $0.stops.contains { $0.opacity < 1 } ? $0 : nil }
            func painted(_ style: [String: LottieJSON], stroke: Bool) throws(Refusal) -> (LottieJSON, Transform?) {
                guard let gradient else {
                    var object = style
                    object["ty"] = .string(stroke ? "st" : "fl")
                    object["c"] = constant(colorValue(color))
                    object["o"] = constant(.number(opacity * 100))
                    return (.object(object), nil)
                }
                do {
                    let fill = try LottieGradientFill(gradient: gradient, tint: tint, opacity: opacity, stroke: stroke, style: style)
                    return (fill.item, fill.spaceTransform)
                } catch {
                    throw .paint
                }
            }
            let style: LottieJSON
            let space: Transform?
            switch shape.kind {
            case let .fill(rule):
                (style, space) = try painted(["r": .int(rule == .evenOdd ? 2 : 1)], stroke: false)
            case let .stroke(pen):
                // Players stroke with one width: a pen stretched by up to 0.1 % gets its mean.
                guard let width = LottieNearSimilarity.width(of: pen) else { throw .skewedStroke }
                let factor = pen.width > 0 ? width / pen.width : 1
                var stroke: [String: LottieJSON] = [
                    "w": constant(.number(width)), "lc": .int(lineCap(pen.cap)), "lj": .int(lineJoin(pen.join)),
                    "ml": .number(pen.miterLimit),
                ]
                if !pen.dashes.isEmpty {
                    // An odd dash list repeats itself, as SVG says.
                    let dashes = pen.dashes.count % 2 == 1 ? pen.dashes + pen.dashes : pen.dashes
                    var entries: [LottieJSON] = dashes.enumerated().map { i, length in
                        .object(["n": .string(i % 2 == 0 ? "d" : "g"), "nm": .string(i % 2 == 0 ? "dash" : "gap"),
                                 "v": constant(.number(length * factor))])
                    }
                    entries.append(.object(["n": .string("o"), "nm": .string("offset"),
                                            "v": constant(.number(pen.dashOffset * factor))]))
                    stroke["d"] = .array(entries)
                }
                (style, space) = try painted(stroke, stroke: true)
            }
            // A stretched radial gradient: the paths go into its own space, mapped back by groups.
            let inverse = space?.inverted
            let paths = subpaths(of: inverse.map { shape.path.mapped(by: $0) } ?? shape.path, closeAll: closeAll)
            guard !paths.isEmpty else { continue }
            var items = paths.map { path in
                LottieJSON.object(["ty": .string("sh"), "ks": .object(["a": .int(0), "k": path])])
            }
            items.append(style)
            items.append(identityTransform)
            let group = LottieJSON.object([
                "ty": .string("gr"), "nm": .string("shape \(index + 1)"), "np": .int(items.count - 1),
                "it": .array(items),
            ])
            groups.append(space.map { LottieGradientFill.wrapping(group, in: $0) } ?? group)
        }
        guard !groups.isEmpty else { throw .empty }
        return groups.reversed()
    }

    /// Each subpath of `path` as a Lottie bezier value (`{"c": closed, "v", "i", "o"}`).
    /// Subpaths of a filled shape are closed whatever the path says (a fill closes them).
    static func subpaths(of path: LogoOutline.Path, closeAll: Bool) -> [LottieJSON] {
        var result: [LottieJSON] = []
        var vertices: [Point] = [], ins: [Point] = [], outs: [Point] = []
        var start = Point(x: 0, y: 0)
        var closed = false

        func finish() {
            defer { vertices = []; ins = []; outs = []; closed = false }
            guard vertices.count >= 2 else { return }
            let isClosed = closed || closeAll
            // A closed subpath whose last vertex is back on its first: one vertex, the
            // arriving tangent moved to the first.
            if isClosed, vertices.count > 2, let last = vertices.last, last == vertices[0] {
                ins[0] = ins[ins.count - 1]
                vertices.removeLast()
                ins.removeLast()
                outs.removeLast()
            } else if isClosed, let last = vertices.last {
                // The closing line, as a third of itself at each end like every other line.
                outs[outs.count - 1] = Self.third(from: last, to: vertices[0])
                ins[0] = Self.third(from: vertices[0], to: last)
            }
            func list(_ points: [Point]) -> LottieJSON { .array(points.map { .numbers([$0.x, $0.y]) }) }
            result.append(.object(["c": .bool(isClosed), "v": list(vertices), "i": list(ins), "o": list(outs)]))
        }

        func begin(at point: Point) {
            vertices = [point]
            ins = [.zero]
            outs = [.zero]
            start = point
        }

        var p = 0
        let points = path.points
        for verb in path.verbs {
            switch verb {
            case .move:
                finish()
                begin(at: points[p])
            case .line:
                if vertices.isEmpty { begin(at: start) }
                let from = vertices[vertices.count - 1]
                outs[outs.count - 1] = third(from: from, to: points[p])
                vertices.append(points[p])
                ins.append(third(from: points[p], to: from))
                outs.append(.zero)
            case .cubic:
                if vertices.isEmpty { begin(at: start) }
                let c1 = points[p], c2 = points[p + 1], end = points[p + 2]
                let from = vertices[vertices.count - 1]
                outs[outs.count - 1] = Point(x: c1.x - from.x, y: c1.y - from.y)
                vertices.append(end)
                ins.append(Point(x: c2.x - end.x, y: c2.y - end.y))
                outs.append(.zero)
            case .close:
                closed = true
                finish()
            }
            p += verb.pointCount
        }
        finish()
        return result
    }

    /// A third of the way from `a` to `b`, relative to `a`: a straight segment's tangent.
    ///
    /// Lottie has no line segment: every segment is a cubic from a vertex's out tangent to the
    /// next one's in tangent. Zero tangents (the control points on the ends) trace the line at
    /// an uneven pace, and lottie-web writes such a cubic into its SVG path as it is, which
    /// Chromium's Skia scan-converts by stepping along the curve's parameter: a slanted edge then
    /// lands up to a tenth of a pixel from where the same line, drawn as a line, lies (y-mark's
    /// diagonals: 0.63 % of its box against the web splash, channel differences up to 56). With
    /// the control points at a third and two thirds the cubic is the line at an even pace, and
    /// Skia draws it as the line (largest difference 9); rlottie and ThorVG draw either alike.
    static func third(from a: Point, to b: Point) -> Point {
        Point(x: (b.x - a.x) / 3, y: (b.y - a.y) / 3)
    }

    /// A colour as Lottie's `[r, g, b, 1]` in 0...1 (the alpha goes into the opacity).
    static func colorValue(_ color: RGBAColor) -> LottieJSON {
        .array([color.red, color.green, color.blue].map { .number(Double($0) / 255) } + [.int(1)])
    }

    /// A property that does not change.
    static func constant(_ value: LottieJSON) -> LottieJSON { .object(["a": .int(0), "k": value]) }

    /// The transform item closing a group: identity.
    static let identityTransform: LottieJSON = .object([
        "ty": .string("tr"), "a": constant(.numbers([0, 0])), "p": constant(.numbers([0, 0])),
        "s": constant(.numbers([100, 100])), "r": constant(.number(0)), "o": constant(.number(100)),
        "sk": constant(.number(0)), "sa": constant(.number(0)),
    ])

    private static func lineCap(_ cap: LogoOutline.Stroke.Cap) -> Int {
        switch cap {
        case .butt: 1
        case .round: 2
        case .square: 3
        }
    }

    private static func lineJoin(_ join: LogoOutline.Stroke.Join) -> Int {
        switch join {
        case .miter: 1
        case .round: 2
        case .bevel: 3
        }
    }
}
