import FoundationEssentials
import MaskGeometry

/// Writes the logo's paints as `RevealGeometry.ShapePaint` literals: a flat colour with its
/// opacity, or a linear or radial gradient (geometry in gradient space, stops, spread, and the
/// matrix from gradient space to points about the anchor), which SplashReveal.kt turns into
/// `Paint`s with `LinearGradient` / `RadialGradient` shaders and a local matrix.
enum KotlinPaintWriter {
    /// What a paint could not carry exactly, one sentence each (deduplicated by the caller).
    struct Result {
        var literal: String
        var notes: [String]
    }

    /// The literal of `paint` (already mapped to points about the anchor); `tint` paints every
    /// shape in one colour (the spec's `logoColor`) at the paint's opacity.
    static func literal(_ paint: LogoOutline.Paint, tint: RGBAColor?) -> Result {
        func d(_ value: Double) -> String { CodeText.double(value) }
        func flat(_ color: RGBAColor, _ opacity: Double) -> String {
            let c = CodeText.components(color)
            return "ShapePaint.flat(\(d(c[0])), \(d(c[1])), \(d(c[2])), \(d(opacity)))"
        }
        if let tint { return Result(literal: flat(tint, paint.opacity), notes: []) }
        switch paint {
        case let .flat(color, opacity):
            return Result(literal: flat(color, opacity), notes: [])
        case .pattern:
            return Result(
                literal: flat(.black, 1),
                notes: ["A pattern paint is drawn black by the Kotlin code (a pattern is not a colour or a gradient)."])
        case let .gradient(gradient):
            return gradientLiteral(gradient, flat: flat)
        }
    }

    private static func gradientLiteral(_ gradient: LogoOutline.Gradient, flat: (RGBAColor, Double) -> String) -> Result {
        func d(_ value: Double) -> String { CodeText.double(value) }
        var notes: [String] = []
        let last = gradient.stops.last ?? LogoOutline.Gradient.Stop(offset: 1, color: .black, opacity: 0)
        // SVG paints a gradient whose line or circle is empty in its last stop's colour; Android's
        // shaders refuse a zero radius, so the code does the same.
        let kind: String
        let geometry: [Double]
        switch gradient.kind {
        case let .linear(start, end):
            guard start != end, gradient.transform.inverted != nil else {
                return Result(literal: flat(last.color, gradient.opacity * last.opacity), notes: [])
            }
            kind = "ShapePaint.LINEAR"
            geometry = [start.x, start.y, end.x, end.y]
        case let .radial(center, radius, focal):
            guard radius > 0, gradient.transform.inverted != nil else {
                return Result(literal: flat(last.color, gradient.opacity * last.opacity), notes: [])
            }
            if focal != center {
                notes.append("A radial gradient's focal point is drawn at its centre below API 31 (RadialGradient's two-circle constructor came with API 31).")
            }
            kind = "ShapePaint.RADIAL"
            geometry = [center.x, center.y, radius, focal.x, focal.y]
        }
        // Android's gradients take two colours or more: one stop is held across.
        var stops = gradient.stops
        if stops.count == 1 { stops.append(LogoOutline.Gradient.Stop(offset: 1, color: stops[0].color, opacity: stops[0].opacity)) }
        let offsets = stops.map(\.offset)
        let colours = stops.map { stop in
            let c = CodeText.components(stop.color)
            return "doubleArrayOf(\(d(c[0])), \(d(c[1])), \(d(c[2])), \(d(stop.opacity)))"
        }
        let spread = switch gradient.spread {
        case .pad: "ShapePaint.PAD"
        case .reflect: "ShapePaint.REFLECT"
        case .repeat: "ShapePaint.REPEAT"
        }
        let t = gradient.transform
        let literal = "ShapePaint(\(kind), doubleArrayOf(), \(d(gradient.opacity)), "
            + "doubleArrayOf(\(geometry.map(d).joined(separator: ", "))), "
            + "doubleArrayOf(\(offsets.map(d).joined(separator: ", "))), "
            + "arrayOf(\(colours.joined(separator: ", "))), \(spread), "
            + "doubleArrayOf(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(d).joined(separator: ", "))))"
        return Result(literal: literal, notes: notes)
    }

    /// Path data as a Kotlin string expression, in pieces joined at run time when long (a JVM
    /// string constant holds at most 65535 bytes).
    private static func text(_ data: String) -> String {
        let pieces = CodeText.chunks(data, length: KotlinGeometryWriter.chunkLength).map(CodeText.quoted)
        return pieces.count == 1 ? pieces[0] : "listOf(\(pieces.joined(separator: ", "))).joinToString(\"\")"
    }

    /// The `Shape(...)` literals of `shapes`, one a line, and the notes their paints need.
    static func shapes(_ shapes: [RevealCodeModel.Shape], tint: RGBAColor?) -> (text: String, notes: [String]) {
        var notes: [String] = []
        let lines = shapes.map { shape in
            let paint = literal(shape.paint, tint: tint)
            for note in paint.notes where !notes.contains(note) { notes.append(note) }
            let clips = shape.clips.isEmpty ? "" : ",\n            listOf(" + shape.clips.map {
                "Clip(\(text($0.pathData)), \($0.evenOdd))"
            }.joined(separator: ", ") + ")"
            let groups = shape.groups.isEmpty ? "" : ",\n            groups = listOf(" + shape.groups.map {
                "Group(\($0.id), \(CodeText.double($0.opacity)))"
            }.joined(separator: ", ") + ")"
            return "        Shape(\(text(shape.pathData)), \(shape.evenOdd), \(CodeText.double(shape.strokeWidth)), \(CodeText.double(shape.opacity)),\n"
                + "            \(paint.literal)\(clips)\(groups))"
        }
        return (lines.joined(separator: ",\n"), notes)
    }
}
