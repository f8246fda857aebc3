import MaskGeometry

/// Where the logo's anchor (its centre of scaling and rotation) is, as a request: the document
/// box's centre, the point the cover-scale search picks, or a given point.
///
/// The text form is `center`, `auto` or `X,Y` in document units (``init(parsing:)``,
/// ``description``).
public enum Anchor: Sendable, Hashable, CustomStringConvertible {
    /// The document box's centre (the placement model's default).
    case center
    /// The point inside the logo with the smallest cover scale, found by
    /// ``CoverScale/compute(logo:placement:anchor:tolerance:deadline:)``.
    case automatic
    /// A point in document units.
    case point(Point)

    /// Reads `center`, `auto` or `X,Y` (two finite numbers, as `Point(parsing:)` reads them);
    /// nil for anything else.
    public init?(parsing text: String) {
        switch text {
        case "center": self = .center
        case "auto": self = .automatic
        default:
            guard let point = Point(parsing: text) else { return nil }
            self = .point(point)
        }
    }

    /// The given point, nil for ``center`` and ``automatic``.
    public var point: Point? {
        if case let .point(point) = self { return point }
        return nil
    }

    /// `center`, `auto`, or the point as `X,Y`: the form ``init(parsing:)`` reads.
    public var description: String {
        switch self {
        case .center: "center"
        case .automatic: "auto"
        case let .point(point): point.description
        }
    }
}
