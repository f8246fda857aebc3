/// How the anchor of a placement was chosen, as reports record it.
public enum AnchorChoice: String, Sendable, Hashable, Codable {
    /// The document box's centre (asked for, or the default's first choice and it covers).
    case center
    /// The point the cover-scale search found (asked for, or the default's fallback because the
    /// centre is in a gap of the logo).
    case best
    /// A point the caller gave.
    case given
}
