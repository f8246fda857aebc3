import MaskGeometry

/// Where the logo's anchor (its centre of scaling and rotation) is, as a request: the document
/// box's centre, the point the cover-scale search picks, the centre unless it is in a gap of the
/// logo (the default), or a given point.
///
/// The text form is `center`, `auto`, `center-or-auto` or `X,Y` in document units
/// (``init(parsing:)``, ``description``).
public enum Anchor: Sendable, Hashable, CustomStringConvertible {
    /// The document box's centre, whether or not the hole covers from it.
    case center
    /// The point inside the logo with the smallest cover scale, found by
    /// ``CoverScale/compute(logo:placement:anchor:tolerance:deadline:)``.
    case automatic
    /// The document box's centre when the hole covers the screen from it; otherwise the point
    /// ``automatic`` finds (the centre fell in a gap: a ring's hole, between a wordmark's
    /// letters). The default of every API that takes an anchor.
    case centerOrBest
    /// A point in document units.
    case point(Point)

    /// The anchor every API uses when none is given: ``centerOrBest``.
    public static let defaultAnchor = Anchor.centerOrBest

    /// Reads `center`, `auto` or `X,Y` (two finite numbers, as `Point(parsing:)` reads them);
    /// nil for anything else.
    public init?(parsing text: String) {
        switch text {
        case "center": self = .center
        case "auto": self = .automatic
        case "center-or-auto": self = .centerOrBest
        default:
            guard let point = Point(parsing: text) else { return nil }
            self = .point(point)
        }
    }

    /// The given point, nil for the other cases.
    public var point: Point? {
        if case let .point(point) = self { return point }
        return nil
    }

    /// `center`, `auto`, `center-or-auto`, or the point as `X,Y`: the form ``init(parsing:)`` reads.
    public var description: String {
        switch self {
        case .center: "center"
        case .automatic: "auto"
        case .centerOrBest: "center-or-auto"
        case let .point(point): point.description
        }
    }
}
