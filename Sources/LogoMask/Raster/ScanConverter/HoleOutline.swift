import FoundationEssentials
import MaskGeometry

/// The part of a logo's ``LogoOutline`` the scan converter draws (``HoleScanConverter``), in the
/// compact form it walks: every filled shape's verbs and points in one pair of arrays, so that
/// each reveal frame draws the hole's coverage with no librsvg, no Cairo and no allocation.
///
/// Only what the scan converter reproduces exactly is accepted: an exact outline of filled paths
/// (non-zero or even-odd), flat and fully opaque, without clips or strokes, from a logo without
/// filter effects. Anything else (``load(_:)`` returns nil) keeps the hole on librsvg, which
/// draws every SVG feature.
struct HoleOutline: Sendable {
    /// One filled shape: its steps are `verbs[verbRange]`, its points `points[pointRange]`.
    struct Shape: Sendable {
        var verbRange: Range<Int>
        var pointRange: Range<Int>
        var evenOdd: Bool
    }

    /// What one path step is (the points it takes follow in ``points``).
    typealias Verb = LogoOutline.Path.Verb

    var shapes: [Shape]
    /// True when the points are librsvg's own (``LogoOutline``'s source points), not read back
    /// from Cairo: then the hole is bit for bit librsvg's.
    let exact: Bool
    var verbs: [Verb]
    /// Document units.
    var points: [Point]

    /// The hole outline of `logo`, or nil when its hole must be drawn by librsvg (see the type's
    /// documentation for what is accepted).
    static func load(_ logo: VectorLogo) -> HoleOutline? {
        guard !logo.usesFilterEffects, logo.documentSize.isUsable, let outline = try? logo.outline else { return nil }
        return HoleOutline(outline)
    }

    /// The accepted part of an outline (nil when some shape is not a plain opaque fill).
    init?(_ outline: LogoOutline) {
        guard outline.isExact, !outline.shapes.isEmpty else { return nil }
        shapes = []
        verbs = []
        points = []
        exact = outline.hasSourcePoints
        for shape in outline.shapes {
            guard shape.clips.isEmpty, case let .fill(rule) = shape.kind,
                  case let .flat(_, opacity) = shape.paint, opacity >= 1 else { return nil }
            let verbStart = verbs.count, pointStart = points.count
            verbs += shape.path.verbs
            points += shape.path.points
            guard points[pointStart...].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            shapes.append(Shape(verbRange: verbStart..<verbs.count, pointRange: pointStart..<points.count,
                                evenOdd: rule == .evenOdd))
        }
    }
}
